import Foundation
import KnobsDesktopModel
import XCTest

/// Theme folders whose names would break other programs' files are not offered.
final class InstalledThemesRobustnessTests: XCTestCase {
  /// DesktopNamesRobustnessTests' names (but the NUL, which no folder name holds).
  static let hostileNames = [
    "Evil\nName", "Evil\r\n[Settings]", "Evil\u{202E}emaN", "Evil=1", "[Settings]", "Evil]", "Evil\u{1B}[31m",
    "Evil\u{2028}", "Evil\u{85}", "Evil\u{2066}", "Evil\u{200B}",
  ]

  func testHostileThemeFoldersAreNotOffered() throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("knobs-names-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: home) }
    let data = home + "/share"
    for name in Self.hostileNames + ["Good"] {
      for folder in ["/themes/" + name + "/gtk-3.0", "/icons/" + name + "/cursors"] {
        try FileManager.default.createDirectory(atPath: data + folder, withIntermediateDirectories: true)
      }
      try Data("body {}".utf8).write(to: URL(fileURLWithPath: data + "/themes/" + name + "/gtk-3.0/gtk.css"))
      try Data("[Icon Theme]\nDirectories=16x16\n".utf8).write(
        to: URL(fileURLWithPath: data + "/icons/" + name + "/index.theme"))
    }
    let themes = InstalledThemes(environment: ["HOME": home, "XDG_DATA_HOME": data, "XDG_DATA_DIRS": home + "/none"])
    XCTAssertEqual(themes.legacyApplicationThemes(), ["Adwaita", "HighContrast", "Good"])
    XCTAssertEqual(themes.iconThemes(), ["Good"])
    XCTAssertEqual(themes.cursorThemes(), ["Good"])
  }
}
