@testable import KnobsModel
import FoundationEssentials
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

  func testAKeyfileAndItsLocksAreWrittenBothOrNeither() throws {
    let folder = "/tmp/knobs-pair-\(getpid())"
    mkdir(folder, 0o755)
    defer { _ = try? removeAll(folder) }
    let keyfile = folder + "/site.ini"
    // The locks can't be written at all: the keyfile is not written either.
    XCTAssertNotNil(DconfKeyfile.save([("[a]\nk=1\n", keyfile), ("/a/k\n", "/dev/null/knobs/locks")]))
    XCTAssertEqual(try names(folder), [], "no keyfile, no temporary file")
    // The locks' rename fails (a folder of that name holds a file): the keyfile written first is put back.
    XCTAssertNil(DconfKeyfile.save([("old\n", keyfile)]))
    mkdir(folder + "/locks", 0o755)
    XCTAssertNil(DconfKeyfile.save([("x", folder + "/locks/inside")]))
    let problem = DconfKeyfile.save([("[a]\nk=1\n", keyfile), ("/a/k\n", folder + "/locks")])
    XCTAssertEqual(problem?.hasPrefix(folder + "/locks could not be written: "), true, problem ?? "")
    XCTAssertEqual(try text(keyfile), "old\n", "the keyfile's old text is back")
    XCTAssertEqual(try names(folder), ["locks", "site.ini"], "no temporary or kept file is left")
    // A keyfile that was not there before is removed again.
    unlink(keyfile)
    XCTAssertNotNil(DconfKeyfile.save([("[a]\nk=1\n", keyfile), ("/a/k\n", folder + "/locks")]))
    XCTAssertEqual(try names(folder), ["locks"])
    // Both can be written: both are.
    XCTAssertNil(DconfKeyfile.save([("[a]\nk=1\n", keyfile), ("/a/k\n", folder + "/site.locks")]))
    XCTAssertEqual(try text(keyfile), "[a]\nk=1\n")
    XCTAssertEqual(try text(folder + "/site.locks"), "/a/k\n")
    XCTAssertEqual(try names(folder), ["locks", "site.ini", "site.locks"])
  }

  private func names(_ folder: String) throws -> [String] {
    try XCTUnwrap(LocalFiles.names(in: folder)).sorted()
  }

  private func text(_ path: String) throws -> String {
    String(decoding: try SafeFiles.read(path), as: UTF8.self)
  }

  private func removeAll(_ folder: String) throws {
    for name in LocalFiles.names(in: folder) ?? [] {
      let path = folder + "/" + name
      if LocalFiles.names(in: path) != nil { try removeAll(path) } else { unlink(path) }
    }
    rmdir(folder)
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
    // The comment, a blank line ending in CR LF, “[/]”, then the key.
    XCTAssertEqual(parsed.lines.first { $0.entry.key == "top" }?.number, 4)
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
        "7: /org/gnome/desktop/interface/clock-format is in the file twice: it was set on line 6.",
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

  func testLinesEndingInCRLFAreReadAsLinesEndingInLF() {
    let text =
      "# dumped on another system\r\n[org/gnome/desktop/interface]\r\nclock-format='12h'\r\n\r\n[/]\r\ntop=1\r\n"
    let parsed = DconfKeyfile.parse(text)
    XCTAssertEqual(parsed.problems, [])
    XCTAssertEqual(
      parsed.lines.map(\.entry),
      [
        DconfEntry(folder: "/org/gnome/desktop/interface/", key: "clock-format", text: "'12h'"),
        DconfEntry(folder: "/", key: "top", text: "1"),
      ])
    XCTAssertEqual(parsed.lines.map(\.number), [3, 6])
  }

  func testALoneCRIsACharacterOfItsLineAsDconfTakesIt() {
    // `dconf load` refuses “[a/b]\rk=1” (“does not start with a group”) and reads “k=1\rj=2” as one value.
    let parsed = DconfKeyfile.parse("[a/b]\rk=1\n[a/c]\nk='x\ry'\n")
    XCTAssertEqual(parsed.problems.map(\.line), [1])
    XCTAssertEqual(parsed.lines.map(\.entry), [DconfEntry(folder: "/a/c/", key: "k", text: "'x\ry'")])
  }

  func testALineIsSplitAtItsFirstEqualsByteAsGKeyFileSplitsIt() {
    // “=” and a combining accent after it are one Character; `dconf load` splits the line at the byte.
    let parsed = DconfKeyfile.parse("[a/b]\nk=\u{301}1\n j = 'x=y' \n")
    XCTAssertEqual(parsed.problems.map(\.description), [])
    XCTAssertEqual(
      parsed.lines.map(\.entry),
      [DconfEntry(folder: "/a/b/", key: "k", text: "\u{301}1"), DconfEntry(folder: "/a/b/", key: "j", text: "'x=y'")])
  }

  func testANulByteAnywhereIsAProblemOfItsLine() {
    for text in ["[a/b]\nk='1\u{0}zz'\n", "[a/b]\u{0}\nk=1\n", "[a/b]\nk=1\n\u{0}\n", "[a/b]\nk\u{0}=1\n"] {
      let parsed = DconfKeyfile.parse(text)
      let line = text.split(separator: "\n").firstIndex { $0.contains("\u{0}") }! + 1
      XCTAssertEqual(parsed.problems.first?.line, line, text.debugDescription)
      XCTAssertTrue(parsed.problems.first?.message.contains("NUL") == true, text.debugDescription)
      XCTAssertFalse(parsed.lines.contains { $0.entry.text.contains("\u{0}") })
    }
    XCTAssertEqual(DconfKeyfile.parse("[a/b]\nj=2\nk='1\u{0}zz'\n").problems.map(\.line), [3])
  }

  func testAKeySetTwiceInARepeatedOrRespeltGroupIsAProblemNamingBothLines() {
    for header in ["[a/b]", "[/a/b/]", "[/a/b]", "[a/b/]", " [ a/b ] "] {
      let parsed = DconfKeyfile.parse("[a/b]\nk=1\nj=1\n\n\(header)\nk=2\n")
      XCTAssertEqual(
        parsed.problems.map(\.description), ["6: /a/b/k is in the file twice: it was set on line 2."], header)
    }
    // A group may come back with other keys: that is no problem.
    XCTAssertEqual(DconfKeyfile.parse("[a/b]\nk=1\n[c]\nk=1\n[/a/b/]\nj=2\n").problems, [])
  }
}
