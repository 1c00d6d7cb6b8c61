import Foundation
import Gtk
import KnobsDesktopModel
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI
@testable import KnobsDesktop

/// Custom shortcuts on the Keyboard Shortcuts page, over the installed media-keys
/// schemas (GSettings' memory backend): adding one through the two questions,
/// capturing its accelerator with a conflict refused, editing, removing with Undo,
/// and the keys GNOME Settings reads, at the relocatable folder it uses.
@MainActor
final class CustomShortcutsTests: GtkTestCase {
  static let section: RowPath = "desktop/keyboard-shortcuts/custom"
  var store: GSettingsStore!
  var window: PanelWindow!
  var source: CustomShortcutRows!

  override func setUp() async throws {
    try await super.setUp()
    store = GSettingsStore(source: SchemaSource(extraDirectories: []))
    XCTAssertNil(CustomShortcuts.problem(in: store), "the media-keys schemas are installed (setup-deps)")
    source = CustomShortcutRows(sectionPath: Self.section)
    let panel = Panel("Knobs") { Section("desktop") { shortcutsPage(custom: source) } }
    window = await makeWindow(panel, store: store)
    window.keybindingSchemas = store
    window.window.setDefaultSize(width: 640, height: 700)
    XCTAssertTrue(window.open(Self.section.appending(CustomShortcutRows.addRowID)))
    await settle(0.2)
  }

  override func tearDown() async throws {
    for shortcut in CustomShortcuts.read(from: store) { try? CustomShortcuts.remove(shortcut, from: store) }
    try? store.reset(CustomShortcuts.listKey)
    try? store.reset(SettingKey(schema: "org.gnome.settings-daemon.plugins.media-keys", key: "help"))
    try await super.tearDown()
  }

  private func answer(_ text: String) async throws {
    let dialog = try XCTUnwrap(window.textDialog, "a question is asked")
    dialog.entry.text = text
    dialog.answer()
    await settle(0.1)
  }

  private func key(_ name: String, super: Bool = false) throws -> Key {
    try XCTUnwrap(Key(name: name, shift: false, control: false, alt: false, super: `super`), name)
  }

  private var titles: [String] {
    window.currentPage.sections.first { $0.section.id == "custom" }?.rows.map(\.titleText) ?? []
  }

  func testAddingAsksForANameAndACommandThenCapturesTheKeysWithAConflictRefused() async throws {
    window.currentPage.rowView(path: Self.section.appending("add"))?.activate()
    await settle(0.1)
    try await answer("Open Terminal")
    try await answer("gnome-terminal --window")
    let shortcuts = CustomShortcuts.read(from: store)
    XCTAssertEqual(shortcuts.map(\.name), ["Open Terminal"])
    let folder = CustomShortcuts.folderPrefix + "custom0/"
    XCTAssertEqual(shortcuts.first?.folder, folder)
    XCTAssertEqual(store.value(for: CustomShortcuts.listKey), .strings([folder]))
    XCTAssertEqual(shortcuts.first?.command, "gnome-terminal --window")
    XCTAssertEqual(window.pageTitle, "Open Terminal", "its page opens at the Shortcut row")
    let row = try XCTUnwrap(
      window.currentPage.rowView(path: Self.section.appending("open-terminal", "details", "shortcut")))
    row.activate()
    await settle()
    let dialog = try XCTUnwrap((row.editor as? ShortcutEditor)?.dialog)
    dialog.handle(try key("F1", super: true))
    await settle()
    XCTAssertNotNil(dialog.pending, "Super+F1 opens the help browser: it is not taken at once")
    XCTAssertTrue(
      dialog.messageText.contains("“Launch Help Browser” (desktop/keyboard-shortcuts/launchers/help)"),
      dialog.messageText)
    dialog.cancelButton.click()
    await settle()
    XCTAssertEqual(CustomShortcuts.read(from: store).first?.binding, "")
    row.activate()
    await settle()
    let second = try XCTUnwrap((row.editor as? ShortcutEditor)?.dialog)
    second.handle(try key("t", super: true))
    await settle()
    XCTAssertEqual(
      store.value(for: SettingKey(schema: CustomShortcuts.schemaID + ":" + folder, key: "binding")), .string("<Super>t")
    )
    window.goBack()
    await settle(0.2)
    XCTAssertEqual(titles, ["Open Terminal", "Add Custom Shortcut…"])
  }

