import KnobsModel
import XCTest

@MainActor
final class SearchTests: XCTestCase {
  private var store: MemoryStore!
  private var search: PanelSearch!

  override func setUp() async throws {
    store = Sample.store()
    search = PanelSearch(panel: Sample.panel())
  }

  private func paths(_ query: String) -> [String] {
    search.search(query, settings: SettingsReader(store)).flatMap { $0.entries.map(\.path.description) }
  }

  func testCaseInsensitiveSubstrings() async {
    XCTAssertEqual(paths("SEC"), ["clock/show-seconds"])
    XCTAssertEqual(paths("show"), ["clock/show-seconds", "clock/show-weekday"])
  }

  func testAccentsAreIgnoredBothWays() async {
    let panel = Panel("P") {
      Section("docs", "Documents") {
        ValueRow("resume", "Résumé", value: "1")
        ValueRow("cafe", "Cafe", value: "1")
      }
    }
    let search = PanelSearch(panel: panel)
    let reader = SettingsReader(store)
    XCTAssertEqual(search.search("resume", settings: reader).first?.entries.map(\.path), ["docs/resume"])
    XCTAssertEqual(search.search("RÉSUMÉ", settings: reader).first?.entries.map(\.path), ["docs/resume"])
    XCTAssertEqual(search.search("café", settings: reader).first?.entries.map(\.path), ["docs/cafe"])
  }

  func testEveryWordMustMatch() async {
    XCTAssertEqual(paths("show sec"), ["clock/show-seconds"])
    XCTAssertEqual(paths("sec show"), ["clock/show-seconds"])
    XCTAssertEqual(paths("show banana"), [])
  }

  func testKeywordsSubtitlesSectionTitlesAndFooters() async {
    XCTAssertEqual(paths("night"), ["appearance/dark-style"])
    XCTAssertEqual(paths("dark colors"), ["appearance/dark-style"])
    XCTAssertEqual(paths("appearance text"), ["appearance/text-size"])
    XCTAssertEqual(paths("clock reads format"), ["clock/format"])
  }

  func testLiveSubtitlesAndFootersFollowTheStore() async throws {
    XCTAssertEqual(paths("glide"), ["appearance/animations"])
    XCTAssertEqual(paths("snap"), [])
    try store.write(false, for: Keys.animations)
    XCTAssertEqual(paths("glide"), [])
    XCTAssertEqual(paths("snap"), ["appearance/animations"])

    XCTAssertEqual(paths("14:05:09"), [])
    try store.write(true, for: Keys.showSeconds)
    XCTAssertEqual(paths("14:05:09 seconds"), ["clock/show-seconds"])
  }

  func testNestedPageRowsCarryTheirPageTrail() async throws {
    let groups = search.search("licence", settings: SettingsReader(store))
    XCTAssertEqual(groups.count, 1)
    let group = try XCTUnwrap(groups.first)
    XCTAssertEqual(group.pageTitles, ["About Knobs", "Licenses"])
    XCTAssertEqual(group.sectionPath, "help/about/legal/licenses/code")
    XCTAssertEqual(group.pagePath, "help/about/legal/licenses")
    XCTAssertEqual(group.section.id, "code")
    XCTAssertEqual(group.entries.map(\.path), ["help/about/legal/licenses/code/gpl"])
    XCTAssertEqual(paths("about version"), ["help/about/version/number", "help/about/version/storage"])
  }

  func testPageTitlesMatchRowsBelowThem() async {
    XCTAssertEqual(
      paths("about knobs"),
      [
        "help/about", "help/about/version/number", "help/about/version/storage", "help/about/legal/licenses",
        "help/about/legal/licenses/code/gpl",
      ])
  }

  func testHiddenRowsAndSectionsDoNotMatch() async throws {
    XCTAssertEqual(paths("weekday"), ["clock/show-weekday"])
    try store.write("12h", for: Keys.clockFormat)
    XCTAssertEqual(paths("weekday"), [], "hidden by its condition")

    let panel = Panel("P") {
      Section("extra", "Extra") {
        ValueRow("one", "Gadget", value: "1")
        DetailRow("more", "More") { Section("inner", "Inner") { ValueRow("two", "Gadget two", value: "2") } }
          .visible(when: .isOn(Keys.animations))
      }
      .visible(when: .isOn(Keys.showSeconds))
    }
    let search = PanelSearch(panel: panel)
    let reader = SettingsReader(store)
    XCTAssertEqual(search.search("gadget", settings: reader).count, 0, "section hidden while seconds are off")
    try store.write(true, for: Keys.showSeconds)
    XCTAssertEqual(
      search.search("gadget", settings: reader).flatMap { $0.entries.map(\.path.description) },
      ["extra/one", "extra/more/inner/two"])
    try store.write(false, for: Keys.animations)
    XCTAssertEqual(
      search.search("gadget", settings: reader).flatMap { $0.entries.map(\.path.description) }, ["extra/one"],
      "rows under a hidden detail row are hidden too")
  }

  func testGroupsArePerSectionPerPageInPanelOrder() async {
    let groups = search.search("e", settings: SettingsReader(store))
    XCTAssertEqual(
      groups.map(\.sectionPath),
      ["appearance", "clock", "help", "help/about/version", "help/about/legal", "help/about/legal/licenses/code"])
    let order = Sample.panel().entries.map(\.path)
    for group in groups {
      let positions = group.entries.map { order.firstIndex(of: $0.path)! }
      XCTAssertEqual(positions, positions.sorted(), "rows of \(group.sectionPath) out of order")
    }
    XCTAssertEqual(groups[2].entries.map(\.path), ["help/website", "help/feedback", "help/about", "help/reset-all"])
    XCTAssertEqual(groups.first?.entries.map(\.path).first, "appearance/dark-style")
  }

  func testBlankQueryGivesNoGroups() async {
    XCTAssertTrue(search.search("", settings: SettingsReader(store)).isEmpty)
    XCTAssertTrue(search.search("  \t ", settings: SettingsReader(store)).isEmpty)
  }
}
