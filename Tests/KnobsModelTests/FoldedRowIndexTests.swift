import XCTest

@testable import KnobsModel

/// The search index of rows' folded texts in one buffer: it finds a word in the
/// rows where a row-by-row search of each row's own folded text finds it, for
/// text of any script, size or control character.
final class FoldedRowIndexTests: XCTestCase {
  /// Texts no row-by-row search should see differently: NUL, bidi controls,
  /// combining marks, Turkish dotted and dotless i, CJK, emoji, line breaks.
  private static let hostileTexts: [[String]] = [
    ["Show Seconds", "clock"],
    ["Nul\u{0}byte", "a\u{0}\u{0}b"],
    ["\u{202E}dlrow olleh\u{202C}", "\u{2066}isolated\u{2069}", "\u{200F}מצב כהה"],
    ["e\u{301}cole", "\u{301}\u{302}\u{303}", "Z\u{335}\u{334}a\u{337}l\u{338}g\u{336}o"],
    ["İstanbul", "ıspanak", "DİYARBAKIR", "Iğdır"],
    ["日本語の設定", "字体大小", "한국어 글꼴", "ｆｕｌｌ ｗｉｄｔｈ"],
    ["", "", "only after empties"],
    ["line\nbreaks\ninside", "tab\tseparated"],
    ["👩‍👩‍👧 family", "🇩🇪 flag"],
    [],
    ["Größe", "ß", "ﬁle", "½"],
  ]

  private static let words = [
    "sec", "clock", "\u{0}", "a\u{0}", "\u{0}b", "olleh", "isolated", "כהה", "ecole", "e\u{301}", "zalgo", "z",
    "istanbul", "i\u{307}stanbul", "ıspanak", "ispanak", "diyarbakir", "iğdır", "igdir", "設定", "字", "글꼴", "full",
    "after", "line", "ebreaks", "breaks", "tab", "family", "👩", "flag", "große", "grosse", "file", "1⁄2", "n",
    "e", "\u{202E}", "s\nc",
  ]

  /// The row-by-row search the index stands in for.
  private func rowsByRow(_ rows: [[String]], containing word: String) -> [Int] {
    let needle = FoldedText(word)
    return rows.indices.filter { FoldedText(joining: rows[$0]).contains(needle) }
  }

  private func indexed(_ index: FoldedRowIndex, containing word: String) -> [Int] {
    var found = RowSet(count: index.rowCount)
    index.insertRows(containing: FoldedText(word).bytes, into: &found)
    var rows: [Int] = []
    found.forEach { rows.append($0) }
    return rows
  }

  func testEachRowsTextIsItsFoldedText() {
    let index = FoldedRowIndex(rows: Self.hostileTexts)
    XCTAssertEqual(index.rowCount, Self.hostileTexts.count)
    for (row, texts) in Self.hostileTexts.enumerated() {
      XCTAssertEqual(Array(index.text(ofRow: row)), FoldedText(joining: texts).bytes, "\(texts)")
    }
  }

  func testWordsAreFoundInTheRowsARowByRowSearchFinds() {
    let index = FoldedRowIndex(rows: Self.hostileTexts)
    for word in Self.words {
      XCTAssertEqual(indexed(index, containing: word), rowsByRow(Self.hostileTexts, containing: word), word)
    }
    XCTAssertEqual(indexed(index, containing: "sec"), [0])
    XCTAssertEqual(indexed(index, containing: "設定"), [5])
    XCTAssertEqual(indexed(index, containing: "\u{0}"), [1])
  }

  func testAWordNeverMatchesAcrossTwoRows() {
    let index = FoldedRowIndex(rows: [["abc"], ["def"], ["gh"]])
    XCTAssertEqual(indexed(index, containing: "cd"), [])
    XCTAssertEqual(indexed(index, containing: "c\nd"), [])
    XCTAssertEqual(indexed(index, containing: "fg"), [])
    XCTAssertEqual(indexed(index, containing: "gh"), [2])
  }

  func testAnEmptyWordIsInEveryRow() {
    let index = FoldedRowIndex(rows: Self.hostileTexts)
    var found = RowSet(count: index.rowCount)
    index.insertRows(containing: [], into: &found)
    var rows: [Int] = []
    found.forEach { rows.append($0) }
    XCTAssertEqual(rows, Array(Self.hostileTexts.indices))
  }

