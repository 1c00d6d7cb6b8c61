import KnobsModel
import XCTest

final class PathTests: XCTestCase {
  private let panel = Sample.panel()

  /// Rows made elsewhere go into a section as they are, alone or among declared ones.
  @MainActor
  func testASectionTakesAnArrayOfRows() {
    let made = (1...3).map { ValueRow("made-\($0)", "Made \($0)", value: "\($0)").row }
    let alone = Section("alone", "Alone") { made }
    XCTAssertEqual(alone.rows.map(\.id), ["made-1", "made-2", "made-3"])
    let mixed = Section("mixed", "Mixed") {
      ValueRow("first", "First", value: "0")
      made
      ValueRow("last", "Last", value: "4")
    }
    XCTAssertEqual(mixed.rows.map(\.id), ["first", "made-1", "made-2", "made-3", "last"])
  }

  func testEntriesAreDepthFirstInDisplayOrder() {
    XCTAssertEqual(
      panel.entries.map(\.path),
      [
        "appearance/dark-style", "appearance/text-size", "appearance/cursor-size", "appearance/animations",
        "clock/show-seconds", "clock/show-weekday", "clock/format",
        "help/website", "help/feedback", "help/about",
        "help/about/version/number", "help/about/version/storage", "help/about/legal/licenses",
        "help/about/legal/licenses/code/gpl",
        "help/reset-all",
      ])
    XCTAssertEqual(panel.entryCount, 15)
  }

  func testNestedEntriesKnowTheirPagesTwoLevelsDown() throws {
    let gpl = try XCTUnwrap(panel.entry(at: "help/about/legal/licenses/code/gpl"))
    XCTAssertEqual(gpl.row.title, "GNU General Public License")
    XCTAssertEqual(gpl.section.id, "code")
    XCTAssertEqual(gpl.pageTitles, ["About Knobs", "Licenses"])
    XCTAssertEqual(gpl.page.title, "Licenses")
    XCTAssertEqual(gpl.pagePath, "help/about/legal/licenses")
    XCTAssertEqual(gpl.sectionPath, "help/about/legal/licenses/code")

    let version = try XCTUnwrap(panel.entry(at: "help/about/version/number"))
    XCTAssertEqual(version.pageTitles, ["About Knobs"])
    XCTAssertEqual(version.pagePath, "help/about")

    let top = try XCTUnwrap(panel.entry(at: "clock/show-seconds"))
    XCTAssertEqual(top.pageTitles, [])
    XCTAssertEqual(top.page.title, "Knobs")
    XCTAssertEqual(top.pagePath, "")
  }

  func testEntryLookupMatchesEntries() {
    for entry in panel.entries {
      XCTAssertEqual(panel.entry(at: entry.path)?.path, entry.path)
    }
  }

  func testUnknownAndMalformedPathsFindNothing() {
    for path: RowPath in [
      "", "clock", "clock/", "clock/nope", "nope/show-seconds", "clock/show-seconds/x/y",
      "help/website/x/y", "help/about/version", "clock//show-seconds",
    ] {
      XCTAssertNil(panel.entry(at: path), path.description)
    }
  }

  func testSectionPaths() throws {
    let clock = try XCTUnwrap(panel.section(at: "clock"))
    XCTAssertEqual(clock.section.title, "Clock")
    XCTAssertEqual(clock.pagePath, "")
    let version = try XCTUnwrap(panel.section(at: "help/about/version"))
    XCTAssertEqual(version.section.title, "Version")
    XCTAssertEqual(version.page.title, "About Knobs")
    XCTAssertEqual(version.pagePath, "help/about")
    let code = try XCTUnwrap(panel.section(at: "help/about/legal/licenses/code"))
    XCTAssertEqual(code.pagePath, "help/about/legal/licenses")
    XCTAssertNil(panel.section(at: "clock/show-seconds"))
    XCTAssertNil(panel.section(at: "help/website/version"))
    XCTAssertNil(panel.section(at: "nope"))
    XCTAssertEqual(
      panel.sectionPaths,
      ["appearance", "clock", "help", "help/about/version", "help/about/legal", "help/about/legal/licenses/code"])
  }

  func testClosestPathsSuggestNearMisses() {
    XCTAssertEqual(panel.closestPaths(to: "clock/show-second").first, "clock/show-seconds")
    XCTAssertEqual(panel.closestPaths(to: "apperance").first, "appearance")
    XCTAssertEqual(panel.closestPaths(to: "help/about/version/numbr", limit: 1), ["help/about/version/number"])
    XCTAssertEqual(panel.closestPaths(to: "x", limit: 5).count, 5)
    XCTAssertEqual(panel.closestPaths(to: "x", limit: 0), [])
  }

  func testShortPathsLeaveOutSectionsInsideDetailPages() async throws {
    XCTAssertEqual(panel.entry(at: "help/about/number")?.path, "help/about/version/number")
    XCTAssertEqual(panel.entry(at: "help/about/licenses/gpl")?.path, "help/about/legal/licenses/code/gpl")
    XCTAssertNil(panel.entry(at: "help/about/nothing"))
  }
}
