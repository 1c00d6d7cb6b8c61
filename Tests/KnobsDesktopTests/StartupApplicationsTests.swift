import Foundation
import Gtk
import KnobsDesktopModel
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI
@testable import KnobsDesktop

/// The Startup Applications page over a temporary autostart folder: it lists
/// the entries, its switches write the files, the chooser adds an app, the
/// remove button removes one (with Undo), and changes made outside show up.
@MainActor
final class StartupApplicationsTests: GtkTestCase {
  var root: String!
  var store: MemoryStore!
  var window: PanelWindow!
  var panel: Panel!

  var userFolder: String { root + "/config/autostart" }
  var applications: String { root + "/data/applications" }

  static func entry(_ name: String, _ extra: String = "") -> String {
    "[Desktop Entry]\n# kept\nType=Application\nName=\(name)\nExec=/bin/true\n\(extra)"
  }

  func write(_ text: String, _ folder: String, _ name: String) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
  }

  func read(_ name: String) -> String? {
    FileManager.default.contents(atPath: userFolder + "/" + name).map { String(decoding: $0, as: UTF8.self) }
  }

  override func setUp() async throws {
    try await super.setUp()
    root = NSTemporaryDirectory() + "knobs-startup-\(UUID().uuidString)"
    try write(Self.entry("Notes", "Comment=Take notes\nIcon=accessories-text-editor\n"), userFolder, "notes.desktop")
    try write(Self.entry("Chat", "X-GNOME-Autostart-enabled=false\n"), userFolder, "org.example.Chat.desktop")
    try write("this is not a desktop file\n", userFolder, "broken.desktop")
    try write("[Desktop Entry]\nName=Half\n[Desktop Entry]\n", root + "/etc/xdg/autostart", "half.desktop")
    try write(Self.entry("Terminal", "Icon=utilities-terminal\nComment=Run commands\n"), applications, "term.desktop")
    try write(Self.entry("Music Player", "Icon=/nonexistent/music.png\n"), applications, "music.desktop")
    try write(Self.entry("Notes"), applications, "notes.desktop")
    let folders = DesktopFolders(
      userAutostart: userFolder, systemAutostart: [root + "/etc/xdg/autostart"], applications: [applications])
    let panel = Panel("Knobs") {
      Section("apps", "Apps") { startupApplicationsPage(autostart: AutostartStore(folders: folders)) }
    }
    XCTAssertEqual(panel.validate().map(\.description), [])
    self.panel = panel
    store = MemoryStore(defaults: [:])
    window = await makeWindow(panel, store: store)
    window.window.setDefaultSize(width: 640, height: 560)
    window.currentPage.rowView(path: "apps/startup")?.activate()
    await waitUntil("the page opens") { window.pageTitle == "Startup Applications" }
    await settle(0.2)
  }

  override func tearDown() async throws {
    Style.prefersDark = false
    try await super.tearDown()
    try? FileManager.default.removeItem(atPath: root)
  }

  var titles: [String] { window.currentPage.sections[0].rows.map(\.titleText) }

  func row(_ id: String) -> RowView { window.currentPage.rowView(path: "apps/startup/autostart/\(id)")! }

  func testAHundredThousandCharacterNameFromAnotherProgramIsShownCutShort() async throws {
    let name = String(repeating: "A very long\u{1B}[31m name ", count: 4600)
    try write(Self.entry(name, "Comment=\(name)\n"), userFolder, "huge.desktop")
    await waitUntil("the page lists the new entry") { self.titles.count == 5 }
    let shown = row("huge").titleText
    XCTAssertLessThanOrEqual(shown.count, 120)
    XCTAssertTrue(shown.hasPrefix("A very long [31m name A very long"), "control characters are spaces: \(shown)")
    XCTAssertTrue(shown.hasSuffix("…"), "\(shown.suffix(20))")
    XCTAssertLessThanOrEqual(row("huge").subtitleText.count, 300)
    XCTAssertEqual(row("huge").rowButton?.tooltip?.count ?? 0 < 1100, true)
    // The panel stays valid: what another program wrote never stops Knobs from starting.
    XCTAssertEqual(panel.validate().map(\.description), [String]())
    await settle(0.2)
  }

  func testThePageListsEntriesWithSwitchesAndExplainsAFileItLeavesAlone() async throws {
    XCTAssertEqual(titles, ["broken.desktop", "Chat", "Notes", "Add Startup App…"])
    XCTAssertEqual(row("notes").suffixDescription, "switch")
    XCTAssertEqual(row("notes").subtitleText, "Take notes")
    XCTAssertEqual((row("notes").controlWidget as? Switch)?.isOn, true)
    XCTAssertEqual((row("org-example-chat").controlWidget as? Switch)?.isOn, false)
    XCTAssertEqual(row("notes").rowButton?.tooltip, "Remove Notes (Delete)")
    XCTAssertEqual(
      row("broken").subtitleText, "It is not a valid desktop file: line 1 is not a key, a group or a comment.")
    XCTAssertEqual(row("broken").suffixDescription, "value")
    XCTAssertEqual(
      window.currentPage.sections[0].footerText,
      "Left out because they can't be read: \(root!)/etc/xdg/autostart/half.desktop: the group [Desktop Entry] appears twice."
    )
  }

  func testTheSwitchWritesTheFileAndKeepsTheRest() async throws {
    row("notes").listRow.activate()
    XCTAssertEqual(
      read("notes.desktop"),
      Self.entry("Notes", "Comment=Take notes\nIcon=accessories-text-editor\nX-GNOME-Autostart-enabled=false\n"))
    XCTAssertEqual((row("notes").controlWidget as? Switch)?.isOn, false)
    row("org-example-chat").listRow.activate()
    XCTAssertTrue(read("org.example.Chat.desktop")!.contains("X-GNOME-Autostart-enabled=true"))
    XCTAssertEqual(read("broken.desktop"), "this is not a desktop file\n", "a file Knobs can't read is never written")
  }

  func testAddingThroughTheChooserCopiesTheAppAndShowsIt() async throws {
    let chat = row("org-example-chat")
    row(StartupApplicationRows.addRowID).activate()
    let chooser = try XCTUnwrap(window.chooser)
    XCTAssertEqual(chooser.visibleNames, ["Music Player", "Terminal"], "Notes is listed already")
    await waitUntil("the search field has the focus") { chooser.search.containsFocus }
    chooser.search.text = "COMMANDS"
    chooser.filter(chooser.search.text)
    XCTAssertEqual(chooser.visibleNames, ["Terminal"])
    chooser.filter("nothing like it")
    XCTAssertEqual(chooser.visibleNames, [])
    chooser.search.text = ""
    chooser.filter("")
    chooser.search.pressEnter()
    XCTAssertNotNil(window.chooser, "Enter with nothing typed adds nothing")
    chooser.search.text = "term"
    chooser.filter("term")
    chooser.search.pressEnter()
    XCTAssertNil(window.chooser)
    XCTAssertEqual(read("term.desktop"), Self.entry("Terminal", "Icon=utilities-terminal\nComment=Run commands\n"))
    await waitUntil("the new row shows") { self.titles.contains("Terminal") }
    XCTAssertEqual(titles, ["broken.desktop", "Chat", "Notes", "Terminal", "Add Startup App…"])
    XCTAssertTrue(row("org-example-chat") === chat, "rows found again keep their widgets")
    XCTAssertEqual(window.currentPage.list.count, 5)
    XCTAssertEqual(window.toast.message, "“Terminal” will start when you log in")
    window.toast.perform("Undo")
    XCTAssertNil(read("term.desktop"))
    await waitUntil("the row goes") { !self.titles.contains("Terminal") }
  }

  func testRemovingDeletesTheFileAndUndoPutsItBack() async throws {
    let before = read("notes.desktop")
    let notes = row("notes")
    row("notes").pressButton()
    XCTAssertNil(read("notes.desktop"))
    XCTAssertEqual(titles, ["broken.desktop", "Chat", "Add Startup App…"])
    XCTAssertEqual(window.toast.message, "“Notes” won't start when you log in")
    XCTAssertFalse(window.currentPage.builtRows.contains { $0 === notes })
    window.toast.perform("Undo")
    XCTAssertEqual(read("notes.desktop"), before)
    XCTAssertEqual(titles, ["broken.desktop", "Chat", "Notes", "Add Startup App…"])
  }

  func testAFileAddedOutsideKnobsShowsUp() async throws {
    try write(Self.entry("Backup"), userFolder, "backup.desktop")
    await waitUntil("the folder's change shows", timeout: 5) { self.titles.contains("Backup") }
    window.showSearchResults(for: "backup")
    XCTAssertEqual(window.search.resultPaths, ["apps/startup/autostart/backup"])
    window.endSearch()
  }

  func testScreenshotsLightAndDark() async throws {
    let directory = Self.artifactsDirectory
    XCTAssertTrue(window.window.savePNG(to: directory + "/startup-light.png"))
    Style.prefersDark = true
    await settle(0.3)
    XCTAssertTrue(window.window.savePNG(to: directory + "/startup-dark.png"))
    row(StartupApplicationRows.addRowID).activate()
    let chooser = try XCTUnwrap(window.chooser)
    await settle(0.3)
    XCTAssertTrue(chooser.window.savePNG(to: directory + "/startup-chooser-dark.png"))
    Style.prefersDark = false
    await settle(0.3)
    XCTAssertTrue(chooser.window.savePNG(to: directory + "/startup-chooser-light.png"))
    chooser.close()
  }
}
