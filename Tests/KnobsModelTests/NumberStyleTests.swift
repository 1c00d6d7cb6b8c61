import XCTest

@testable import KnobsModel

/// Numbers for people in the user's locale, for scripts in the C locale. The
/// styles are made from locale names, so the tests don't depend on the process's locale.
@MainActor
final class NumberStyleTests: XCTestCase {
  private let german = NumberStyle(locale: "de_DE.UTF-8")
  private let hebrew = NumberStyle(locale: "he_IL.UTF-8")
  private let english = NumberStyle(locale: "en_US.UTF-8")

  func testGermanWritesADecimalCommaAndASpaceBeforePercent() async {
    XCTAssertEqual(german.decimal(1.25, decimals: 2), "1,25")
    XCTAssertEqual(german.decimal(-0.5, decimals: 1), "-0,5")
    XCTAssertEqual(german.plain(1.5), "1,5")
    XCTAssertEqual(german.plain(2), "2")
    let percent = german.percent(1)
    XCTAssertEqual(percent, "100\u{A0}%", "German puts a no-break space before the percent sign")
    XCTAssertEqual(ValueFormat.percent.string(1.25, style: german), "125\u{A0}%")
    XCTAssertEqual(ValueFormat.number(decimals: 2, unit: "px").string(1.25, style: german), "1,25 px")
  }

  func testEnglishHebrewAndCWriteAPointAndNoSpaceBeforePercent() async {
    for style in [english, hebrew, NumberStyle.c, NumberStyle(locale: "C"), NumberStyle(locale: "POSIX")] {
      XCTAssertEqual(style.decimal(1.25, decimals: 2), "1.25")
      XCTAssertEqual(style.percent(1.25), "125%")
      XCTAssertEqual(style.plain(0.75), "0.75")
    }
    XCTAssertEqual(hebrew.groupingSeparator, ",")
  }

  func testGermanReadsACommaOrAPointAsTheDecimalSeparator() async {
    XCTAssertEqual(german.number(from: "1,5"), 1.5, "1,5 must never become 15")
    XCTAssertEqual(german.number(from: " 1.5 "), 1.5, "a point, as GTK's spin buttons take it")
    XCTAssertEqual(german.number(from: "-2,25"), -2.25)
    XCTAssertEqual(german.number(from: "\u{2212}3"), -3)
    XCTAssertNil(german.number(from: "1.000,5"), "grouping separators are not taken")
    XCTAssertNil(german.number(from: "1,2,3"))
    XCTAssertNil(german.number(from: ","))
    XCTAssertNil(german.number(from: "nan"))
    XCTAssertEqual(german.number(from: "1e5"), 100_000, "exponents, as a double key's values are written")
    XCTAssertEqual(german.number(from: "1,5E-3"), 0.0015)
    XCTAssertNil(german.number(from: "1e400"), "too large for a number")
  }

  func testEnglishAndHebrewDoNotReadACommaAsDecimals() async {
    XCTAssertEqual(english.number(from: "1.5"), 1.5)
    XCTAssertNil(english.number(from: "1,5"), "1,5 is no number in English; it is not read as 15 either")
    XCTAssertNil(hebrew.number(from: "1,000"))
    XCTAssertEqual(hebrew.number(from: "2.75"), 2.75)
  }

  func testAGermanPointBeforeThreeDigitsIsAmbiguous() async {
    XCTAssertTrue(german.isAmbiguous("1.000"))
    XCTAssertTrue(german.isAmbiguous("12.500"))
    XCTAssertFalse(german.isAmbiguous("1.5"))
    XCTAssertFalse(german.isAmbiguous("1,000"))
    XCTAssertFalse(english.isAmbiguous("1.000"))
  }

  private func row(_ path: RowPath) -> Row {
    guard let entry = Sample.panel().entry(at: path) else { fatalError("no row at \(path)") }
    return entry.row
  }

  func testValueTextsFollowTheStyleAndScriptsGetTheCLocale() async throws {
    let store = Sample.store()
    try store.write(1.25, for: Keys.textScale)
    let size = row("appearance/text-size")
    XCTAssertEqual(size.currentValueText(SettingsReader(store), style: german), "125\u{A0}% (1,25)")
    XCTAssertEqual(size.currentValueText(SettingsReader(store), style: hebrew), "125% (1.25)")
    XCTAssertEqual(size.currentValueText(SettingsReader(store), style: .c), "125% (1.25)")
  }

  func testSetTakesGermanNumbersAndPointsAlike() async throws {
    let size = row("appearance/text-size")
    XCTAssertEqual(try size.parseValue("1,5", style: german), .double(1.5))
    XCTAssertEqual(try size.parseValue("1.5", style: german), .double(1.5))
    XCTAssertEqual(try size.parseValue("125\u{A0}%", style: german), .double(1.25))
    XCTAssertThrowsError(try size.parseValue("1,5", style: .c)) { error in
      guard case ValueError.notANumber = error else { return XCTFail("\(error)") }
    }
    XCTAssertThrowsError(try size.parseValue("4", style: german)) { error in
      XCTAssertTrue("\(error)".contains("0,5 to 3 (50\u{A0}% to 300\u{A0}%)"), "\(error)")
    }
  }

  func testTheRangeReadsInTheUsersLanguage() async throws {
    let size = row("appearance/text-size")
    try Translation.withCatalog(["%1$s to %2$s": "%1$s bis %2$s"]) {
      XCTAssertThrowsError(try size.parseValue("4", style: german)) { error in
        XCTAssertTrue("\(error)".contains("0,5 bis 3 (50\u{A0}% bis 300\u{A0}%)"), "\(error)")
      }
    }
  }
}
