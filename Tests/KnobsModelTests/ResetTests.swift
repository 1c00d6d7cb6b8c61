import KnobsModel
import XCTest

@MainActor
final class ResetTests: XCTestCase {
  func testBoundKeysInOrderWithoutDuplicates() async {
    XCTAssertEqual(
      Sample.panel().boundKeys,
      [
        Keys.colorScheme, Keys.textScale, Keys.cursorSize, Keys.animations, Keys.showSeconds, Keys.showWeekday,
        Keys.clockFormat,
      ])
    let panel = Panel("P") {
      Section("a", "A") {
        ToggleRow("one", "One", key: Keys.showSeconds)
        DetailRow("more", "More") {
          Section("b", "B") {
            ToggleRow("again", "Again", key: Keys.showSeconds)
            ToggleRow("other", "Other", key: Keys.animations)
          }
        }
      }
    }
    XCTAssertEqual(panel.boundKeys, [Keys.showSeconds, Keys.animations])
  }

  func testResetAllAndUndo() async throws {
    let store = Sample.store()
    let panel = Sample.panel()
    try store.write(true, for: Keys.showSeconds)
    try store.write(2.0, for: Keys.textScale)
    try store.write("12h", for: Keys.clockFormat)
    var changes: [SettingKey] = []
    let observation = store.observe { changes.append($0) }

    let undo = panel.resetAll(in: store)
    XCTAssertEqual(undo.message, "All settings were reset")
    XCTAssertEqual(store.value(for: Keys.showSeconds), false)
    XCTAssertEqual(store.value(for: Keys.textScale), 1.0)
    XCTAssertEqual(store.value(for: Keys.clockFormat), "24h")
    XCTAssertFalse(store.hasUserValue(Keys.textScale))
    XCTAssertEqual(Set(changes), [Keys.showSeconds, Keys.textScale, Keys.clockFormat])

    undo.perform()
    XCTAssertEqual(store.value(for: Keys.showSeconds), true)
    XCTAssertEqual(store.value(for: Keys.textScale), 2.0)
    XCTAssertEqual(store.value(for: Keys.clockFormat), "12h")
    XCTAssertFalse(store.hasUserValue(Keys.animations), "untouched keys stay at their default")
    observation.cancel()
  }

  func testResetAllActionRowThroughItsContext() async throws {
    let store = Sample.store()
    let panel = Sample.panel()
    try store.write("prefer-dark", for: Keys.colorScheme)
    guard case .action(let action) = panel.entry(at: "help/reset-all")?.row.kind.form else {
      return XCTFail("no action")
    }
    let undo = action.perform(ActionContext(store: store, panel: panel))
    XCTAssertEqual(store.value(for: Keys.colorScheme), "default")
    undo?.perform()
    XCTAssertEqual(store.value(for: Keys.colorScheme), "prefer-dark")
  }
}
