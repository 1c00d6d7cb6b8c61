import Foundation
import XCTest

@testable import KnobsModel

#if canImport(Glibc)
  import Glibc
#endif

/// Which desktop Knobs runs on, and the files GTK reads off GNOME: hand-written files kept
/// byte for byte, stow links, read-only files, folders and big files, hostile names.
@MainActor
final class GtkFilesRobustnessTests: XCTestCase {
  var home = ""
  var environment: [String: String] { ["HOME": home, "XDG_CONFIG_HOME": home + "/.config"] }
  var gtk3: String { home + "/.config/gtk-3.0/settings.ini" }
  var gtk4: String { home + "/.config/gtk-4.0/settings.ini" }
  var gtkrc: String { home + "/.gtkrc-2.0" }
  var cursorIndex: String { home + "/.icons/default/index.theme" }
  var xsettingsd: String { home + "/.xsettingsd" }

  override func setUp() async throws {
    home = FileManager.default.temporaryDirectory.appendingPathComponent("knobs-gtk-\(UUID())").path
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
  }

  override func tearDown() async throws {
    chmodTree(home)
    try? FileManager.default.removeItem(atPath: home)
  }

  private func chmodTree(_ path: String) {
    guard let names = try? FileManager.default.subpathsOfDirectory(atPath: path) else { return }
    for name in names { chmod(path + "/" + name, 0o755) }
  }

  static func key(_ name: String) -> SettingKey { SettingKey(schema: "org.gnome.desktop.interface", key: name) }

  func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

