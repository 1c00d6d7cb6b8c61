import KnobsModel
import XCTest

final class MailtoTests: XCTestCase {
  private func uri(
    to: [String] = ["a@example.org"], cc: [String] = [], bcc: [String] = [], subject: String? = nil,
    body: String? = nil
  ) throws -> String {
    try Row.Email(to: to, cc: cc, bcc: bcc, subject: subject, body: body).mailtoURI()
  }

  private func assertThrows(_ email: Row.Email, _ expected: EmailError, line: UInt = #line) {
    XCTAssertThrowsError(try email.mailtoURI(), line: line) { error in
      XCTAssertEqual(error as? EmailError, expected, line: line)
    }
  }

  /// The structure of a mailto URI: only the first `?` and the `&`s between known fields are raw.
  private func assertNoRawDelimiters(_ uri: String, line: UInt = #line) {
    XCTAssertTrue(uri.hasPrefix("mailto:"), line: line)
    for forbidden in [" ", "#", "+", "\r", "\n", "%0a", "%0d"] {
      XCTAssertFalse(uri.contains(forbidden), "raw \(forbidden.debugDescription) in \(uri)", line: line)
    }
    XCTAssertFalse(uri.lowercased().contains("&attach"), line: line)
    XCTAssertFalse(uri.lowercased().contains("attachment="), line: line)
    let parts = uri.split(separator: "?", omittingEmptySubsequences: false)
    XCTAssertLessThanOrEqual(parts.count, 2, "more than one raw ? in \(uri)", line: line)
    if parts.count == 2 {
      for field in parts[1].split(separator: "&", omittingEmptySubsequences: false) {
        let name = field.prefix { $0 != "=" }
        XCTAssertTrue(["cc", "bcc", "subject", "body"].contains(String(name)), "field \(field) in \(uri)", line: line)
      }
    }
  }

  func testTable() throws {
    let table: [(String, String)] = [
      (try uri(), "mailto:a@example.org"),
      (try uri(subject: "Hello"), "mailto:a@example.org?subject=Hello"),
      (try uri(subject: "", body: ""), "mailto:a@example.org"),
      (try uri(subject: "1 + 1 = 2"), "mailto:a@example.org?subject=1%20%2B%201%20%3D%202"),
      (try uri(subject: "100% sure"), "mailto:a@example.org?subject=100%25%20sure"),
      (
        try uri(subject: "x&attach=/etc/passwd"),
        "mailto:a@example.org?subject=x%26attach%3D%2Fetc%2Fpasswd"
      ),
      (try uri(subject: "Knobs 🎛"), "mailto:a@example.org?subject=Knobs%20%F0%9F%8E%9B"),
      (try uri(subject: "Café #1?"), "mailto:a@example.org?subject=Caf%C3%A9%20%231%3F"),
      (try uri(subject: "a,b;c/d~e_f.g-h"), "mailto:a@example.org?subject=a%2Cb%3Bc%2Fd~e_f.g-h"),
      (try uri(body: "one\r\ntwo\nthree\rfour"), "mailto:a@example.org?body=one%0D%0Atwo%0D%0Athree%0D%0Afour"),
      (try uri(body: "\n\n"), "mailto:a@example.org?body=%0D%0A%0D%0A"),
      (
        try uri(to: ["a@example.org", "b.c@example.net"], cc: ["d@example.com"], bcc: ["e+tag@example.com"]),
        "mailto:a@example.org,b.c@example.net?cc=d@example.com&bcc=e%2Btag@example.com"
      ),
      (
        try uri(cc: ["c@example.org", "d@example.org"], subject: "S", body: "B"),
        "mailto:a@example.org?cc=c@example.org,d@example.org&subject=S&body=B"
      ),
      (try uri(to: ["josé@bücher.example"]), "mailto:jos%C3%A9@b%C3%BCcher.example"),
    ]
    for (actual, expected) in table {
      XCTAssertEqual(actual, expected)
      assertNoRawDelimiters(actual)
    }
  }

  func testHostileAddressesThrow() {
    assertThrows(Row.Email(to: ["a&attach=/etc/passwd"]), .invalidAddress("a&attach=/etc/passwd"))
    assertThrows(Row.Email(to: ["x?cc=evil@example.org"]), .invalidAddress("x?cc=evil@example.org"))
    assertThrows(Row.Email(to: ["a@b.org", "a b@example.org"]), .invalidAddress("a b@example.org"))
    assertThrows(Row.Email(to: ["a@b.org"], cc: ["<evil@example.org>"]), .invalidAddress("<evil@example.org>"))
    assertThrows(Row.Email(to: ["a@b.org"], bcc: ["a@@b.org"]), .invalidAddress("a@@b.org"))
    assertThrows(Row.Email(to: ["a%40b@example.org"]), .invalidAddress("a%40b@example.org"))
    assertThrows(Row.Email(to: ["a@-example.org"]), .invalidAddress("a@-example.org"))
    assertThrows(Row.Email(to: ["a@example..org"]), .invalidAddress("a@example..org"))
    assertThrows(Row.Email(to: ["@example.org"]), .invalidAddress("@example.org"))
    assertThrows(Row.Email(to: []), .noRecipients)
    assertThrows(
      Row.Email(to: ["a@b.org\r\nBcc: evil@example.org"]), .lineBreakInAddress("a@b.org\r\nBcc: evil@example.org"))
  }

