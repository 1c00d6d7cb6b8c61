import Foundation
import Gtk
import KnobsModel
import XCTest

@testable import KnobsUI
@testable import knobs

/// The panel Knobs ships, rendered: its sections, the live clock footer, dark
/// style, and screenshots for people to look at.
@MainActor
final class ReferencePanelTests: GtkTestCase {
  var store: MemoryStore!
  var window: PanelWindow!
  var style: DesktopStyle!

  /// The defaults of `org.gnome.desktop.interface` for the keys the panel shows.
  static func interfaceStore() -> MemoryStore {
    MemoryStore(defaults: [
      .colorScheme: "default", .textScalingFactor: 1.0, .enableAnimations: true, .cursorSize: 24,
      .clockShowWeekday: false, .clockShowSeconds: false, .clockFormat: "24h",
    ])
  }

  /// Folders with no startup entries, so the tests never read the real home's.
  static let emptyHome = DesktopFolders(
    userAutostart: "/nonexistent/knobs/autostart", systemAutostart: [], applications: [])

  static func panel(gtkVersion: @escaping @MainActor () -> String = { Style.gtkVersion }) -> Panel {
    referencePanel(autostart: AutostartStore(folders: emptyHome), gtkVersion: gtkVersion)
  }

  override func setUp() async throws {
    try await super.setUp()
    store = Self.interfaceStore()
    style = DesktopStyle(following: store)
    window = await makeWindow(Self.panel(), store: store)
    window.window.setDefaultSize(width: 640, height: 900)
    await settle(0.3)
  }

  override func tearDown() async throws {
    style = nil
    Style.prefersDark = false
    Style.animationsEnabled = false
    try await super.tearDown()
  }

  func testTheReferencePanelIsValidAndShowsItsSections() async throws {
    XCTAssertEqual(Self.panel { "4.8.3" }.validate(), [])
    let titles = window.currentPage.sections.map { $0.section.title }
    XCTAssertEqual(titles, ["Appearance", "Clock", "Fonts", "Windows", "Apps", "Reach Out", "Help", nil])
    XCTAssertEqual(
      window.currentPage.sections[0].rows.map(\.titleText),
      ["Dark Style", "Text Size", "Animations", "Cursor Size", "Icons", "Cursor", "Background"])
  }

  func testSearchWithATypoShowsCloseMatchesAndSaysSo() async throws {
    window.showSearchResults(for: "dark stile")
    XCTAssertEqual(window.search.resultPaths, ["appearance/dark-style"])
    XCTAssertEqual(window.search.closeMatchNotice, "No exact matches; showing close matches for “dark stile”")
    window.showSearchResults(for: "seconsd")
    XCTAssertEqual(window.search.resultPaths, ["clock/show-seconds"])
    XCTAssertEqual(window.search.closeMatchNotice, "No exact matches; showing close matches for “seconsd”")
    window.showSearchResults(for: "dark")
    XCTAssertEqual(window.search.resultPaths, ["appearance/dark-style"])
    XCTAssertNil(window.search.closeMatchNotice, "exact matches need no notice")
    window.showSearchResults(for: "zzzzz")
    XCTAssertEqual(window.search.resultPaths, [])
    XCTAssertNil(window.search.closeMatchNotice, "no results say “No Results Found” instead")
    window.endSearch()
  }

  func testClockFooterFollowsShowSecondsAndTheTimeFormat() async throws {
    let clock = window.currentPage.sections[1]
    let before = clock.footerText
    XCTAssertTrue(before.hasPrefix("The clock will read"), before)
    XCTAssertNil(before.range(of: #"\d:\d\d:\d\d"#, options: .regularExpression), "no seconds yet: \(before)")
    window.currentPage.rowView(path: "clock/show-seconds")?.listRow.activate()
    XCTAssertNotNil(clock.footerText.range(of: #"\d:\d\d:\d\d"#, options: .regularExpression), clock.footerText)
    try store.write("12h", for: .clockFormat)
    XCTAssertTrue(clock.footerText.contains("AM") || clock.footerText.contains("PM"), clock.footerText)
  }

  func testDarkStyleRowSwitchesKnobsItselfToDark() async throws {
    XCTAssertFalse(Style.prefersDark)
    window.currentPage.rowView(path: "appearance/dark-style")?.listRow.activate()
    XCTAssertEqual(store.value(for: .colorScheme), "prefer-dark")
    XCTAssertTrue(Style.prefersDark, "the app follows color-scheme")
  }

  func testBrokenPanelIsRefusedWithItsRowPath() async throws {
    let broken = Panel("Broken") {
      Section("links", "Links") { LinkRow("bad", "Bad", url: "file:///etc/passwd") }
    }
    var lines: [String] = []
    XCTAssertEqual(PanelCheck.run(broken, report: { lines.append($0) }), 2)
    XCTAssertTrue(lines.contains { $0.contains("links/bad") }, lines.joined(separator: "\n"))
  }

  func testScreenshotsInLightDarkAndADetailPage() async throws {
    let directory = Self.artifactsDirectory
    XCTAssertTrue(window.window.savePNG(to: directory + "/reference-light.png"))
    try store.write("prefer-dark", for: .colorScheme)
    await settle(0.3)
    XCTAssertTrue(window.window.savePNG(to: directory + "/reference-dark.png"))
    try store.write("default", for: .colorScheme)
    window.open(path: "help/about")
    window.currentPage.rowView(path: "help/about")?.listRow.activate()
    await waitUntil("the About page shows") { window.pageTitle == "About Knobs" }
    await settle(0.3)
    XCTAssertTrue(window.window.savePNG(to: directory + "/reference-about.png"))
    for name in ["reference-light", "reference-dark", "reference-about"] {
      let size = (try? FileManager.default.attributesOfItem(atPath: "\(directory)/\(name).png")[.size] as? Int) ?? 0
      XCTAssertGreaterThan(size, 10_000, "\(name).png looks empty")
    }
    print("Screenshots saved in \(directory)")
  }
}
