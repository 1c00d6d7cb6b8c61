import Foundation
import Gtk
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI

/// Structured values on a generated page, over a compiled schema shaped like a tray-icon
/// host's: a table for `a(sss)`, `a{ss}` and `a{sv}`, two fields for `(ii)`, GVariant text
/// for `(sa{sv})`; each writing its key's own type through GSettings, refusing what is wrong
/// with a message, and named for screen readers after its row.
@MainActor
final class StructuredEditorTests: GtkTestCase {
  static let schema = CompiledSchemas.structuredSchema

  static func compiledSchemaDirectory() throws -> String { try CompiledSchemas.structuredFolder() }

  var store: GSettingsStore!
  var window: PanelWindow!

  func key(_ name: String) -> SettingKey { SettingKey(schema: Self.schema, key: name) }

  override func setUp() async throws {
    try await super.setUp()
    store = GSettingsStore(source: SchemaSource(extraDirectories: [try Self.compiledSchemaDirectory()]))
    for name in ["icons", "icon-aliases", "tray-offset", "app-options", "menu-layout"] { try store.reset(key(name)) }
    let panel = try XCTUnwrap(store.schemaPanels().panel(for: Self.schema))
    window = await makeWindow(panel, store: store)
  }

  func row(_ name: String) throws -> RowView { try XCTUnwrap(window.currentPage.rowView(path: "keys/\(name)"), name) }

  func editor<T>(_ name: String, as type: T.Type) throws -> T { try XCTUnwrap(try row(name).editor as? T, name) }

  func value(_ name: String) -> String? {
    guard case .variant(_, let text)? = store.value(for: key(name)) else { return nil }
    return text
  }

  func testEachStructuredKeyGetsItsEditorNamedAfterItsRow() async throws {
    let kinds = try ["icons", "icon-aliases", "tray-offset", "app-options", "menu-layout"].map {
      try row($0).suffixDescription
    }
    XCTAssertEqual(kinds, ["table", "table", "pair", "table", "gvariant"])
    let icons = try editor("icons", as: TableEditor.self)
    XCTAssertEqual(icons.table.columns.map(\.title), ["Id", "Name", "Custom icon"])
    XCTAssertTrue(try row("icons").controlWidget!.hasAccessibleLabel("Icons and their overrides"))
    XCTAssertTrue(
      try XCTUnwrap(icons.cellEntry(0, 2)).hasAccessibleLabel("Icons and their overrides, row 1, Custom icon"))
    XCTAssertTrue(icons.newRowEntries[0].hasAccessibleLabel("Id of a new row of Icons and their overrides"))
    XCTAssertTrue(icons.addButton.hasAccessibleLabel("Add to Icons and their overrides"))
    XCTAssertFalse(icons.addButton.hasAccessibleLabel("Add"), "the check can fail")
    let offset = try editor("tray-offset", as: PairEditor.self)
    XCTAssertTrue(offset.firstEntry.hasAccessibleLabel("Tray offset: X"))
    XCTAssertTrue(offset.secondEntry.hasAccessibleLabel("Tray offset: Y"))
    let layout = try editor("menu-layout", as: PopoverTextEditor.self)
    XCTAssertTrue(layout.box.view.hasAccessibleLabel("Menu layout as GVariant text"))
    XCTAssertTrue(layout.box.applyButton.hasAccessibleLabel("Apply Menu layout"))
  }

  func testATableAddsEditsAndRemovesRowsInItsOwnType() async throws {
    let icons = try editor("icons", as: TableEditor.self)
    XCTAssertEqual(icons.rowCount, 1)
    for (entry, text) in zip(icons.newRowEntries, ["mail", "Mail", "/usr/share/icons/mail.png"]) { entry.text = text }
    icons.addRow()
    XCTAssertEqual(value("icons"), "[('chat', 'Chat', ''), ('mail', 'Mail', '/usr/share/icons/mail.png')]")
    XCTAssertEqual(icons.rowCount, 2)
    XCTAssertEqual(icons.newRowEntries.map(\.text), ["", "", ""], "the new row's fields are emptied")
    let name = try XCTUnwrap(icons.cellEntry(1, 1))
    name.text = "Post's"
    name.pressEnter()
    XCTAssertEqual(value("icons"), "[('chat', 'Chat', ''), ('mail', \"Post's\", '/usr/share/icons/mail.png')]")
    icons.remove(at: 0)
    XCTAssertEqual(value("icons"), "[('mail', \"Post's\", '/usr/share/icons/mail.png')]")
    XCTAssertEqual(icons.rowCount, 1)
    icons.remove(at: 0)
    XCTAssertEqual(value("icons"), "[]")
    XCTAssertEqual(icons.messageText, "The table is empty.")
    // A change from elsewhere shows in the table; a field of the rows it replaced, committed
    // as it goes, writes nothing into the new rows.
    try store.write(.variant(type: "a(sss)", text: "[('x', 'y', 'z')]"), for: key("icons"))
    let stale = try XCTUnwrap(icons.cellEntry(0, 0))
    try store.write(.variant(type: "a(sss)", text: "[('a', 'b', 'c')]"), for: key("icons"))
    XCTAssertEqual(icons.cellEntry(0, 2)?.text, "c")
    stale.text = "stale"
    stale.pressEnter()
    XCTAssertEqual(value("icons"), "[('a', 'b', 'c')]")
  }

