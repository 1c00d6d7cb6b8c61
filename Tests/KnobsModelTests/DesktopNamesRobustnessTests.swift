import Foundation
import XCTest

@testable import KnobsModel

/// Theme, icon, cursor and font names that would break other programs' files: refused in words,
/// and theme folders with such names not offered.
final class DesktopNamesRobustnessTests: XCTestCase {
  static let hostileNames = [
    "Evil\nName", "Evil\r\n[Settings]", "Evil\u{202E}emaN", "Evil=1", "[Settings]", "Evil]", "Evil\0", "Evil\u{1B}[31m",
    "Evil\u{2028}", "Evil\u{85}", "Evil\u{2066}", "Evil\u{200B}",
  ]

  var home = ""

  override func setUp() {
    home = FileManager.default.temporaryDirectory.appendingPathComponent("knobs-names-\(UUID())").path
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: home)
  }

  func put(_ text: String, _ path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  func testHostileNamesAreRefusedInWords() {
    for name in Self.hostileNames {
      let problem = DesktopNames.problem(with: name)
      XCTAssertNotNil(problem, name.debugDescription)
      XCTAssertTrue(problem?.hasPrefix("A name can't hold") == true, "\(problem ?? "")")
      XCTAssertNotNil(FontDescription.problem(with: name + " 11"), name.debugDescription)
    }
    for name in ["Adwaita", "Arc-Dark", "Papirus (old)", "Ubuntu Mono 12", "Noto Sans CJK JP 10", "עברית"] {
      XCTAssertNil(DesktopNames.problem(with: name), name)
    }
    XCTAssertNil(FontDescription.problem(with: "Noto Sans CJK JP 10"))
  }
}
