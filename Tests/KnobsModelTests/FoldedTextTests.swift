import Foundation
import XCTest

@testable import KnobsModel

/// Folding for search: the table for Latin letters gives what lower-casing,
/// compatibility decomposition and dropping the marks give.
final class FoldedTextTests: XCTestCase {
  /// The reference folding, spelled out.
  private func reference(_ text: String) -> [UInt8] {
    let decomposed = text.lowercased().decomposedStringWithCompatibilityMapping
    let kept = decomposed.unicodeScalars.filter { $0.properties.generalCategory != .nonspacingMark }
    return Array(String(String.UnicodeScalarView(kept)).lowercased().utf8)
  }

  func testLatinTextFoldsAsTheReferenceDoes() {
    let texts = [
      "Résumé", "CRÈME BRÛLÉE", "Größe", "Ærøskøbing", "Łódź", "İstanbul", "ǅemal", "½ Fläche", "Ça\u{A0}va",
      "Naïve Café", "ĳssel", "Œuvre", "ſtraße",
    ]
    for text in texts {
      XCTAssertEqual(FoldedText(text).bytes, reference(text), text)
    }
  }

  func testEveryLatinCharacterFoldsAsTheReferenceDoes() {
    for value in UInt32(0x80)...0x24F {
      let text = "a" + String(Character(Unicode.Scalar(value)!)) + "Z"
      XCTAssertEqual(FoldedText(text).bytes, reference(text), String(value, radix: 16))
    }
  }

  func testOtherScriptsAndCombiningMarksStillFold() {
    for text in ["Ελληνικά Σ", "e\u{301}cole", "ｆｕｌｌ ｗｉｄｔｈ", "Русский"] {
      XCTAssertEqual(FoldedText(text).bytes, reference(text), text)
    }
    XCTAssertEqual(String(decoding: FoldedText("e\u{301}cole").bytes, as: UTF8.self), "ecole")
  }
}
