import Foundation
import KnobsModel
import XCTest

/// Doubles in GVariant text as GLib prints them (17 digits) read in their shortest form, which
/// reads back as the same number; strings and whole numbers stay as they were.
final class GVariantDoublesTests: XCTestCase {
  func testDoublesReadInTheirShortestForm() {
    let cases: [(String, String)] = [
      ("(0.10000000000000001, 0.20000000000000001, 0.29999999999999999, 1.0)", "(0.1, 0.2, 0.3, 1.0)"),
      ("[-0.5, 2.5, 1.0000000000000001e-05, 1e+20]", "[-0.5, 2.5, 1e-05, 1e+20]"),
      ("(3, 0.29999999999999999)", "(3, 0.3)"),
      (
        "('0.29999999999999999', \"it's 0.10000000000000001\", 0.10000000000000001)",
        "('0.29999999999999999', \"it's 0.10000000000000001\", 0.1)"
      ),
      ("{'a\\'0.10000000000000001': <0.10000000000000001>}", "{'a\\'0.10000000000000001': <0.1>}"),
      ("@a(sd) []", "@a(sd) []"),
      ("(int32 5, 12)", "(int32 5, 12)"),
      ("(true, -7)", "(true, -7)"),
    ]
    for (printed, shown) in cases {
      XCTAssertEqual(GVariantText.shortestDoubles(printed), shown, printed)
    }
  }

  func testEveryShortFormReadsBackAsTheSameDouble() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2000 {
      let value = Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF) * (Bool.random() ? 1 : -1)
      let printed = String(format: "%.17g", value)
      let glib = printed.contains(".") || printed.contains("e") ? printed : printed + ".0"
      let shown = GVariantText.shortestDoubles("(\(glib), 1)")
      let number = shown.dropFirst().prefix { $0 != "," }
      XCTAssertEqual(Double(String(number)), value, "\(glib) → \(shown)")
    }
  }
}