  func testLineBreakInSubjectThrowsButInBodyIsEncoded() throws {
    assertThrows(Row.Email(to: ["a@b.org"], subject: "Hi\r\nBcc: evil@example.org"), .lineBreakInSubject)
    assertThrows(Row.Email(to: ["a@b.org"], subject: "Hi\nthere"), .lineBreakInSubject)
    assertThrows(Row.Email(to: ["a@b.org"], subject: "Hi\rthere"), .lineBreakInSubject)
    XCTAssertEqual(try uri(body: "Hi\r\nBcc: x"), "mailto:a@example.org?body=Hi%0D%0ABcc%3A%20x")
  }

  func testUnsupportedHeadersThrowAndAreNeverEmitted() {
    var email = Row.Email(to: ["a@b.org"])
    email.unsupportedHeaders = ["attach"]
    assertThrows(email, .unsupportedHeaders(["attach"]))
  }

  func testHundredKilobyteBody() throws {
    let line = String(repeating: "é&+ ", count: 24) + "\n"
    let body = String(repeating: line, count: 1_000)
    XCTAssertGreaterThan(body.utf8.count, 100_000)
    let result = try uri(body: body)
    let encodedLine = String(repeating: "%C3%A9%26%2B%20", count: 24) + "%0D%0A"
    XCTAssertEqual(result, "mailto:a@example.org?body=" + String(repeating: encodedLine, count: 1_000))
    assertNoRawDelimiters(result)
  }

  func testParseDecodesFieldsAndKeepsUnknownHeaders() {
    let email = Row.Email.parse(
      mailto: "MAILTO:a@example.org,b@example.org?cc=c@example.org&subject=Caf%C3%A9%20%2B%201"
        + "&body=one%0D%0Atwo&attach=/etc/passwd&X-Evil=1&bcc=d@example.org")
    XCTAssertEqual(email.to, ["a@example.org", "b@example.org"])
    XCTAssertEqual(email.cc, ["c@example.org"])
    XCTAssertEqual(email.bcc, ["d@example.org"])
    XCTAssertEqual(email.subject, "Café + 1")
    XCTAssertEqual(email.body, "one\r\ntwo")
    XCTAssertEqual(email.unsupportedHeaders, ["attach", "x-evil"])
  }

  func testParseKeepsDecodedLineBreaksSoTheyAreRejected() {
    let email = Row.Email.parse(mailto: "mailto:a@b.org?subject=Hi%0D%0ABcc:%20evil@example.org")
    XCTAssertEqual(email.subject, "Hi\r\nBcc: evil@example.org")
    XCTAssertThrowsError(try email.mailtoURI())
  }

  func testParseRoundTrip() throws {
    let original = Row.Email(
      to: ["a@example.org"], cc: ["b+x@example.org"], subject: "50% off & more 🎛", body: "line 1\r\nline 2")
    let parsed = Row.Email.parse(mailto: try original.mailtoURI())
    XCTAssertEqual(parsed.to, original.to)
    XCTAssertEqual(parsed.cc, original.cc)
    XCTAssertEqual(parsed.subject, original.subject)
    XCTAssertEqual(parsed.body, original.body)
    XCTAssertEqual(parsed.unsupportedHeaders, [])
  }

  func testEmailRowFromMailtoAndDisplayAddress() throws {
    let row = EmailRow("feedback", "Feedback", mailto: "mailto:a@example.org,b@example.org?subject=Hi").row
    guard case .email(let email) = row.kind.form else { return XCTFail("not an email row") }
    XCTAssertEqual(email.displayAddress, "a@example.org, b@example.org")
    XCTAssertEqual(try email.mailtoURI(), "mailto:a@example.org,b@example.org?subject=Hi")
  }

  func testErrorDescriptionsAreOneLine() {
    let errors: [EmailError] = [
      .noRecipients, .invalidAddress("a\u{7}b"), .lineBreakInAddress("a\r\nb"), .lineBreakInSubject,
      .unsupportedHeaders(["attach"]),
    ]
    for error in errors {
      XCTAssertFalse(error.description.contains("\n"), error.description)
      XCTAssertTrue(error.description.hasSuffix("."), error.description)
    }
  }
}
