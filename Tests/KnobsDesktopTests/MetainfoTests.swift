import Foundation
import KnobsDesktopModel
import KnobsModel
import XCTest

@testable import KnobsUI
@testable import KnobsDesktop

/// The metainfo (data/dev.knobs.Knobs.metainfo.xml, what software centres show) says what
/// Knobs is now: every page of the panel, the schema pages, the history, every command of the
/// command line, a release for the version in VERSION; its screenshots are checked by
/// tests/data/validate. A page or command added without a word here fails.
@MainActor
final class MetainfoTests: XCTestCase {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  private func read(_ path: String) throws -> String {
    try String(contentsOf: Self.repository.appendingPathComponent(path), encoding: .utf8)
  }

  /// The metainfo's text with XML's character references read.
  private func metainfo() throws -> String {
    try read("data/dev.knobs.Knobs.metainfo.xml").replacingOccurrences(of: "&amp;", with: "&")
  }

  /// The text of every `<li>` of the description.
  private func items(_ text: String) -> [String] {
    text.components(separatedBy: "<li>").dropFirst().compactMap { $0.components(separatedBy: "</li>").first }
  }

  func testEveryPageOfThePanelIsDescribedByItsTitle() async throws {
    let text = try metainfo()
    let panel = referencePanel(
      autostart: AutostartStore(folders: ReferencePanelTests.emptyHome),
      extensions: ShellExtensionRows(find: { ShellExtensions([]) }, folders: []),
      recentChanges: RecentChangesRows(history: ChangeHistory(file: "/nonexistent/knobs/history")),
      allSettings: ReferencePanelTests.allSettings.section, gtkVersion: { "4.8.3" })
    let titles = DesktopAction.all(of: panel).map(\.title) + [ReferencePanelTests.allSettings.section.rows[0].title]
    XCTAssertEqual(titles.count, ReferencePanelTests.pages.count + 2, "the pages, Recent Changes and All Settings")
    let described = items(text).compactMap { $0.components(separatedBy: ":").first }
    for title in titles {
      XCTAssertTrue(described.contains(title), "the metainfo has no “<li>\(title): …</li>” for the page \(title)")
    }
  }

  func testEveryCommandIsNamed() async throws {
    guard let line = items(try metainfo()).first(where: { $0.contains("command line") }) else {
      return XCTFail("the metainfo does not say Knobs has a command line")
    }
    let words = Set(line.components(separatedBy: CharacterSet(charactersIn: " ,:")))
    for command in Completion.commands.map(\.key) where command != "help" {
      XCTAssertTrue(words.contains(command), "the metainfo's command line feature does not name \(command)")
    }
  }

  func testTheVersionInVERSIONHasAReleaseWithADate() async throws {
    let version = try read("VERSION").trimmingCharacters(in: .whitespacesAndNewlines)
    XCTAssertEqual(version, AppInfo.version)
    let text = try metainfo()
    let releases = text.components(separatedBy: "<release ").dropFirst()
    XCTAssertTrue(
      releases.first?.hasPrefix("version=\"\(version)\" date=\"") == true, "the newest release is not \(version)")
    for release in releases {
      let date = release.components(separatedBy: "date=\"").dropFirst().first?.prefix(10) ?? ""
      XCTAssertNotNil(date.wholeMatch(of: /\d{4}-\d{2}-\d{2}/), "a release without a date: \(release.prefix(40))")
      XCTAssertTrue(release.contains("<description>"), "a release without notes: \(release.prefix(40))")
    }
  }

  func testItNamesTheDesktopEntryTheBinaryAndItsTranslations() async throws {
    let text = try metainfo()
    for tag in [
      "<id>\(AppInfo.id)</id>", "<launchable type=\"desktop-id\">\(AppInfo.id).desktop</launchable>",
      "<binary>knobs</binary>", "<translation type=\"gettext\">knobs</translation>",
      "<content_rating type=\"oars-1.1\"/>", "<url type=\"homepage\">\(AppInfo.website)</url>",
      "<url type=\"bugtracker\">\(AppInfo.issues)</url>",
      "<update_contact>\(AppInfo.maintainersAddress)</update_contact>",
    ] {
      XCTAssertTrue(text.contains(tag), "the metainfo has no \(tag)")
    }
    // Its texts go through the po files: the translation check reads POTFILES.in.
    XCTAssertTrue(try read("po/POTFILES.in").contains("data/dev.knobs.Knobs.metainfo.xml"))
  }
}
