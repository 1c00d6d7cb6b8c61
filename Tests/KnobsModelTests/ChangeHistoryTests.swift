import Foundation
@testable import KnobsModel
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
    ChangeHistory(file: folder + "/knobs/history.jsonl") { [unowned self] in self.clock }
  }

  let key = SettingKey(schema: "org.example", key: "size")

  func testEntriesAreKeptOnDiskAndBoundedToAboutTheLastThousand() async throws {
    let first = history()
    for index in 0..<1300 {
      clock += 10
      try first.record([RecordedChange(key: key, old: "\(index)", new: "\(index + 1)")], source: .commandLine)
    }
    let read = history().entries
    XCTAssertLessThanOrEqual(read.count, ChangeHistory.limit + ChangeHistory.slack)
    XCTAssertGreaterThanOrEqual(read.count, ChangeHistory.limit)
    XCTAssertEqual(read.last?.id, 1300)
    XCTAssertEqual(read.last?.new, "1300")
    XCTAssertEqual(read.map(\.id), Array((1301 - read.count)...1300), "the newest, in order")
    let lines = try String(contentsOfFile: folder + "/knobs/history.jsonl", encoding: .utf8).split(separator: "\n")
    XCTAssertEqual(lines.count, read.count, "one entry a line")
  }

  func testAGroupIsKeptOrDroppedWholeAndOtherProgramsBurstsGoFirst() async throws {
    func entry(_ id: Int, _ source: HistoryEntry.Source, group: Int? = nil) -> HistoryEntry {
      HistoryEntry(id: id, time: 1, schema: "s", key: "k\(id)", old: nil, new: "1", source: source, group: group)
    }
    let mine = (1...3).map { entry($0, .commandLine) }
    let burst = (4...9).map { entry($0, .otherProgram, group: 4) }
    let more = (10...11).map { entry($0, .window) }
    let kept = ChangeHistory.compacted(mine + burst + more, limit: 6)
    XCTAssertEqual(kept.map(\.id), [1, 2, 3, 10, 11], "the burst goes whole, before the user's older changes")
    let importGroup = (12...20).map { entry($0, .import, group: 12) }
    XCTAssertEqual(
      ChangeHistory.compacted(mine + importGroup, limit: 4).map(\.id), Array(12...20),
      "the newest group stays whole, however large")
    XCTAssertEqual(ChangeHistory.compacted(mine + burst, limit: 100).count, 9, "nothing goes under the limit")
    XCTAssertEqual(
      ChangeHistory.compacted(mine + burst, limit: 4).map(\.id), Array(1...9),
      "a burst at the end, larger than the limit, pushes none of the user's changes out")
    XCTAssertEqual(
      ChangeHistory.compacted(mine + burst, limit: 2).map(\.id), Array(2...9),
      "the user's own go only while they alone are more than the limit")
  }

  /// Another program loads 3,000 keys just after the user's own change: the burst, however
  /// large, never pushes the user's change out; the next compaction drops the burst first.
  func testAUsersChangeJustBeforeAnotherProgramsLargeBurstIsKept() async throws {
    let history = history()
    try history.record([RecordedChange(key: key, old: nil, new: "1")], source: .commandLine)
    clock += 1
    let burst = (0..<3000).map {
      RecordedChange(key: SettingKey(schema: "org.other", key: "k\($0)"), old: nil, new: "\($0)")
    }
    try history.record(burst, source: .otherProgram, since: clock - 1)
    let read = self.history().entries
    XCTAssertEqual(read.first?.key, "size", "the user's change is still there")
    XCTAssertEqual(read.count, 3001, "the burst kept whole, as the newest group")
    clock += 10
    try history.record([RecordedChange(key: key, old: "1", new: "2")], source: .window)
    XCTAssertEqual(self.history().entries.map(\.new), ["1", "2"], "then the burst goes first")
  }

  /// `newest(n)` reads back from the end of the file, across its chunks, and gives what a
  /// whole read gives; the end of a file not holding whole entries is read whole instead.
  func testTheNewestEntriesReadFromTheEndAreThoseOfAWholeRead() async throws {
    try FileManager.default.createDirectory(atPath: folder + "/knobs", withIntermediateDirectories: true)
    let file = folder + "/knobs/history.jsonl"
    // Lines from a few bytes to more than a chunk, so lines straddle the chunks read.
    let sizes = [1, 70_000, 5, 200, 140_000, 3, 65_536, 65_000, 10]
    let entries = sizes.enumerated().map { index, size in
      HistoryEntry(
        id: index * 3 + 1, time: 10, schema: "s", key: "k\(index)", old: nil, new: String(repeating: "v", count: size),
        source: .window, group: nil)
    }
    try Data(HistoryJournal.lines(entries)).write(to: URL(fileURLWithPath: file))
    let journal = HistoryJournal(file: file)
    for count in [0, 1, 2, 3, 5, 8, 9, 10, 50] {
      XCTAssertEqual(journal.newest(count), Array(entries.suffix(count)), "newest \(count)")
      XCTAssertEqual(history().newest(count), Array(entries.suffix(count)), "newest \(count)")
    }
    // A cut last line: nil from the end, and the whole read keeps every whole line.
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(#"{"id":99,"key":"k","#.utf8))
    try handle.close()
    XCTAssertNil(journal.newest(2))
    XCTAssertEqual(history().newest(2), Array(entries.suffix(2)))
    XCTAssertEqual(journal.newest(2), Array(entries.suffix(2)), "the cut tail was set aside")
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

  func testAnUnreadableOldStyleFileIsSetAsideWithAMessage() async throws {
    try FileManager.default.createDirectory(atPath: folder + "/knobs", withIntermediateDirectories: true)
    try Data("{\"not\": \"a list\"}".utf8).write(to: URL(fileURLWithPath: folder + "/knobs/history.json"))
    let history = history()
    XCTAssertEqual(history.entries, [])
    XCTAssertTrue(history.problem?.contains("could not be read") ?? false, history.problem ?? "")
    XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/knobs/history.json.unreadable"))
  }

  func testAnOldStyleFileIsCarriedOver() async throws {
    try FileManager.default.createDirectory(atPath: folder + "/knobs", withIntermediateDirectories: true)
    let old = [HistoryEntry(id: 4, time: 10, schema: "s", key: "k", old: nil, new: "1", source: .window)]
    try JSONEncoder().encode(old).write(to: URL(fileURLWithPath: folder + "/knobs/history.json"))
    XCTAssertEqual(history().entries, old)
    XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/knobs/history.json"))
    try history().record([RecordedChange(key: key, old: nil, new: "2")], source: .commandLine)
    XCTAssertEqual(history().entries.map(\.id), [4, 5])
  }

  /// Lines no Knobs wrote: each sets the file aside, keeps what was readable, says where, and
  /// never reaches arithmetic or a time conversion that traps.
  func testADamagedFileIsSetAsideItsReadableEntriesKeptAndNothingTraps() async throws {
    let good = #"{"id":1,"key":"k","new":"1","schema":"s","source":"window","time":10}"#
    let hostile = [
      #"{"id":2,"key":"k","new":"1","schema":"s","source":"window","time":1e300}"#,
      #"{"id":9223372036854775807,"key":"k","new":"1","schema":"s","source":"window","time":10}"#,
      #"{"id":2,"key":"k","new":"1","schema":"s","source":"window","time":10,"since":-1e300}"#,
      #"{"id":2,"key":"k","new":"1","schema":"s","source":"window","time":10,"group":9}"#,
      #"{"id":1,"key":"k","new":"1","schema":"s","source":"window","time":10}"#,
      #"{"id":2.5,"key":"k","new":"1","schema":"s","source":"window","time":10}"#,
      #"{"id":2,"key":"k","new":"1","schema":"s","source":"teleport","time":10}"#,
      "\u{0}\u{FF} not json",
      // Read whole as one JSON array first: lines that would join into one that reads must not.
      #"{"id":2,"key":"k","new":"1","schema":"s","source":"window","time":10},{"id":3,"key":"k","new":"1","schema":"s","source":"window","time":10}"#,
      #"{"id":2,"key":"k","new":"1","schema":"s","source":"window","time":10}],[{"id":3,"key":"k","new":"1","schema":"s","source":"window","time":10}"#,
      #"{"id":2,"key":"k","new":"1","schema":"s","source":"window","time":10},"#,
      #"{"id":2,"key":"k","new":"1","schema":"s","sou"#,
    ]
    for (index, line) in hostile.enumerated() {
      let file = folder + "/case\(index)/history.jsonl"
      try FileManager.default.createDirectory(atPath: folder + "/case\(index)", withIntermediateDirectories: true)
      // The last case is a write cut short: no line end.
      let text = good + "\n" + line + (index == hostile.count - 1 ? "" : "\n")
      try Data(text.utf8).write(to: URL(fileURLWithPath: file))
      let history = ChangeHistory(file: file) { [unowned self] in self.clock }
      XCTAssertEqual(history.entries.map(\.id), [1], "case \(index): the readable entry is kept")
      let cut = index == hostile.count - 1
      XCTAssertTrue(
        history.problem?.contains(cut ? "was cut short" : "was damaged; it was moved to") ?? false,
        "case \(index): \(history.problem ?? "")")
      let aside = try FileManager.default.contentsOfDirectory(atPath: folder + "/case\(index)")
        .filter { $0.hasPrefix("history.jsonl.damaged-") || $0.hasPrefix("history.jsonl.cut-") }
      XCTAssertEqual(aside.count, 1, "case \(index): \(aside)")
      // A line cut short is set aside alone; the whole lines stay in the file.
      XCTAssertEqual(
        try Data(contentsOf: URL(fileURLWithPath: folder + "/case\(index)/" + aside[0])),
        Data((cut ? line : text).utf8),
        "case \(index): set aside as it was")
      XCTAssertTrue(aside[0].hasPrefix(cut ? "history.jsonl.cut-" : "history.jsonl.damaged-"), aside[0])
      clock += 10
      let added = try history.record([RecordedChange(key: key, old: nil, new: "5")], source: .commandLine)
      XCTAssertEqual(added.map(\.id), [2], "case \(index): numbering goes on from the readable entries")
      XCTAssertEqual(ChangeHistory(file: file).entries.map(\.id), [1, 2], "case \(index)")
      XCTAssertFalse(history.entries.map(\.when).isEmpty)
    }
  }

  func testSomethingElseWhereTheFileBelongsIsMovedAsideAndNamed() async throws {
    try FileManager.default.createDirectory(atPath: folder + "/knobs/history.jsonl", withIntermediateDirectories: true)
    let history = history()
    var told: [String] = []
    history.onProblem = { told.append($0) }
    try history.record([RecordedChange(key: key, old: nil, new: "5")], source: .commandLine)
    XCTAssertEqual(told.count, 1)
    XCTAssertTrue(told.first?.contains("there is a folder; it was moved to") ?? false, told.first ?? "")
    XCTAssertEqual(self.history().entries.map(\.new), ["5"])
  }

  func testTheLastIDAtTheLimitRenumbersInsteadOfOverflowing() async throws {
    try FileManager.default.createDirectory(atPath: folder + "/knobs", withIntermediateDirectories: true)
    let last = HistoryEntry(
      id: HistoryEntry.largestID, time: 10, schema: "s", key: "k", old: nil, new: "1", source: .window)
    try Data(JSONEncoder().encode(last) + Data("\n".utf8)).write(
      to: URL(fileURLWithPath: folder + "/knobs/history.jsonl"))
    try history().record([RecordedChange(key: key, old: nil, new: "5")], source: .commandLine)
    XCTAssertEqual(history().entries.map(\.id), [1, 2])
  }

  func testTheFileFollowsXDGStateHome() async {
    XCTAssertEqual(
      ChangeHistory.defaultFile(environment: ["HOME": "/home/a", "XDG_STATE_HOME": "/state"]),
      "/state/knobs/history.jsonl")
    XCTAssertEqual(
      ChangeHistory.defaultFile(environment: ["HOME": "/home/a", "XDG_STATE_HOME": "relative"]),
      "/home/a/.local/state/knobs/history.jsonl")
  }

  func testTheWindowsStoreWritesTheFileWhenItsSaveComesNotWithEachChange() async throws {
    let file = folder + "/knobs/history.jsonl"
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

  func testTheCommandLinesStoreWritesTheFileWithEachChange() async throws {
    let base = MemoryStore(defaults: [key: .int(1)])
    let store = RecordingStore(base: base, history: history(), source: .commandLine)
    try store.write(.int(5), for: key)
    XCTAssertEqual(history().entries.map(\.new), ["5"])
  }
}
