import Gtk
import KnobsModel
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
    func shortcutConflicts(for accelerators: [Accelerator], of key: SettingKey) -> [ShortcutConflict] { [] }
    func clear(_ conflict: ShortcutConflict) throws(SettingsError) {}
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
}
