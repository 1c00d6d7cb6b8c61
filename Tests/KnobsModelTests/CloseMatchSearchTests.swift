import KnobsModel
import XCTest

/// Search falling back to close words when a query has no exact match.
@MainActor
final class CloseMatchSearchTests: XCTestCase {
  private var store: MemoryStore!
  private var search: PanelSearch!

  override func setUp() async throws {
    store = Sample.store()
    search = PanelSearch(panel: Sample.panel())
  }

  private func results(_ query: String) -> (paths: [String], close: Bool) {
    let results = search.results(for: query, settings: SettingsReader(store))
    return (results.groups.flatMap { $0.entries.map(\.path.description) }, results.areCloseMatches)
  }

  func testAMistypedWordFindsTheRowItMeant() async {
    XCTAssertEqual(results("dark stile").paths, ["appearance/dark-style"])
    XCTAssertTrue(results("dark stile").close)
    XCTAssertEqual(results("seconsd").paths, ["clock/show-seconds"], "two letters swapped are one edit")
    XCTAssertEqual(results("apperance text").paths, ["appearance/text-size"], "a letter left out")
    XCTAssertEqual(
      results("licensse").paths, ["help/about/legal/licenses", "help/about/legal/licenses/code/gpl"],
      "a letter too many")
  }

  func testExactMatchesComeFirstAndAreNotCalledClose() async {
    XCTAssertEqual(results("dark").paths, ["appearance/dark-style"])
    XCTAssertFalse(results("dark").close)
    XCTAssertEqual(results("show sec").paths, ["clock/show-seconds"])
    XCTAssertEqual(
      search.results(for: "show", settings: SettingsReader(store)).rowCount,
      search.search("show", settings: SettingsReader(store)).reduce(0) { $0 + $1.entries.count })
  }

  func testAWordBeingTypedMatchesTheBeginningOfAWord() async {
    XCTAssertEqual(results("anmia").paths, ["appearance/animations"])
    XCTAssertTrue(results("anmia").close)
  }

  func testShortAndFarWordsFindNothing() async {
    XCTAssertEqual(results("drk").paths, [], "words under four letters must match as typed")
    XCTAssertEqual(results("banana").paths, [])
    XCTAssertFalse(results("banana").close)
    XCTAssertEqual(results("dark banana").paths, [], "every word must still match")
    XCTAssertEqual(results("").paths, [])
  }

  func testHiddenRowsStayHidden() async throws {
    XCTAssertEqual(results("shwo").paths, ["clock/show-seconds", "clock/show-weekday"])
    try store.write("12h", for: Keys.clockFormat)
    XCTAssertEqual(results("shwo").paths, ["clock/show-seconds"])
  }

  func testLiveTextMatchesCloseWordsToo() async {
    // "windows" is a word of Dark Style's subtitle; Animations has it only in its live one.
    XCTAssertEqual(results("windws").paths, ["appearance/dark-style", "appearance/animations"])
  }

  func testAtMostEightCloseWordsStandInForAQueryWord() async {
    let panel = Panel("P") {
      Section("tones", "Tones") {
        for number in 1...9 { ValueRow("tone\(number)", "Tone\(number)", value: "") }
      }
    }
    let results = PanelSearch(panel: panel).results(for: "tane", settings: SettingsReader(store))
    XCTAssertTrue(results.areCloseMatches)
    XCTAssertEqual(results.groups.first?.entries.map(\.path.description), (1...8).map { "tones/tone\($0)" })
  }
}
