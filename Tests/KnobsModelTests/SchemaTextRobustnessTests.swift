@testable import KnobsModel
import XCTest

/// A schema's summary and description are another person's text: the readers of ranges and codes
/// in them take any text, cut anywhere (a number, a point, a dash or a word at its very end), and
/// never trap.
final class SchemaTextRobustnessTests: XCTestCase {
  func testRangesAndCodesAreReadFromAnyTextWithoutTrapping() {
    let endings = ["0-255", "from 0 to 3", "between 0.5 and 2.", "1.", "-", "–", "0 -", "2 dark", "0=", "3:", "9"]
    for text in endings {
      _ = StatedRange.range(in: [text], defaultValue: nil)
      _ = DescribedValues.integerOptions(in: text, range: .any, bounds: (-1e9, 1e9), defaultValue: nil)
      _ = DescribedValues.textBeforeCodes(text)
    }
    XCTAssertNotNil(StatedRange.range(in: ["Opacity 0-255"], defaultValue: 240))
    XCTAssertNotNil(StatedRange.range(in: ["Zoom, from 0.5 to 2"], defaultValue: 1))
    var generator = PanelFileFuzzTests.SplitMix(state: 47)
    let pieces = [
      "0", "1", "2", "9", ".", "-", "\u{2013}", "\u{2212}", " ", ",", "=", ":", "from", "to", "between",
      "and", "dark", "'", "(", ")", "\n", "\u{202E}", "é",
    ]
    for _ in 0..<3000 {
      let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
        .joined()
      _ = StatedRange.range(in: [text], defaultValue: Double(Int.random(in: -2...300, using: &generator)))
      _ = DescribedValues.integerOptions(in: text, range: .any, bounds: (0, 255), defaultValue: 0)
      _ = DescribedValues.textBeforeCodes(text)
      _ = DescribedValues.stringOptions(in: text, defaultValue: "a")
      _ = DescribedValues.textBeforeWordList(text)
    }
  }

  /// Lists of words (“Options are Super, Ctrl, Alt”, “'a' or 'b'”) are read from any text, cut anywhere, and
  /// a text of nothing but list is read once through, not once from every word.
  func testWordListsAreReadFromAnyTextInOnePass() {
    let endings = [
      "or", "a or", "a or b", "'a' or '", "`a` and `", "Options are", "Options are a,", ": a, b,", "(a or",
    ]
    for text in endings {
      _ = DescribedValues.integerOptions(in: text, range: .any, bounds: (0, 255), defaultValue: 0)
      _ = DescribedValues.stringOptions(in: text, defaultValue: "a")
      _ = DescribedValues.textBeforeWordList(text)
    }
    XCTAssertEqual(DescribedValues.stringOptions(in: "Options are x1, y2", defaultValue: "x1"), ["x1", "y2"])
    var generator = PanelFileFuzzTests.SplitMix(state: 51)
    let pieces = [
      "a", "Left", "b2", " ", ",", " or ", " and ", ":", "(", ")", "'", "`", "\u{201C}", "\u{201D}", ".", "?",
      "Options are ", "either ", "\n", "\u{202E}", "é", "0", "=",
    ]
    for _ in 0..<3000 {
      let text = (0..<Int.random(in: 0...14, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
        .joined()
      _ = DescribedValues.integerOptions(
        in: text, range: .range(minimum: 0, maximum: 2), bounds: (0, 255), defaultValue: 1)
      _ = DescribedValues.stringOptions(in: text, defaultValue: "Left")
      _ = DescribedValues.textBeforeWordList(text)
    }
    // A list longer than any choice's is none, and it is read once through, not again from each of its words.
    let words = (0..<2000).map { "w\($0)x" }.joined(separator: ", ")
    XCTAssertNil(DescribedValues.stringOptions(in: "Options are " + words, defaultValue: "w0x"))
    var steps = 0
    _ = DescribedValues.wordList(in: Array(("Options are " + words).unicodeScalars), steps: &steps)
    XCTAssertLessThanOrEqual(steps, 2 * (words.unicodeScalars.count + 12))
  }

  /// JSON another program stored is shown with its invisible characters escaped, whatever it holds: no bidirectional
  /// control, separator or control character but JSON's own whitespace is left, JSON stays JSON, and a second
  /// pass changes nothing.
  func testJSONTextShowsNoInvisibleCharacterWhateverItHolds() {
    var generator = PanelFileFuzzTests.SplitMix(state: 53)
    let pieces = [
      "{", "}", "[", "]", "\"", "\\", "\\\"", ":", ",", "1", "a", " ", "\n", "\t", "\r", "\u{202E}", "\u{2066}",
      "\u{2069}", "\u{200F}", "\u{2028}", "\u{0}", "\u{1B}", "\u{85}", "\u{7F}", "é", "\\u202e", "true",
    ]
    var valid = 0
    let inner = pieces.filter { !["\"", "\\", "\u{0}", "\u{1B}", "\n", "\t", "\r", "\u{7F}"].contains($0) }
    for round in 0..<5000 {
      var text = (0..<Int.random(in: 0...16, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
        .joined()
      // Every other text a string in a list, so that much of the corpus is JSON.
      if round.isMultiple(of: 2) {
        let content = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
          inner.randomElement(using: &generator)!
        }
        text = "[\"" + content.joined() + "\", " + String(round) + "]"
      }
      let shown = JSONText.escapingInvisibles(text)
      XCTAssertFalse(
        shown.unicodeScalars.contains { String.isEscaped($0) && !["\n", "\t", "\r"].contains($0) }
          || shown.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" }, text.debugDescription)
      XCTAssertEqual(JSONText.escapingInvisibles(shown), shown, text.debugDescription)
      if JSONText.problem(in: text) == nil {
        valid += 1
        XCTAssertNil(JSONText.problem(in: shown), text.debugDescription)
      }
    }
    XCTAssertGreaterThan(valid, 1000, "the corpus holds JSON to keep valid")
  }
}
