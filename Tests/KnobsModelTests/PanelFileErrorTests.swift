import Foundation
@testable import KnobsModel
import XCTest

/// Bad panel files are refused whole, each mistake with its file, line, column and row path.
@MainActor
final class PanelFileErrorTests: XCTestCase {
  /// A valid panel's first lines; tests append a section or replace a row.
  static let head = """
    id: org.example.Pizza
    name: Pizza
    ini-file: pizza/pizza.ini
    sections:
      - id: dough
        rows:

    """

  /// The messages for `text`, from parsing and then checking against `store`.
  func messages(_ text: String, store: MemoryStore = MemoryStore(defaults: [:])) -> [String] {
    do {
      let file = try PanelFile.parse(text, file: "p.yaml")
      return file.problems(against: store).map(\.description)
    } catch {
      return error.errors.map(\.description)
    }
  }

  func row(_ lines: String) -> String {
    Self.head
      + lines.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }.joined(separator: "\n")
  }

  func testTruncatedFile() async throws {
    XCTAssertEqual(
      messages(Self.head + "      - kind: toggle\n        id: x\n        title: \"Thick"),
      ["p.yaml:9:22: The file is not valid YAML: found unexpected end of stream while scanning a quoted scalar."])
  }

  func testKeysGivenTwiceAndASecondDocumentAreRefusedWhereTheyStart() async throws {
    XCTAssertEqual(
      messages("name: P\nid: org.example.P\nname: Q\nid: org.example.Q\nsections: []\n"),
      ["p.yaml:2:1: The file is not valid YAML: the key “id”, “name” appears twice in one mapping."],
      "sorted, at the first use of the first")
    XCTAssertEqual(
      messages("id: org.example.P\nname: P\nsections: []\n---\nid: org.example.Q\n"),
      ["p.yaml:4:1: The file is not valid YAML: a second document starts here; a panel file is one document."])
    XCTAssertEqual(
      messages("id: org.example.P\nname: \u{7}\n"),
      ["p.yaml:1:1: The file is not valid YAML: control characters are not allowed."])
  }

  func testWrongIndentation() async throws {
    XCTAssertEqual(
      messages(Self.head + "      - kind: toggle\n        id: x\n      title: X\n"),
      ["p.yaml:9:7: The file is not valid YAML: did not find expected '-' indicator while parsing a block collection."])
  }

  func testUnknownKeySuggestsTheNearestKnownKey() async throws {
    XCTAssertEqual(
      messages(row("- kind: toggle\n  id: x\n  titel: X\n  setting: {ini: a/b, default: true}")),
      [
        "p.yaml:7:9: dough/x: A toggle row needs “title”.",
        "p.yaml:9:9: dough/x: Unknown key “titel” in a toggle row. Did you mean “title”?",
      ])
    XCTAssertEqual(
      messages("id: org.example.P\nname: P\nsection: []\n"),
      [
        "p.yaml:1:1: The panel needs “sections”.",
        "p.yaml:3:1: Unknown key “section” in the panel. Did you mean “sections”?",
      ])
  }

  func testKeyOfAnotherKindSaysWhichKindsHaveIt() async throws {
    XCTAssertEqual(
      messages(row("- kind: toggle\n  id: x\n  title: X\n  url: https://a.b\n  setting: {ini: a/b, default: true}")),
      ["p.yaml:10:9: dough/x: “url” is not a key of a toggle row; it belongs to link rows."])
  }

  func testUnknownRowKind() async throws {
    XCTAssertEqual(
      messages(row("- kind: togle\n  id: x\n  title: X")),
      [
        "p.yaml:7:15: dough/x: Unknown row kind “togle”. Did you mean “toggle”? The kinds are toggle, link, email, "
          + "detail, value, slider, choice, action, text, number, font, file, multi-select, list, shortcut, color."
      ])
    XCTAssertEqual(
      messages(row("- kind: command\n  id: x\n  title: X\n  exec: rm -rf ~")).first?.hasPrefix(
        "p.yaml:7:15: dough/x: Unknown row kind “command”."), true)
  }

  func testDuplicateIDsAreReportedAtTheSecondUse() async throws {
    let rows = """
      - kind: toggle
        id: x
        title: X
        setting: {ini: a/b, default: true}
      - kind: toggle
        id: x
        title: Y
        setting: {ini: a/c, default: true}
      """
    XCTAssertEqual(
      messages(row(rows)), ["p.yaml:11:9: dough/x: The row id “x” is already used by dough/x on this page."])
    XCTAssertEqual(
      messages(row(rows.replacingOccurrences(of: "title: X", with: "title: \"\""))),
      [
        "p.yaml:7:9: dough/x: The row title is empty.",
        "p.yaml:11:9: dough/x: The row id “x” is already used by dough/x on this page.",
      ])
  }

  func testForbiddenLinkSchemes() async throws {
    XCTAssertEqual(
      messages(row("- kind: link\n  id: x\n  title: X\n  url: javascript:alert(1)")),
      ["p.yaml:7:9: dough/x: Links with the javascript: scheme are never opened."])
    XCTAssertEqual(
      messages(row("- kind: link\n  id: x\n  title: X\n  url: file:///etc/passwd\n  allow-schemes: [file]")),
      ["p.yaml:7:9: dough/x: Links with the file: scheme are never opened."])
  }

  func testMalformedAddress() async throws {
    XCTAssertEqual(
      messages(row("- kind: email\n  id: x\n  title: X\n  to: not an address")),
      ["p.yaml:7:9: dough/x: The address “not an address” is not a valid email address."])
  }

  func testMissingSchemaAndKey() async throws {
    let store = MemoryStore(defaults: [SettingKey(schema: "org.example.Here", key: "k"): true])
    XCTAssertEqual(
      messages(
        row("- kind: toggle\n  id: x\n  title: X\n  setting: {schema: org.example.Missing, key: k}"), store: store),
      ["p.yaml:7:9: dough/x: The settings schema org.example.Missing is not installed."])
    XCTAssertEqual(
      messages(
        row("- kind: toggle\n  id: x\n  title: X\n  setting: {schema: org.example.Here, key: kk}"), store: store),
      ["p.yaml:7:9: dough/x: The settings schema org.example.Here has no key “kk”. Did you mean “k”?"])
  }

  func testMissingKeySuggestsTheNearestKeyOnlyWhenItIsClose() async throws {
    let seconds = SettingKey(schema: "org.example.Clock", key: "clock-show-seconds")
    let store = MemoryStore(defaults: [
      seconds: false, SettingKey(schema: "org.example.Clock", key: "clock-format"): "24h",
    ])
    XCTAssertEqual(
      messages(
        row("- kind: toggle\n  id: x\n  title: X\n  setting: {schema: org.example.Clock, key: clock-show-secs}"),
        store: store),
      [
        "p.yaml:7:9: dough/x: The settings schema org.example.Clock has no key “clock-show-secs”. "
          + "Did you mean “clock-show-seconds”?"
      ])
    XCTAssertEqual(
      messages(
        row("- kind: toggle\n  id: x\n  title: X\n  setting: {schema: org.example.Clock, key: volume}"), store: store),
      ["p.yaml:7:9: dough/x: The settings schema org.example.Clock has no key “volume”."])
  }

  func testBadShortcutInADefaultIsReportedAtItsPosition() async throws {
    XCTAssertEqual(
      messages(
        row(
          """
          - kind: shortcut
            id: bake
            title: Bake
            setting: {ini: keys/bake, default: ["<Control>b", "<Bogus>x", "<Shift>", "<Ctrl>b"]}
          """)),
      [
        "p.yaml:10:59: dough/bake: The default holds a bad shortcut: <Bogus> is not a modifier; "
          + "use <Shift>, <Control>, <Alt>, <Super>, <Hyper> or <Meta>.",
        "p.yaml:10:71: dough/bake: The default holds a bad shortcut: “<Shift>” is only modifiers; "
          + "a shortcut needs a key besides them.",
        "p.yaml:10:82: dough/bake: Ctrl+B is in the list twice.",
      ])
    XCTAssertEqual(
      messages(
        row(
          """
          - kind: shortcut
            id: bake
            title: Bake
            single: true
            setting:
              ini: keys/bake
              default: [a, b]
          """)),
      ["p.yaml:13:20: dough/bake: This setting holds one shortcut, not 2."])
  }

  func testBadColorInADefaultIsReportedAtItsPosition() async throws {
    XCTAssertEqual(
      messages(
        row(
          """
          - kind: color
            id: crust
            title: Crust
            setting:
              ini: looks/crust
              default: "#12345"
          - kind: color
            id: sauce
            title: Sauce
            format: cmyk
            setting:
              ini: looks/sauce
              default: #c0ffee
          """)),
      [
        "p.yaml:12:20: dough/crust: The default is not a color: “#12345” is not a color; "
          + "write it like #3465a4 or rgb(52,101,164).",
        "p.yaml:16:17: dough/sauce: “format” is “hex”, “hex-alpha”, “rgb” or “rgba”, not “cmyk”.",
        "p.yaml:19:19: dough/sauce: The default color is empty; quote a hex color (default: \"#3465a4\"), "
          + "as “#” starts a comment in YAML.",
      ])
  }

  func testINIDefaultOfTheWrongTypeForTheRow() async throws {
    XCTAssertEqual(
      messages(row("- kind: toggle\n  id: x\n  title: X\n  setting: {ini: a/b, default: thick}")),
      [
        "p.yaml:7:9: dough/x: The default of a/b (“thick”) is a string but the toggle writes boolean values."
      ])
  }

  func testTemplateNamesAMissingRow() async throws {
    XCTAssertEqual(
      messages(row("- kind: value\n  id: x\n  title: X\n  value: \"{dough/y}\"")),
      ["p.yaml:10:16: dough/x: There is no row at “dough/y”."])
  }

  func testINIFileOutsideTheConfigFolder() async throws {
    XCTAssertEqual(
      messages("id: org.example.P\nname: P\nini-file: /etc/passwd\nsections: []\n"),
      [
        "p.yaml:3:11: “ini-file” must be a path inside the config folder ($XDG_CONFIG_HOME), such as "
          + "pizza/pizza.ini, not “/etc/passwd”."
      ])
    XCTAssertEqual(
      messages("id: org.example.P\nname: P\nini-file: ../x.ini\nsections: []\n"),
      [
        "p.yaml:3:11: “ini-file” must be a path inside the config folder ($XDG_CONFIG_HOME) without “..”, “.” or "
          + "empty parts, not “../x.ini”."
      ])
  }

  func testINIFileThroughASymlinkOutOfTheConfigFolder() async throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("knobs-config-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let config = root + "/config"
    try FileManager.default.createDirectory(atPath: config + "/inside", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: root + "/elsewhere", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: config + "/out", withDestinationPath: root + "/elsewhere")
    try FileManager.default.createSymbolicLink(atPath: config + "/alias", withDestinationPath: config + "/inside")
    XCTAssertThrowsError(try ConfigFile.resolve("out/pizza.ini", configHome: config)) { error in
      XCTAssertEqual(error as? ConfigFileError, .outside("out/pizza.ini"))
    }
    let real = URL(fileURLWithPath: config).resolvingSymlinksInPath().path
    XCTAssertEqual(try ConfigFile.resolve("alias/pizza.ini", configHome: config), real + "/inside/pizza.ini")
    XCTAssertEqual(try ConfigFile.resolve("new/folder/pizza.ini", configHome: config), real + "/new/folder/pizza.ini")
  }

  func testFileOverTheSizeLimitIsRefusedBeforeParsing() async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("knobs-big-\(UUID()).yaml").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: 50 * 1024 * 1024)
    try handle.close()
    XCTAssertThrowsError(try PanelFile.read(path: path)) { error in
      XCTAssertEqual(
        (error as? PanelFileErrors)?.description,
        "\(path):1:1: The file is 52428800 bytes; a panel file may be at most 1048576 bytes.")
    }
  }

  func testBillionLaughsIsRefusedAtItsFirstAnchor() async throws {
    var bomb =
      "id: org.example.Lol\nname: Lol\na: &a [\"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\"]\n"
    for level in 1...9 {
      let previous = level == 1 ? "a" : "l\(level - 1)"
      bomb += "l\(level): &l\(level) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
    }
    bomb += "? *l9\n: x\nsections: [*l9]\n"
    XCTAssertEqual(
      messages(bomb), ["p.yaml:3:4: Anchors (&a) and aliases are not allowed in a panel file; write each value out."])
    XCTAssertEqual(
      messages("id: org.example.P\nname: *nothing\n"),
      ["p.yaml:2:7: Aliases (*nothing) are not allowed in a panel file; write each value out."])
  }

  func testEmptyFileAndBadPanelID() async throws {
    XCTAssertEqual(messages(""), ["p.yaml:1:1: The file is empty; a panel file starts with “id:”."])
    XCTAssertEqual(
      messages("id: pizza\nname: P\nsections:\n  - id: s\n    rows: []\n"),
      [
        "p.yaml:1:5: The panel id “pizza” must be reverse-DNS, such as org.example.Pizza: two or more parts of "
          + "letters, digits, “_” and “-”, separated by dots, not starting with a digit."
      ])
  }

  func testMissingSetting() async throws {
    XCTAssertEqual(
      messages(row("- kind: toggle\n  id: x\n  title: X")), ["p.yaml:7:9: dough/x: A toggle row needs “setting”."])
  }
}

