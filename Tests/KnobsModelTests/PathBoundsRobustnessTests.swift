import XCTest

@testable import KnobsModel

/// Paths and names from anyone (a command line, a deep link, any program on the session bus):
/// one longer than any real path is refused before it is looked up, suggestions are worked out
/// in bounded time whatever the text, and what is echoed is cut and escaped (issue 47).
@MainActor
final class PathBoundsRobustnessTests: XCTestCase {
  /// What a terminal acts on rather than shows: ESC, BEL, other C0 and C1 controls, DEL, and bidi controls.
  private static func holdsRawControls(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
      scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
        || (0x2066...0x2069).contains(scalar.value) || [0x200E, 0x200F, 0x061C].contains(scalar.value)
    }
  }

  private let hostile = "x\u{1B}]0;owned\u{7}\u{1B}[2J\u{202E}evil\u{9B}"

  /// Many rows of one id in sections of their own: a short form of it could be any of them.
  private func panel(rows: Int) -> Panel {
    let sections = (0..<rows).map { index in Section("s\(index)") { ValueRow("same", "Same", value: "") } }
    return Panel(title: "Many", sections: sections)
  }

  func testAPathLongerThanAnyRealOneIsRefusedWithoutSuggestions() async {
    let panel = panel(rows: 3)
    for length in [RowPath.longestPath + 1, 10_000, 100_000] {
      let path = RowPath(parsing: String(repeating: "s0/same", count: length / 7 + 1))
      XCTAssertTrue(path.isTooLong)
      guard case .notFound(let suggestions) = panel.resolve(path) else { return XCTFail("\(length) bytes found") }
      XCTAssertEqual(suggestions, [], "no path is compared with one of \(length) bytes")
      XCTAssertEqual(panel.closestPaths(to: path), [])
      let problem = try? XCTUnwrap(panel.resolve(path).problem(about: path))
      XCTAssertTrue(problem?.contains("bytes long") ?? false, problem ?? "")
      XCTAssertLessThan(problem?.count ?? .max, 200, "the path is echoed as its start")
    }
    XCTAssertFalse(RowPath(parsing: String(repeating: "a", count: RowPath.longestPath)).isTooLong)
  }

  func testSuggestionsAreLookedForOnlyInTextAPersonMistypes() async {
    let candidates = ["clock/show-seconds", "appearance", String(repeating: "a", count: 40)]
    XCTAssertEqual(
      Suggestions.closest(to: String(repeating: "a", count: Suggestions.longestTarget + 1), among: candidates), [])
    // Over `anyDistanceLength` bytes, only candidates within half the text's length are near it.
    XCTAssertEqual(Suggestions.closest(to: String(repeating: "a", count: 200), among: candidates), [])
    XCTAssertEqual(
      Suggestions.closest(to: String(repeating: "a", count: 70) + "b", among: [String(repeating: "a", count: 70)]),
      [String(repeating: "a", count: 70)])
    // Short text: the nearest, however far, as before.
    XCTAssertEqual(Suggestions.closest(to: "x", among: candidates, limit: 5).count, 3)
    XCTAssertEqual(Suggestions.closest(to: "clock/show-secnds", among: candidates), candidates)
  }

  /// The whole table, every cell: what the banded distance must agree with.
  private static func wholeTable(_ a: [UInt8], _ b: [UInt8]) -> Int {
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    guard !a.isEmpty, !b.isEmpty else { return table[a.count][b.count] }
    for i in 1...a.count {
      for j in 1...b.count {
        table[i][j] = min(
          table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }

  func testTheBandedDistanceAgreesWithTheWholeTable() async {
    var generator = PanelFileFuzzTests.SplitMix(state: 47)
    for _ in 0..<3000 {
      // Few letters, so that near strings, swaps and repeats are common.
      let a = (0..<Int.random(in: 0...14, using: &generator)).map { _ in UInt8.random(in: 97...100, using: &generator) }
      let b = (0..<Int.random(in: 0...14, using: &generator)).map { _ in UInt8.random(in: 97...100, using: &generator) }
      let exact = Self.wholeTable(a, b)
      XCTAssertEqual(EditDistance.between(a, b), exact, "\(a) \(b)")
      for limit in 0...16 {
        let banded = EditDistance.between(a, b, atMost: limit)
        XCTAssertEqual(banded, exact <= limit ? exact : nil, "\(a) \(b) at most \(limit)")
      }
    }
  }

  func testSuggestionsAreTheNearestOfAllCandidatesAsTheWholeTableRanksThem() async {
    var generator = PanelFileFuzzTests.SplitMix(state: 4747)
    func word(_ length: ClosedRange<Int>) -> String {
      String(
        decoding: (0..<Int.random(in: length, using: &generator)).map { _ in
          UInt8.random(in: 97...101, using: &generator)
        }, as: UTF8.self)
    }
    for _ in 0..<300 {
      let candidates = (0..<20).map { _ in word(0...12) }
      let target = word(0...12)
      let ranked = candidates.enumerated().map { (Self.wholeTable(Array(target.utf8), Array($1.utf8)), $0, $1) }
        .sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
      for limit in [1, 3, 5] {
        XCTAssertEqual(
          Suggestions.closest(to: target, among: candidates, limit: limit), Array(ranked.prefix(limit)), target)
      }
    }
  }

  func testWhatALookupSaysIsCutEscapedAndBounded() async throws {
    let panel = panel(rows: 30)
    let hostilePath = RowPath(parsing: hostile + String(repeating: "y", count: 900))
    let missing = try XCTUnwrap(panel.resolve(hostilePath).problem(about: hostilePath))
    XCTAssertFalse(Self.holdsRawControls(missing), missing.debugDescription)
    XCTAssertTrue(missing.contains("\\u{1b}]0;owned\\u{7}\\u{1b}[2J\\u{202e}evil"), missing)
    XCTAssertLessThan(missing.count, 400, missing)

    // A short form that 30 rows end with lists the first 20 and counts the rest.
    let ambiguous = try XCTUnwrap(panel.resolve("same").problem(about: "same"))
    XCTAssertTrue(ambiguous.contains("s19/same") && !ambiguous.contains("s20/same"), ambiguous)
    XCTAssertTrue(ambiguous.contains("and 10 more"), ambiguous)

    // Suggestions are echoed through the same escaper: a panel file's ids are anyone's text.
    let odd = Panel(title: "Odd", sections: [Section("s\u{1B}[2J\u{202E}") { ValueRow("row", "Row", value: "") }])
    let near = try XCTUnwrap(odd.resolve("s/row").problem(about: "s/row"))
    XCTAssertTrue(near.contains("Did you mean"), near)
    XCTAssertFalse(Self.holdsRawControls(near), near.debugDescription)
  }

  func testProblemsAreListedTwentyAtMostThenCounted() async {
    let lines = (1...1_000).map { "problem \($0)" }
    let shown = String.boundedLines(lines)
    XCTAssertEqual(shown.count, String.listedLimit + 1)
    XCTAssertEqual(shown.first, "problem 1")
    XCTAssertEqual(shown[String.listedLimit - 1], "problem 20")
    XCTAssertEqual(shown.last, "…and 980 more problems.")
    XCTAssertEqual(String.boundedLines(Array(lines.prefix(20))), Array(lines.prefix(20)))
    XCTAssertEqual(String.listed(["a", "b"]), "a, b")
  }

  func testPanelFileProblemsEscapeTheFileNameThePathAndTheMessage() async {
    let error = PanelFileError(
      file: "/tmp/p\u{1B}]0;x\u{7}\u{202E}lmay.yaml", line: 3, column: 1, path: RowPath(parsing: hostile),
      message: "The file is not valid YAML: \u{1B}[2J.")
    XCTAssertFalse(Self.holdsRawControls(error.description), error.description.debugDescription)
    XCTAssertTrue(error.description.hasPrefix("/tmp/p\\u{1b}]0;x\\u{7}\\u{202e}lmay.yaml:3:1: "), error.description)
    let many = PanelFileErrors((1...50).map { PanelFileError(file: "f", line: $0, column: 1, path: "", message: "m") })
    XCTAssertEqual(many.description.split(separator: "\n").count, String.listedLimit + 1)
    let problem = PanelProblem(path: RowPath(parsing: hostile), message: "bad \u{1B}[2J")
    XCTAssertFalse(Self.holdsRawControls(problem.description), problem.description.debugDescription)
  }

  func testTextForTheShellHasNoControlsAndIsBounded() async {
    let name = "Files\u{202E}txt.exe\u{1B}[2J\nsecond line" + String(repeating: "z", count: 10_000)
    let sanitized = name.sanitizedForShell
    XCTAssertFalse(Self.holdsRawControls(sanitized), sanitized.debugDescription)
    XCTAssertTrue(sanitized.hasPrefix("Files\\u{202e}txt.exe\\u{1b}[2J\\nsecond line"), sanitized)
    XCTAssertTrue(sanitized.hasSuffix("…"))
    XCTAssertLessThanOrEqual(String(repeating: "z", count: 10_000).sanitizedForShell.count, String.shellLength)
    XCTAssertEqual("Clock › Seconds — on".sanitizedForShell, "Clock › Seconds — on")
  }
}