  func testHugeTitlesAndManyRows() {
    // A 100 KB title with the word at its very end, among 10,000 rows.
    let huge = String(repeating: "ab\u{0}ç", count: 25_000) + "needle"
    var rows = (0..<10_000).map { ["Row \($0)", $0.isMultiple(of: 97) ? "café" : "tea"] }
    rows[6_543] = [huge]
    let index = FoldedRowIndex(rows: rows)
    XCTAssertEqual(indexed(index, containing: "needle"), [6_543])
    XCTAssertEqual(indexed(index, containing: "cafe"), rowsByRow(rows, containing: "cafe"))
    XCTAssertEqual(indexed(index, containing: "row 99"), rowsByRow(rows, containing: "row 99"))
    XCTAssertEqual(indexed(index, containing: String(repeating: "x", count: 100_001)), [])
    XCTAssertEqual(indexed(index, containing: huge), [6_543])
  }

  /// Rows and words of a few letters, so that pairs of bytes repeat, collide in the rows'
  /// filters and words are found often: the filters never hide a row that has the word.
  func testTheRowFiltersNeverHideARowThatHasTheWord() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      // SplitMix64, seeded: the same rows and words each run.
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
    let letters = Array("abcdeé ñ\u{0}\u{202E}")
    let rows = (0..<1_000).map { _ in
      (0..<next(3)).map { _ in String((0..<next(40)).map { _ in letters[next(letters.count)] }) }
    }
    let index = FoldedRowIndex(rows: rows)
    var words = (0..<150).map { _ in String((0..<(2 + next(5))).map { _ in letters[next(letters.count)] }) }
    // And pieces of the rows themselves.
    for row in rows.prefix(120) where !row.isEmpty {
      let text = Array(row[0])
      guard text.count >= 3 else { continue }
      let start = next(text.count - 2)
      words.append(String(text[start..<min(text.count, start + 2 + next(4))]))
    }
    var checked = 0
    for word in words where !FoldedText(word).isEmpty {
      XCTAssertEqual(indexed(index, containing: word), rowsByRow(rows, containing: word), word.debugDescription)
      checked += 1
    }
    XCTAssertGreaterThan(checked, 200)
    // Several words into one set: each row once, whichever word found it first.
    var found = RowSet(count: index.rowCount)
    for word in ["aba", "bab", "aba"] { index.insertRows(containing: FoldedText(word).bytes, into: &found) }
    var rowsFound: [Int] = []
    found.forEach { rowsFound.append($0) }
    XCTAssertEqual(rowsFound, Set(rowsByRow(rows, containing: "aba") + rowsByRow(rows, containing: "bab")).sorted())
    XCTAssertFalse(rowsFound.isEmpty)
  }

  func testRowSetsIntersectAndJoin() {
    var odd = RowSet(count: 130)
    var low = RowSet(count: 130)
    for row in stride(from: 1, to: 130, by: 2) { odd.insert(row) }
    low.insertAll(below: 65)
    var both = odd
    both.formIntersection(low)
    var rows: [Int] = []
    both.forEach { rows.append($0) }
    XCTAssertEqual(rows, Array(stride(from: 1, to: 65, by: 2)))
    var either = odd
    either.formUnion(low)
    rows = []
    either.forEach { rows.append($0) }
    XCTAssertEqual(rows, Array(0..<65) + Array(stride(from: 65, to: 130, by: 2)))
    XCTAssertTrue(RowSet(count: 130).isEmpty)
    XCTAssertFalse(both.isEmpty)
  }

  /// The whole search over hostile rows finds what a row-by-row reading of each row's texts finds.
  @MainActor
  func testPanelSearchOverHostileRowsMatchesTheReference() async throws {
    let titles = Self.hostileTexts.map { $0.joined(separator: " ") }
    let rows = titles.enumerated().map { number, title in ValueRow("row-\(number)", title, value: "1").row }
    let panel = Panel(title: "P", sections: [Section("hostile", "Hostile") { rows }])
    let search = PanelSearch(panel: panel)
    let reader = SettingsReader(MemoryStore(defaults: [:]))
    for word in Self.words where !word.contains(where: \.isWhitespace) {
      let expected = titles.indices.filter { FoldedText(joining: [titles[$0], "Hostile"]).contains(FoldedText(word)) }
        .map { "hostile/row-\($0)" }
      let found = search.search(word, settings: reader).flatMap { $0.entries.map(\.path.description) }
      XCTAssertEqual(found, FoldedText(word).isEmpty ? [] : expected, word)
    }
  }
}
