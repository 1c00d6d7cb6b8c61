import Foundation
import XCTest

@testable import KnobsModel

/// Round-trip properties over INI files shaped like popular apps' own
/// (tests/robustness/ini-corpus): reading changes nothing, writing a key changes
/// exactly its line, new keys and groups go where they belong.
final class IniCorpusRobustnessTests: XCTestCase {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("tests/robustness/ini-corpus")

  /// Each fixture and the dialect its app reads it in.
  static let fixtures: [(name: String, dialect: IniDialect)] = [
    ("terminal-toplevel-keys.ini", .plain),
    ("notification-spaced-quoted.ini", .plain),
    ("media-player-profiles.conf", .plain),
    ("systemd-user.service", .systemd),
    ("git-config", .plain),
    ("app-launcher.desktop", .keyfile),
    ("gkeyfile-app.ini", .keyfile),
    ("qt-style-settings.conf", .plain),
    ("audio-daemon.conf", .plain),
    ("windows-crlf.ini", .plain),
    ("stray-bytes.ini", .keyfile),
    ("bom-duplicates-odd.ini", .keyfile),
    ("user-dirs.dirs", .plain),
    ("commented-defaults.ini", .plain),
  ]

  func load(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: Self.corpus.appendingPathComponent(name)))
  }

  /// The file's lines, split after each LF (so a CRLF line keeps its CR).
  func lines(_ bytes: [UInt8]) -> [[UInt8]] {
    bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
  }

  func testTheCorpusIsThere() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter { $0 != "README.md" }
    XCTAssertEqual(Set(names), Set(Self.fixtures.map(\.name)), "every fixture has a dialect here")
    XCTAssertGreaterThanOrEqual(names.count, 10)
  }

  func testReadingAndWritingBackEveryValueKeepsEveryByte() throws {
    for (name, dialect) in Self.fixtures {
      let original = try load(name)
      var document = IniDocument(bytes: original, dialect: dialect)
      XCTAssertEqual(document.bytes, original, name)
      XCTAssertFalse(document.keys.isEmpty, "\(name) has keys")
      var rewritten = 0
      for (group, key) in document.keys {
        let raw = try XCTUnwrap(document.rawValue(key, in: group))
        // A value continued over lines reads as one line; it is written as one.
        guard document.lines(of: key, in: group)?.count == 1 else { continue }
        guard let text = IniValueCoding.text(raw, dialect) else { continue }
        // The value as text, written back in the file's style, is the same bytes.
        guard let bytes = try? IniValueCoding.write(.string(text), dialect: dialect, previous: raw) else { continue }
        document.setValue(bytes, for: key, in: group)
        XCTAssertEqual(
          String(decoding: document.bytes, as: UTF8.self), String(decoding: original, as: UTF8.self),
          "\(name): \(group ?? "")/\(key)")
        document = IniDocument(bytes: original, dialect: dialect)
        rewritten += 1
      }
      XCTAssertGreaterThan(rewritten, document.keys.count / 2, "\(name): most values are written back as text")
    }
  }

  func testSettingOneKeyChangesExactlyItsLine() throws {
    for (name, dialect) in Self.fixtures {
      let original = try load(name)
      let before = lines(original)
      for (group, key) in IniDocument(bytes: original, dialect: dialect).keys {
        var document = IniDocument(bytes: original, dialect: dialect)
        let span = try XCTUnwrap(document.lines(of: key, in: group))
        guard span.count == 1 else { continue }  // a continued value takes its lines with it
        let line = span.lowerBound - 1
        document.setValue(Array("knobs-wrote-this".utf8), for: key, in: group)
        let after = lines(document.bytes)
        XCTAssertEqual(after.count, before.count, "\(name): \(key)")
        for index in before.indices where index != line {
          XCTAssertEqual(after[index], before[index], "\(name): \(key) changed line \(index + 1)")
        }
        XCTAssertTrue(
          after[line].count >= "knobs-wrote-this".utf8.count
            && String(decoding: after[line], as: UTF8.self).contains("knobs-wrote-this"), "\(name): \(key)")
        // What stood before the value (indentation, key, spacing) and after it (a comment, the CR) is kept.
        let old = before[line]
        let new = after[line]
        let valueAt = new.firstRange(of: Array("knobs-wrote-this".utf8))!.lowerBound
        XCTAssertEqual(Array(new[..<valueAt]), Array(old[..<valueAt]), "\(name): \(key) keeps what precedes its value")
        let tail = new[(valueAt + "knobs-wrote-this".utf8.count)...]
        XCTAssertTrue(old.reversed().starts(with: tail.reversed()), "\(name): \(key) keeps what follows its value")
      }
    }
  }

  func testRemovingAKeyRemovesOnlyItsLines() throws {
    for (name, dialect) in Self.fixtures {
      let original = try load(name)
      let before = lines(original)
      let keys = IniDocument(bytes: original, dialect: dialect).keys
      for (group, key) in keys {
        var document = IniDocument(bytes: original, dialect: dialect)
        document.removeKey(key, in: group)
        XCTAssertFalse(document.hasKey(key, in: group), "\(name): \(key)")
        let after = lines(document.bytes)
        XCTAssertLessThan(after.count, before.count + 1, "\(name): \(key)")
        // Every remaining line is one of the original lines, in order.
        var cursor = before.startIndex
        for line in after where !line.isEmpty {
          guard let found = before[cursor...].firstIndex(of: line) else {
            return XCTFail("\(name): removing \(key) changed a line: \(String(decoding: line, as: UTF8.self))")
          }
          cursor = found + 1
        }
        for (otherGroup, otherKey) in keys where !(otherGroup == group && otherKey == key) {
          let expected = IniDocument(bytes: original, dialect: dialect).rawValue(otherKey, in: otherGroup)
          XCTAssertEqual(document.rawValue(otherKey, in: otherGroup), expected, "\(name): \(otherKey)")
        }
      }
    }
  }

  func testANewKeyGoesAfterTheLastKeyOfItsGroupInItsStyle() throws {
    for (name, dialect) in Self.fixtures {
      let original = try load(name)
      let before = lines(original)
      let probe = IniDocument(bytes: original, dialect: dialect)
      for group in probe.groupNames {
        var document = probe
        document.setValue(Array("42".utf8), for: "knobs-new-key", in: group)
        let after = lines(document.bytes)
        XCTAssertEqual(after.count, before.count + 1, "\(name) [\(group)]")
        let inserted = try XCTUnwrap(after.firstIndex { String(decoding: $0, as: UTF8.self).contains("knobs-new-key") })
        var expectedBefore = Array(before[..<inserted])
        if inserted == before.count, original.last != 0x0A, before.count > 1, before[before.count - 2].last == 0x0D {
          // After a last line without a line break, the break goes before the new line: CR LF here.
          expectedBefore[inserted - 1].append(0x0D)
        }
        XCTAssertEqual(after[..<inserted].map { $0 }, expectedBefore, "\(name) [\(group)]: lines before")
        XCTAssertEqual(Array(after[(inserted + 1)...]), Array(before[inserted...]), "\(name) [\(group)]: lines after")
        let lastKey = probe.keys.filter { $0.group == group }.compactMap { probe.lines(of: $0.key, in: group) }
          .map { $0.upperBound - 1 }.max()
        if let lastKey {
          XCTAssertEqual(inserted, lastKey + 1, "\(name) [\(group)]: right after the group's last key")
          // Indentation as the line above's, CR LF where the file has them.
          let above = before[lastKey]
          let indentation = above.prefix { $0 == 0x20 || $0 == 0x09 }
          XCTAssertTrue(after[inserted].starts(with: indentation + Array("knobs-new-key".utf8)), "\(name) [\(group)]")
          if above.last == 0x0D { XCTAssertEqual(after[inserted].last, 0x0D, "\(name) [\(group)]: CR LF") }
        }
        XCTAssertEqual(document.rawValue("knobs-new-key", in: group)?.bytes, Array("42".utf8))
      }
    }
  }

  /// A file that ships every option commented out: new keys go at the end of their group, before the blank
  /// line that ends it, spelled as the comments spell them.
  func testNewKeysInAFileOfCommentedDefaultsFollowItsComments() throws {
    var document = IniDocument(bytes: try load("commented-defaults.ini"), dialect: .plain)
    document.setValue(Array("monospace:size=12".utf8), for: "font", in: nil)
    document.setValue(Array("5000".utf8), for: "lines", in: "scrollback")
    document.setValue(Array("bbbbbb".utf8), for: "background", in: "colors")
    XCTAssertEqual(
      String(decoding: document.bytes, as: UTF8.self),
      """
      # -*- conf -*-
      # Every option is shown with its default, commented out.

      # shell=/bin/sh
      # term=xterm-256color
      # font=monospace:size=10
      font=monospace:size=12

      [scrollback]
      # lines=1000
      # multiplier=3.0
      lines=5000

      [colors]
      # alpha=1.0
      # background=111111
      background=bbbbbb

      [key-bindings]
      # noop=none
      scrollback-up=Shift+Page_Up

      """)
  }

  func testAFileWithoutKeysTakesItsStyleFromItsComments() throws {
    var document = IniDocument(bytes: Array("# Options:\n#   font = mono\n\n[a]\n; k = v\n".utf8), dialect: .plain)
    document.setValue(Array("sans".utf8), for: "font", in: nil)
    document.setValue(Array("w".utf8), for: "k", in: "a")
    XCTAssertEqual(
      String(decoding: document.bytes, as: UTF8.self),
      "# Options:\n#   font = mono\nfont = sans\n\n[a]\n; k = v\nk = w\n")
  }

  func testANewGroupGoesAtTheEnd() throws {
    for (name, dialect) in Self.fixtures {
      let original = try load(name)
      var document = IniDocument(bytes: original, dialect: dialect)
      document.setValue(Array("on".utf8), for: "enabled", in: "knobs new group")
      XCTAssertTrue(document.bytes.starts(with: original), "\(name): the file only grows at its end")
      XCTAssertEqual(document.rawValue("enabled", in: "knobs new group")?.bytes, Array("on".utf8), name)
      let added = String(decoding: document.bytes[original.count...], as: UTF8.self)
      XCTAssertTrue(added.contains("[knobs new group]"), name)
      XCTAssertTrue(document.groupNames.contains("knobs new group"), name)
    }
  }

  func testValuesReadAsTheirAppsReadThem() throws {
    func read(_ name: String, _ dialect: IniDialect, _ group: String?, _ key: String, like sample: SettingValue)
      throws -> SettingValue?
    {
      let document = IniDocument(bytes: try load(name), dialect: dialect)
      return try XCTUnwrap(document.rawValue(key, in: group), "\(name): \(key)").readValue(like: sample, dialect)
    }
    XCTAssertEqual(try read("terminal-toplevel-keys.ini", .plain, nil, "shell", like: ""), "/bin/bash")
    XCTAssertEqual(try read("terminal-toplevel-keys.ini", .plain, "cursor", "blink", like: false), true)
    XCTAssertEqual(try read("terminal-toplevel-keys.ini", .plain, "colors", "alpha", like: 1.0), 0.92)
    XCTAssertEqual(try read("notification-spaced-quoted.ini", .plain, "global", "frame_color", like: ""), "#8a8a8a")
    XCTAssertEqual(try read("notification-spaced-quoted.ini", .plain, "global", "format", like: ""), "<b>%s</b>\\n%b")
    XCTAssertEqual(try read("notification-spaced-quoted.ini", .plain, "urgency_normal", "timeout", like: 0), 10)
    XCTAssertEqual(try read("notification-spaced-quoted.ini", .plain, "global", "sort", like: false), true)
    XCTAssertEqual(
      try read("notification-spaced-quoted.ini", .plain, "global", "mouse_left_click", like: .strings([])),
      .strings(["close_current", "do_action"]))
    XCTAssertEqual(try read("media-player-profiles.conf", .plain, nil, "volume", like: 0), 70)
    XCTAssertEqual(
      try read("media-player-profiles.conf", .plain, "big-screen", "profile-desc", like: ""),
      "For the living room television")
    XCTAssertEqual(
      try read("systemd-user.service", .systemd, "Service", "ExecStart", like: ""),
      "/usr/bin/notes-sync --folder %h/Notes      --interval 300      --quiet")
    XCTAssertEqual(
      try read("systemd-user.service", .systemd, "Service", "ExecStartPost", like: ""),
      "/bin/sh -c 'echo started ; date'")
    XCTAssertEqual(
      try read("git-config", .plain, "remote \"origin\"", "url", like: ""), "https://example.org/sam/notes.git")
    XCTAssertEqual(try read("git-config", .plain, "alias", "lg", like: ""), "log --graph --oneline")
    XCTAssertEqual(try read("app-launcher.desktop", .keyfile, "Desktop Entry", "Terminal", like: true), false)
    XCTAssertEqual(
      try read("app-launcher.desktop", .keyfile, "Desktop Entry", "Keywords", like: .strings([])),
      .strings(["notes", "memo", "jot"]))
    XCTAssertEqual(try read("gkeyfile-app.ini", .keyfile, "editor", "indent-prefix", like: ""), "    x")
    XCTAssertEqual(try read("gkeyfile-app.ini", .keyfile, "editor", "banner", like: ""), "first line\nsecond line")
    XCTAssertEqual(try read("gkeyfile-app.ini", .keyfile, "editor", "path", like: ""), "C:\\Users\\sam")
    XCTAssertEqual(
      try read("gkeyfile-app.ini", .keyfile, "editor", "recent", like: .strings([])),
      .strings(["notes.txt", "todo;later.txt", "plans.md"]))
    XCTAssertEqual(try read("gkeyfile-app.ini", .keyfile, "window", "zoom", like: 1.0), 1.25)
    XCTAssertEqual(
      try read("qt-style-settings.conf", .plain, "Fonts", "fixed", like: ""), "Monospace,10,-1,5,50,0,0,0,0,0")
    XCTAssertEqual(try read("audio-daemon.conf", .plain, nil, "nice-level", like: 0), -11)
    XCTAssertEqual(try read("audio-daemon.conf", .plain, nil, "flat-volumes", like: true), false)
    XCTAssertEqual(try read("windows-crlf.ini", .plain, "Window", "Left", like: 0), 120)
    XCTAssertEqual(try read("windows-crlf.ini", .plain, "Recent", "File2", like: ""), "C:\\Docs\\list.txt")
    XCTAssertNil(try read("stray-bytes.ini", .keyfile, "legacy", "label", like: ""), "bytes that are not UTF-8")
    XCTAssertEqual(try read("stray-bytes.ini", .keyfile, "display", "scale", like: 1.0), 1.5)
    XCTAssertEqual(try read("bom-duplicates-odd.ini", .keyfile, "first", "key", like: ""), "two", "the last one")
    XCTAssertEqual(try read("bom-duplicates-odd.ini", .keyfile, "first", "later", like: 0), 3, "a group repeated")
    XCTAssertEqual(try read("bom-duplicates-odd.ini", .keyfile, "first", "spaced", like: ""), "tabbed value")
    XCTAssertEqual(try read("bom-duplicates-odd.ini", .keyfile, "first", "empty", like: ""), "")
    XCTAssertEqual(try read("user-dirs.dirs", .plain, nil, "XDG_MUSIC_DIR", like: ""), "$HOME/Music")
  }

  func testWritesKeepTheFilesStyle() throws {
    var dunst = IniDocument(bytes: try load("notification-spaced-quoted.ini"), dialect: .plain)
    func write(_ value: SettingValue, _ key: String, _ group: String?, in document: inout IniDocument) throws {
      let bytes = try IniValueCoding.write(
        value, dialect: document.dialect, previous: document.rawValue(key, in: group))
      document.setValue(bytes, for: key, in: group)
    }
    try write("#00ff00", "frame_color", "global", in: &dunst)
    try write(false, "sort", "global", in: &dunst)
    try write(15, "timeout", "urgency_normal", in: &dunst)
    try write(.strings(["do_action", "close_current"]), "mouse_left_click", "global", in: &dunst)
    let text = String(decoding: dunst.bytes, as: UTF8.self)
    XCTAssertTrue(text.contains("\n    frame_color = \"#00ff00\"\n"), "quoted as it was")
    XCTAssertTrue(text.contains("\n    sort = no\n"), "yes/no as it was")
    XCTAssertTrue(text.contains("\n    timeout = 15 ; seconds\n"), "the comment after the value kept")
    XCTAssertTrue(text.contains("\n    mouse_left_click = do_action, close_current\n"))
    XCTAssertThrowsError(try write("two\nlines", "font", "global", in: &dunst), "a plain file can't hold a line break")

    var keyfile = IniDocument(bytes: try load("gkeyfile-app.ini"), dialect: .keyfile)
    try write("  lead and\ttab\\", "banner", "editor", in: &keyfile)
    try write(.strings(["a;b", "c"]), "recent", "editor", in: &keyfile)
    let keyfileText = String(decoding: keyfile.bytes, as: UTF8.self)
    XCTAssertTrue(keyfileText.contains("\nbanner=\\s\\slead and\\ttab\\\\\n"), "GKeyFile's escapes")
    XCTAssertTrue(keyfileText.contains("\nrecent=a\\;b;c;\n"))

    var crlf = IniDocument(bytes: try load("windows-crlf.ini"), dialect: .plain)
    try write("D:\\new.txt", "File2", "Recent", in: &crlf)
    try write(1, "Width", "Window", in: &crlf)
    XCTAssertTrue(crlf.bytes.reversed().starts(with: Array("File2=D:\\new.txt".utf8).reversed()), "still no last LF")
    XCTAssertTrue(String(decoding: crlf.bytes, as: UTF8.self).contains("Maximized=0\r\nWidth=1\r\n\r\n[Recent]"))

    var stray = IniDocument(bytes: try load("stray-bytes.ini"), dialect: .keyfile)
    try write(2.0, "scale", "display", in: &stray)
    try write(true, "bold", "fonts", in: &stray)
    let original = try load("stray-bytes.ini")
    XCTAssertTrue(stray.bytes.starts(with: original.prefix(while: { $0 != UInt8(ascii: "[") })))
    XCTAssertTrue(stray.bytes.firstRange(of: Array("label=R\u{FFFD}".utf8)) == nil, "no replacement characters")
    XCTAssertNotNil(stray.bytes.firstRange(of: [UInt8]("label=R".utf8) + [0xE9]), "Latin-1 bytes kept")
    XCTAssertNotNil(stray.bytes.firstRange(of: [UInt8]("broken=".utf8) + [0xFF, 0xFE, 0x00]), "stray bytes kept")
  }
}

extension IniRawValue {
  fileprivate func readValue(like sample: SettingValue, _ dialect: IniDialect) -> SettingValue? {
    IniValueCoding.read(self, like: sample, dialect: dialect)
  }
}
