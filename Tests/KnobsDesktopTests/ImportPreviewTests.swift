import Foundation
import Gtk
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI
@testable import KnobsDesktop
@testable import KnobsDesktopWindow

/// Import… in the window, over GSettings' memory backend: the file's changes are listed with a
/// check box each before anything is written; Apply writes the checked ones only, Undo takes
/// them back; a file with problems, or with nothing to change, is said in the window and
/// writes nothing. Export… writes the keys that differ from their defaults.
@MainActor
final class ImportPreviewTests: GtkTestCase {
  static let seconds = SettingKey(schema: "org.gnome.desktop.interface", key: "clock-show-seconds")
  static let cursor = SettingKey(schema: "org.gnome.desktop.interface", key: "cursor-size")
  static let format = SettingKey(schema: "org.gnome.desktop.interface", key: "clock-format")
  var folder: String!
  var store: GSettingsStore!

  override func setUp() async throws {
    try await super.setUp()
    folder = NSTemporaryDirectory() + "knobs-import-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    store = GSettingsStore(source: SchemaSource())
  }

  override func tearDown() async throws {
    for key in [Self.seconds, Self.cursor, Self.format] { try? store.reset(key) }
    try? FileManager.default.removeItem(atPath: folder)
    try await super.tearDown()
  }

