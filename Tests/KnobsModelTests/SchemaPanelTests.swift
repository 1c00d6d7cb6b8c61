import Foundation
@testable import KnobsModel
import XCTest

/// The panel generator over a schema written here: a row for every key, of the
/// kind its type and range call for, that passes the validator.
@MainActor
final class SchemaPanelTests: XCTestCase {
  static let id = "dev.knobs.Generated"

  /// One key of every type class the generator tells apart.
  static let schema = SchemaDescription(
    id: id, path: "/dev/knobs/Generated/",
    keys: [
      KeyDescription(name: "flag", typeString: "b", summary: "A flag", description: "Turns it on."),
      KeyDescription(name: "count", typeString: "i", summary: "Count"),
      KeyDescription(name: "size", typeString: "u"),
      KeyDescription(name: "big", typeString: "x"),
      KeyDescription(name: "huge", typeString: "t"),
      KeyDescription(name: "stamp", typeString: "x", range: .range(minimum: 0, maximum: 1e12)),
      KeyDescription(name: "factor", typeString: "d"),
      KeyDescription(name: "level", typeString: "i", range: .range(minimum: 0, maximum: 100)),
      KeyDescription(name: "timeout", typeString: "u", range: .range(minimum: 0, maximum: 86400)),
      KeyDescription(name: "speed", typeString: "d", range: .range(minimum: -1, maximum: 1)),
      KeyDescription(name: "odd-range", typeString: "d", range: .range(minimum: 0.123, maximum: 1)),
      KeyDescription(name: "name", typeString: "s"),
      KeyDescription(name: "names", typeString: "as"),
      KeyDescription(name: "scheme", typeString: "s", range: .enumeration(["default", "prefer-dark", "prefer-light"])),
      KeyDescription(name: "picked", typeString: "s", range: .choices(["one", "two"])),
      KeyDescription(name: "modifiers", typeString: "as", range: .flags(["ctrl", "alt", "super"])),
      KeyDescription(name: "tags", typeString: "as", range: .choices(["red", "green"])),
      KeyDescription(name: "options", typeString: "a{sv}"),
      KeyDescription(name: "pair", typeString: "(ii)"),
      KeyDescription(name: "maybe", typeString: "mb"),
      KeyDescription(name: "bytes", typeString: "ay"),
    ])

  static let expectedKinds: [String: String] = [
    "flag": "toggle", "count": "number", "size": "number", "big": "text", "huge": "text", "stamp": "number",
    "factor": "number",
    "level": "slider", "timeout": "number", "speed": "slider", "odd-range": "number", "name": "text",
    "names": "list", "scheme": "choice", "picked": "choice", "modifiers": "multi-select", "tags": "multi-select",
    "options": "text", "pair": "text", "maybe": "text", "bytes": "text",
  ]

  func row(_ name: String, in panel: Panel = SchemaPanel.make(schema)) throws -> Row {
    try XCTUnwrap(panel.entry(at: "\(SchemaPanel.sectionID)/\(name)")?.row, name)
  }

  func testEveryKeyGetsARowOfTheExpectedKind() async throws {
    let panel = SchemaPanel.make(Self.schema)
    XCTAssertEqual(panel.title, Self.id)
    XCTAssertEqual(panel.entries.map(\.row.id), Self.schema.keys.map(\.name))
    for entry in panel.entries {
      XCTAssertEqual(entry.row.kindName, Self.expectedKinds[entry.row.id], entry.row.id)
      XCTAssertEqual(entry.row.key, SettingKey(schema: Self.id, key: entry.row.id))
    }
  }

  func testTheGeneratedPanelPassesTheValidator() async {
    XCTAssertEqual(SchemaPanel.make(Self.schema).validate(), [])
  }

