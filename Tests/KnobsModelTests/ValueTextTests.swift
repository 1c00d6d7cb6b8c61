import KnobsModel
import XCTest

@MainActor
final class ValueTextTests: XCTestCase {
  private let panel = Sample.panel()
  private var store: MemoryStore!

  override func setUp() async throws {
    store = Sample.store()
  }

  private func row(_ path: RowPath) -> Row {
    guard let entry = panel.entry(at: path) else { fatalError("no row at \(path)") }
    return entry.row
  }

  private func text(_ path: RowPath) -> String {
    row(path).currentValueText(SettingsReader(store))
  }

  private func parseError(_ path: RowPath, _ text: String) -> ValueError? {
    do {
      _ = try row(path).parseValue(text)
      return nil
    } catch {
      return error
    }
  }

  func testCurrentValueTextForEveryKind() async throws {
    XCTAssertEqual(text("appearance/dark-style"), "off")
    try store.write("prefer-dark", for: Keys.colorScheme)
    XCTAssertEqual(text("appearance/dark-style"), "on")
    XCTAssertEqual(text("appearance/text-size"), "100% (1)")
    try store.write(1.25, for: Keys.textScale)
    XCTAssertEqual(text("appearance/text-size"), "125% (1.25)")
    XCTAssertEqual(text("appearance/cursor-size"), "24 px (24)")
    XCTAssertEqual(text("clock/format"), "24-hour")
    try store.write("12h", for: Keys.clockFormat)
    XCTAssertEqual(text("clock/format"), "AM/PM")
    XCTAssertEqual(text("help/about/version/number"), "1.0")
    XCTAssertEqual(text("help/about/version/storage"), "memory")
    XCTAssertEqual(text("help/website"), "https://example.org/caf%C3%A9")
    XCTAssertEqual(text("help/feedback"), "knobs@example.org")
    XCTAssertEqual(text("help/about"), "›")
    XCTAssertEqual(text("help/reset-all"), "")
  }

  func testMissingKeyReadsUnavailable() async {
    let row = ToggleRow("absent", "Absent", key: Keys.missing).row
    XCTAssertEqual(row.currentValueText(SettingsReader(store)), "unavailable")
  }

  func testToggleAcceptsCommonWords() async throws {
    let dark = row("appearance/dark-style")
    for word in ["on", "ON", "true", "1", "yes", " Yes "] {
      XCTAssertEqual(try dark.parseValue(word), .string("prefer-dark"), word)
    }
    for word in ["off", "false", "0", "no", "NO"] {
      XCTAssertEqual(try dark.parseValue(word), .string("default"), word)
    }
    XCTAssertEqual(try row("clock/show-seconds").parseValue("on"), .bool(true))
    guard case .notOnOff = parseError("clock/show-seconds", "maybe") else { return XCTFail("maybe accepted") }
  }

  func testSliderTakesNumbersInRangeSnappedToStep() async throws {
    let size = row("appearance/text-size")
    XCTAssertEqual(try size.parseValue("1.25"), .double(1.25))
    XCTAssertEqual(try size.parseValue("125%"), .double(1.25))
    XCTAssertEqual(try size.parseValue("125 %"), .double(1.25))
    let snapped = try XCTUnwrap(try size.parseValue("1.26").doubleValue)
    XCTAssertEqual(snapped, 1.25, accuracy: 1e-9)
    XCTAssertEqual(try size.parseValue("3"), .double(3))
    XCTAssertEqual(try row("appearance/cursor-size").parseValue("48 px", like: .int(24)), .int(48))
    XCTAssertEqual(try row("appearance/cursor-size").parseValue("50", like: .int(24)), .int(48))

    let error = try XCTUnwrap(parseError("appearance/text-size", "4"))
    guard case .outOfRange = error else { return XCTFail("\(error)") }
    XCTAssertTrue(error.description.contains("0.5 to 3"), error.description)
    XCTAssertTrue(error.description.contains("50% to 300%"), error.description)
    guard case .notANumber = parseError("appearance/text-size", "big") else { return XCTFail("big accepted") }
    guard case .notANumber = parseError("appearance/text-size", "nan") else { return XCTFail("nan accepted") }
  }

  func testChoiceTakesValueOrLabel() async throws {
    let format = row("clock/format")
    XCTAssertEqual(try format.parseValue("12h"), .string("12h"))
    XCTAssertEqual(try format.parseValue("am/pm"), .string("12h"))
    XCTAssertEqual(try format.parseValue("24-Hour"), .string("24h"))
    let numbers = ChoiceRow("n", "Numbers", key: Keys.cursorSize, options: [(24, "Small"), (48, "Large")]).row
    XCTAssertEqual(try numbers.parseValue("48"), .int(48))
    XCTAssertEqual(try numbers.parseValue("small"), .int(24))

    let error = try XCTUnwrap(parseError("clock/format", "13h"))
    XCTAssertEqual(error, .unknownOption(row: "Time Format", text: "13h", valid: ["24h (24-hour)", "12h (AM/PM)"]))
    XCTAssertTrue(error.description.contains("24h (24-hour), 12h (AM/PM)"), error.description)
  }

  func testRowsWithoutValuesRefuse() async {
    for path: RowPath in ["help/website", "help/feedback", "help/about", "help/about/version/number", "help/reset-all"]
    {
      let error = parseError(path, "x")
      XCTAssertTrue(
        error?.description.hasSuffix("has no value to set.") == true, "\(path): \(String(describing: error))")
    }
  }
}