  func put(_ text: String, _ path: String, mode: mode_t = 0o644) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    chmod(path, mode)
  }

  /// A mirror on a desktop other than GNOME; `values` stands for the GSettings store.
  func makeMirror(_ desktop: GtkDesktop = .x11) -> GtkFilesMirror {
    GtkFilesMirror(environment: environment) { desktop }
  }

  @discardableResult
  func write(
    _ mirror: GtkFilesMirror, _ name: String, _ value: SettingValue?, reading: [String: SettingValue] = [:]
  ) throws -> (() -> Void)? {
    try mirror.mirror([(Self.key(name), value)]) { reading[$0.key] }
  }

  // MARK: Knowing the desktop

  func testDesktopFromTheSessionAndTheBus() async throws {
    var asked = 0
    let shell = { (owns: Bool) in
      { () -> Bool in
        asked += 1
        return owns
      }
    }
    XCTAssertEqual(
      GtkDesktop.detect(environment: ["XDG_CURRENT_DESKTOP": "ubuntu:GNOME"], shellOwnsName: shell(false)), .gnome)
    XCTAssertEqual(asked, 0, "a session that says GNOME is not asked about on the bus")
    XCTAssertEqual(
      GtkDesktop.detect(environment: ["XDG_SESSION_DESKTOP": "gnome-xorg"], shellOwnsName: shell(false)), .gnome)
    XCTAssertEqual(GtkDesktop.detect(environment: [:], shellOwnsName: shell(true)), .gnome)
    XCTAssertEqual(
      GtkDesktop.detect(
        environment: ["XDG_CURRENT_DESKTOP": "sway", "WAYLAND_DISPLAY": "wayland-1"], shellOwnsName: shell(false)),
      .wayland)
    XCTAssertEqual(
      GtkDesktop.detect(environment: ["XDG_SESSION_TYPE": "wayland"], shellOwnsName: shell(false)), .wayland)
    XCTAssertEqual(
      GtkDesktop.detect(environment: ["XDG_CURRENT_DESKTOP": "i3"], shellOwnsName: shell(false)) { false }, .x11)
    XCTAssertEqual(
      GtkDesktop.detect(environment: ["DISPLAY": ":1"], shellOwnsName: shell(false)) { true }, .x11WithXSettings)
    // Names that only look like GNOME's are not GNOME.
    XCTAssertEqual(
      GtkDesktop.detect(environment: ["XDG_CURRENT_DESKTOP": "NotGNOME"], shellOwnsName: shell(false)) { false }, .x11)
  }

  // MARK: Where each setting goes

  func testThemeGoesToEveryFileGtkReadsAndResetTakesItBack() async throws {
    let mirror = makeMirror()
    try write(mirror, "gtk-theme", .string("Arc-Dark"))
    XCTAssertEqual(text(gtk3), "[Settings]\ngtk-theme-name=Arc-Dark\n")
    XCTAssertEqual(text(gtk4), "[Settings]\ngtk-theme-name=Arc-Dark\n")
    XCTAssertEqual(text(gtkrc), "gtk-theme-name=\"Arc-Dark\"\n")
    XCTAssertNil(text(xsettingsd), "no xsettingsd file is made when it neither runs nor has one")
    try write(mirror, "gtk-theme", nil)
    XCTAssertEqual(text(gtk3), "[Settings]\n", "a reset removes the line Knobs added")
    XCTAssertEqual(text(gtkrc), "")
  }

  func testCursorGoesToTheDefaultIconTheme() async throws {
    try write(makeMirror(), "cursor-theme", .string("Bibata"))
    XCTAssertEqual(text(cursorIndex), "[Icon Theme]\nInherits=Bibata\n")
    XCTAssertEqual(text(gtk3), "[Settings]\ngtk-cursor-theme-name=Bibata\n")
    try write(makeMirror(), "cursor-size", .int(48))
    XCTAssertEqual(text(gtk3), "[Settings]\ngtk-cursor-theme-name=Bibata\ngtk-cursor-theme-size=48\n")
  }

  func testDarkStyleSetsPreferDarkAndNoPreferenceGivesBackTheOldLine() async throws {
    try put("[Settings]\ngtk-application-prefer-dark-theme=0\n", gtk3)
    try write(makeMirror(), "color-scheme", .string("prefer-dark"))
    XCTAssertEqual(text(gtk3), "[Settings]\ngtk-application-prefer-dark-theme=true\n")
    XCTAssertEqual(text(gtk4), "[Settings]\ngtk-application-prefer-dark-theme=true\n")
    try write(makeMirror(), "color-scheme", .string("default"))
    XCTAssertEqual(text(gtk3), "[Settings]\ngtk-application-prefer-dark-theme=0\n", "the user's own value is back")
    XCTAssertEqual(text(gtk4), "[Settings]\n")
  }

  func testFontRenderingGoesToXSettingsd() async throws {
    try put("# mine\nNet/ThemeName \"Adwaita\"\r\nXft/DPI 98304\r\n", xsettingsd)
    let mirror = makeMirror(.x11WithXSettings)
    try write(mirror, "font-antialiasing", .string("rgba"), reading: ["font-rgba-order": .string("bgr")])
    try write(mirror, "font-hinting", .string("slight"))
    try write(mirror, "gtk-theme", .string("Arc"))
    XCTAssertEqual(
      text(xsettingsd),
      "# mine\nNet/ThemeName \"Arc\"\r\nXft/DPI 98304\r\nXft/Antialias 1\r\nXft/RGBA \"bgr\"\r\nXft/Hinting 1\r\n"
        + "Xft/HintStyle \"hintslight\"\r\n")
    XCTAssertEqual(
      text(gtk3),
      "[Settings]\ngtk-xft-antialias=1\ngtk-xft-rgba=bgr\ngtk-xft-hinting=1\ngtk-xft-hintstyle=hintslight\n"
        + "gtk-theme-name=Arc\n")
    try write(mirror, "gtk-theme", nil)
    XCTAssertTrue(text(xsettingsd)!.contains("Net/ThemeName \"Adwaita\"\r\n"), "the user's value is back")
  }

  // MARK: The user's files, line for line

  func testHandWrittenFileKeepsCommentsSpacingAndCRLF() async throws {
    let original =
      "; my gtk settings\r\n[Settings]\r\n  gtk-theme-name = Adwaita\r\ngtk-font-name = Sans 10\r\n\r\n# tail\r\n"
    try put(original, gtk3)
    try write(makeMirror(), "gtk-theme", .string("Arc"))
    try write(makeMirror(), "icon-theme", .string("Papirus"))
    XCTAssertEqual(
      text(gtk3),
      "; my gtk settings\r\n[Settings]\r\n  gtk-theme-name = Arc\r\ngtk-font-name = Sans 10\r\n"
        + "gtk-icon-theme-name = Papirus\r\n\r\n# tail\r\n")
    try write(makeMirror(), "icon-theme", nil)
    try write(makeMirror(), "gtk-theme", nil)
    XCTAssertEqual(text(gtk3), original, "resets give back the file byte for byte")
  }

  func testGtkrcSettingIsAddedAfterStyleBlocks() async throws {
    try put("style \"mine\" {\n  GtkWidget::focus-line-width = 0\n}\nclass \"*\" style \"mine\"\n", gtkrc)
    try write(makeMirror(), "font-name", .string("Sans 11"))
    XCTAssertEqual(
      text(gtkrc),
      "style \"mine\" {\n  GtkWidget::focus-line-width = 0\n}\nclass \"*\" style \"mine\"\ngtk-font-name=\"Sans 11\"\n")
  }

  func testStowLinkIsEditedInItsTarget() async throws {
    let dotfiles = home + "/dotfiles/gtk/.config/gtk-3.0/settings.ini"
    try put("[Settings]\ngtk-theme-name=Adwaita\n", dotfiles)
    try FileManager.default.createDirectory(atPath: home + "/.config/gtk-3.0", withIntermediateDirectories: true)
    XCTAssertEqual(symlink("../../dotfiles/gtk/.config/gtk-3.0/settings.ini", gtk3), 0)
    // A whole folder linked, as stow does when it can.
    try put("[Settings]\n", home + "/dotfiles/gtk/.config/gtk-4.0/settings.ini")
    XCTAssertEqual(symlink(home + "/dotfiles/gtk/.config/gtk-4.0", home + "/.config/gtk-4.0"), 0)
    try write(makeMirror(), "gtk-theme", .string("Arc"))
    XCTAssertEqual(text(dotfiles), "[Settings]\ngtk-theme-name=Arc\n")
    XCTAssertEqual(text(home + "/dotfiles/gtk/.config/gtk-4.0/settings.ini"), "[Settings]\ngtk-theme-name=Arc\n")
    let link = try FileManager.default.destinationOfSymbolicLink(atPath: gtk3)
    XCTAssertEqual(link, "../../dotfiles/gtk/.config/gtk-3.0/settings.ini", "the link stays a link")
  }

  func testReadOnlyFileRefusesTheWholeSet() async throws {
    try put("[Settings]\ngtk-theme-name=Adwaita\n", gtk3)
    try put("gtk-theme-name=\"Adwaita\"\n", gtkrc, mode: 0o444)
    XCTAssertThrowsError(try write(makeMirror(), "gtk-theme", .string("Arc"))) { error in
      XCTAssertTrue("\(error)".contains(".gtkrc-2.0 can't be written: it is read-only"), "\(error)")
    }
    XCTAssertEqual(text(gtk3), "[Settings]\ngtk-theme-name=Adwaita\n", "nothing is half-written")
    XCTAssertNil(text(gtk4))
  }

  func testFolderOrHugeFileWhereASettingsFileShouldBe() async throws {
    try FileManager.default.createDirectory(atPath: gtk4, withIntermediateDirectories: true)
    XCTAssertThrowsError(try write(makeMirror(), "gtk-theme", .string("Arc"))) { error in
      XCTAssertTrue("\(error)".contains("it is a folder, not a file"), "\(error)")
    }
    XCTAssertNil(text(gtk3))
    try FileManager.default.removeItem(atPath: gtk4)
    try put(String(repeating: "# padding\n", count: 1_100_000), gtkrc)
    XCTAssertThrowsError(try write(makeMirror(), "gtk-theme", .string("Arc"))) { error in
      XCTAssertTrue("\(error)".contains("larger than 1 MB"), "\(error)")
    }
    XCTAssertNil(text(gtk3))
  }

  func testUndoPutsEveryFileBack() async throws {
    try put("[Settings]\ngtk-theme-name=Adwaita\n", gtk3)
    let undo = try write(makeMirror(), "gtk-theme", .string("Arc"))
    XCTAssertNotNil(undo)
    undo?()
    XCTAssertEqual(text(gtk3), "[Settings]\ngtk-theme-name=Adwaita\n")
    XCTAssertNil(text(gtk4), "a file the write made is removed again")
  }

  func testGNOMEWritesNoFile() async throws {
    try write(makeMirror(.gnome), "gtk-theme", .string("Arc"))
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home), [])
  }

  // MARK: Hostile names

  static let hostileNames = DesktopNamesRobustnessTests.hostileNames

  func testHostileNamesAreRefusedInWordsEvenOnGNOME() async throws {
    for name in Self.hostileNames {
      for desktop in [GtkDesktop.gnome, .x11] {
        for key in ["gtk-theme", "icon-theme", "cursor-theme", "font-name"] {
          XCTAssertThrowsError(try write(makeMirror(desktop), key, .string(name)), "\(name.debugDescription)") {
            error in
            XCTAssertTrue("\(error)".contains("A name can't hold"), "\(error)")
            XCTAssertFalse("\(error)".contains("\n"), "the message is one line")
          }
        }
      }
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home), [], "no file was touched")
  }

  func testExplainSaysWhatTheFilesSayAndWhenTheyDisagree() async throws {
    try put("[Settings]\ngtk-theme-name=Arc\n", gtk3)
    try put("[Settings]\ngtk-theme-name=Adwaita\n", gtk4)
    let text = try XCTUnwrap(makeMirror().explanation(of: Self.key("gtk-theme"), value: .string("Adwaita")))
    XCTAssertEqual(
      text,
      """
      This desktop is not GNOME: GTK also reads this setting from files.
        ~/.config/gtk-3.0/settings.ini: gtk-theme-name Arc (differs from GSettings, which says Adwaita)
        ~/.config/gtk-4.0/settings.ini: gtk-theme-name Adwaita
        ~/.gtkrc-2.0: no gtk-theme-name line
      """)
    XCTAssertNil(makeMirror(.gnome).explanation(of: Self.key("gtk-theme"), value: .string("Adwaita")))
    XCTAssertNil(makeMirror().explanation(of: Self.key("clock-format"), value: .string("24h")))
  }
}