/// Panel file messages in the user's language; the position and path before them stay as they are.
@MainActor
final class TranslatedPanelFileMessageTests: XCTestCase {
  private func messages(_ text: String) -> [String] {
    do {
      return try PanelFile.parse(text, file: "p.yaml").problems(against: MemoryStore(defaults: [:])).map(\.description)
    } catch {
      return error.errors.map(\.description)
    }
  }

  func testMessagesAreTranslatedAfterAnUntranslatedPosition() async throws {
    let german = [
      "The file is empty; a panel file starts with “id:”.": "Die Datei ist leer; eine Panel-Datei beginnt mit „id:“.",
      "The row title is empty.": "Der Zeilentitel ist leer.",
    ]
    let untitled =
      PanelFileErrorTests.head + "      - kind: value\n        id: x\n        title: \"\"\n        value: a"
    Translation.withCatalog(german) {
      XCTAssertEqual(messages(""), ["p.yaml:1:1: Die Datei ist leer; eine Panel-Datei beginnt mit „id:“."])
      XCTAssertEqual(messages(untitled), ["p.yaml:7:9: dough/x: Der Zeilentitel ist leer."])
    }
    XCTAssertEqual(messages(""), ["p.yaml:1:1: The file is empty; a panel file starts with “id:”."])
    XCTAssertEqual(messages(untitled), ["p.yaml:7:9: dough/x: The row title is empty."])
  }
}

