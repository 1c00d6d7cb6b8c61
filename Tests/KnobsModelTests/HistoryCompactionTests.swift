import Foundation
import XCTest

@testable import KnobsModel

/// A history past its limit is compacted reading the file twice a chunk at a time (its groups,
/// then the entries kept), not whole: the file it writes is the one reading it whole wrote.
@MainActor
final class HistoryCompactionTests: XCTestCase {
  var folder: String!

  override func setUp() async throws {
    folder = NSTemporaryDirectory() + "knobs-compaction-\(UUID().uuidString)"
  }

  override func tearDown() async throws {
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// A journal line: keys in the order given (not always sorted), as a hand or another writer may.
  func line(
    _ id: Int, _ source: String = "command-line", group: Int? = nil, value: String = "1", sorted: Bool = true
  ) -> String {
    let groupText = group.map { ",\"group\":\($0)" } ?? ""
    if sorted {
      return
        "{\(groupText.dropFirst())\(group == nil ? "" : ",")\"id\":\(id),\"key\":\"k\(id % 7)\",\"new\":\"\(value)\",\"schema\":\"org.example\",\"source\":\"\(source)\",\"time\":\(1000 + id)}"
    }
    return
      "{ \"time\": \(1000 + id), \"source\": \"\(source)\", \"schema\": \"org.example\", \"new\": \"\(value)\", \"key\": \"k\(id % 7)\", \"id\": \(id)\(groupText) }"
  }

  /// `count` entries from `first`: the user's, with other programs' bursts and imports among them.
  func mixed(from first: Int, count: Int, burstEvery: Int = 40, burst: Int = 15) -> [String] {
    var lines: [String] = []
    var id = first
    while lines.count < count {
      if (id - first) % burstEvery == burstEvery - 1 {
        let start = id
        for _ in 0..<burst where lines.count < count {
          lines.append(line(id, (start / burstEvery) % 2 == 0 ? "other-program" : "import", group: start))
          id += 1
        }
      } else {
        lines.append(line(id, id % 3 == 0 ? "window" : "command-line", sorted: id % 5 != 0))
        id += 1
      }
    }
    return lines
  }

  /// What each of two histories, one compacting by reading twice and one reading whole, leaves
  /// in its folder after `record` on the same journal text: file names and contents.
  func compare(
    _ text: String, _ name: String, group: Bool = false, whole: Bool = true, file: StaticString = #filePath,
    line: UInt = #line
  )
    throws
  {
    var results: [[String: Data]] = []
    for readingTwice in [true, false] {
      let place = folder + "/\(name)-\(readingTwice)"
      try FileManager.default.createDirectory(atPath: place, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: URL(fileURLWithPath: place + "/history.jsonl"))
      let history = ChangeHistory(file: place + "/history.jsonl") { 5_000_000 }
      history.compactsByReadingTwice = readingTwice
      let changes = (0..<(group ? 3 : 1)).map {
        RecordedChange(key: SettingKey(schema: "org.example", key: "new\($0)"), old: nil, new: "\($0)")
      }
      _ = try? history.record(changes, source: .commandLine)
      if readingTwice {
        XCTAssertEqual(history.compactionsReadTwice, whole ? 1 : 0, "\(name): read twice", file: file, line: line)
      }
      var found: [String: Data] = [:]
      for entry in try FileManager.default.contentsOfDirectory(atPath: place) where !entry.hasSuffix(".lock") {
        found[entry] = FileManager.default.contents(atPath: place + "/" + entry) ?? Data("unreadable".utf8)
      }
      results.append(found)
    }
    XCTAssertEqual(results[0].keys.sorted(), results[1].keys.sorted(), name, file: file, line: line)
    for (entry, data) in results[1] {
      XCTAssertTrue(results[0][entry] == data, "\(name): \(entry) differs", file: file, line: line)
    }
  }

  func testCompactingByReadingTwiceWritesWhatReadingWholeWrote() async throws {
    let plain = (1...1300).map { line($0) }
    try compare(plain.joined(separator: "\n") + "\n", "plain")
    try compare(plain.joined(separator: "\n") + "\n", "plain-group", group: true)
    let exactlyFull = (1...1250).map { line($0) }
    try compare(exactlyFull.joined(separator: "\n") + "\n", "one-past-the-slack")
    let mix = mixed(from: 1, count: 3000)
    try compare(mix.joined(separator: "\n") + "\n", "mixed")
    try compare(mix.joined(separator: "\n") + "\n", "mixed-group", group: true)
    // The user's own few, far back, then other programs' many: the user's stay.
    let mineThenOthers =
      (1...5).map { line($0) } + (6...4000).map { line($0, "other-program", group: 6 + ($0 - 6) / 30 * 30) }
    try compare(mineThenOthers.joined(separator: "\n") + "\n", "mine-then-others")
    // A burst at the end larger than the limit.
    let bigBurst = mixed(from: 1, count: 600) + (601...2100).map { line($0, "other-program", group: 601) }
    try compare(bigBurst.joined(separator: "\n") + "\n", "big-burst-at-end")
    // An import at the end larger than the limit, the user's own before it.
    let bigImport = (1...300).map { line($0) } + (301...1800).map { line($0, "import", group: 301) }
    try compare(bigImport.joined(separator: "\n") + "\n", "big-import-at-end")
    // Blank lines, carriage returns and spaces around entries.
    let spaced = mixed(from: 1, count: 1400).enumerated().map {
      $0.offset % 9 == 0 ? "  " + $0.element + " \r\n \t" : $0.element
    }
    try compare(spaced.joined(separator: "\n") + "\n", "spaced")
    // Lines longer than a chunk read.
    let long = (1...1260).map { line($0, value: $0 % 400 == 0 ? String(repeating: "v", count: 1_500_000) : "1") }
    try compare(long.joined(separator: "\n") + "\n", "long-lines")
    // Damaged: a line that is no entry, numbers out of order, a last line cut short, two on a line.
    var damaged = mix
    damaged[1700] = "{not json"
    try compare(damaged.joined(separator: "\n") + "\n", "damaged", whole: false)
    var disordered = mix
    disordered.swapAt(100, 2900)
    try compare(disordered.joined(separator: "\n") + "\n", "out-of-order", whole: false)
    try compare(mix.joined(separator: "\n") + "\n" + line(3001).dropLast(9), "cut-short", whole: false)
    var doubled = mix
    doubled[2000] = doubled[2000] + "," + line(99_999)
    try compare(doubled.joined(separator: "\n") + "\n", "two-on-a-line", whole: false)
    try compare(mix.joined(separator: "\n"), "no-last-line-end", whole: false)
  }

  /// The outline of a file is its groups and count, whatever its chunks; the entries read back
  /// at given places are those entries.
  func testTheOutlineAndTheEntriesReadBackAreTheFilesOwn() async throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let lines = mixed(from: 1, count: 500)
    let text = lines.joined(separator: "\n") + "\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/history.jsonl"))
    let journal = HistoryJournal(file: folder + "/history.jsonl")
    let outline = try XCTUnwrap(journal.outline())
    let entries = HistoryJournal.parse(Array(text.utf8)).entries
    XCTAssertEqual(outline.count, entries.count)
    XCTAssertEqual(outline.lastID, entries.last?.id)
    XCTAssertEqual(outline.units.reduce(0) { $0 + $1.count }, entries.count)
    XCTAssertGreaterThan(outline.units.count, 100)
    XCTAssertLessThan(outline.units.count, entries.count, "groups are one unit each")
    let read = try XCTUnwrap(journal.entries(at: [3..<10, 200..<201, 490..<500], stamp: outline.stamp))
    XCTAssertEqual(read, Array(entries[3..<10] + entries[200..<201] + entries[490..<500]))
    XCTAssertNil(journal.entries(at: [0..<1], stamp: HistoryJournal.Stamp(stat())), "another version of the file")
  }
}
