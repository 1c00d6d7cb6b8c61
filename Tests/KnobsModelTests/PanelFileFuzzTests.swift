import Foundation
import KnobsModel
import XCTest

/// Random mutations of the example panels: the loader never crashes or hangs,
/// and always gives either a panel or errors placed inside the file.
@MainActor
final class PanelFileFuzzTests: XCTestCase {
  /// A small, seeded generator, so a failure repeats.
  struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  static let pieces = [
    ":", "-", " ", "  ", "\n", "{", "}", "[", "]", ",", "&a ", "*a", "? ", "|", ">", "\"", "'", "#", "!!str ",
    "%YAML 1.2\n", "---\n", "...", "\t", "\u{0}", "é", "kind: ", "id: ", "{row}", "{{", "}}", "setting: ",
    "ini: a/b", "default: ", "javascript:", "1e999", "-0", "null", "~", "<<: ", "\u{FEFF}",
  ]

  func mutate(_ text: String, _ random: inout SplitMix) -> String {
    var scalars = Array(text.unicodeScalars)
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      let at = Int.random(in: 0...scalars.count, using: &random)
      switch Int.random(in: 0..<5, using: &random) {
      case 0:  // delete a stretch
        let end = min(scalars.count, at + Int.random(in: 1...40, using: &random))
        scalars.removeSubrange(at..<end)
      case 1:  // insert a piece of YAML syntax
        scalars.insert(contentsOf: Self.pieces.randomElement(using: &random)!.unicodeScalars, at: at)
      case 2:  // duplicate a stretch elsewhere
        let end = min(scalars.count, at + Int.random(in: 1...80, using: &random))
        let stretch = scalars[at..<end]
        scalars.insert(contentsOf: stretch, at: Int.random(in: 0...scalars.count, using: &random))
      case 3:  // truncate
        scalars.removeSubrange(at...)
      default:  // replace one character
        if at < scalars.count { scalars[at] = Unicode.Scalar(UInt8.random(in: 32...126, using: &random)) }
      }
    }
    var result = String.UnicodeScalarView()
    result.append(contentsOf: scalars)
    return String(result)
  }

  func testMutatedExamplesGiveAPanelOrPositionedErrors() async throws {
    let folder = PanelFileExamplesTests.folder
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".yaml") }.sorted()
    let texts = try names.map { try String(contentsOfFile: folder + "/" + $0, encoding: .utf8) }
    var random = SplitMix(state: 15)
    var outcomes = (panels: 0, refused: 0, problems: 0)
    for _ in 0..<3000 {
      let text = mutate(texts.randomElement(using: &random)!, &random)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count + 1
      let errors: [PanelFileError]
      do {
        let file = try PanelFile.parse(text, file: "f.yaml")
        errors = file.problems(against: MemoryStore(defaults: [:]))
        if errors.isEmpty { outcomes.panels += 1 } else { outcomes.problems += 1 }
        XCTAssertFalse(file.id.isEmpty, text)
      } catch {
        errors = error.errors
        XCTAssertFalse(errors.isEmpty, "a refusal says why:\n\(text)")
        outcomes.refused += 1
      }
      for error in errors {
        XCTAssertTrue((1...lines).contains(error.line) && error.column >= 1, "\(error) in:\n\(text)")
        XCTAssertFalse(error.message.isEmpty)
      }
    }
    // Every kind of outcome happens, so the mutations reach past the YAML parser.
    XCTAssertGreaterThan(outcomes.panels, 0)
    XCTAssertGreaterThan(outcomes.refused, 0)
    XCTAssertGreaterThan(outcomes.problems, 0)
    print("panel file fuzzing: \(outcomes)")
  }
}