  /// Shapes of extensions' published schemas: numbered keys, nicks in capitals, a description
  /// that repeats the summary.
  func testNumberedKeysComeInNaturalOrderAndTextsReadAsWords() async throws {
    let schema = SchemaDescription(
      id: "org.example.Tiles", path: "/org/example/tiles/",
      keys: [
        KeyDescription(name: "app-hotkey-10", typeString: "as", summary: "Hotkey 10"),
        KeyDescription(name: "app-hotkey-2", typeString: "as", summary: "Hotkey 2"),
        KeyDescription(name: "app-hotkey-1", typeString: "as", summary: "Hotkey 1"),
        KeyDescription(
          name: "scroll-action", typeString: "s", summary: "Scroll action", description: "Scroll action.",
          range: .enumeration(["SWITCH_WORKSPACE", "CYCLE_MIN", "Do-Nothing"])),
        KeyDescription(name: "layout09", typeString: "b", summary: "Layout 9", description: "Layout  9"),
      ])
    XCTAssertEqual(
      SchemaPanel.inNaturalOrder(schema.keys.map(\.name)),
      ["app-hotkey-1", "app-hotkey-2", "app-hotkey-10", "layout09", "scroll-action"])
    let panel = SchemaPanel.make(schema)
    let scroll = try row("scroll-action", in: panel)
    guard case .choice(let choice) = scroll.kind.form else { return XCTFail("an enum is a choice") }
    XCTAssertEqual(choice.options.map(\.label), ["Switch workspace", "Cycle min", "Do Nothing"])
    XCTAssertEqual(choice.options.map(\.value), ["SWITCH_WORKSPACE", "CYCLE_MIN", "Do-Nothing"], "values stay nicks")
    XCTAssertNil(scroll.subtitle, "a description that repeats the summary is not shown twice")
    XCTAssertNil(try row("layout09", in: panel).subtitle)
  }

  /// An extension's hotkeys are lists of accelerators under names that don't say so; their
  /// defaults do. A list of words, or of letters without a modifier, stays a list; in a schema of
  /// keybindings an empty list is one more shortcut with no keys yet.
  func testListsWhoseDefaultsAreAcceleratorsAreShortcutRows() async throws {
    let schema = SchemaDescription(
      id: "org.example.Tiling", path: "/org/example/tiling/",
      keys: [
        KeyDescription(name: "app-hotkey-1", typeString: "as", defaultStrings: ["<Super>1"]),
        KeyDescription(name: "tile-maximize", typeString: "as", defaultStrings: ["<Super>Up", "<Super>KP_5"]),
        KeyDescription(name: "favorites", typeString: "as", defaultStrings: ["firefox.desktop", "a"]),
        KeyDescription(name: "letters", typeString: "as", defaultStrings: ["a", "b"]),
        KeyDescription(name: "empty", typeString: "as", defaultStrings: []),
        KeyDescription(name: "unknown", typeString: "as"),
      ])
    let kinds = SchemaPanel.make(schema).entries.map { "\($0.row.id) \($0.row.kindName)" }
    XCTAssertEqual(
      kinds,
      [
        "app-hotkey-1 shortcut", "tile-maximize shortcut", "favorites list", "letters list", "empty shortcut",
        "unknown list",
      ])
  }

  func testNaturalOrderComparesDigitRunsAsNumbers() async {
    let sorted = ["b", "a10", "a2", "a02", "a1", "a", "a1b", "10", "9"].sorted(by: KeyText.naturallyBefore)
    XCTAssertEqual(sorted, ["9", "10", "a", "a1", "a1b", "a02", "a2", "a10", "b"])
  }

  /// A generated page goes through the validator when it is made. What it finds is said on
  /// the page, and every row stays, since each edits a real key: a key name outside a-z, 0-9
  /// and “-” (from a schema compiled with --allow-any-name) is not a problem.
  func testAGeneratedPageIsValidatedWhenMadeAndSaysWhatWasFound() async throws {
    let odd = SchemaDescription(
      id: "org.example.Odd", path: "/org/example/odd/",
      keys: [
        KeyDescription(name: "modes", typeString: "as", range: .choices(["", "fast"])),
        KeyDescription(name: "Legacy_Name", typeString: "b"),
      ])
    let panels = SchemaPanels { $0 == odd.id ? odd : nil }
    let panel = try XCTUnwrap(panels.panel(for: odd.id))
    XCTAssertEqual(panel.entries.map(\.row.id), ["modes", "Legacy_Name"])
    let footer = try XCTUnwrap(panel.sections[0].footer?.fixedText)
    XCTAssertTrue(footer.hasPrefix("1 problem was found on this page: keys/modes: "), footer)
    XCTAssertTrue(footer.contains("empty value"), footer)

    let fine = SchemaPanels { $0 == Self.id ? Self.schema : nil }
    XCTAssertNil(try XCTUnwrap(fine.panel(for: Self.id)).sections[0].footer, "a valid page says nothing")
  }

  func testTitlesComeFromSummariesOrReadableKeyNamesAndSubtitlesFromDescriptions() async throws {
    XCTAssertEqual(try row("flag").title, "A flag")
    XCTAssertEqual(try row("flag").subtitle?.fixedText, "Turns it on.")
    XCTAssertEqual(try row("odd-range").title, "Odd range")
    XCTAssertNil(try row("odd-range").subtitle)
    XCTAssertTrue(try row("odd-range").keywords.contains("odd-range"), "the key name is searchable")
  }

