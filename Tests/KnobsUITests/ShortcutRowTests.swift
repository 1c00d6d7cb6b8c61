import Foundation
import Gtk
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI

/// Shortcut and color rows over the installed keybinding schemas (GSettings'
/// memory backend): capturing with key events, Escape, Backspace, conflicts and
/// Replace; colors from the chooser; the mark of a setting changed from its default.
@MainActor
final class ShortcutRowTests: GtkTestCase {
  static let wm = "org.gnome.desktop.wm.keybindings"
  static let minimize = SettingKey(schema: wm, key: "minimize")
  static let close = SettingKey(schema: wm, key: "close")
  static let overview = SettingKey(schema: "org.gnome.shell.keybindings", key: "toggle-overview")
  static let primaryColor = SettingKey(schema: "org.gnome.desktop.background", key: "primary-color")

  static func panel() -> Panel {
    Panel("Shortcuts") {
      Section("keys", "Keys") {
        ShortcutRow("hide", "Hide Window", key: minimize)
        ShortcutRow("close", "Close Window", key: close)
        ColorRow("color", "Background Color", key: primaryColor)
      }
    }
  }

  var store: GSettingsStore!
  var window: PanelWindow!

  override func setUp() async throws {
    try await super.setUp()
    store = GSettingsStore(source: SchemaSource(extraDirectories: []))
    for key in [Self.minimize, Self.close, Self.overview, Self.primaryColor] {
      XCTAssertEqual(store.availability(of: key), .available, "\(key) needs its schema installed (setup-deps)")
    }
    XCTAssertEqual(Self.panel().validate(against: store).map(\.description), [])
    window = await makeWindow(Self.panel(), store: store)
    window.keybindingSchemas = store
  }

  override func tearDown() async throws {
    // The memory backend lives as long as the test process: leave the defaults for the next test.
    [Self.minimize, Self.close, Self.overview, Self.primaryColor].forEach { try? store?.reset($0) }
    try await super.tearDown()
  }

  func row(_ id: String) -> RowView { window.currentPage.rowView(path: "keys/\(id)")! }

  func shortcutEditor(_ id: String) throws -> ShortcutEditor { try XCTUnwrap(row(id).editor as? ShortcutEditor) }

  /// Activates the row as Enter does and returns the Set Shortcut dialog it opens.
  func openDialog(_ id: String) async throws -> ShortcutDialog {
    row(id).activate()
    await settle()
    return try XCTUnwrap(try shortcutEditor(id).dialog, "activating a shortcut row opens Set Shortcut")
  }

  func key(_ name: String, shift: Bool = false, control: Bool = false, alt: Bool = false, super: Bool = false) throws
    -> Key
  {
    try XCTUnwrap(Key(name: name, shift: shift, control: control, alt: alt, super: `super`), name)
  }

  func testTheRowShowsKeycapsAndSaysThemToScreenReaders() async throws {
    XCTAssertEqual(row("hide").suffixDescription, "shortcut")
    XCTAssertEqual(try shortcutEditor("hide").valueDescription, "Super+H")
    XCTAssertEqual(try shortcutEditor("hide").accelerators.map(\.text), ["<Super>h"])
  }

  func testTheNextCombinationPressedBecomesTheShortcut() async throws {
    let dialog = try await openDialog("hide")
    XCTAssertTrue(dialog.handle(try key("Super_L", super: true)), "a modifier alone is taken and waited past")
    XCTAssertNotNil(try shortcutEditor("hide").dialog, "a modifier alone does not end capturing")
    XCTAssertTrue(dialog.handle(try key("j", super: true)))
    await settle()
    XCTAssertEqual(store.value(for: Self.minimize), .strings(["<Super>j"]))
    XCTAssertNil(try shortcutEditor("hide").dialog, "the dialog closes")
    XCTAssertEqual(try shortcutEditor("hide").valueDescription, "Super+J")
  }

