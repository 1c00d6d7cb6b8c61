import Foundation
import Gtk
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI

/// The rows that edit text, numbers, fonts, files, choices (radio and found at
/// run time), multi-selects and lists: what they show, what they write, what
/// they refuse, and screenshots in light and dark.
@MainActor
final class EditableRowTests: GtkTestCase {
  static let name = SettingKey(schema: "test.editable", key: "name")
  static let count = SettingKey(schema: "test.editable", key: "count")
  static let font = SettingKey(schema: "test.editable", key: "font")
  static let picture = SettingKey(schema: "test.editable", key: "picture")
  static let hinting = SettingKey(schema: "test.editable", key: "hinting")
  static let theme = SettingKey(schema: "test.editable", key: "theme")
  static let modifiers = SettingKey(schema: "test.editable", key: "modifiers")
  static let names = SettingKey(schema: "test.editable", key: "names")
  static var themes = ["Adwaita", "HighContrast"]

  static func panel() -> Panel {
    Panel("Editable") {
      Section("kinds", "Every Kind") {
        TextRow(
          "name", "Computer Name", key: name, placeholder: "Name",
          rule: TextRule(
            nonEmpty: true, maximumLength: 32, pattern: "[A-Za-z0-9-]+", patternHint: "letters, digits and “-”")
        )
        .subtitle("Shown to other devices")
        NumberRow("count", "Workspaces", key: count, range: 1...36)
        FontRow("font", "Interface Text", key: font)
        FileRow("picture", "Background", key: picture, mimeTypes: ["image/*"])
        ChoiceRow(
          "hinting", "Hinting", key: hinting, options: [("none", "None"), ("slight", "Slight"), ("full", "Full")]
        )
        .radio()
        ChoiceRow(
          "theme", "Icons", key: theme,
          provider: OptionProvider { EditableRowTests.themes.map { Row.Choice.Option(.string($0), $0) } })
        MultiSelectRow(
          "modifiers", "Modifiers", key: modifiers, options: [("ctrl", "Control"), ("alt", "Alt"), ("super", "Super")])
        ListRow("names", "Workspace Names", key: names, itemRule: TextRule(nonEmpty: true, maximumLength: 20))
      }
    }
  }

  var store: MemoryStore!
  var window: PanelWindow!

  override func setUp() async throws {
    try await super.setUp()
    Self.themes = ["Adwaita", "HighContrast"]
    store = MemoryStore(defaults: [
      Self.name: "knobs-laptop", Self.count: 4, Self.font: "Cantarell 11", Self.picture: "", Self.hinting: "slight",
      Self.theme: "Adwaita", Self.modifiers: .strings(["ctrl"]), Self.names: .strings(["Mail", "Web"]),
    ])
    XCTAssertEqual(Self.panel().validate(against: store).map(\.description), [])
    window = await makeWindow(Self.panel(), store: store)
  }

  func row(_ id: String) -> RowView { window.currentPage.rowView(path: "kinds/\(id)")! }

  func editor<T>(_ id: String, as type: T.Type) throws -> T { try XCTUnwrap(row(id).editor as? T) }

  func testEveryKindGetsItsControlNamedByTheRowTitle() async throws {
    let kinds = ["name", "count", "font", "picture", "hinting", "theme", "modifiers", "names"].map {
      row($0).suffixDescription
    }
    XCTAssertEqual(
      kinds, ["entry", "number", "font-button", "file-button", "radio", "drop-down", "multi-select", "list"])
    XCTAssertTrue(row("name").listRow.isActivatable, "activating a text row focuses its entry")
    XCTAssertTrue(row("font").listRow.isActivatable, "activating a font row opens the chooser")
  }

  func testTextIsWrittenOnEnterAndARefusedValueIsExplainedNotWritten() async throws {
    let entry = try XCTUnwrap(row("name").controlWidget as? Entry)
    entry.text = "new name!"
    entry.pressEnter()
    XCTAssertEqual(store.value(for: Self.name), "knobs-laptop", "nothing is written")
    XCTAssertTrue(row("name").subtitleText.contains("Not saved: It must be letters, digits and “-”."))
    XCTAssertTrue(entry.hasCSSClass("error"))
    entry.text = "studio"
    entry.pressEnter()
    XCTAssertEqual(store.value(for: Self.name), "studio")
    XCTAssertEqual(row("name").subtitleText, "Shown to other devices", "the problem is gone")
    try store.write("from-elsewhere", for: Self.name)
    XCTAssertEqual(entry.text, "from-elsewhere")
  }

