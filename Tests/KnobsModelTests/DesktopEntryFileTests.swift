import Foundation
import KnobsModel
import XCTest

/// Desktop files read as the specification says and changed one line at a time.
final class DesktopEntryFileTests: XCTestCase {
  static let sample = """
    # Written by hand; keep this comment
    [Desktop Entry]
    Type=Application
    Name=Notes
    Name[de]=Notizen
    Name[de_CH]=Notize
    Name[sr@latin]=Beleške
    Comment=Take notes\\sfast
    Exec=notes --hidden
    X-Unknown-Key = kept as is

    [Desktop Action New]
    Name=New Note
    Exec=notes --new

    """

  func testReadsValuesLocalizedNamesAndEscapes() throws {
    let file = try DesktopEntryFile(text: Self.sample)
    XCTAssertEqual(file.string("Name"), "Notes")
    XCTAssertEqual(file.string("Comment"), "Take notes fast")
    XCTAssertEqual(file.string("X-Unknown-Key"), "kept as is")
    XCTAssertEqual(file.string("Name", group: "Desktop Action New"), "New Note")
    XCTAssertEqual(file.localizedString("Name", languages: LocaleLanguages.names(for: "de_CH.UTF-8")), "Notize")
    XCTAssertEqual(file.localizedString("Name", languages: LocaleLanguages.names(for: "de_AT.UTF-8")), "Notizen")
    XCTAssertEqual(file.localizedString("Name", languages: LocaleLanguages.names(for: "sr_RS@latin")), "Beleške")
    XCTAssertEqual(file.localizedString("Name", languages: LocaleLanguages.names(for: "C.UTF-8")), "Notes")
    XCTAssertEqual(LocaleLanguages.names(for: "de_DE.UTF-8@euro"), ["de_DE@euro", "de_DE", "de@euro", "de"])
    XCTAssertEqual(
      LocaleLanguages.from(environment: ["LANG": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE"]), ["de_DE", "de"])
  }

  func testSettingAKeyChangesOneLineAndKeepsEverythingElse() throws {
    var file = try DesktopEntryFile(text: Self.sample)
    file.set("X-GNOME-Autostart-enabled", "false")
    let expected = Self.sample.replacingOccurrences(
      of: "X-Unknown-Key = kept as is\n", with: "X-Unknown-Key = kept as is\nX-GNOME-Autostart-enabled=false\n")
    XCTAssertEqual(file.text, expected)
    file.set("X-GNOME-Autostart-enabled", "true")
    XCTAssertEqual(file.text, expected.replacingOccurrences(of: "enabled=false", with: "enabled=true"))
    XCTAssertEqual(file.bool("X-GNOME-Autostart-enabled"), true)
    XCTAssertNil(file.string("X-GNOME-Autostart-enabled", group: "Desktop Action New"))
  }

  func testKeepsCarriageReturnsAndAMissingLastNewline() throws {
    var file = try DesktopEntryFile(text: "[Desktop Entry]\r\nName=A\r\nExec=a")
    file.set("Hidden", "true")
    XCTAssertEqual(file.string("Name"), "A")
    XCTAssertEqual(file.text, "[Desktop Entry]\r\nName=A\r\nExec=a\nHidden=true")
  }

  func testMalformedFilesAreRefusedWithAReason() {
    let cases: [(String, DesktopEntryError)] = [
      ("Name=A\n", .entryBeforeGroup(line: 1)),
      ("[Other]\nName=A\n", .firstGroupNotDesktopEntry("Other")),
      ("[Desktop Entry]\nthis is not a key\n", .malformedLine(2)),
      ("[Desktop Entry]\nName=A\nName=B\n", .duplicateKey("Name", line: 3)),
      ("[Desktop Entry]\n[Desktop Entry]\n", .duplicateGroup("Desktop Entry")),
      ("# only a comment\n", .noDesktopEntryGroup),
      ("[Desktop Entry\n", .malformedLine(1)),
    ]
    for (text, expected) in cases {
      XCTAssertThrowsError(try DesktopEntryFile(text: text), text) { error in
        XCTAssertEqual(error as? DesktopEntryError, expected, text)
      }
    }
    XCTAssertThrowsError(try DesktopEntryFile(data: Data([0x5B, 0xFF, 0xFE, 0x5D])))
  }
}