  func testAddShortcutAddsASecondOneAndRemoveTakesOneOut() async throws {
    var dialog = try await openDialog("hide")
    XCTAssertEqual(dialog.removeButtons.map(\.accelerator.text), ["<Super>h"], "the current shortcut is listed")
    XCTAssertTrue(dialog.addButton.isVisible)
    dialog.addButton.click()
    XCTAssertTrue(dialog.isAdding)
    XCTAssertEqual(dialog.messageText, "Press the new shortcut to add to “Hide Window”.")
    XCTAssertTrue(dialog.handle(try key("F9", alt: true)))
    await settle()
    XCTAssertEqual(store.value(for: Self.minimize), .strings(["<Super>h", "<Alt>F9"]), "added, not replaced")
    XCTAssertEqual(try shortcutEditor("hide").valueDescription, "Super+H, Alt+F9")
    XCTAssertNil(try shortcutEditor("hide").dialog, "the dialog closes once the shortcut is added")

    dialog = try await openDialog("hide")
    XCTAssertEqual(dialog.removeButtons.map(\.accelerator.label), ["Super+H", "Alt+F9"])
    dialog.removeButtons[0].button.click()
    await settle()
    XCTAssertEqual(store.value(for: Self.minimize), .strings(["<Alt>F9"]))
    XCTAssertEqual(dialog.removeButtons.map(\.accelerator.label), ["Alt+F9"], "the list follows; the dialog stays")
    XCTAssertNotNil(try shortcutEditor("hide").dialog)
    XCTAssertFalse(dialog.handle(try key("Tab")), "Tab moves to the list's buttons")
    dialog.removeButtons[0].button.click()
    await settle()
    XCTAssertEqual(store.value(for: Self.minimize), .strings([]))
    XCTAssertEqual(try shortcutEditor("hide").valueDescription, "Disabled")
    XCTAssertTrue(dialog.handle(try key("Escape")))
  }

  func testAddingAShortcutAlreadyInTheListChangesNothing() async throws {
    let dialog = try await openDialog("hide")
    dialog.startAdding()
    XCTAssertTrue(dialog.handle(try key("h", super: true)))
    await settle()
    XCTAssertEqual(store.value(for: Self.minimize), .strings(["<Super>h"]))
    XCTAssertFalse(row("hide").isModified)
  }

  func testAKeyThatTypesTextAloneIsRefusedAndCapturingGoesOn() async throws {
    let dialog = try await openDialog("hide")
    dialog.handle(try key("h"))
    XCTAssertTrue(dialog.messageText.contains("Hold Ctrl, Alt or Super"), dialog.messageText)
    XCTAssertEqual(store.value(for: Self.minimize), .strings(["<Super>h"]))
    dialog.handle(try key("F9"))
    await settle()
    XCTAssertEqual(store.value(for: Self.minimize), .strings(["F9"]), "an F-key alone is a shortcut")
  }

  func testABareArrowIsTakenAloneWhereTheSettingsDefaultHasOne() async throws {
    // An extension's keybinding whose default is `['Left']` (SchemaPanel sets allowsBareKeys).
    var section = Section("keys", "Keys") {}
    var shortcut = Row.Shortcut(key: Self.minimize)
    shortcut.allowsBareKeys = true
    section.rows = [Row(id: "hide", title: "Step Left", kind: .shortcut(shortcut))]
    window = await makeWindow(Panel(title: "Bare", sections: [section]), store: store)
    window.keybindingSchemas = store
    let dialog = try await openDialog("hide")
    dialog.handle(try key("Left"))
    await settle()
    XCTAssertEqual(store.value(for: Self.minimize), .strings(["Left"]), dialog.messageText)
  }

  func testEscapeCancelsAndChangesNothing() async throws {
    let dialog = try await openDialog("hide")
    XCTAssertTrue(dialog.handle(try key("Escape")))
    await settle()
    XCTAssertNil(try shortcutEditor("hide").dialog)
    XCTAssertEqual(store.value(for: Self.minimize), .strings(["<Super>h"]))
    XCTAssertFalse(row("hide").isModified)
  }