  func testASchemaPagesFreeTextRefusesACharacterThatTurnsTextAroundInWords() async throws {
    let key = SettingKey(schema: "test.generated", key: "label")
    let page = SchemaPanel.make(
      SchemaDescription(
        id: key.schema, path: "/test/generated/",
        keys: [KeyDescription(name: key.key, typeString: "s", summary: "Label", defaultString: "")]))
    let generated = MemoryStore(defaults: [key: "plain"])
    let window = await makeWindow(page, store: generated)
    let row = try XCTUnwrap(window.currentPage.rowView(path: "keys/label"))
    let entry = try XCTUnwrap(row.controlWidget as? Entry)
    entry.text = "left\u{202E}thgir"
    entry.pressEnter()
    XCTAssertEqual(generated.value(for: key), "plain", "nothing is written")
    XCTAssertTrue(
      row.subtitleText.contains(
        "Not saved: It holds a character that changes the direction of text (U+202E), which would show it otherwise"),
      row.subtitleText)
    XCTAssertFalse(row.subtitleText.unicodeScalars.contains("\u{202E}"), "the character is never shown")
    XCTAssertTrue(entry.hasCSSClass("error"))
    entry.text = "שלום"
    entry.pressEnter()
    XCTAssertEqual(generated.value(for: key), "שלום")
  }

  func testAHugePasteIsRefusedWithoutFreezing() async throws {
    let entry = try XCTUnwrap(row("name").controlWidget as? Entry)
    entry.text = String(repeating: "a", count: 1_000_000)
    entry.pressEnter()
    await settle()
    XCTAssertLessThan(entry.text.count, 40, "the entry keeps at most one character over the limit")
    XCTAssertEqual(store.value(for: Self.name), "knobs-laptop")
    XCTAssertTrue(row("name").subtitleText.contains("at most 32 are allowed"), row("name").subtitleText)
  }

  func testNumbersAreClampedToTheRangeAndKeepTheirType() async throws {
    let field = try XCTUnwrap(row("count").controlWidget as? Entry)
    XCTAssertEqual(field.text, "4")
    field.text = "99"
    field.pressEnter()
    XCTAssertEqual(store.value(for: Self.count), .int(36))
    XCTAssertEqual(field.text, "36", "the field shows the value brought into the range")
    field.text = "7"
    field.pressEnter()
    XCTAssertEqual(store.value(for: Self.count), .int(7))
    field.text = "seven"
    field.pressEnter()
    XCTAssertEqual(store.value(for: Self.count), .int(7), "text that is no number is never written")
    XCTAssertTrue(row("count").subtitleText.contains("Not saved: “seven” is not a number."))
  }

  func testFontsAreChosenAndShown() async throws {
    let button = try XCTUnwrap(row("font").controlWidget as? FontButton)
    XCTAssertEqual(button.font, "Cantarell 11")
    button.pick("Monospace Bold 14")
    XCTAssertEqual(store.value(for: Self.font), "Monospace Bold 14")
    try store.write("Serif 10", for: Self.font)
    XCTAssertEqual(button.font, "Serif 10")
    XCTAssertEqual(row("font").subtitleText, "", "a generic family always resolves")
    try store.write("Knobs Missing Face Bold 12", for: Self.font)
    XCTAssertEqual(
      row("font").subtitleText, "Knobs Missing Face is not installed here; apps show a similar font instead.")
    XCTAssertEqual(button.shownName, "Knobs Missing Face Bold", "the button names the missing font, not “None”")
    try store.write("Serif 10", for: Self.font)
    XCTAssertEqual(button.shownName, "Serif Regular", "an installed family is named by GTK")
  }

  func testAMissingFileIsShownAsMissing() async throws {
    let editor = try editor("picture", as: FileEditor.self)
    XCTAssertEqual(editor.fileName, "None")
    try store.write("file:///nowhere/beach.jpg", for: Self.picture)
    XCTAssertEqual(editor.fileName, "beach.jpg")
    XCTAssertEqual(row("picture").subtitleText, "Missing: /nowhere/beach.jpg")
    XCTAssertFalse(row("picture").subtitleText.contains("Not saved"), "missing is a note, not an error")
  }

  func testTheFileChooserOpensAndCancelWritesNothing() async throws {
    let editor = try editor("picture", as: FileEditor.self)
    row("picture").listRow.activate()
    let chooser = try XCTUnwrap(editor.openChooser)
    await waitUntil("the chooser shows") { chooser.isVisible }
    chooser.hide()
    XCTAssertEqual(store.value(for: Self.picture), "")
  }

  func testRadioButtonsWriteTheirOption() async throws {
    let radio = try editor("hinting", as: RadioEditor.self)
    XCTAssertEqual(radio.radioButtons.map(\.isActive), [false, true, false])
    radio.radioButtons[2].activateAsUser()
    XCTAssertEqual(store.value(for: Self.hinting), "full")
    try store.write("none", for: Self.hinting)
    XCTAssertEqual(radio.radioButtons.map(\.isActive), [true, false, false])
  }

  func testOptionsFoundAtRunTimeKeepAnUnknownCurrentValue() async throws {
    let choice = try editor("theme", as: ChoiceEditor.self)
    XCTAssertEqual(choice.shown.map(\.label), ["Adwaita", "HighContrast"])
    try store.write("Papirus", for: Self.theme)
    XCTAssertEqual(choice.shown.map(\.label), ["Adwaita", "HighContrast", "Papirus (not found)"])
    let dropDown = try XCTUnwrap(row("theme").controlWidget as? DropDown)
    XCTAssertEqual(dropDown.selectedIndex, 2)
    Self.themes = ["Adwaita", "HighContrast", "Papirus"]
    choice.reloadOptions(SettingsReader(store))
    XCTAssertEqual(choice.shown.map(\.label), ["Adwaita", "HighContrast", "Papirus"])
    dropDown.pick(1)
    XCTAssertEqual(store.value(for: Self.theme), "HighContrast")
    Self.themes = []
    choice.reloadOptions(SettingsReader(store))
    XCTAssertEqual(row("theme").subtitleText, "No options were found on this system.")
    XCTAssertEqual(choice.shown.map(\.label), ["HighContrast (not found)"])
  }

