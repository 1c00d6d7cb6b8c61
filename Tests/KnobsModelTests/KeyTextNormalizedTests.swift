import XCTest

@testable import KnobsModel

/// Schema text made fit for rows a byte at a time (ASCII, nearly every schema's) gives what the
/// Character-by-Character reading gives, and other text still takes that reading.
final class KeyTextNormalizedTests: XCTestCase {
  private static let texts = [
    "", " ", "\n", "\n\n\n", "word", "  two   words  ", "a\nb", "a\n\nb", "a\n  \n\tb", "\n\nlead", "trail\n\n",
    "a \n\t\n b", "line one\n    line two\n\n    second paragraph\n\n\n\nthird", "tab\tseparated\twords",
    "\t\n \n\t", "x\u{0B}y\u{0C}z", "ends with space ", "many\n\n\n\n\nbreaks", "control\u{1}\u{7}\u{1B}[31m here",
    "crlf\r\nlines\r\n\r\nnext", "cr\ronly", "del\u{7F}char", String(repeating: "long text ", count: 2_000),
    "Ünïcödé stays\n\nthe slow way", "bidi \u{202E}override\u{202C} and \u{2066}isolate\u{2069}",
    "nbsp\u{A0}and\u{2028}separator", "é\n\ne", "emoji 👩‍👩‍👧 words",
  ]

  func testTheByteReadingGivesTheCharacterReading() {
    for text in Self.texts {
      let fitted = TextBounds.fitted(text, multiline: true)
      XCTAssertEqual(KeyText.normalized(text), KeyText.characterNormalized(fitted), text.debugDescription)
    }
  }

  func testOnlyASCIITextWithoutCarriageReturnsIsReadByteByByte() {
    XCTAssertEqual(KeyText.asciiNormalized("  Show the\n  clock.\n\n  Really. "), "Show the clock.\n\nReally.")
    XCTAssertNil(KeyText.asciiNormalized("Größe"))
    XCTAssertNil(KeyText.asciiNormalized("a\r\nb"))
    // A schema's carriage returns are spaces once fitted: its blank lines still part paragraphs.
    XCTAssertEqual(KeyText.normalized("a\r\n\r\nb"), "a\n\nb")
  }
}
