import Foundation
import KnobsModel
import XCTest

/// The history of changes: bounded, grouped, merged for a slider's drag, kept on disk, and
/// set aside when unreadable.
@MainActor
final class ChangeHistoryTests: XCTestCase {
  var folder: String!
  var clock = 1_000.0

  override func setUp() async throws {
    folder = NSTemporaryDirectory() + "knobs-history-\(UUID().uuidString)"
  }

  override func tearDown() async throws {
    try? FileManager.default.removeItem(atPath: folder)
  }

  func history() -> ChangeHistory {
    ChangeHistory(file: folder + "/knobs/history.json") { [unowned self] in self.clock }
  }

  let key = SettingKey(schema: "org.example", key: "size")

  func testEntriesAreKeptOnDiskAndBoundedToTheLastThousand() async throws {
    let first = history()
    for index in 0..<1005 {
      clock += 10
      try first.record([RecordedChange(key: key, old: "\(index)", new: "\(index + 1)")], source: .commandLine)
    }
    let read = history().entries
    XCTAssertEqual(read.count, ChangeHistory.limit)
    XCTAssertEqual(read.first?.id, 6)
    XCTAssertEqual(read.last?.id, 1005)
    XCTAssertEqual(read.last?.new, "1005")
  }

  func testSeveralChangesAreOneGroupAndOneUndoTakesThemAllBack() async throws {
    let history = history()
    try history.record([RecordedChange(key: key, old: nil, new: "1")], source: .window)
    clock += 10
    let other = SettingKey(schema: "org.example", key: "name")
    let added = try history.record(
      [RecordedChange(key: key, old: "1", new: "2"), RecordedChange(key: other, old: nil, new: "'a'")],
      source: .import)
    XCTAssertEqual(added.map(\.group), [2, 2])
    XCTAssertEqual(history.entriesToUndo(nil).map(\.id), [3, 2], "newest first, the whole group")
    XCTAssertEqual(history.entriesToUndo(1).map(\.id), [1])
    XCTAssertEqual(history.entriesToUndo(99).map(\.id), [])
  }

  func testADraggedSliderIsOneEntryAndNoChangeIsNone() async throws {
    let history = history()
    try history.record([RecordedChange(key: key, old: nil, new: "1")], source: .window, savingNow: false)
    clock += 0.5
    try history.record([RecordedChange(key: key, old: "1", new: "2")], source: .window, savingNow: false)
    clock += 0.5
    try history.record([RecordedChange(key: key, old: "2", new: "3")], source: .window, savingNow: false)
    XCTAssertEqual(history.entries.map { [$0.old ?? "default", $0.new ?? "default"] }, [["default", "3"]])
    XCTAssertTrue(history.hasUnsaved)
    XCTAssertFalse(FileManager.default.fileExists(atPath: history.file), "written once the drag is over")
    try history.saveIfNeeded()
    XCTAssertEqual(self.history().entries.count, 1)
    try history.record([RecordedChange(key: key, old: "3", new: "3")], source: .window)
    XCTAssertEqual(history.entries.count, 1, "a write of the same value is no change")
    clock += 5
    try history.record([RecordedChange(key: key, old: "3", new: "4")], source: .window)
    XCTAssertEqual(history.entries.count, 2, "later, a new entry")
  }

  func testTheWindowAndACommandWritingOneFileKeepEachOthersEntries() async throws {
    let window = history()
    let command = history()
    let other = SettingKey(schema: "org.example", key: "name")
    try window.record([RecordedChange(key: key, old: nil, new: "1")], source: .window, savingNow: false)
    try command.record([RecordedChange(key: other, old: nil, new: "'a'")], source: .commandLine)
    XCTAssertEqual(window.entries.map(\.source), [.commandLine, .window], "the window reads the command's entry")
    try window.saveIfNeeded()
    let read = history().entries
    XCTAssertEqual(read.map(\.source), [.commandLine, .window])
    XCTAssertEqual(read.map(\.id), [1, 2], "the window's entry is numbered after the command's")
  }

  func testAnUnreadableFileIsSetAsideWithAMessage() async throws {
    try FileManager.default.createDirectory(atPath: folder + "/knobs", withIntermediateDirectories: true)
    try Data("{\"not\": \"a list\"}".utf8).write(to: URL(fileURLWithPath: folder + "/knobs/history.json"))
    let history = history()
    XCTAssertEqual(history.entries, [])
    XCTAssertTrue(history.problem?.contains("could not be read") ?? false, history.problem ?? "")
    XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/knobs/history.json.unreadable"))
  }

  func testTheFileFollowsXDGStateHome() async {
    XCTAssertEqual(
      ChangeHistory.defaultFile(environment: ["HOME": "/home/a", "XDG_STATE_HOME": "/state"]),
      "/state/knobs/history.json")
    XCTAssertEqual(
      ChangeHistory.defaultFile(environment: ["HOME": "/home/a", "XDG_STATE_HOME": "relative"]),
      "/home/a/.local/state/knobs/history.json")
  }

  func testTheWindowsStoreWritesTheFileWhenItsSaveComesNotWithEachChange() throws {
    let file = folder + "/knobs/history.json"
    let base = MemoryStore(defaults: [key: .int(1)])
    var waiting: [@MainActor () -> Void] = []
    let store = RecordingStore(base: base, history: history(), source: .window) { save in waiting.append(save) }
    try store.write(.int(2), for: key)
    clock += 10
    try store.write(.int(3), for: key)
    XCTAssertEqual(waiting.count, 2, "each change asks for a save later")
    XCTAssertFalse(FileManager.default.fileExists(atPath: file), "nothing is written before the save runs")
    waiting.last?()
    XCTAssertEqual(history().entries.map(\.new), ["2", "3"])
    // A save asked for earlier finds nothing more to write.
    waiting.first?()
    XCTAssertEqual(history().entries.count, 2)
  }

  func testTheCommandLinesStoreWritesTheFileWithEachChange() throws {
    let base = MemoryStore(defaults: [key: .int(1)])
    let store = RecordingStore(base: base, history: history(), source: .commandLine)
    try store.write(.int(5), for: key)
    XCTAssertEqual(history().entries.map(\.new), ["5"])
  }
}