  func testChoicesGetReadableLabelsFromNicksAndKeepTheNicksAsValues() async throws {
    guard case .choice(let choice) = try row("scheme").kind.form else { return XCTFail("not a choice") }
    XCTAssertEqual(choice.options.map(\.label), ["Default", "Prefer dark", "Prefer light"])
    XCTAssertEqual(choice.options.map(\.value), ["default", "prefer-dark", "prefer-light"])
    guard case .multiSelect(let flags) = try row("modifiers").kind.form else { return XCTFail("not a multi-select") }
    XCTAssertEqual(flags.options.map(\.value), ["ctrl", "alt", "super"])
    XCTAssertEqual(flags.options.map(\.label), ["Ctrl", "Alt", "Super"])
  }

  func testNumbersGetTheirTypesBoundsOrRangeAndSlidersOnlyForSmallRanges() async throws {
    guard case .slider(let level) = try row("level").kind.form else { return XCTFail("level") }
    XCTAssertEqual([level.minimum, level.maximum, level.step], [0, 100, 1])
    guard case .slider(let speed) = try row("speed").kind.form else { return XCTFail("speed") }
    XCTAssertEqual([speed.minimum, speed.maximum, speed.step], [-1, 1, 0.01])
    guard case .number(let timeout) = try row("timeout").kind.form else { return XCTFail("timeout") }
    XCTAssertEqual([timeout.minimum, timeout.maximum], [0, 86400])
    guard case .number(let size) = try row("size").kind.form else { return XCTFail("size") }
    XCTAssertEqual([size.minimum, size.maximum], [0, Double(UInt32.max)])
    guard case .number(let stamp) = try row("stamp").kind.form else { return XCTFail("stamp") }
    XCTAssertEqual(stamp.maximum, 1e12, "a 64-bit key with a range a Double counts exactly is a number")
    guard case .text(let huge) = try row("huge").kind.form else { return XCTFail("huge") }
    XCTAssertEqual(huge.format, .gvariant(type: "t"), "a wider one is GVariant text, which is exact")
    guard case .number(let factor) = try row("factor").kind.form else { return XCTFail("factor") }
    XCTAssertEqual(factor.decimals, 2)
  }

  func testOtherTypesAreGVariantTextRowsOfTheirType() async throws {
    for (name, type) in [("options", "a{sv}"), ("pair", "(ii)"), ("maybe", "mb"), ("bytes", "ay")] {
      guard case .text(let text) = try row(name).kind.form else { return XCTFail(name) }
      XCTAssertEqual(text.format, .gvariant(type: type), name)
    }
  }

  func testGVariantTextRowsGiveVariantValuesAndShowTheText() async throws {
    let pair = try row("pair")
    XCTAssertEqual(try pair.parseValue(" (1, 2) "), .variant(type: "(ii)", text: "(1, 2)"))
    let key = SettingKey(schema: Self.id, key: "pair")
    let store = MemoryStore(defaults: [key: .variant(type: "(ii)", text: "(0, 0)")])
    XCTAssertEqual(pair.currentValueText(SettingsReader(store)), "(0, 0)")
    try store.write(.variant(type: "(ii)", text: "(3, 4)"), for: key)
    XCTAssertEqual(pair.currentValueText(SettingsReader(store)), "(3, 4)")
    XCTAssertThrowsError(try store.write("(3, 4)", for: key), "a string is not a (ii)")
    XCTAssertEqual(SettingValue.variant(type: "(ii)", text: "(3, 4)").gvariantText, "(3, 4)")
  }

  func testTheValidatorAgreesWithAStoreHoldingTheKeys() async {
    let defaults: [SettingKey: SettingValue] = [
      SettingKey(schema: Self.id, key: "pair"): .variant(type: "(ii)", text: "(0, 0)"),
      SettingKey(schema: Self.id, key: "level"): 50,
      SettingKey(schema: Self.id, key: "scheme"): "default",
      SettingKey(schema: Self.id, key: "modifiers"): .strings(["ctrl"]),
      SettingKey(schema: Self.id, key: "names"): .strings([]),
    ]
    XCTAssertEqual(SchemaPanel.make(Self.schema).validate(against: MemoryStore(defaults: defaults)), [])
  }

