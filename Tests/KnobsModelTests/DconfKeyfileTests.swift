@testable import KnobsModel
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

/// Reading a keyfile back: what `dconf load /` takes, and every other line named by its number.
final class DconfKeyfileReadingTests: XCTestCase {
  func testAnExportReadsBackAsItsEntries() {
    let entries = [
      DconfEntry(folder: "/org/gnome/desktop/interface/", key: "clock-format", text: "'12h'"),
      DconfEntry(folder: "/org/gnome/desktop/session/", key: "idle-delay", text: "uint32 60"),
      DconfEntry(folder: "/", key: "top", text: "'a=b'"),
    ]
    let parsed = DconfKeyfile.parse("# a comment\n\r\n" + DconfKeyfile.text(entries))
    XCTAssertEqual(parsed.problems, [])
    XCTAssertEqual(Set(parsed.lines.map(\.entry)), Set(entries), "a value may hold “=”")
    XCTAssertEqual(parsed.lines.first { $0.entry.key == "top" }?.number, 3)
  }

  func testEveryOtherLineIsAProblemWithItsNumber() {
    let text = """
      key=1
      [org//gnome]
      [org/gnome/desktop/interface]
      just words
      =1
      clock-format='12h'
      clock-format='24h'
      [org/gnome
      """
    XCTAssertEqual(
      DconfKeyfile.parse(text).problems.map(\.description),
      [
        "1: “key” comes before any [folder].",
        "2: “[org//gnome]” is not a folder's name.",
        "4: a line holds [folder] or key=value.",
        "5: “” is not a key's name.",
        "7: /org/gnome/desktop/interface/clock-format is in the file twice.",
        "8: “[org/gnome” is not a folder's name.",
      ])
    XCTAssertEqual(DconfKeyfile.parse(text).lines.map(\.number), [6])
  }

  func testFolderNamesAreReadAsDconfWritesThem() {
    XCTAssertEqual(DconfKeyfile.folder(named: "org/gnome/desktop"), "/org/gnome/desktop/")
    XCTAssertEqual(DconfKeyfile.folder(named: "/org/gnome/"), "/org/gnome/")
    XCTAssertEqual(DconfKeyfile.folder(named: "/"), "/")
    XCTAssertNil(DconfKeyfile.folder(named: ""))
    XCTAssertNil(DconfKeyfile.folder(named: "org/\u{1b}x"))
  }
}
