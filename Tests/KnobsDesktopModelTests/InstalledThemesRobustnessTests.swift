import Foundation
import KnobsDesktopModel
import XCTest

/// Theme folders whose names would break other programs' files are not offered.
final class InstalledThemesRobustnessTests: XCTestCase {
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

  func testHostileThemeFoldersAreNotOffered() throws {
    let data = home + "/share"
    for name in Self.hostileNames.filter({ !$0.contains("\0") }) + ["Good"] {
      try put("body {}", data + "/themes/" + name + "/gtk-3.0/gtk.css")
      try put("[Icon Theme]\nDirectories=16x16\n", data + "/icons/" + name + "/index.theme")
      try FileManager.default.createDirectory(
        atPath: data + "/icons/" + name + "/cursors", withIntermediateDirectories: true)
    }
    let themes = InstalledThemes(environment: ["HOME": home, "XDG_DATA_HOME": data, "XDG_DATA_DIRS": home + "/none"])
    XCTAssertEqual(themes.legacyApplicationThemes(), ["Adwaita", "HighContrast", "Good"])
    XCTAssertEqual(themes.iconThemes(), ["Good"])
    XCTAssertEqual(themes.cursorThemes(), ["Good"])
  }
}