  private func file(_ name: String, _ text: String) throws -> String {
    let path = folder + "/" + name
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  private func window(_ preview: ImportPreviewRows) async -> PanelWindow {
    let panel = Panel("Knobs") {
      Section("top-bar") { ToggleRow("show-seconds", "Show Seconds", key: Self.seconds) }
      Section("history") {
        DetailRow("recent-changes", "Recent Changes") { Section("changes") { ValueRow("none", "None", value: "") } }
        importPage(preview)
      }
    }
    preview.name(by: panel)
    preview.importsInto(store)
    let window = await makeWindow(panel, store: store)
    window.window.setDefaultSize(width: 640, height: 700)
    return window
  }

  private func shownTitles(_ window: PanelWindow) -> [String] {
    window.currentPage.shown.map { window.currentPage.rowView(at: $0).titleText }
  }

  func testTheCheckedChangesAreAppliedAndUndoTakesThemBack() async throws {
    let preview = ImportPreviewRows(history: nil)
    let window = await window(preview)
    XCTAssertFalse(shownTitles(window).contains("Import Preview"), "hidden until a file is chosen")
    let path = try file(
      "desk.ini", "[org/gnome/desktop/interface]\nclock-show-seconds=true\ncursor-size=48\nclock-format='12h'\n")

    KnobsApplication.showImport(of: path, preview, in: window)
    await waitUntil("the preview opens") { window.pageTitle == "Import Preview" }
    XCTAssertEqual(store.value(for: Self.cursor), 24, "nothing is written before Apply")
    let page = RowPath("history/import/changes")
    func row(_ index: Int) throws -> RowView {
      try XCTUnwrap(window.currentPage.rowView(path: page.appending("change-\(index)")))
    }
    XCTAssertEqual(
      shownTitles(window),
      [
        "Apply Checked Changes", "Check All", "Uncheck All", "Discard", "Show Seconds", "cursor-size", "clock-format",
      ])
    XCTAssertEqual(try row(0).suffixDescription, "check box")
    XCTAssertEqual((try row(0).controlWidget as? CheckButton)?.isActive, true, "every change starts checked")
    XCTAssertEqual(try row(0).subtitleText, "(default) → true", "a row of the panel is named by its title")
    XCTAssertEqual(try row(1).subtitleText, "/org/gnome/desktop/interface/cursor-size\n(default) → 48")
    let headers = window.currentPage.sections.compactMap { $0.section.header?.text(SettingsReader(window.store)) }
    XCTAssertEqual(headers.first, "desk.ini changes 3 settings. Uncheck what should stay as it is.")

    try row(1).activate()
    await settle()
    XCTAssertEqual((try row(1).controlWidget as? CheckButton)?.isActive, false, "a click on the row unchecks it")
    XCTAssertEqual(preview.checkedChanges.map(\.key), [Self.seconds, Self.format])

    try XCTUnwrap(window.currentPage.rowView(path: "history/import/apply/apply")).activate()
    await waitUntil("the import is applied") { window.toast.message != nil }
    XCTAssertEqual(window.toast.message, "2 settings imported from desk.ini")
    XCTAssertEqual(store.value(for: Self.seconds), true)
    XCTAssertEqual(store.value(for: Self.format), "12h")
    XCTAssertEqual(store.value(for: Self.cursor), 24, "an unchecked change is not written")
    await waitUntil("the window leaves the preview") { window.pageTitle == "Recent Changes" }
    XCTAssertNil(preview.plan, "the preview is over")

    window.toast.perform("Undo")
    await settle()
    XCTAssertEqual(store.value(for: Self.seconds), false)
    XCTAssertEqual(store.value(for: Self.format), "24h")
    window.window.close()
  }

  func testCheckAllUncheckAllAndNothingCheckedWritesNothing() async throws {
    let preview = ImportPreviewRows(history: nil)
    let window = await window(preview)
    let path = try file("two.ini", "[org/gnome/desktop/interface]\ncursor-size=32\nclock-format='12h'\n")
    KnobsApplication.showImport(of: path, preview, in: window)
    await waitUntil("the preview opens") { window.pageTitle == "Import Preview" }
    let apply = RowPath("history/import/apply")
    try XCTUnwrap(window.currentPage.rowView(path: apply.appending("uncheck-all"))).activate()
    await settle()
    let checks = (0..<2).compactMap {
      window.currentPage.rowView(path: "history/import/changes/change-\($0)")?.controlWidget as? CheckButton
    }
    XCTAssertEqual(checks.map(\.isActive), [false, false])
    try XCTUnwrap(window.currentPage.rowView(path: apply.appending("apply"))).activate()
    await waitUntil("the window says why") { window.toast.message != nil }
    XCTAssertEqual(window.toast.message, "No change is checked, so nothing was imported.")
    XCTAssertEqual(store.value(for: Self.cursor), 24)
    try XCTUnwrap(window.currentPage.rowView(path: apply.appending("check-all"))).activate()
    await settle()
    XCTAssertEqual(checks.map(\.isActive), [true, true])
    XCTAssertEqual(preview.checkedChanges.count, 2)

    try XCTUnwrap(window.currentPage.rowView(path: apply.appending("discard"))).activate()
    await waitUntil("the window leaves the preview") { window.pageTitle == "Knobs" }
    XCTAssertNil(preview.plan)
    XCTAssertFalse(shownTitles(window).contains("Import Preview"))
    XCTAssertEqual(store.value(for: Self.cursor), 24, "discarding writes nothing")
    window.window.close()
  }

  func testAFileWithProblemsOrNothingToChangeIsSaidAndWritesNothing() async throws {
    let preview = ImportPreviewRows(history: nil)
    let window = await window(preview)
    let bad = try file(
      "bad.ini",
      "[org/gnome/desktop/interface]\ncursor-size=48\nclock-format=12\ncursor-size=x\n[org/example/none]\nkey=1\nnot a line\n"
    )
    KnobsApplication.showImport(of: bad, preview, in: window)
    await waitUntil("the window says why") { window.toast.message != nil }
    let message = try XCTUnwrap(window.toast.message)
    XCTAssertTrue(message.hasPrefix("Nothing was imported from bad.ini. Line 3: "), message)
    XCTAssertTrue(message.contains("Line 6: no installed schema has the key /org/example/none/key."), message)
    XCTAssertTrue(message.hasSuffix("(1 more problem)"), message)
    XCTAssertEqual(window.pageTitle, "Knobs", "no preview")
    XCTAssertEqual(store.value(for: Self.cursor), 24)

    let same = try file("same.ini", "[org/gnome/desktop/interface]\ncursor-size=24\n")
    window.toast.dismiss()
    KnobsApplication.showImport(of: same, preview, in: window)
    await waitUntil("the window says so") { window.toast.message != nil }
    XCTAssertEqual(window.toast.message, "Nothing to change: every setting in same.ini already holds its value.")

    KnobsApplication.showImport(of: folder + "/missing.ini", preview, in: window)
    await settle()
    XCTAssertTrue(
      window.toast.message?.hasPrefix("missing.ini can't be imported: ") == true, window.toast.message ?? "")
    window.window.close()
  }

  func testExportWritesTheKeysThatDifferFromTheirDefaults() async throws {
    try store.write(48, for: Self.cursor)
    let path = folder + "/out.ini"
    let message = KnobsApplication.export(store, to: path)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertTrue(text.contains("[org/gnome/desktop/interface]\n"), text)
    XCTAssertTrue(text.contains("cursor-size=48\n"), text)
    XCTAssertFalse(text.contains("clock-format"), "a key at its default stays out")
    XCTAssertTrue(message.hasSuffix("exported to out.ini"), message)
    let failed = KnobsApplication.export(store, to: path + "/inside-a-file.ini")
    XCTAssertTrue(failed.hasPrefix("Nothing was exported: "), failed)
  }

  func testTheMainMenuHasExportAndImport() async throws {
    let preview = ImportPreviewRows(history: nil)
    let window = await window(preview)
    XCTAssertFalse(window.menuButton.isVisible, "no menu without items")
    let app = KnobsApplication(panel: window.rootPanel, allSettings: nil, importPreview: preview) {
      SettingsEnvironment(store: self.store, ownSettings: nil, notice: nil, gsettings: self.store)
    }
    app.addMainMenu(to: window, gsettings: store)
    XCTAssertTrue(window.menuButton.isVisible)
    XCTAssertEqual(
      window.menuItems.map(\.label),
      ["Export Settings…", "Import Settings…", "Profiles", "Shortcuts in Knobs", "About Knobs"])
    XCTAssertTrue(window.window.activateAction("win.show-menu"))
    await settle()
    XCTAssertTrue(window.menuButton.isOpen, "F10 opens the menu")
    window.window.close()
  }

  /// A file of many unknown keys says a few of them: each problem's message is formatted when it
  /// is read, not when the plan is made (a profile of a million took a quarter of its 6 s on them).
  func testUnknownKeysProblemsAreFormattedOnlyWhenRead() throws {
    var text = "[org/gnome/desktop/interface]\ncursor-size=48\n"
    for index in 0..<20_000 { text += "no-such-key-\(index)=1\n" }
    text += "[org/knobs/été]\nk=1\n"
    let plan = store.importPlan(DconfKeyfile.parse(text).lines)
    XCTAssertEqual(plan.problems.count, 20_001)
    XCTAssertEqual(plan.problems.filter(\.isFormatted).count, 0, "no message formatted before it is read")
    XCTAssertEqual(plan.problems[0].line, 3)
    XCTAssertEqual(
      plan.problems[0].message, "no installed schema has the key /org/gnome/desktop/interface/no-such-key-0.")
    XCTAssertEqual(
      plan.problems[0].description, "3: no installed schema has the key /org/gnome/desktop/interface/no-such-key-0.")
    XCTAssertEqual(plan.problems[20_000].message, "no installed schema has the key /org/knobs/été/k.")
    XCTAssertEqual(plan.problems[1], DconfKeyfile.Problem(line: 4, message: plan.problems[1].message))
    XCTAssertEqual(Set([plan.problems[1], DconfKeyfile.Problem(line: 4, message: plan.problems[1].message)]).count, 1)
  }

  /// An import of many relocatable folders (custom shortcuts) keeps no GSettings per folder alive
  /// and writes every key in one go: GLib tells each live GSettings of each write, which made
  /// an import of 20,001 keys take minutes.
  func testAnImportOfManyFoldersWritesEveryKeyAtOnceAndTellsTheStore() throws {
    let folder = "/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/knobs-test"
    let schema = "org.gnome.settings-daemon.plugins.media-keys.custom-keybinding"
    var text = "[org/gnome/desktop/interface]\ncursor-size=48\n"
    for index in 0..<300 {
      text += "[\(folder)\(index)]\nname='Shortcut \(index)'\ncommand='true'\nbinding='<Super>F\(index % 12 + 1)'\n"
    }
    let plan = store.importPlan(DconfKeyfile.parse(text).lines)
    XCTAssertEqual(plan.problems.map(\.description), [])
    XCTAssertEqual(plan.changes.count, 901)
    var heard: Set<SettingKey> = []
    let observation = store.observe { heard.insert($0) }
    try store.apply(plan)
    XCTAssertEqual(store.value(for: Self.cursor), .int(48))
    let last = SettingKey(schema: "\(schema):\(folder)299/", key: "name")
    XCTAssertEqual(store.value(for: last), .string("Shortcut 299"))
    XCTAssertTrue(heard.contains(Self.cursor), "the store's own GSettings hear the write")
    _ = observation
    for index in 0..<300 {
      for key in ["name", "command", "binding"] {
        try? store.reset(SettingKey(schema: "\(schema):\(folder)\(index)/", key: key))
      }
    }
  }
}
