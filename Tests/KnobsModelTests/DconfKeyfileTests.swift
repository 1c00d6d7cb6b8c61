import KnobsModel
import XCTest

/// The files `knobs export` writes, in dconf's own formats, and the keys it leaves out.
final class DconfKeyfileTests: XCTestCase {
  func testGroupsAndKeysAreSortedAsDconfDumpWritesThem() {
    let entries = [
      DconfEntry(folder: "/org/gnome/shell/", key: "enabled-extensions", text: "@as []"),
      DconfEntry(folder: "/org/gnome/desktop/session/", key: "idle-delay", text: "uint32 60"),
      DconfEntry(folder: "/org/gnome/desktop/interface/", key: "text-scaling-factor", text: "1.25"),
      DconfEntry(folder: "/org/gnome/desktop/interface/", key: "clock-format", text: "'12h'"),
      DconfEntry(folder: "/", key: "top", text: "true"),
    ]
    XCTAssertEqual(
      DconfKeyfile.text(entries),
      """
      [/]
      top=true

      [org/gnome/desktop/interface]
      clock-format='12h'
      text-scaling-factor=1.25

      [org/gnome/desktop/session]
      idle-delay=uint32 60

      [org/gnome/shell]
      enabled-extensions=@as []

      """)
    XCTAssertEqual(DconfKeyfile.text([]), "")
  }

  func testTheLocksFileNamesEachKeyOnce() {
    let entries = [
      DconfEntry(folder: "/org/gnome/desktop/interface/", key: "clock-format", text: "'12h'"),
      DconfEntry(folder: "/org/gnome/desktop/interface/", key: "clock-format", text: "'24h'"),
      DconfEntry(folder: "/org/gnome/desktop/background/", key: "picture-uri", text: "'file:///a.png'"),
    ]
    XCTAssertEqual(
      DconfKeyfile.locks(entries),
      "# Locked by the site's settings: users can't change these keys.\n"
        + "/org/gnome/desktop/background/picture-uri\n/org/gnome/desktop/interface/clock-format\n")
  }

  func testOneMachinesAndOneWindowsKeysStayOut() {
    XCTAssertTrue(ExportExclusions.excludes(schema: "dev.knobs.Knobs", key: "anything", ownSchema: "dev.knobs.Knobs"))
    XCTAssertTrue(
      ExportExclusions.excludes(schema: "org.gnome.nautilus.window-state", key: "maximized", ownSchema: nil))
    XCTAssertTrue(ExportExclusions.excludes(schema: "org.gnome.Terminal", key: "window-size", ownSchema: nil))
    XCTAssertTrue(ExportExclusions.excludes(schema: "org.gnome.software", key: "check-timestamp", ownSchema: nil))
    XCTAssertTrue(ExportExclusions.excludes(schema: "org.gnome.ControlCenter", key: "last-panel", ownSchema: nil))
    XCTAssertTrue(
      ExportExclusions.excludes(
        schema: "org.gnome.settings-daemon.plugins.color", key: "night-light-last-coordinates", ownSchema: nil))
    XCTAssertFalse(
      ExportExclusions.excludes(schema: "org.gnome.desktop.interface", key: "clock-format", ownSchema: nil))
    XCTAssertFalse(
      ExportExclusions.excludes(schema: "dev.knobs.Knobs.Other:/dev/knobs/", key: "x", ownSchema: "dev.knobs.Knobs"))
  }
}