  func testOddTextIsMadeFitForRows() async throws {
    let long = String(repeating: "A very long description. ", count: 200)
    let schema = SchemaDescription(
      id: Self.id, path: nil,
      keys: [
        KeyDescription(
          name: "wordy", typeString: "s", summary: "  Spread\n      over \n\n  lines  ",
          description: "First   line\n  continued.\n\n  Second paragraph."),
        KeyDescription(name: "long", typeString: "s", summary: "", description: long),
        KeyDescription(name: "blank", typeString: "s", summary: "   \n  "),
      ])
    let panel = SchemaPanel.make(schema)
    XCTAssertEqual(panel.validate(), [])
    // A summary of paragraphs is no title: the key's name is.
    XCTAssertEqual(try row("wordy", in: panel).title, "Wordy")
    XCTAssertEqual(try row("wordy", in: panel).subtitle?.fixedText, "First line continued.\n\nSecond paragraph.")
    let longRow = try row("long", in: panel)
    XCTAssertEqual(longRow.title, "Long")
    let subtitle = try XCTUnwrap(longRow.subtitle?.fixedText)
    XCTAssertLessThanOrEqual(subtitle.count, 240)
    XCTAssertTrue(subtitle.hasSuffix("description.…") || subtitle.hasSuffix("…"), subtitle)
    XCTAssertTrue(longRow.keywords.contains { $0.count > 1000 }, "search still finds the whole description")
    XCTAssertEqual(try row("blank", in: panel).title, "Blank")
  }

  func testHundredsOfChoicesAndEmptyVocabulariesStayUsable() async throws {
    let nicks = (0..<500).map { "value-\($0)" }
    let schema = SchemaDescription(
      id: Self.id, path: "/p/",
      keys: [
        KeyDescription(name: "many", typeString: "s", range: .enumeration(nicks)),
        KeyDescription(name: "no-flags", typeString: "as", range: .flags([])),
      ])
    let panel = SchemaPanel.make(schema)
    XCTAssertEqual(panel.validate(), [])
    guard case .choice(let choice) = try row("many", in: panel).kind.form else { return XCTFail("many") }
    XCTAssertEqual(choice.options.count, 500)
    XCTAssertEqual(try row("many", in: panel).parseValue("value-321"), "value-321")
    XCTAssertEqual(try row("no-flags", in: panel).kindName, "text")
  }

  func testAnEmptySchemaStillMakesAValidPage() async {
    let panel = SchemaPanel.make(SchemaDescription(id: Self.id, path: "/p/", keys: []))
    XCTAssertEqual(panel.validate(), [])
    XCTAssertEqual(panel.entries.map(\.row.kindName), ["value"])
  }

  func testAThousandKeysAreGeneratedAndValidatedQuickly() async {
    let types = ["b", "i", "d", "s", "as", "(ii)"]
    let keys = (0..<1000).map { KeyDescription(name: "key-\($0)", typeString: types[$0 % types.count]) }
    let start = Date()
    let panel = SchemaPanel.make(SchemaDescription(id: Self.id, path: "/p/", keys: keys))
    XCTAssertEqual(panel.validate(), [])
    XCTAssertEqual(panel.entryCount, 1000)
    XCTAssertEqual(panel.entry(at: "keys/key-995")?.row.kindName, "text")
    XCTAssertLessThan(Date().timeIntervalSince(start), 1.0)
  }

  func testPanelsAreGeneratedOnFirstUseAndKept() async {
    var described: [String] = []
    let panels = SchemaPanels { id in
      described.append(id)
      return id == Self.id ? Self.schema : nil
    }
    XCTAssertEqual(panels.generatedCount, 0)
    XCTAssertNotNil(panels.panel(for: Self.id))
    XCTAssertNotNil(panels.panel(for: Self.id))
    XCTAssertNil(panels.panel(for: "org.example.absent"))
    XCTAssertNil(panels.panel(for: "org.example.absent"))
    XCTAssertEqual(described, [Self.id, "org.example.absent"])
    XCTAssertEqual(panels.generatedCount, 1)
  }

