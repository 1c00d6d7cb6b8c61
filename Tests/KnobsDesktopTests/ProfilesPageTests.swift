import Foundation
import Gtk
import KnobsDesktopModel
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI
@testable import KnobsDesktop

/// The window's Profiles page, over GSettings' memory backend and a profiles folder of the
/// test's own: the current settings saved under a name asked and checked as the command line
/// checks it; Apply shows the profile's changes and resets on the Import Preview before
/// anything is written; Delete asks first and can be undone; a profile that can't be applied
/// says why in words and writes nothing.
@MainActor
final class ProfilesPageTests: GtkTestCase {
  static let seconds = SettingKey(schema: "org.gnome.desktop.interface", key: "clock-show-seconds")
  static let cursor = SettingKey(schema: "org.gnome.desktop.interface", key: "cursor-size")
  static let format = SettingKey(schema: "org.gnome.desktop.interface", key: "clock-format")
  var folder: String!
  var store: GSettingsStore!
  var rows: ProfileRows!
  var window: PanelWindow!

  override func setUp() async throws {
    try await super.setUp()
    folder = NSTemporaryDirectory() + "knobs-profiles-\(UUID().uuidString)"
    store = GSettingsStore(source: SchemaSource())
    for key in [Self.seconds, Self.cursor, Self.format] { try? store.reset(key) }
    let preview = ImportPreviewRows(history: nil)
    rows = ProfileRows(profiles: SettingsProfiles(folder: folder), preview: preview)
    let panel = Panel("Knobs") {
      Section("top-bar") { ToggleRow("show-seconds", "Show Seconds", key: Self.seconds) }
      Section("history") {
        DetailRow("recent-changes", "Recent Changes") { Section("changes") { ValueRow("none", "None", value: "") } }
        importPage(preview)
        profilesPage(rows)
      }
    }
    preview.name(by: panel)
    preview.importsInto(store)
    rows.name(by: panel)
    window = await makeWindow(panel, store: store)
    window.window.setDefaultSize(width: 640, height: 700)
  }

  override func tearDown() async throws {
    window?.window.close()
    for key in [Self.seconds, Self.cursor, Self.format] { try? store.reset(key) }
    try? FileManager.default.removeItem(atPath: folder)
    try await super.tearDown()
  }

  private var shownTitles: [String] {
    window.currentPage.shown.map { window.currentPage.rowView(at: $0).titleText }
  }

  private func file(_ name: String) -> String { folder + "/" + name + ".ini" }

  private func activate(_ path: RowPath) async throws {
    try XCTUnwrap(window.currentPage.rowView(path: path), path.description).activate()
    await settle()
  }

  private func saveAs(_ names: [String]) async throws -> TextDialog {
    XCTAssertTrue(window.open("history/profiles/save/save"))
    try await activate("history/profiles/save/save")
    let dialog = try XCTUnwrap(window.textDialog, "a name is asked")
    XCTAssertTrue(dialog.entry.hasAccessibleLabel("Profile Name"))
    for name in names {
      dialog.entry.text = name
      dialog.answer()
      await settle(0.05)
    }
    return dialog
  }