  func testBackspaceDisablesTheShortcut() async throws {
    let dialog = try await openDialog("hide")
    dialog.handle(try key("BackSpace"))
    await settle()
    XCTAssertEqual(store.value(for: Self.minimize), .strings([]))
    XCTAssertEqual(try shortcutEditor("hide").valueDescription, "Disabled")
  }

  func testAConflictAsksAndCancelLeavesBothBindingsAsTheyWere() async throws {
    let dialog = try await openDialog("hide")
    dialog.handle(try key("s", super: true))
    await settle()
    XCTAssertNotNil(dialog.pending, "a shortcut in use is not written at once")
    XCTAssertTrue(dialog.replaceButton.isVisible)
    XCTAssertTrue(
      dialog.messageText.contains(
        "“Keybinding to open the overview” (schema/org.gnome.shell.keybindings/toggle-overview)"),
      dialog.messageText)
    XCTAssertEqual(store.value(for: Self.minimize), .strings(["<Super>h"]))
    XCTAssertFalse(dialog.handle(try key("Tab")), "Tab moves between Cancel and Replace")
    dialog.cancelButton.click()
    await settle()
    XCTAssertNil(try shortcutEditor("hide").dialog)
    XCTAssertEqual(store.value(for: Self.minimize), .strings(["<Super>h"]))
    XCTAssertEqual(store.value(for: Self.overview), .strings(["<Super>s"]))
  }

  func testReplaceTakesTheShortcutFromTheOtherBinding() async throws {
    let dialog = try await openDialog("hide")
    dialog.handle(try key("s", super: true))
    dialog.replaceButton.click()
    await settle()
    XCTAssertEqual(store.value(for: Self.minimize), .strings(["<Super>s"]))
    XCTAssertEqual(store.value(for: Self.overview), .strings([]), "the other binding lost its only shortcut")
  }

  func testConflictsAreFoundAcrossTheInstalledKeybindingSchemas() async throws {
    let index = try XCTUnwrap(window.keybindings)
    XCTAssertGreaterThan(index.bindings.count, 150, "wm, mutter, shell and media keys: \(index.bindings.count)")
    let lock = try Accelerator(parsing: "<Super>l")
    let found = index.conflicts(for: [lock], of: Self.minimize, in: store)
    XCTAssertEqual(found.map(\.binding.key.key), ["screensaver"])
    XCTAssertEqual(found.first?.binding.title, "Lock screen")
    let tab = try Accelerator(parsing: "<Alt>Tab")
    XCTAssertEqual(
      index.conflicts(for: [tab], of: Self.minimize, in: store).map(\.binding.key.key), ["switch-applications"])
  }

  func testAChosenColorIsWrittenInTheKeysFormat() async throws {
    let editor = try XCTUnwrap(row("color").editor as? ColorEditor)
    XCTAssertEqual(row("color").suffixDescription, "color-button")
    editor.button.pick(ColorButton.Color(red: 52.0 / 255, green: 101.0 / 255, blue: 164.0 / 255))
    await settle()
    XCTAssertEqual(store.value(for: Self.primaryColor), .string("#3465a4"))
  }

  func testAChangedSettingIsMarkedAndSaidUntilItIsReset() async throws {
    XCTAssertFalse(row("close").isModified)
    XCTAssertFalse(row("close").spokenDescription.contains("Changed"))
    try store.write(.strings(["<Alt>F12"]), for: Self.close)
    await settle()
    XCTAssertTrue(row("close").isModified, "the mark follows a change made anywhere")
    XCTAssertTrue(row("close").spokenDescription.contains("Changed from the default"), row("close").spokenDescription)
    row("close").resetToDefault()
    await settle()
    XCTAssertFalse(row("close").isModified, "the mark is gone after a reset")
    XCTAssertFalse(row("close").spokenDescription.contains("Changed"))
  }
}
