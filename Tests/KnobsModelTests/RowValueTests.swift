import KnobsModel
import XCTest

/// A row is a value: its copies share their parts until one changes, and a
/// change to one copy never shows in another.
@MainActor
final class RowValueTests: XCTestCase {
  private let key = SettingKey(schema: "test.knobs", key: "flag")

  func testChangingACopyLeavesTheOriginalAsItWas() async {
    var original = ToggleRow("flag", "Flag", key: key).row
    original.keywords = ["switch"]
    let before = original
    var copy = original
    copy.title = "Changed"
    copy.subtitle = .fixed("A subtitle")
    copy.iconName = "emblem-ok-symbolic"
    copy.keywords.append("more")
    copy.kind = .value(.fixed("7"))
    copy.enabledWhen = .isOn(key)
    copy.visibleWhen = .isOn(key)
    copy.button = Row.Button(iconName: "user-trash-symbolic", label: "Remove", action: Row.Action { _ in nil })

    for row in [original, before] {
      XCTAssertEqual(row.id, "flag")
      XCTAssertEqual(row.title, "Flag")
      XCTAssertNil(row.subtitle)
      XCTAssertNil(row.iconName)
      XCTAssertEqual(row.keywords, ["switch"])
      XCTAssertEqual(row.kindName, "toggle")
      XCTAssertNil(row.enabledWhen)
      XCTAssertNil(row.visibleWhen)
      XCTAssertNil(row.button)
    }
    XCTAssertEqual(copy.id, "flag")
    XCTAssertEqual(copy.title, "Changed")
    XCTAssertEqual(copy.subtitle?.fixedText, "A subtitle")
    XCTAssertEqual(copy.iconName, "emblem-ok-symbolic")
    XCTAssertEqual(copy.keywords, ["switch", "more"])
    XCTAssertEqual(copy.kindName, "value")
    XCTAssertNotNil(copy.enabledWhen)
    XCTAssertNotNil(copy.visibleWhen)
    XCTAssertEqual(copy.button?.label, "Remove")
  }

  func testChangingTheOriginalLeavesACopyInAPanelAsItWas() async {
    var row = ToggleRow("flag", "Flag", key: key).row
    let panel = Panel("P") { Section("s", "S") { row } }
    row.title = "Changed"
    XCTAssertEqual(panel.sections[0].rows[0].title, "Flag")
    XCTAssertEqual(row.title, "Changed")
  }
}