  func testSavedAppliedThroughThePreviewUndoneAndDeleted() async throws {
    XCTAssertTrue(window.open("history/profiles/save"))
    await settle()
    XCTAssertEqual(shownTitles, ["Save Current Settings as Profile…", "No Profiles Yet"])
    let save = try XCTUnwrap(window.currentPage.rowView(path: "history/profiles/save/save"))
    XCTAssertTrue(save.listRow.hasAccessibleLabel("Save Current Settings as Profile…"), "announced by its title")

    // What other tests of this process left set in the memory backend is saved too.
    let before = store.exportEntries(all: false, ownSchema: AppInfo.id, dconf: DconfPaths.read()).count
    try store.write(48, for: Self.cursor)
    try store.write(true, for: Self.seconds)
    _ = try await saveAs(["Work"])
    let text = try String(contentsOfFile: file("Work"), encoding: .utf8)
    XCTAssertTrue(text.hasPrefix("# Knobs profile: Work\n"), text)
    XCTAssertTrue(text.contains("cursor-size=48\n") && text.contains("clock-show-seconds=true\n"), text)
    XCTAssertEqual(window.toast.message, "The profile Work holds \(before + 2) settings.", "said once it is stored")
    XCTAssertEqual(window.pageTitle, "Profiles", "the list shows it")
    XCTAssertEqual(shownTitles, ["Save Current Settings as Profile…", "Work"])
    let apply = try XCTUnwrap(rows.path(of: "Work")).appending("profile", "apply")
    XCTAssertEqual(rows.path(of: "Work"), "history/profiles/saved/work")

    // Back at work: the cursor as it was, a 12-hour clock.
    try store.reset(Self.cursor)
    try store.write("12h", for: Self.format)
    window.toast.dismiss()
    XCTAssertTrue(window.open(apply))
    XCTAssertEqual(window.pageTitle, "Work")
    try await activate(apply)
    await waitUntil("the preview opens") { self.window.pageTitle == "Import Preview" }
    XCTAssertEqual(store.value(for: Self.cursor), 24, "nothing is written before Apply")
    let changes = RowPath("history/import/changes")
    let subtitles = (0..<2).compactMap {
      window.currentPage.rowView(path: changes.appending("change-\($0)"))?.subtitleText
    }
    XCTAssertEqual(
      subtitles,
      [
        "/org/gnome/desktop/interface/cursor-size\n(default) → 48",
        "/org/gnome/desktop/interface/clock-format\n'12h' → (default)",
      ],
      "a key set now and not in the profile is reset")
    let headers = window.currentPage.sections.compactMap { $0.section.header?.text(SettingsReader(window.store)) }
    XCTAssertEqual(headers.first, "“Work” changes 2 settings. Uncheck what should stay as it is.")

    try await activate("history/import/apply/apply")
    await waitUntil("the profile is applied") { self.window.toast.message != nil }
    XCTAssertEqual(window.toast.message, "2 settings imported from “Work”")
    XCTAssertEqual(store.value(for: Self.cursor), 48)
    XCTAssertEqual(store.value(for: Self.format), "24h")
    XCTAssertEqual(store.value(for: Self.seconds), true)
    window.toast.perform("Undo")
    await settle()
    XCTAssertEqual(store.value(for: Self.cursor), 24, "one Undo takes the whole profile back")
    XCTAssertEqual(store.value(for: Self.format), "12h")

    // Delete asks; Cancel keeps the file.
    let page = try XCTUnwrap(rows.path(of: "Work"))
    XCTAssertTrue(window.open(page.appending("profile")))
    await settle()
    XCTAssertEqual(shownTitles, ["Apply Profile…", "Delete Profile"])
    for index in window.currentPage.shown {
      let row = window.currentPage.rowView(at: index)
      XCTAssertTrue(row.listRow.hasAccessibleLabel(row.titleText), "\(row.titleText) is announced by its title")
    }
    try await activate(page.appending("profile", "delete"))
    let asked = try XCTUnwrap(window.pendingDialog, "Delete asks first")
    asked.close()
    await settle()
    XCTAssertTrue(FileManager.default.fileExists(atPath: file("Work")), "cancelled: nothing is deleted")
    try await activate(page.appending("profile", "delete"))
    try XCTUnwrap(window.pendingDialog).confirm()
    await waitUntil("the profile is deleted") { !FileManager.default.fileExists(atPath: self.file("Work")) }
    await waitUntil("the window says so") { self.window.toast.message == "The profile Work was deleted" }
    XCTAssertEqual(window.pageTitle, "Profiles")
    XCTAssertEqual(shownTitles, ["Save Current Settings as Profile…", "No Profiles Yet"])
    window.toast.perform("Undo")
    await settle()
    XCTAssertEqual(try String(contentsOfFile: file("Work"), encoding: .utf8), text, "Undo brings the file back whole")
    XCTAssertEqual(rows.path(of: "Work"), "history/profiles/saved/work")
  }

