import Foundation
import XCTest

@testable import KnobsDesktop

/// The Clock footer's preview names the weekday in the user's language.
@MainActor
final class ClockPreviewTests: XCTestCase {
  /// Monday 2024-01-15 12:00 UTC: a Monday in every time zone within eleven hours of UTC.
  private let monday = Date(timeIntervalSince1970: 1_705_320_000)

  func testWeekdayFollowsTheTimeLocale() async {
    let preview = ClockPreview(showWeekday: true, showSeconds: false, twelveHour: false)
    XCTAssertEqual(preview.format, "%a %R")
    XCTAssertTrue(preview.text(for: monday, locale: "C").hasPrefix("Mon "), preview.text(for: monday, locale: "C"))
    let german = preview.text(for: monday, locale: "de_DE.UTF-8")
    XCTAssertTrue(german.hasPrefix("Mo "), german)
    XCTAssertNotNil(german.range(of: #"^Mo \d\d:\d\d$"#, options: .regularExpression), german)
  }

  func testTwelveHourClockDropsAnEmptyAMPM() async {
    let preview = ClockPreview(showWeekday: false, showSeconds: true, twelveHour: true)
    let english = preview.text(for: monday, locale: "C")
    XCTAssertNotNil(english.range(of: #"^\d{1,2}:\d\d:\d\d [AP]M$"#, options: .regularExpression), english)
    // German has no AM/PM names: no trailing space is left.
    let german = preview.text(for: monday, locale: "de_DE.UTF-8")
    XCTAssertNotNil(german.range(of: #"^\d{1,2}:\d\d:\d\d$"#, options: .regularExpression), german)
  }
}