  func testANameInUseOrABlankCommandIsRefusedInTheQuestion() async throws {
    try CustomShortcuts.add(
      CustomShortcut(folder: "", name: "Calc", command: "gnome-calculator", binding: ""), to: store)
    window.currentPage.rowView(path: Self.section.appending("add"))?.activate()
    await settle(0.1)
    let dialog = try XCTUnwrap(window.textDialog)
    dialog.entry.text = "Calc"
    dialog.answer()
    XCTAssertTrue(window.textDialog === dialog, "the question stays open")
    dialog.entry.text = "Calendar"
    dialog.answer()
    await settle(0.1)
    let command = try XCTUnwrap(window.textDialog)
    command.entry.text = "   "
    command.answer()
    XCTAssertTrue(window.textDialog === command)
    command.window.destroy()
    await settle(0.1)
    XCTAssertEqual(CustomShortcuts.read(from: store).map(\.name), ["Calc"], "nothing is added on cancel")
  }

  func testAShortcutMadeElsewhereShowsUpAndRemovingItCanBeUndone() async throws {
    let added = try CustomShortcuts.add(
      CustomShortcut(folder: "", name: "Screenshot Tool", command: "flameshot gui", binding: "<Super>p"), to: store)
    await waitUntil("the new shortcut shows") { self.titles.contains("Screenshot Tool") }
    let row = try XCTUnwrap(window.currentPage.rowView(path: Self.section.appending("screenshot-tool")))
    XCTAssertEqual(row.subtitleText, "Super+P · flameshot gui")
    let conflicts = try XCTUnwrap(window.keybindings).conflicts(
      for: [try Accelerator(parsing: "<Super>p")],
      of: SettingKey(schema: "org.gnome.desktop.wm.keybindings", key: "close"),
      in: store)
    XCTAssertEqual(
      conflicts.map(\.description),
      [
        "Super+P is already used by “Switch monitor configurations” (schema/org.gnome.mutter.keybindings/switch-monitor).",
        "Super+P is already used by “Screenshot Tool” (desktop/keyboard-shortcuts/custom/screenshot-tool/details/shortcut).",
      ])
    _ = window.showSearchResults(for: "super p")
    XCTAssertTrue(
      window.search.resultPaths.map(\.description).contains(
        "desktop/keyboard-shortcuts/custom/screenshot-tool/details/shortcut"),
      "\(window.search.resultPaths)")
    window.endSearch()
    row.activate()
    await settle(0.2)
    XCTAssertEqual(window.pageTitle, "Screenshot Tool")
    window.currentPage.rowView(path: Self.section.appending("screenshot-tool", "remove", "remove"))?.activate()
    await settle(0.3)
    XCTAssertEqual(store.value(for: CustomShortcuts.listKey), .strings([]))
    XCTAssertEqual(store.value(for: added.nameKey), .string(""), "its keys are reset")
    XCTAssertEqual(titles, ["Add Custom Shortcut…"])
    window.toast.perform("Undo")
    await settle(0.2)
    XCTAssertEqual(CustomShortcuts.read(from: store), [added])
  }

  func testTheListKeepsFoldersItCannotReadAndResetLeavesShortcuts() async throws {
    let odd = "not a folder"
    try store.write(.strings([odd]), for: CustomShortcuts.listKey)
    try CustomShortcuts.add(CustomShortcut(folder: "", name: "Notes", command: "gnome-notes", binding: ""), to: store)
    XCTAssertEqual(
      store.value(for: CustomShortcuts.listKey), .strings([odd, CustomShortcuts.folderPrefix + "custom0/"]))
    let page = try XCTUnwrap(window.rootPanel.entries.first { $0.row.id == "keyboard-shortcuts" })
    guard case .detail(let shortcuts) = page.row.kind.form else { return XCTFail("a page") }
    XCTAssertFalse(shortcuts.boundKeys.contains(CustomShortcuts.listKey))
    XCTAssertFalse(shortcuts.boundKeys.contains { $0.schema.hasPrefix(CustomShortcuts.schemaID) })
    _ = shortcuts.resetAll(in: store)
    XCTAssertEqual(CustomShortcuts.read(from: store).map(\.name), ["Notes"], "Reset leaves custom shortcuts")
    let removed = try XCTUnwrap(CustomShortcuts.read(from: store).first)
    try CustomShortcuts.remove(removed, from: store)
    XCTAssertEqual(store.value(for: CustomShortcuts.listKey), .strings([odd]), "a folder it can't read is kept")
  }
}
