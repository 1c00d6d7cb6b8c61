import Foundation
import Gtk
import KnobsDesktopModel
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI
@testable import KnobsDesktop

/// Knobs at home on the desktop: the desktop entry's actions are the panel's
/// pages, and the Shell's search provider answers as the window's search does,
/// within bounds whatever it is asked.
@MainActor
final class DesktopIntegrationTests: GtkTestCase {
  /// The shipped panel with its history page, as `knobs` makes it.
  let panel = referencePanel(
    autostart: AutostartStore(folders: ReferencePanelTests.emptyHome),
    extensions: ShellExtensionRows(find: { ShellExtensions([]) }, folders: []),
    recentChanges: RecentChangesRows(history: ChangeHistory(file: "/nonexistent/knobs/history")),
    allSettings: ReferencePanelTests.allSettings.section, gtkVersion: { "4.8.3" })
  var store: GSettingsStore!

  override func setUp() async throws {
    try await super.setUp()
    store = GSettingsStore(source: SchemaSource())
  }

  private func provider() -> SearchProvider {
    let routed = panel.connectRowSources(to: store)
    return SearchProvider { [panel] in (panel, routed) }
  }

  /// The desktop entry in the source tree, as groups of key-value lines.
  private func desktopEntry() throws -> [String: [String: String]] {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("data/dev.knobs.Knobs.desktop")
    var groups: [String: [String: String]] = [:]
    var group = ""
    for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
      if line.hasPrefix("[") && line.hasSuffix("]") {
        group = String(line.dropFirst().dropLast())
      } else if let equals = line.firstIndex(of: "=") {
        groups[group, default: [:]][String(line[..<equals])] = String(line[line.index(after: equals)...])
      }
    }
    return groups
  }

  func testTheDesktopEntryOffersEveryPageAsAnActionThatOpensIt() async throws {
    let entry = try desktopEntry()
    let actions = DesktopAction.all(of: panel)
    XCTAssertEqual(
      actions.map(\.name), ReferencePanelTests.pages.map(\.0) + ["recent-changes"],
      "every page of the desktop panel, and Recent Changes")
    XCTAssertEqual(entry["Desktop Entry"]?["Actions"], actions.map { $0.name + ";" }.joined())
    XCTAssertEqual(entry["Desktop Entry"]?["DBusActivatable"], "true")
    for action in actions {
      let group = entry["Desktop Action \(action.name)"]
      XCTAssertEqual(group?["Name"], action.title, action.name)
      XCTAssertEqual(group?["Exec"], "knobs --open \(action.path)", action.name)
      // The path opens the page: it names the page's first section.
      guard case .section(let sectionPath, _, _) = panel.resolve(action.path) else {
        return XCTFail("\(action.path) names no section")
      }
      XCTAssertEqual(sectionPath.droppingLast(1).description.split(separator: "/").last.map(String.init), action.name)
    }
  }

  func testTheServiceOptionIsAcceptedAlone() async throws {
    XCTAssertEqual(try Invocation.parse(["--gapplication-service"]), .own(.service))
    XCTAssertThrowsError(try Invocation.parse(["--gapplication-service", "x"]))
  }

  /// Knobs' commands on its rows are every panel application's, parsed the same way.
  func testTheCommandsOnTheRowsAreThoseOfEveryPanelApplication() async throws {
    let commands = [
      ["list", "--json", "schema/org.gnome.desktop.interface"], ["get", "--raw", "clock/show-seconds"],
      ["set", "--replace", "--force", "fonts/text-size", "1.25"], ["reset", "appearance/dark-style"],
      ["explain", "--json", "clock/show-seconds"],
    ]
    for arguments in commands {
      let own = try Invocation.parse(arguments)
      let shared = try ApplicationInvocation<Never>.parse(arguments, program: "knobs", examples: Invocation.examples)
      guard case .command(let command) = own, case .command(let same) = shared else {
        return XCTFail("\(arguments) is no command on the rows")
      }
      XCTAssertEqual(command, same)
    }
  }

  func testSearchFindsTheWindowsRowsInItsOrderAtMostTwenty() async {
    let search = provider()
    let window = PanelSearch(panel: panel, entries: panel.searchableEntries)
      .results(for: "dark", settings: SettingsReader(panel.connectRowSources(to: store)))
    let expected = window.groups.flatMap(\.entries).map(\.path.description)
    XCTAssertEqual(search.resultIDs(for: ["dark"]), Array(expected.prefix(20)))
    XCTAssertTrue(search.resultIDs(for: ["dark"]).contains("desktop/appearance/style/dark-style"))
    XCTAssertTrue(search.resultIDs(for: ["show", "seconds"]).contains("desktop/top-bar/clock/show-seconds"))
    // Close matches as in the window.
    XCTAssertTrue(search.resultIDs(for: ["seconsd"]).contains("desktop/top-bar/clock/show-seconds"))
    XCTAssertLessThanOrEqual(search.resultIDs(for: ["e"]).count, SearchProvider.resultLimit)
    XCTAssertEqual(search.resultIDs(for: []), [])
    XCTAssertEqual(search.resultIDs(for: ["", "  "]), [])
  }

  func testMetasNameTheRowWhereItIsAndItsValue() async {
    let metas = provider().metas(for: ["desktop/appearance/style/dark-style", "no/such/row", "help/about"])
    XCTAssertEqual(metas.count, 2, "an unknown id is left out")
    let dark = Dictionary(uniqueKeysWithValues: metas[0].map { ($0.key, $0.value) })
    XCTAssertEqual(dark["id"], "desktop/appearance/style/dark-style")
    XCTAssertEqual(dark["name"], "Dark Style")
    XCTAssertEqual(dark["description"], "Appearance › Style — off")
    XCTAssertEqual(dark["gicon"], "dev.knobs.Knobs")
    let about = Dictionary(uniqueKeysWithValues: metas[1].map { ($0.key, $0.value) })
    XCTAssertEqual(about["name"], "About Knobs")
    XCTAssertEqual(about["description"], "Help")
  }

  /// Names and descriptions come from other programs (an extension's name, a schema's summary):
  /// the Shell gets them through one sanitiser, never with a raw control or bidi override, and bounded.
  func testMetasHandTheShellNoControlsAndBoundedText() async {
    let hostile = "Files\u{202E}txt.exe\u{1B}[2J\u{7}" + String(repeating: "z", count: 10_000)
    let panel = Panel(
      title: "Hostile", sections: [Section("s", "Sec\u{202E}tion\u{1B}") { ValueRow("r", hostile, value: "v") }])
    let provider = SearchProvider { (panel, MemoryStore(defaults: [:])) }
    let metas = provider.metas(for: ["s/r", String(repeating: "s/r/", count: 800)])
    XCTAssertEqual(metas.count, 1, "an id longer than any path names nothing")
    for (key, value) in metas[0] where key != "id" {
      XCTAssertFalse(
        value.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" },
        "\(key): \(value.prefix(80).debugDescription)")
      XCTAssertLessThanOrEqual(value.count, String.shellLength + 40, key)
    }
    let name = metas[0].first { $0.key == "name" }?.value ?? ""
    XCTAssertTrue(name.hasPrefix("Files\\u{202e}txt.exe\\u{1b}[2J\\u{7}zzz"), name.prefix(80).description)
  }

  func testTermsOfAnySizeOrScriptAreBounded() async {
    let huge = String(repeating: "ab ", count: 34_000)
    let query = SearchProvider.bounded([huge] + Array(repeating: "x", count: 1000))
    XCTAssertLessThanOrEqual(query.utf8.count, SearchProvider.termBytesLimit)
    XCTAssertLessThanOrEqual(
      SearchProvider.bounded(Array(repeating: "word", count: 1000)).split(separator: " ").count,
      SearchProvider.termLimit)
    // A term is cut between characters, never inside one.
    let hebrew = SearchProvider.bounded([String(repeating: "ש", count: 2000)])
    XCTAssertEqual(hebrew.utf8.count, 1024)
    XCTAssertEqual(hebrew, String(repeating: "ש", count: 512))
    XCTAssertEqual(SearchProvider.bounded(["dark\u{0}\u{1}\u{1B}[31m\u{9B}style"]), "dark   [31m style")
    let search = provider()
    let started = Date()
    for terms in [
      [huge], ["\u{202E}dark\u{202C}", "\u{200F}"], ["\u{1}\u{2}\u{7F}"], Array(repeating: "zzzzzzzzzz", count: 5000),
      [String(repeating: "é", count: 100_000)], ["dark", String(repeating: "x", count: 100_000)],
    ] {
      XCTAssertLessThanOrEqual(search.resultIDs(for: terms).count, SearchProvider.resultLimit)
    }
    XCTAssertLessThan(Date().timeIntervalSince(started), 5, "bounded terms are searched quickly")
  }
}
