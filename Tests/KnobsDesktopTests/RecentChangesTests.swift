import Foundation
import Gtk
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI
@testable import KnobsDesktop

/// The Recent Changes page over a history in a temporary folder and GSettings' memory
/// backend: entries newest first, named by the panel's rows, each with Undo that takes it
/// (an import whole) back; 1,000 entries open as one page.
@MainActor
final class RecentChangesTests: GtkTestCase {
  static let seconds = SettingKey(schema: "org.gnome.desktop.interface", key: "clock-show-seconds")
  static let cursor = SettingKey(schema: "org.gnome.desktop.interface", key: "cursor-size")
  static let format = SettingKey(schema: "org.gnome.desktop.interface", key: "clock-format")
  var folder: String!
  var store: GSettingsStore!
  var history: ChangeHistory!

  override func setUp() async throws {
    try await super.setUp()
    folder = NSTemporaryDirectory() + "knobs-recent-\(UUID().uuidString)"
    history = ChangeHistory(file: folder + "/history.jsonl")
    store = GSettingsStore(source: SchemaSource())
  }

  override func tearDown() async throws {
    for key in [Self.seconds, Self.cursor, Self.format] { try? store.reset(key) }
    try? FileManager.default.removeItem(atPath: folder)
    try await super.tearDown()
  }

  private func window(_ rows: RecentChangesRows) async -> PanelWindow {
    let panel = Panel("Knobs") {
      Section("top-bar") { ToggleRow("show-seconds", "Show Seconds", key: Self.seconds) }
      Section("history") {
        DetailRow("recent-changes", "Recent Changes") { Section("changes", rows: rows) }
      }
    }
    rows.name(by: panel)
    let window = await makeWindow(panel, store: store)
    window.window.setDefaultSize(width: 640, height: 700)
    XCTAssertTrue(window.open("history/recent-changes"))
    window.currentPage.rowView(path: "history/recent-changes")?.activate()
    await waitUntil("the page opens") { window.pageTitle == "Recent Changes" }
    return window
  }

  /// What Undo and the modified mark need reach the window as capabilities of its store, through
  /// a recording store as through routing: no store is asked what class it is.
  func testUndoAndProvenanceAreCapabilitiesWrappersPassOn() async throws {
    let recording = RecordingStore(base: store, history: history, source: .window)
    XCTAssertTrue(recording.capabilities.undoing === store)
    XCTAssertNotNil(recording.capabilities.provenance)
    let memory = MemoryStore(defaults: [:])
    XCTAssertNil(memory.capabilities.undoing)
    XCTAssertNil(memory.capabilities.provenance)
  }

  /// Undo is compare-and-swap in the window too: a value another program set since stays,
  /// and the window says why, naming the value now.
  func testUndoLeavesAValueChangedSinceAndSaysWhy() async throws {
    try store.write(40, for: Self.cursor)
    try history.record([RecordedChange(key: Self.cursor, old: nil, new: "40")], source: .window)
    try store.write(56, for: Self.cursor)  // another program, not noted
    let window = await window(RecentChangesRows(history: history))
    let row = try XCTUnwrap(window.currentPage.rowView(path: RowPath("history/recent-changes/changes/change-1")))
    row.pressButton()
    await waitUntil("the window says why") { window.toast.message != nil }
    XCTAssertEqual(store.value(for: Self.cursor), 56, "nothing was written")
    let message = window.toast.message ?? ""
    XCTAssertTrue(message.contains("now holds 56, not 40 as change 1 left it"), message)
    XCTAssertFalse(history.entries.contains { $0.source == .undo }, "no undo is noted")
    window.window.close()
  }

  func testEntriesAreListedNewestFirstAndUndoTakesAnImportBackWhole() async throws {
    try store.write(true, for: Self.seconds)
    try history.record([RecordedChange(key: Self.seconds, old: nil, new: "true")], source: .window)
    try store.write(48, for: Self.cursor)
    try store.write("12h", for: Self.format)
    try history.record(
      [
        RecordedChange(key: Self.cursor, old: nil, new: "48"),
        RecordedChange(key: Self.format, old: nil, new: "'12h'"),
      ], source: .import)
    let window = await window(RecentChangesRows(history: history))
    let page = RowPath("history/recent-changes/changes")
    func row(_ id: Int) throws -> RowView {
      try XCTUnwrap(window.currentPage.rowView(path: page.appending("change-\(id)")))
    }
    XCTAssertEqual(
      window.currentPage.shown.map { window.currentPage.rowView(at: $0).titleText },
      ["clock-format", "cursor-size", "Show Seconds"], "newest first")
    XCTAssertEqual(
      try row(1).subtitleText, "(default) → true\nIn the window", "a row of the panel is named by its title")
    XCTAssertTrue(
      try row(3).subtitleText.hasPrefix("schema/org.gnome.desktop.interface/clock-format\n(default) → '12h'"))
    let rows = [try row(3)]
    rows[0].pressButton()
    await settle(0.5)
    XCTAssertEqual(store.value(for: Self.format), "24h")
    XCTAssertEqual(store.value(for: Self.cursor), 24, "the whole import is taken back")
    XCTAssertEqual(store.value(for: Self.seconds), true, "the window's change stays")
    XCTAssertEqual(history.entries.suffix(2).map(\.source), [.undo, .undo])
    await waitUntil("the undo is listed") { window.currentPage.builtRows.count == 5 }
    window.window.close()
  }

  func testAThousandEntriesOpenAsOnePage() async throws {
    for index in 0..<ChangeHistory.limit {
      try history.record(
        // Two keys in turn: changes of one key in a row would be one entry (a slider dragged).
        [
          RecordedChange(key: index.isMultiple(of: 2) ? Self.cursor : Self.format, old: "\(index)", new: "\(index + 1)")
        ],
        source: .commandLine,
        savingNow: index == ChangeHistory.limit - 1)
    }
    let started = ContinuousClock.now
    let rows = RecentChangesRows(history: history)
    _ = rows.connect(to: store)
    XCTAssertEqual(rows.rows.map(\.id), ["none"], "a start does not read the history")
    rows.prepareRows()
    XCTAssertEqual(rows.rows.count, ChangeHistory.limit, "its page, about to open, does")
    print("recent-changes-rows-ms \(ContinuousClock.now - started)")
    let window = await window(rows)
    let first = try XCTUnwrap(window.currentPage.shown.first)
    XCTAssertEqual(window.currentPage.rowView(at: first).titleText, "clock-format", "the newest first")
    XCTAssertEqual(window.currentPage.shown.count, ChangeHistory.limit)
    window.window.close()
  }

  func testAnEmptyHistorySaysSo() async throws {
    let window = await window(RecentChangesRows(history: history))
    XCTAssertEqual(window.currentPage.builtRows.map(\.titleText), ["No Changes Yet"])
    window.window.close()
  }
}
