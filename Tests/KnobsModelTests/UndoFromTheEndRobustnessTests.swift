import Foundation
@testable import KnobsModel
import XCTest

/// An undo finds its entries, and notes itself, reading the history from the end: what it says
/// is what a whole read says, for lines that straddle the chunks read, groups and ids not there,
/// and a history whose older part no Knobs wrote is neither read nor touched.
@MainActor
final class UndoFromTheEndRobustnessTests: XCTestCase {
  var folder: String!
  var clock = 100_000.0

  override func setUp() async throws {
    folder = NSTemporaryDirectory() + "knobs-undo-end-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder + "/knobs", withIntermediateDirectories: true)
  }

  override func tearDown() async throws {
    try? FileManager.default.removeItem(atPath: folder)
  }

  var file: String { folder + "/knobs/history.jsonl" }

  func history() -> ChangeHistory {
    ChangeHistory(file: file) { [unowned self] in self.clock }
  }

  /// Entries with values from a byte to more than two chunks, single and in groups, ids with gaps.
  func entries() -> [HistoryEntry] {
    let sizes = [1, 70_000, 5, 200, 140_000, 3, 65_536, 65_000, 10, 7, 131_072, 2]
    var entries: [HistoryEntry] = []
    var id = 1
    var index = 0
    while index < sizes.count {
      // Every third place starts a group of three.
      let members = index % 3 == 1 ? 3 : 1
      let group = members > 1 ? id : nil
      for _ in 0..<members where index < sizes.count {
        entries.append(
          HistoryEntry(
            id: id, time: 10, schema: "s", key: "k\(index % 4)", old: nil,
            new: String(repeating: "v", count: sizes[index]), source: .window, group: group))
        id += 1 + index % 2
        index += 1
      }
    }
    return entries
  }

  func write(_ entries: [HistoryEntry], after head: String = "") throws {
    try (Data(head.utf8) + Data(HistoryJournal.lines(entries))).write(to: URL(fileURLWithPath: file))
  }

  /// What a whole read says an undo of `id` takes back (the definition read from the end must keep).
  func wholeRead(_ entries: [HistoryEntry], undoing id: Int?) -> [HistoryEntry] {
    guard let target = id.flatMap({ id in entries.first { $0.id == id } }) ?? (id == nil ? entries.last : nil) else {
      return []
    }
    guard let group = target.group else { return [target] }
    return entries.filter { $0.group == group }.reversed()
  }

  func testWhatAnUndoTakesBackReadFromTheEndIsWhatAWholeReadSays() async throws {
    let entries = entries()
    try write(entries)
    let history = history()
    let ids = [nil, 0, 1_000] + (entries.map(\.id) + [2, 4, 6]).map(Optional.some)
    for id in ids {
      XCTAssertEqual(
        history.entriesToUndo(id).map(\.id), wholeRead(entries, undoing: id).map(\.id), "undo \(String(describing: id))"
      )
    }
    for entry in entries {
      for key in Set(entries.map(\.settingKey)) {
        XCTAssertEqual(
          history.latestChange(of: key, after: entry.id)?.id,
          entries.last { $0.id > entry.id && $0.settingKey == key }?.id, "\(key) after \(entry.id)")
      }
    }
    let journal = HistoryJournal(file: file)
    var read: [Int] = []
    XCTAssertTrue(
      journal.scanNewestFirst { entry in
        read.append(entry.id)
        return true
      })
    XCTAssertEqual(read, entries.map(\.id).reversed(), "every line, across chunks, newest first")
    XCTAssertEqual(journal.newestIfAtMost(entries.count)?.id, entries.last?.id)
    XCTAssertNil(journal.newestIfAtMost(entries.count - 1), "more lines than room: read whole, to compact")
  }

  func testAnUndoReadsOnlyTheEndOfALongHistoryAndNotesItselfThere() async throws {
    // The head of the file is no entry: a whole read would set the file aside and mend it. Read
    // from the end, the undo never gets there, so the file is neither moved nor rewritten.
    let head = "this line is no entry\n"
    let entries = entries()
    try write(entries, after: head)
    let history = history()
    let key = SettingKey(schema: "s", key: "k0")
    XCTAssertEqual(history.entriesToUndo(nil).map(\.id), wholeRead(entries, undoing: nil).map(\.id))
    let newest = try XCTUnwrap(entries.last)
    XCTAssertEqual(history.latestChange(of: newest.settingKey, after: entries[entries.count - 4].id)?.id, newest.id)
    clock += 100
    let noted = try history.record([RecordedChange(key: key, old: "'v'", new: nil)], source: .undo)
    XCTAssertEqual(noted.map(\.id), [entries.last!.id + 1], "numbered after the newest entry")
    let aside = try FileManager.default.contentsOfDirectory(atPath: folder + "/knobs").filter {
      $0.contains(".damaged-")
    }
    XCTAssertEqual(aside, [], "nothing set aside: the head was never read")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
    let expected = try Data(head.utf8) + Data(HistoryJournal.lines(entries + noted))
    XCTAssertTrue(bytes == expected, "appended, not rewritten")
    XCTAssertEqual(HistoryJournal(file: file).newest(1)?.map(\.id), noted.map(\.id))
  }

  func testAnEndThatIsAmissIsReadWholeAndMendedAsBefore() async throws {
    let entries = entries()
    // A cut last line, then a line out of order: neither is believed from the end.
    for tail in [#"{"id":99,"key":"k","#, #"{"id":1,"key":"k","schema":"s","source":"window","time":10}"# + "\n"] {
      try write(entries, after: "")
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
      try handle.seekToEnd()
      try handle.write(contentsOf: Data(tail.utf8))
      try handle.close()
      XCTAssertFalse(HistoryJournal(file: file).scanNewestFirst { _ in true })
      XCTAssertNil(HistoryJournal(file: file).newestIfAtMost(100))
      XCTAssertEqual(
        history().entriesToUndo(nil).map(\.id), wholeRead(entries, undoing: nil).map(\.id), "read whole, mended")
    }
    try Data().write(to: URL(fileURLWithPath: file))
    XCTAssertEqual(history().entriesToUndo(nil), [])
    try FileManager.default.removeItem(atPath: file)
    XCTAssertEqual(history().entriesToUndo(nil), [])
    XCTAssertNil(history().latestChange(of: SettingKey(schema: "s", key: "k0"), after: 0))
  }
}