  func testSearchFindsGeneratedRowsByTitleKeyNameDescriptionAndOptionLabel() async {
    let long = "Words at the start. " + String(repeating: "Filler text. ", count: 40) + "Needle at the end."
    var schema = Self.schema
    schema.keys.append(KeyDescription(name: "wordy", typeString: "s", description: long))
    let search = PanelSearch(panel: SchemaPanel.make(schema))
    let settings = SettingsReader(MemoryStore(defaults: [:]))
    func found(_ query: String) -> [String] {
      search.search(query, settings: settings).flatMap(\.entries).map(\.row.id)
    }
    XCTAssertEqual(found("a flag"), ["flag"])
    XCTAssertEqual(found("odd-range"), ["odd-range"])
    XCTAssertEqual(found("prefer dark"), ["scheme"])
    XCTAssertEqual(found("needle"), ["wordy"], "beyond the shortened subtitle")
  }

  func testTranslatedSummariesAreShownAndSearchedWithTheirEnglishText() async {
    let long = "Der Rand ist mit Käse gefüllt. " + String(repeating: "Füllwörter. ", count: 40) + "Aus Neapel."
    let englishLong = "The crust is filled with cheese. " + String(repeating: "Filler. ", count: 40) + "Made in Naples."
    let schema = SchemaDescription(
      id: "dev.knobs.Translated", path: "/dev/knobs/Translated/",
      keys: [
        KeyDescription(
          name: "cheese-crust", typeString: "b", summary: "Käserand backen", description: long,
          englishSummary: "Bake a cheese crust", englishDescription: englishLong),
        KeyDescription(name: "plain", typeString: "b", summary: "Nur Deutsch"),
      ])
    let panel = SchemaPanel.make(schema)
    let row = panel.sections[0].rows[0]
    XCTAssertEqual(row.title, "Käserand backen", "the translation is shown")
    XCTAssertEqual(Translation.englishTexts(of: "Käserand backen"), ["Bake a cheese crust"])
    let subtitle = row.subtitle?.fixedText ?? ""
    XCTAssertTrue(subtitle.hasPrefix("Der Rand ist mit Käse gefüllt."), subtitle)
    XCTAssertEqual(Translation.englishTexts(of: subtitle).first?.hasPrefix("The crust is filled with cheese."), true)
    XCTAssertEqual(Translation.englishTexts(of: "Nur Deutsch"), [], "no English text is known for it")
    let search = PanelSearch(panel: panel)
    let settings = SettingsReader(MemoryStore(defaults: [:]))
    func found(_ query: String) -> [String] {
      search.search(query, settings: settings).flatMap(\.entries).map(\.row.id)
    }
    XCTAssertEqual(found("käserand"), ["cheese-crust"])
    XCTAssertEqual(found("cheese crust"), ["cheese-crust"], "by the English summary")
    XCTAssertEqual(found("naples"), ["cheese-crust"], "by the end of the English description")
  }

  func testSchemaPathsAreRead() async {
    XCTAssertEqual(SchemaPath("schema/org.gnome.desktop.interface"), .schema("org.gnome.desktop.interface"))
    XCTAssertEqual(SchemaPath("schema/org.gnome.desktop.interface/"), .schema("org.gnome.desktop.interface"))
    XCTAssertEqual(
      SchemaPath("schema/org.gnome.desktop.interface/clock-format"),
      .key(schema: "org.gnome.desktop.interface", key: "clock-format"))
    XCTAssertEqual(SchemaPath.key(schema: "a.b", key: "c").text, "schema/a.b/c")
    let profile = "org.gnome.Terminal.Legacy.Profile:/org/gnome/terminal/legacy/profiles:/:b1dcc9dd/"
    XCTAssertEqual(SchemaPath(RowPath(parsing: "schema/" + profile)), .schema(profile))
    XCTAssertEqual(SchemaPath(RowPath(parsing: "schema/" + profile + "font")), .key(schema: profile, key: "font"))
    XCTAssertEqual(SchemaPath.key(schema: profile, key: "font").text, "schema/" + profile + "font")
    XCTAssertEqual(SchemaPath.split(profile).folder, "/org/gnome/terminal/legacy/profiles:/:b1dcc9dd/")
    XCTAssertEqual(SchemaPath.split("a.b").folder, nil)
    for bad in [
      "schema/", "schema//x", "schema/a/b/c", "appearance/dark-style", "schema/a:x", "schema/a:/b//c", "schema/:/b/c",
    ] {
      XCTAssertNil(SchemaPath(RowPath(parsing: bad)), bad)
    }
  }

  func testSuggestionsRankByEditDistance() async {
    XCTAssertEqual(
      Suggestions.closest(
        to: "org.gnome.desktop.interfac", among: ["org.gnome.mutter", "org.gnome.desktop.interface"]),
      ["org.gnome.desktop.interface", "org.gnome.mutter"])
  }
}
