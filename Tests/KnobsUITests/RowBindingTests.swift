import Gtk
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI

/// Editors see their row through a `RowBinding` alone: one drives a number editor here with no
/// row, page or window around it.
@MainActor
final class RowBindingTests: GtkTestCase {
  /// A row kept in a memory store, noting what the editor writes and says.
  final class Binding: RowBinding {
    let store: MemoryStore
    var written: [SettingValue] = []
    var problems: [String?] = []

    init(_ store: MemoryStore) { self.store = store }

    func value(for key: SettingKey) -> SettingValue? { store.value(for: key) }
    func defaultValue(for key: SettingKey) -> SettingValue? { store.defaultValue(for: key) }
    func write(_ value: SettingValue, _ key: SettingKey) -> Bool {
      written.append(value)
      return (try? store.write(value, for: key)) != nil
    }
    func showProblem(_ text: String?) { problems.append(text) }
    func showNote(_ text: String?) {}
    var hostWindow: Window? { nil }
    func present(_ dialog: Dialog) { dialog.present(over: nil) }
    func shortcutConflicts(for accelerators: [Accelerator], of key: SettingKey) -> [ShortcutConflict] { [] }
    func write(_ value: SettingValue, _ key: SettingKey, clearing conflicts: [ShortcutConflict]) -> Bool {
      write(value, key)
    }
  }

  func testAnEditorReadsAndWritesThroughItsBinding() async throws {
    let key = SettingKey(schema: "org.example.pizza", key: "count")
    let binding = Binding(MemoryStore(defaults: [key: .int(3)]))
    let editor = NumberEditor(Row.Number(key: key, minimum: 1, maximum: 36))
    editor.connect(to: binding)
    editor.refresh(SettingsReader(binding.store))
    let entry = try XCTUnwrap(editor.focusWidget as? Entry)
    XCTAssertEqual(entry.text, "3")

    entry.text = "50"
    entry.pressEnter()
    XCTAssertEqual(binding.written, [.int(36)], "brought into the range, an integer as the default is")
    XCTAssertEqual(binding.store.value(for: key), .int(36))

    entry.text = "many"
    entry.pressEnter()
    XCTAssertEqual(binding.written.count, 1, "no number, nothing written")
    XCTAssertEqual(binding.problems.last, "Not saved: “many” is not a number.")
  }

  /// An int opacity with no range counts to 255 by convention alone: a value past it is asked about first,
  /// written when the person says so, and never when they cancel.
  func testAValuePastTheUsualMaximumIsAskedAboutFirst() async throws {
    let key = SettingKey(schema: "org.example.panel", key: "panel-opacity")
    let binding = Binding(MemoryStore(defaults: [key: .int(240)]))
    let row = SchemaPanel.row(
      for: KeyDescription(name: "panel-opacity", typeString: "i", defaultNumber: 240), in: "org.example.panel")
    guard case .number(let number) = row.kind.form else { return XCTFail("a number row: \(row.kind)") }
    XCTAssertEqual(number.usualMaximum, 255)
    let editor = NumberEditor(number)
    editor.label(title: row.title)
    editor.connect(to: binding)
    editor.refresh(SettingsReader(binding.store))
    let entry = try XCTUnwrap(editor.focusWidget as? Entry)

    entry.text = "200"
    entry.pressEnter()
    XCTAssertEqual(binding.written, [.int(200)], "under the usual maximum: written at once")
    XCTAssertNil(editor.confirmation)
    editor.refresh(SettingsReader(binding.store))

    entry.text = "999"
    entry.pressEnter()
    XCTAssertEqual(binding.written, [.int(200)], "past it: nothing written before the answer")
    let question = try XCTUnwrap(editor.confirmation, "the window asks first")
    XCTAssertTrue(question.holdsAnEdit, "a dialog opened meanwhile waits for the answer (DialogTests)")
    question.close()
    XCTAssertNil(editor.confirmation)
    XCTAssertEqual(binding.written, [.int(200)], "cancelled: nothing written")
    XCTAssertEqual(entry.text, "200", "the field shows the stored value again")

    entry.text = "999"
    entry.pressEnter()
    try XCTUnwrap(editor.confirmation).confirm()
    XCTAssertEqual(binding.written, [.int(200), .int(999)], "said so: written")
    XCTAssertEqual(binding.store.value(for: key), .int(999))
    editor.refresh(SettingsReader(binding.store))
    // Already past it: a step is not asked about again.
    entry.text = "1000"
    entry.pressEnter()
    XCTAssertNil(editor.confirmation)
    XCTAssertEqual(binding.written.last, .int(1000))
  }

  /// JSON is edited in several lines: a mistake is said with its line and column and keeps Apply off; U+202E in
  /// a string shows, and is written, as its escape.
  func testJSONIsEditedInSeveralLinesAndShowsABidiControlAsItsEscape() async throws {
    let key = SettingKey(schema: "org.example.panel", key: "monitor-settings")
    let stored = "{\"DP-1\": \"left\u{202E}thgir\"}"
    let binding = Binding(MemoryStore(defaults: [key: .string(stored)]))
    let row = SchemaPanel.row(
      for: KeyDescription(name: "monitor-settings", typeString: "s", summary: "Per-monitor settings (JSON)"),
      in: "org.example.panel")
    let editor = try XCTUnwrap(RowControl(kind: row.kind).editor as? PopoverTextEditor, "the window's JSON editor")
    XCTAssertEqual(editor.kind, "json")
    editor.label(title: row.title)
    editor.connect(to: binding)
    editor.refresh(SettingsReader(binding.store))
    XCTAssertEqual(editor.view.text, "{\"DP-1\": \"left\\u202ethgir\"}")
    XCTAssertFalse(editor.applyButton.isSensitive, "shown as it is stored: nothing to write")
    XCTAssertTrue(editor.view.hasAccessibleLabel("Per-monitor settings as JSON"))

    editor.view.text = "{\n  \"DP-1\": tru\n}"
    XCTAssertEqual(editor.messageText, "It is not valid JSON: something unexpected at line 2, column 11.")
    XCTAssertFalse(editor.applyButton.isSensitive)
    editor.apply()
    XCTAssertEqual(binding.written, [], "refused: nothing written")

    editor.view.text = "{\n  \"DP-1\": \"\u{202E}x\"\n}"
    XCTAssertEqual(editor.messageText, "")
    XCTAssertTrue(editor.applyButton.isSensitive)
    editor.apply()
    XCTAssertEqual(binding.written, [.string("{\n  \"DP-1\": \"\\u202ex\"\n}")], "its lines kept, U+202E escaped")
    XCTAssertEqual(editor.view.text, "{\n  \"DP-1\": \"\\u202ex\"\n}")
  }
}
