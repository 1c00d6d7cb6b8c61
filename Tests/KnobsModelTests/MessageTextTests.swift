import XCTest

@testable import KnobsModel

/// Text put on a terminal: what a terminal would act on (control characters, and the
/// bidirectional controls that reorder a line) is escaped, and input echoed in a message is
/// cut to about 80 characters, whoever the message is.
final class MessageTextTests: XCTestCase {
  func testBidirectionalControlsAreEscapedAsControlCharactersAre() {
    let bidi: [UInt32] = [
      0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C,
    ]
    for value in bidi {
      let text = "evil\(Character(Unicode.Scalar(value)!))txt.exe"
      let shown = "evil\\u{\(String(value, radix: 16))}txt.exe"
      XCTAssertEqual(text.escapedForTerminal, shown)
      XCTAssertEqual(text.escapedForMessage, shown)
    }
    XCTAssertEqual("a\u{1B}[2J\u{85}b\r\n\t".escapedForTerminal, "a\\u{1b}[2J\\u{85}b\\r\\n\\t")
    // Right-to-left text itself is text, not a control: it is kept.
    XCTAssertEqual("שלום Ünïcödé ✓".escapedForTerminal, "שלום Ünïcödé ✓")
  }

  func testEchoedInputIsCutToAboutEightyCharacters() {
    let letters = String(repeating: "a", count: 10_000)
    XCTAssertEqual(letters.escapedForMessage, String(repeating: "a", count: 77) + "…")
    XCTAssertEqual(String(repeating: "b", count: 80).escapedForMessage, String(repeating: "b", count: 80))
    XCTAssertEqual(String(repeating: "é", count: 81).shortenedForMessage.count, 78)
    // Cut first, then escaped: an escape is never cut in half.
    let controls = String(repeating: "\u{1B}", count: 1000)
    XCTAssertEqual(controls.escapedForMessage, String(repeating: "\\u{1b}", count: 77) + "…")
    // A line of output is escaped but kept whole.
    XCTAssertEqual(letters.escapedForTerminal, letters)
  }

  func testAnAcceleratorOfTenThousandLettersIsEchoedAsItsStart() {
    let text = "<Super>" + String(repeating: "a", count: 10_000)
    XCTAssertThrowsError(try Accelerator(parsing: text)) { error in
      let message = String(describing: error)
      XCTAssertLessThan(message.count, 200, message)
      XCTAssertTrue(message.contains("“aaaa"), message)
      XCTAssertTrue(message.contains("…"), message)
    }
  }

  func testAValueThatCantBeSetIsEchoedAsItsStart() {
    let error = ValueError.notANumber(row: "Size", text: String(repeating: "9x", count: 500_000))
    XCTAssertLessThan(error.description.count, 200)
  }
}