  func testAProfileOfTheChosenPagesKeepsAndResetsOnlyTheirSettings() async throws {
    window.window.close()
    let preview = ImportPreviewRows(history: nil)
    let scoped = ProfileRows(profiles: SettingsProfiles(folder: folder), preview: preview)
    let panel = Panel("Knobs") {
      Section("desktop") {
        DetailRow("clock", "Clock") {
          Section("main") {
            ToggleRow("show-seconds", "Show Seconds", key: Self.seconds)
            ChoiceRow("format", "Format", key: Self.format, options: [("24h", "24-hour"), ("12h", "12-hour")])
          }
        }
        DetailRow("pointer", "Pointer") {
          Section("main") { NumberRow("size", "Size", key: Self.cursor, range: 16...96) }
        }
      }
      Section("history") { profilesPage(scoped, pages: [("desktop/clock", "Clock"), ("desktop/pointer", "Pointer")]) }
    }
    preview.name(by: panel)
    preview.importsInto(store)
    scoped.name(by: panel)
    window = await makeWindow(panel, store: store)
    XCTAssertTrue(window.open("history/profiles/save"))
    await settle()
    XCTAssertEqual(shownTitles, ["Save Current Settings as Profile…", "Keep Only These Pages", "No Profiles Yet"])
    let pages = try XCTUnwrap(window.currentPage.rowView(path: "history/profiles/save/pages"))
    XCTAssertTrue(pages.listRow.hasAccessibleLabel("Keep Only These Pages"), "announced by its title")

    try store.write(48, for: Self.cursor)
    try store.write(true, for: Self.seconds)
    // The choice is the window's own: nothing of it reaches GSettings or the command line.
    try window.store.write(.strings(["desktop/clock"]), for: ProfileRows.pagesKey)
    XCTAssertEqual(scoped.chosenPages.map(\.title), ["Clock"])
    XCTAssertFalse(store.hasSchema(ProfileRows.pagesKey.schema))
    XCTAssertTrue(CommandLineTool.isWindowOnly("history/profiles/save/pages"))
    let dialog = try await saveAs([])
    XCTAssertEqual(
      dialog.message, "The settings you set yourself on Clock are kept under this name, to switch back to later.")
    dialog.entry.text = "Clock Only"
    dialog.answer()
    await settle(0.05)
    let text = try String(contentsOfFile: file("Clock Only"), encoding: .utf8)
    XCTAssertTrue(text.hasPrefix("# Knobs profile: Clock Only\n# Scope: desktop/clock\n"), text)
    XCTAssertTrue(text.contains("clock-show-seconds=true\n"), text)
    XCTAssertFalse(text.contains("cursor-size"), "the pointer page was not chosen: \(text)")
    XCTAssertEqual(window.toast.message, "The profile Clock Only holds 1 setting.")

    // Applied: the clock's settings set and reset, the pointer's left as it is now.
    try store.write(32, for: Self.cursor)
    try store.reset(Self.seconds)
    try store.write("12h", for: Self.format)
    let plan = try scoped.plan(of: "Clock Only").get()
    XCTAssertEqual(
      plan.changes.map { "\($0.key.key) \($0.resets ? "reset" : $0.new)" }.sorted(),
      ["clock-format reset", "clock-show-seconds true"])

    // A page offered that names nothing now: said, nothing saved.
    scoped.offer([("desktop/gone", "Gone")])
    try window.store.write(.strings(["desktop/gone"]), for: ProfileRows.pagesKey)
    window.toast.dismiss()
    scoped.save("Gone", window.view)
    XCTAssertEqual(
      window.toast.message,
      "The profile was not saved: Its scope “desktop/gone” names no page, row or installed schema now.")
    XCTAssertFalse(FileManager.default.fileExists(atPath: file("Gone")))
  }