  func testADictionaryRefusesADuplicateKeyAndTakesSimpleVariants() async throws {
    let aliases = try editor("icon-aliases", as: TableEditor.self)
    XCTAssertEqual(aliases.table.columns.map(\.title), ["Key", "Value"])
    aliases.newRowEntries[0].text = "org.example.Chat"
    aliases.newRowEntries[1].text = "other-symbolic"
    aliases.addRow()
    XCTAssertEqual(
      aliases.messageText,
      "Not added: Key: the key “org.example.Chat” is already in the table; each key can be there only once.")
    XCTAssertEqual(value("icon-aliases"), "{'org.example.Chat': 'chat-symbolic'}", "nothing is written")
    aliases.newRowEntries[0].text = "org.example.Mail"
    aliases.addRow()
    XCTAssertEqual(value("icon-aliases"), "{'org.example.Chat': 'chat-symbolic', 'org.example.Mail': 'other-symbolic'}")

    let options = try editor("app-options", as: TableEditor.self)
    XCTAssertEqual(options.cellEntry(0, 1)?.text, "1.0")
    options.newRowEntries[0].text = "badge"
    options.newRowEntries[1].text = "yes"
    options.addRow()
    XCTAssertEqual(options.messageText, "Not added: Value: “yes” is no value here; strings need quotes.")
    XCTAssertEqual(value("app-options"), "{'scale': <1.0>}")
    options.newRowEntries[1].text = "true"
    options.addRow()
    XCTAssertEqual(value("app-options"), "{'scale': <1.0>, 'badge': <true>}")
  }

  func testAValueThatFitsNoTableIsShownAsTextWithANoteAndNotRewritten() async throws {
    let options = try editor("app-options", as: TableEditor.self)
    try store.write(.variant(type: "a{sv}", text: "{'inner': <{'depth': <2>}>}"), for: key("app-options"))
    XCTAssertTrue(options.isShowingText)
    XCTAssertEqual(options.textBox.view.text, "{'inner': <{'depth': <2>}>}")
    XCTAssertEqual(value("app-options"), "{'inner': <{'depth': <2>}>}", "showing it writes nothing")
    options.textBox.view.text = "{'inner': <{'depth': <3>}>}"
    options.textBox.apply()
    XCTAssertEqual(value("app-options"), "{'inner': <{'depth': <3>}>}", "the text is edited as text")
    try store.reset(key("app-options"))
    XCTAssertFalse(options.isShowingText, "a value that fits is a table again")
  }

  func testAPairWritesTwoNumbersAndRefusesWhatItsTypeCantHold() async throws {
    let offset = try editor("tray-offset", as: PairEditor.self)
    XCTAssertEqual([offset.firstEntry.text, offset.secondEntry.text], ["0", "0"])
    offset.firstEntry.text = "640"
    offset.secondEntry.text = "-480"
    offset.secondEntry.pressEnter()
    XCTAssertEqual(value("tray-offset"), "(640, -480)")
    offset.firstEntry.text = "2147483648"
    offset.firstEntry.pressEnter()
    XCTAssertEqual(value("tray-offset"), "(640, -480)", "nothing is written")
    let said = try row("tray-offset").subtitleText
    XCTAssertTrue(
      said.contains("Not saved: X: 2147483648 is outside what a value of type i holds (-2147483648 – 2147483647)."),
      said)
    XCTAssertTrue(offset.firstEntry.hasCSSClass("error"))
    offset.firstEntry.text = "12"
    offset.firstEntry.pressEnter()
    XCTAssertEqual(value("tray-offset"), "(12, -480)")
    XCTAssertFalse(try row("tray-offset").subtitleText.contains("Not saved"))
  }

