import Foundation
import XCTest

@testable import KnobsModel

/// Knobs' own text, path and process helpers, checked against Foundation's, which they
/// replace so that the app links no ICU.
final class PlainTextTests: XCTestCase {
  func testReplacingAllMatchesFoundationAndLeavesTextAloneForAnEmptyPattern() {
    let cases: [(String, String, String)] = [
      ("a-b-c", "-", "_"), ("aaaa", "aa", "b"), ("1.25", ".", ","), ("x", "xyz", "q"), ("", "a", "b"),
      ("−3", "\u{2212}", "-"), ("é;é", ";", "\\;"), ("café", "é", "e"), ("e\u{301}", "e", "E"),
    ]
    for (text, pattern, replacement) in cases {
      XCTAssertEqual(
        text.replacingAll(pattern, with: replacement), text.replacingOccurrences(of: pattern, with: replacement),
        "\(text) \(pattern)")
    }
    XCTAssertEqual("abc".replacingAll("", with: "."), "abc")
  }

  func testTrimmingSpacesMatchesFoundationsWhitespaces() {
    for text in ["  a b  ", "\t x\t", "\u{A0}y\u{2003}", "\nline\n", "", "   ", " ,a, "] {
      XCTAssertEqual(text.trimmingSpaces, text.trimmingCharacters(in: .whitespaces), text.debugDescription)
    }
    XCTAssertEqual(",Sans,".trimming(while: { $0 == "," }), "Sans")
  }

  func testPathsReadAsNSStringReadsThem() {
    let paths = [
      "/", "ab", "/a", "ab/", "/a/b", "/a/b/", "a/b", "//a//b//", "/usr/share/themes/Adwaita", "~/x", "./a", "../b",
      "/a//b", "relative/folder/",
    ]
    for path in paths {
      XCTAssertEqual(PathText.lastComponent(path), (path as NSString).lastPathComponent, "last of \(path)")
      XCTAssertEqual(PathText.parent(path), (path as NSString).deletingLastPathComponent, "parent of \(path)")
    }
    // Foundation traps on the parent of an empty path and of a one-character name ("a", "a/", "./").
    XCTAssertEqual(PathText.lastComponent(""), "")
    XCTAssertEqual(PathText.parent(""), "")
    XCTAssertEqual(PathText.parent("a"), "")
    XCTAssertEqual(PathText.parent("a/"), "")
    XCTAssertEqual(PathText.lastComponent("a/"), "a")
  }

  func testASubprocessGivesItsStatusAndAllOfItsOutput() {
    let echoed = Subprocess.run(["sh", "-c", "echo out; echo err >&2; exit 3"], keeping: .standardOutput)
    XCTAssertEqual(echoed.status, 3)
    XCTAssertEqual(String(decoding: echoed.bytes, as: UTF8.self), "out\n")
    let errors = Subprocess.run(["sh", "-c", "echo out; echo err >&2"], keeping: .standardError)
    XCTAssertEqual(String(decoding: errors.bytes, as: UTF8.self), "err\n")
    // More than a pipe holds: read to the end before waiting, or the child blocks.
    let long = Subprocess.run(["head", "-c", "300000", "/dev/zero"], keeping: .standardOutput, limit: 1_000_000)
    XCTAssertEqual(long.status, 0)
    XCTAssertEqual(long.bytes.count, 300_000)
    XCTAssertEqual(Subprocess.run(["knobs-no-such-program"], keeping: .standardOutput).status, -1)
    XCTAssertEqual(Subprocess.run(["sh", "-c", "kill -9 $$"], keeping: .standardOutput).status, -1, "killed")
  }

  func testAProgramThatWritesWithoutEndIsStoppedAtTheLimit() {
    let endless = Subprocess.run(["yes"], keeping: .standardOutput)
    XCTAssertEqual(endless.status, Subprocess.overLimit)
    XCTAssertEqual(endless.bytes.count, Subprocess.defaultLimit)
    let errors = Subprocess.run(["sh", "-c", "yes >&2"], keeping: .standardError, limit: 1000)
    XCTAssertEqual(errors.status, Subprocess.overLimit)
    XCTAssertEqual(errors.bytes.count, 1000)
    // Just the limit is not over it.
    let exact = Subprocess.run(["head", "-c", "1000", "/dev/zero"], keeping: .standardOutput, limit: 1000)
    XCTAssertEqual(exact.status, 0)
    XCTAssertEqual(exact.bytes.count, 1000)
  }

  func testThePercentTableAgreesWithFoundationForEveryLocale() {
    var checked = 0
    for identifier in Locale.availableIdentifiers {
      let formatter = NumberFormatter()
      formatter.locale = Locale(identifier: identifier)
      formatter.numberStyle = .percent
      guard let sample = formatter.string(from: 1), let digits = sample.range(of: "100") else { continue }
      let expected = (String(sample[..<digits.lowerBound]), String(sample[digits.upperBound...]))
      let found = PercentPatterns.pattern(for: identifier)
      XCTAssertTrue(found == expected, "\(identifier): \(found) instead of \(expected)")
      checked += 1
    }
    XCTAssertGreaterThan(checked, 500)
  }
}