  func testNamesAreCheckedAsTheCommandLineChecksThemAndCancelWritesNothing() async throws {
    try store.write(32, for: Self.cursor)
    let dialog = try await saveAs([
      "", "a/b", "..", ".hidden", "tab\there", "line\r\nbreak", "bidi\u{202E}evil",
      String(repeating: "x", count: 10_000),
    ])
    XCTAssertTrue(window.textDialog === dialog, "the question stays open")
    for (name, words) in [
      ("a/b", "can't start with a dot or hold a “/”"), ("line\r\nbreak", "can't hold control characters"),
      (String(repeating: "x", count: 10_000), "at most 100 bytes"), ("", "needs a name"),
      ("nul\u{0}", "can't hold control characters"), ("..", "can't start with a dot"),
    ] {
      XCTAssertEqual(rows.problem(withNewName: name).map { $0.contains(words) }, true, "\(name.prefix(20)): \(words)")
    }
    dialog.window.destroy()
    await settle()
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: folder),
      "nothing is written when the question is cancelled: \((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])"
    )

    _ = try await saveAs(["Home"])
    XCTAssertTrue(FileManager.default.fileExists(atPath: file("Home")))
    let again = try await saveAs(["Home"])
    XCTAssertTrue(window.textDialog === again, "a name in use is refused, not replaced")
    XCTAssertEqual(rows.problem(withNewName: "Home")?.contains("There is a profile “Home” already"), true)
    again.window.destroy()
  }

  func testASaveTheSystemRefusesSaysSoAndNeverThatItSaved() async throws {
    // A file where the profiles' folder goes: nothing can be stored there.
    XCTAssertTrue(FileManager.default.createFile(atPath: folder, contents: Data("not a folder".utf8)))
    try store.write(40, for: Self.cursor)
    _ = try await saveAs(["Home"])
    let message = try XCTUnwrap(window.toast.message)
    XCTAssertTrue(message.hasPrefix("The profile was not saved: "), message)
    XCTAssertFalse(message.contains("holds"), message)
    XCTAssertEqual(try String(contentsOfFile: folder, encoding: .utf8), "not a folder")
    XCTAssertNil(rows.path(of: "Home"))
  }

  func testAProfileThatCantBeAppliedSaysWhyAndWritesNothing() async throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try "# Knobs profile: typo\n\n[org/gnome/desktop/interface]\ncursor-size='big'\nno-such-key=1\n".write(
      toFile: file("typo"), atomically: true, encoding: .utf8)
    try
      "# Knobs profile: gone\n# Scope: schema/org.example.not-installed\n\n[org/gnome/desktop/interface]\ncursor-size=40\n"
      .write(toFile: file("gone"), atomically: true, encoding: .utf8)
    try Data("# Knobs profile: nul\n\n[org/gnome/desktop/interface]\ncursor-size=4\u{0}8\n".utf8).write(
      to: URL(fileURLWithPath: file("nul")))
    try Data("# Knobs profile: cut\n\n[org/gnome/desktop/interface]\ncursor-si".utf8).write(
      to: URL(fileURLWithPath: file("cut")))
    // 100 MB, sparse: refused by its size, never read.
    XCTAssertTrue(FileManager.default.createFile(atPath: file("huge"), contents: nil))
    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: file("huge")))
    try handle.truncate(atOffset: 100 * 1024 * 1024)
    try handle.close()
    try "".write(toFile: file("empty"), atomically: true, encoding: .utf8)

    XCTAssertTrue(window.open("history/profiles/save"))
    await settle()
    XCTAssertEqual(shownTitles, ["Save Current Settings as Profile…", "cut", "empty", "gone", "huge", "nul", "typo"])
    let huge = try XCTUnwrap(window.currentPage.rowView(path: try XCTUnwrap(rows.path(of: "huge"))))
    XCTAssertTrue(huge.subtitleText.hasPrefix("Can't be applied: "), huge.subtitleText)

    for (name, words) in [
      ("typo", "Line 4: "), ("typo", "no installed schema has the key /org/gnome/desktop/interface/no-such-key"),
      ("gone", "Its scope “schema/org.example.not-installed” names no page, row or installed schema now."),
      ("nul", "Line 4: the line holds a NUL byte"), ("huge", "larger than 16 MB"),
      ("cut", "Line 4: a line holds [folder] or key=value."),
      ("empty", "is not a whole profile: it does not start with “# Knobs profile: NAME”."),
    ] {
      window.toast.dismiss()
      let started = Date()
      rows.showChanges(of: name, window.view)
      await settle(0.05)
      let message = try XCTUnwrap(window.toast.message, name)
      XCTAssertTrue(message.hasPrefix("Nothing was changed: the profile \(name) can't be applied."), message)
      XCTAssertTrue(message.contains(words), "\(name): \(message)")
      XCTAssertLessThan(Date().timeIntervalSince(started), 1, "\(name) is refused quickly")
      XCTAssertNotEqual(window.pageTitle, "Import Preview")
    }
    XCTAssertEqual(store.value(for: Self.cursor), 24, "nothing was written")
  }
}