  func testTheGVariantEditorSaysLineAndColumnAndWritesNothingUntilTheTextIsValid() async throws {
    let layout = try editor("menu-layout", as: PopoverTextEditor.self)
    XCTAssertEqual(layout.box.view.text, "('default', {})")
    layout.box.view.text = "('compact',\r\n {'gap': <four>})"
    XCTAssertEqual(layout.box.messageText, "Line 2, column 11: “four” is no value here; strings need quotes.")
    XCTAssertFalse(layout.box.applyButton.isSensitive)
    layout.box.apply()
    XCTAssertEqual(value("menu-layout"), "('default', {})", "nothing is written")
    layout.box.view.text = "('compact', {'gap': <2147483648>})"
    XCTAssertEqual(
      layout.box.messageText,
      "Line 1, column 22: 2147483648 is outside what a value of type i holds (-2147483648 – 2147483647).")
    layout.box.view.text = "('compact', {'gap': <4>, 'name': <'x\\ty'>})"
    XCTAssertEqual(layout.box.messageText, "")
    XCTAssertTrue(layout.box.applyButton.isSensitive)
    layout.box.apply()
    XCTAssertEqual(value("menu-layout"), "('compact', {'gap': <4>, 'name': <'x\\ty'>})")
    XCTAssertEqual(layout.box.view.text, "('compact', {'gap': <4>, 'name': <'x\\ty'>})")
    XCTAssertEqual(layout.box.messageText, "", "what GLib prints reads back")
  }

  func testStringsInsideStructuredValuesRefuseCharactersThatTurnTextAroundInWords() async throws {
    let turned =
      "It holds a character that changes the direction of text (U+202E), which would show it otherwise than it is."
    let icons = try editor("icons", as: TableEditor.self)
    let name = try XCTUnwrap(icons.cellEntry(0, 1))
    name.text = "left\u{202E}thgir"
    name.pressEnter()
    XCTAssertEqual(value("icons"), "[('chat', 'Chat', '')]", "nothing is written")
    XCTAssertEqual(icons.messageText, "Not saved: Name: " + turned)
    XCTAssertTrue(name.hasCSSClass("error"))
    name.text = "שלום"
    name.pressEnter()
    XCTAssertEqual(value("icons"), "[('chat', 'שלום', '')]")

    let options = try editor("app-options", as: TableEditor.self)
    options.newRowEntries[0].text = "badge"
    options.newRowEntries[1].text = "'\\u202e'"
    options.addRow()
    XCTAssertEqual(options.messageText, "Not added: Value: " + turned)
    XCTAssertEqual(value("app-options"), "{'scale': <1.0>}", "nothing is written")

    let layout = try editor("menu-layout", as: PopoverTextEditor.self)
    layout.box.view.text = "('compact', {'name': <'a\\u202eb'>})"
    XCTAssertEqual(layout.box.messageText, turned)
    XCTAssertFalse(layout.box.applyButton.isSensitive)
    layout.box.apply()
    XCTAssertEqual(value("menu-layout"), "('default', {})", "nothing is written")
    // A value another program stored is still shown, escaped, and said to hold it.
    try store.write(.variant(type: "(sa{sv})", text: "('x\u{202E}y', @a{sv} {})"), for: key("menu-layout"))
    XCTAssertEqual(layout.box.view.text, "('x\\u202ey', {})")
    XCTAssertEqual(layout.box.messageText, turned)
    XCTAssertFalse(layout.box.messageText.unicodeScalars.contains("\u{202E}"))
  }

  /// The page, a table's popover and the GVariant editor saying what is wrong, light and dark,
  /// for people to look at: `structured-*.png` in the artifacts folder.
  func testScreenshotsLightAndDark() async throws {
    defer { Style.prefersDark = false }
    let icons = try editor("icons", as: TableEditor.self)
    for (entry, text) in zip(icons.newRowEntries, ["mail", "Mail", "/usr/share/icons/mail.png"]) { entry.text = text }
    icons.addRow()
    let layout = try editor("menu-layout", as: PopoverTextEditor.self)
    for dark in [false, true] {
      Style.prefersDark = dark
      let style = dark ? "dark" : "light"
      window.window.setDefaultSize(width: 640, height: 700)
      await settle(0.3)
      let page = "\(Self.artifactsDirectory)/structured-page-\(style).png"
      await waitUntil("\(page) is saved", timeout: 3) { window.window.savePNG(to: page) }
      icons.activate()
      await settle(0.3)
      let table = "\(Self.artifactsDirectory)/structured-table-\(style).png"
      await waitUntil("\(table) is saved", timeout: 3) { icons.popoverContent.savePNG(to: table) }
      layout.activate()
      layout.box.view.text = "('compact',\n {'gap': <four>})"
      await settle(0.3)
      let text = "\(Self.artifactsDirectory)/structured-gvariant-\(style).png"
      await waitUntil("\(text) is saved", timeout: 3) { layout.box.widget.savePNG(to: text) }
    }
  }
}