  func testADropDownAlwaysShowsAValueInKnobsWordsNeverGtksNone() async throws {
    let key = SettingKey(schema: "org.example.missing", key: "mode")
    let options = Row.Choice(key: key, options: [.init("a", "Alpha"), .init("b", "Beta")])
    let editor = ChoiceEditor(options)
    let dropDown = try XCTUnwrap(editor.suffix as? DropDown)
    editor.refresh(SettingsReader(MemoryStore(defaults: [:])))
    XCTAssertEqual(editor.shownLabels, ["Alpha", "Beta", "Unavailable"], "a key that can't be read")
    XCTAssertEqual(dropDown.selectedIndex, 2)
    XCTAssertFalse(dropDown.isSensitive)
    let store = MemoryStore(defaults: [key: "c"])
    editor.refresh(SettingsReader(store))
    XCTAssertEqual(editor.shownLabels, ["Alpha", "Beta", "c (not found)"], "a value another program wrote")
    XCTAssertEqual(dropDown.selectedIndex, 2)
    XCTAssertTrue(dropDown.isSensitive)
    let empty = ChoiceEditor(Row.Choice(key: key, provider: OptionProvider { [] }))
    empty.refresh(SettingsReader(MemoryStore(defaults: [:])))
    XCTAssertEqual(empty.shownLabels, ["None Found"])
    XCTAssertEqual((empty.suffix as? DropDown)?.selectedIndex, 0)
  }

  func testMultiSelectChecksWriteTheSet() async throws {
    let multi = try editor("modifiers", as: MultiSelectEditor.self)
    XCTAssertEqual(multi.summary, "Control")
    multi.checkButtons[2].activateAsUser()
    XCTAssertEqual(store.value(for: Self.modifiers), .strings(["ctrl", "super"]))
    XCTAssertEqual(multi.summary, "Control, Super")
    multi.checkButtons[0].activateAsUser()
    XCTAssertEqual(store.value(for: Self.modifiers), .strings(["super"]))
  }

  func testListsAddRemoveAndReorderItemsAndRefuseBadItems() async throws {
    let list = try editor("names", as: ListEditor.self)
    XCTAssertEqual(list.items, ["Mail", "Web"])
    list.newItemEntry.text = "Chat"
    list.newItemEntry.pressEnter()
    XCTAssertEqual(store.value(for: Self.names), .strings(["Mail", "Web", "Chat"]))
    XCTAssertEqual(list.itemList.rowCount, 3)
    list.newItemEntry.text = "   "
    list.newItemEntry.pressEnter()
    XCTAssertEqual(list.messageText, "Not added: It can't be empty.")
    XCTAssertEqual(store.value(for: Self.names), .strings(["Mail", "Web", "Chat"]))
    list.move(2, by: -1)
    XCTAssertEqual(store.value(for: Self.names), .strings(["Mail", "Chat", "Web"]), "Alt+Up and the up button")
    list.move(0, by: -1)
    XCTAssertEqual(store.value(for: Self.names), .strings(["Mail", "Chat", "Web"]), "the first item stays first")
    list.remove(at: 0)
    XCTAssertEqual(store.value(for: Self.names), .strings(["Chat", "Web"]))
    try store.write(.strings(["One", "Two"]), for: Self.names)
    XCTAssertEqual(list.items, ["One", "Two"])
    XCTAssertEqual(list.itemList.rowCount, 2)
  }

  func testAHugeListIsShownButNotEdited() async throws {
    let list = try editor("names", as: ListEditor.self)
    let huge = (0..<10_000).map { "Item \($0)" }
    try store.write(.strings(huge), for: Self.names)
    XCTAssertEqual(list.itemList.rowCount, 0)
    XCTAssertEqual(list.messageText, "This list has 10000 items, more than the 1000 edited here.")
    XCTAssertFalse(list.newItemEntry.isSensitive)
  }

  func testScreenshotsLightAndDark() async throws {
    let directory = Self.artifactsDirectory
    try store.write("file:///nowhere/beach.jpg", for: Self.picture)
    await settle(0.3)
    XCTAssertTrue(window.window.savePNG(to: directory + "/editable-light.png"))
    Style.prefersDark = true
    defer { Style.prefersDark = false }
    await settle(0.3)
    XCTAssertTrue(window.window.savePNG(to: directory + "/editable-dark.png"))
    for name in ["editable-light", "editable-dark"] {
      let size = (try? FileManager.default.attributesOfItem(atPath: "\(directory)/\(name).png")[.size] as? Int) ?? 0
      XCTAssertGreaterThan(size, 10_000, "\(name).png looks empty")
    }
  }
}