/// The reader's and the rules' messages are whole sentences in the user's language, values put where the
/// translation puts them.
@MainActor
final class TranslatedReaderMessageTests: XCTestCase {
  private func messages(_ rows: String) -> [String] {
    let text =
      PanelFileErrorTests.head
      + rows.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }.joined(separator: "\n")
    do {
      return try PanelFile.parse(text, file: "p.yaml").problems(against: MemoryStore(defaults: [:])).map(\.description)
    } catch {
      return error.errors.map(\.description)
    }
  }

  static let german = [
    // The translation names the row kind before the key: %2$s comes first.
    "Unknown key “%1$s” in a %2$s row.": "In einer %2$s-Zeile gibt es keinen Schlüssel „%1$s“.",
    "Did you mean “%s”?": "Meinten Sie „%s“?",
    "A %1$s row needs “%2$s”.": "Eine %1$s-Zeile braucht „%2$s“.",
    "“%1$s” must be text, not %2$s.": "„%1$s“ muss ein Text sein, nicht %2$s.",
    "a list": "eine Liste",
    "The slider's step %s must be greater than zero.":
      "Die Schrittweite %s des Schiebereglers muss größer als null sein.",
    "The default of %1$s (“%2$s”) is %3$s but the toggle writes %4$s values.":
      "Der Standardwert von %1$s („%2$s“) ist %3$s, aber der Schalter schreibt Werte vom Typ %4$s.",
    "a string": "eine Zeichenkette",
    "boolean": "Wahrheitswert",
    "There is no row at “%s”.": "Unter „%s“ gibt es keine Zeile.",
    "“style” is “menu” or “radio”, not “%s”.": "„style“ ist „menu“ oder „radio“, nicht „%s“.",
  ]

  func testUnknownAndMissingKeysWithTheKindBeforeTheKey() async throws {
    let rows = "- kind: toggle\n  id: x\n  titel: X\n  setting: {ini: a/b, default: true}"
    Translation.withCatalog(Self.german) {
      XCTAssertEqual(
        messages(rows),
        [
          "p.yaml:7:9: dough/x: Eine toggle-Zeile braucht „title“.",
          "p.yaml:9:9: dough/x: In einer toggle-Zeile gibt es keinen Schlüssel „titel“. Meinten Sie „title“?",
        ])
    }
    XCTAssertEqual(
      messages(rows),
      [
        "p.yaml:7:9: dough/x: A toggle row needs “title”.",
        "p.yaml:9:9: dough/x: Unknown key “titel” in a toggle row. Did you mean “title”?",
      ])
  }

  func testValueOfTheWrongShape() async throws {
    let rows = "- kind: value\n  id: x\n  title: [X]\n  value: a"
    Translation.withCatalog(Self.german) {
      XCTAssertEqual(messages(rows), ["p.yaml:9:16: dough/x: „title“ muss ein Text sein, nicht eine Liste."])
    }
    XCTAssertEqual(messages(rows), ["p.yaml:9:16: dough/x: “title” must be text, not a list."])
  }

  func testValuesOfRowsAndReferences() async throws {
    let rows = """
      - kind: choice
        id: c
        title: C
        subtitle: "{dough/nothing}"
        style: wheel
        options: [{value: 1, label: One}]
        setting: {ini: a/c, default: 1}
      """
    Translation.withCatalog(Self.german) {
      XCTAssertEqual(
        messages(rows),
        [
          "p.yaml:10:19: dough/c: Unter „dough/nothing“ gibt es keine Zeile. Meinten Sie „dough/c“?",
          "p.yaml:11:16: dough/c: „style“ ist „menu“ oder „radio“, nicht „wheel“.",
        ])
    }
    XCTAssertEqual(
      messages(rows),
      [
        "p.yaml:10:19: dough/c: There is no row at “dough/nothing”. Did you mean “dough/c”?",
        "p.yaml:11:16: dough/c: “style” is “menu” or “radio”, not “wheel”.",
      ])
  }

  func testARepeatedIDIsAtItsSecondUseInAnyLanguage() async throws {
    let rows = """
      - kind: toggle
        id: x
        title: X
        setting: {ini: a/b, default: true}
      - kind: toggle
        id: x
        title: Y
        setting: {ini: a/c, default: true}
      """
    let german = [
      "The row id “%1$s” is already used by %2$s on this page.":
        "Die Zeilen-ID „%1$s“ wird auf dieser Seite bereits von %2$s verwendet."
    ]
    Translation.withCatalog(german) {
      XCTAssertEqual(
        messages(rows), ["p.yaml:11:9: dough/x: Die Zeilen-ID „x“ wird auf dieser Seite bereits von dough/x verwendet."]
      )
    }
  }

  func testRuleMessagesAfterReading() async throws {
    let rows = """
      - kind: slider
        id: s
        title: S
        min: 0
        max: 1
        step: 0
        setting: {ini: a/s, default: 0.5}
      - kind: toggle
        id: t
        title: T
        setting: {ini: a/t, default: thick}
      """
    Translation.withCatalog(Self.german) {
      XCTAssertEqual(
        messages(rows),
        [
          "p.yaml:7:9: dough/s: Die Schrittweite 0.0 des Schiebereglers muss größer als null sein.",
          "p.yaml:14:9: dough/t: Der Standardwert von a/t („thick“) ist eine Zeichenkette, "
            + "aber der Schalter schreibt Werte vom Typ Wahrheitswert.",
        ])
    }
    XCTAssertEqual(
      messages(rows),
      [
        "p.yaml:7:9: dough/s: The slider's step 0.0 must be greater than zero.",
        "p.yaml:14:9: dough/t: The default of a/t (“thick”) is a string but the toggle writes boolean values.",
      ])
  }
}
