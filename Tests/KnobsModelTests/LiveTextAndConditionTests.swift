import KnobsModel
import XCTest

@MainActor
final class LiveTextAndConditionTests: XCTestCase {
  func testFootersSubtitlesAndValuesFollowWrites() async throws {
    let store = Sample.store()
    let reader = SettingsReader(store)
    let panel = Sample.panel()
    let footer = try XCTUnwrap(panel.section(at: "clock")?.section.footer)
    XCTAssertTrue(footer.isLive)
    XCTAssertNil(footer.fixedText)
    XCTAssertEqual(footer.text(reader), "The clock reads 14:05")
    try store.write(true, for: Keys.showSeconds)
    try store.write("12h", for: Keys.clockFormat)
    XCTAssertEqual(footer.text(reader), "The clock reads 2:05:09")

    let subtitle = try XCTUnwrap(panel.entry(at: "appearance/animations")?.row.subtitle)
    XCTAssertEqual(subtitle.text(reader), "Windows glide")
    try store.write(false, for: Keys.animations)
    XCTAssertEqual(subtitle.text(reader), "Windows snap")

    let fixed = try XCTUnwrap(panel.entry(at: "appearance/dark-style")?.row.subtitle)
    XCTAssertEqual(fixed.fixedText, "Use dark colors for windows")

    let value = ValueRow("scale", "Scale") { "×\($0.number(Keys.textScale))" }.row
    guard case .value(let text) = value.kind.form else { return XCTFail("not a value row") }
    XCTAssertEqual(text.text(reader), "×1.0")
    try store.write(2.5, for: Keys.textScale)
    XCTAssertEqual(text.text(reader), "×2.5")
  }

  func testConditionsDriveSensitivityAndVisibility() async throws {
    let store = Sample.store()
    let reader = SettingsReader(store)
    let panel = Sample.panel()
    let format = try XCTUnwrap(panel.entry(at: "clock/format"))
    let weekday = try XCTUnwrap(panel.entry(at: "clock/show-weekday"))
    let enabled = try XCTUnwrap(format.row.enabledWhen)
    let visible = try XCTUnwrap(weekday.row.visibleWhen)

    XCTAssertTrue(enabled.holds(reader), "!isOn while seconds are off")
    XCTAssertTrue(visible.holds(reader), "equals 24h by default")
    XCTAssertTrue(weekday.isVisible(reader))
    try store.write(true, for: Keys.showSeconds)
    XCTAssertFalse(enabled.holds(reader))
    try store.write("12h", for: Keys.clockFormat)
    XCTAssertFalse(visible.holds(reader))
    XCTAssertFalse(weekday.isVisible(reader))
    XCTAssertTrue(Condition.isOn(Keys.showSeconds).holds(reader))
    XCTAssertFalse(Condition.isOn(Keys.missing).holds(reader), "a missing key reads as off")
    XCTAssertTrue((!Condition.equals(Keys.clockFormat, "24h")).holds(reader))
  }
}
