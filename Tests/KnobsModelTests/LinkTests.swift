import KnobsModel
import XCTest

final class LinkTests: XCTestCase {
  private func check(_ url: String, allowing schemes: Set<String> = []) -> Result<URL, LinkError> {
    Result { () throws(LinkError) -> URL in try Row.Link(url: url, extraSchemes: schemes).checkedURL() }
  }

  private func assertAccepted(_ url: String, allowing schemes: Set<String> = [], line: UInt = #line) {
    if case .failure(let error) = check(url, allowing: schemes) { XCTFail("\(url): \(error)", line: line) }
  }

  private func assertRejected(
    _ url: String, allowing schemes: Set<String> = [], as expected: LinkError, line: UInt = #line
  ) {
    switch check(url, allowing: schemes) {
    case .success: XCTFail("\(url) was accepted", line: line)
    case .failure(let error): XCTAssertEqual(error, expected, line: line)
    }
  }

  func testWebSchemesAreAcceptedInAnyCase() throws {
    assertAccepted("https://example.org/path?q=1#top")
    assertAccepted("HTTPS://EXAMPLE.ORG")
    assertAccepted("http://example.org")
    XCTAssertEqual(try Row.Link(url: "https://example.org/a").checkedURL().host, "example.org")
  }

  func testOtherSchemesNeedToBeListed() {
    assertRejected("help:knobs", as: .schemeNotAllowed("help"))
    assertAccepted("help:knobs", allowing: ["help"])
    assertAccepted("HELP:knobs", allowing: ["Help"])
    assertRejected("mailto:a@b.org", as: .schemeNotAllowed("mailto"))
  }

  func testForbiddenSchemesAreRejectedEvenWhenListed() {
    assertRejected("file:///etc/passwd", allowing: ["file"], as: .forbiddenScheme("file"))
    assertRejected("javascript:alert(1)", allowing: ["javascript"], as: .forbiddenScheme("javascript"))
    assertRejected("JavaScript:alert(1)", allowing: ["javascript"], as: .forbiddenScheme("javascript"))
    assertRejected("data:text/html,<script>", allowing: ["data"], as: .forbiddenScheme("data"))
    assertRejected("VBScript:msgbox", allowing: ["vbscript"], as: .forbiddenScheme("vbscript"))
  }

  func testASchemeIsALetterThenLettersDigitsPlusMinusOrDot() {
    assertAccepted("web+knobs-2.x:page", allowing: ["web+knobs-2.x"])
    assertAccepted("Web+Knobs-2.X:page", allowing: ["web+knobs-2.x"])
    assertRejected("x.y:z", as: .schemeNotAllowed("x.y"))
    assertRejected("2web:page", allowing: ["2web"], as: .missingScheme("2web:page"))
    assertRejected("+web:page", as: .missingScheme("+web:page"))
    assertRejected(":page", as: .missingScheme(":page"))
    assertRejected("wéb:page", allowing: ["wéb"], as: .missingScheme("wéb:page"))
    assertRejected("we_b:page", allowing: ["we_b"], as: .missingScheme("we_b:page"))
    // The first colon ends the scheme.
    assertRejected("help:https://example.org", as: .schemeNotAllowed("help"))
  }

  func testSchemelessHostlessAndSpacedURLsAreRejected() {
    assertRejected("example.org", as: .missingScheme("example.org"))
    assertRejected("//example.org/x", as: .missingScheme("//example.org/x"))
    assertRejected("/etc/passwd", as: .missingScheme("/etc/passwd"))
    assertRejected("", as: .missingScheme(""))
    assertRejected("https:///nohost", as: .missingHost("https:///nohost"))
    assertRejected("https:", as: .missingHost("https:"))
    assertRejected(" javascript:alert(1)", as: .invalidCharacters(" javascript:alert(1)"))
    assertRejected("https://example.org/a b", as: .invalidCharacters("https://example.org/a b"))
    assertRejected("java\tscript:x", as: .invalidCharacters("java\tscript:x"))
    // Every ASCII control, DEL, and whitespace and controls beyond ASCII.
    for scalar in ["\u{0}", "\u{1F}", "\u{7F}", "\u{85}", "\u{A0}", "\u{2028}", "\u{3000}"] {
      let url = "https://example.org/a" + scalar + "b"
      assertRejected(url, as: .invalidCharacters(url))
    }
    // Printable ASCII and letters beyond it pass that check.
    assertAccepted("https://example.org/~a!$&'()*+,;=:@%20?q=é#ß")
  }

  func testDisplayURLDecodesOnlyWhatIsSafeToShow() {
    let cases: [(String, String)] = [
      ("https://example.org/caf%C3%A9", "https://example.org/café"),
      ("https://example.org/%E2%9C%93/%41", "https://example.org/✓/A"),
      ("https://example.org/a%20b", "https://example.org/a%20b"),
      ("https://example.org/a%2Fb%3Fc%23d", "https://example.org/a%2Fb%3Fc%23d"),
      ("https://example.org/%E2%80%AEevil", "https://example.org/%E2%80%AEevil"),
      ("https://example.org/%C3", "https://example.org/%C3"),
      ("https://example.org/%0D%0A", "https://example.org/%0D%0A"),
      ("https://example.org/100%", "https://example.org/100%"),
    ]
    for (url, shown) in cases {
      XCTAssertEqual(Row.Link(url: url).displayURL, shown)
    }
  }

  func testErrorsSayWhatIsWrongInPlainWords() {
    XCTAssertTrue(LinkError.forbiddenScheme("file").description.contains("never opened"))
    XCTAssertTrue(LinkError.schemeNotAllowed("help").description.contains("help:"))
    XCTAssertTrue(LinkError.missingScheme("x").description.contains("no scheme"))
  }
}
