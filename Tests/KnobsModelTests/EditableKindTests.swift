import Foundation
import KnobsModel
import XCTest

/// Text, number, font, file, multi-select, list and run-time choice rows:
/// parsing, validation, value text and the round trip through a store.
@MainActor
final class EditableKindTests: XCTestCase {
  static let name = SettingKey(schema: "test.kinds", key: "name")
  static let count = SettingKey(schema: "test.kinds", key: "count")
  static let ratio = SettingKey(schema: "test.kinds", key: "ratio")
  static let font = SettingKey(schema: "test.kinds", key: "font")
  static let picture = SettingKey(schema: "test.kinds", key: "picture")
  static let modifiers = SettingKey(schema: "test.kinds", key: "modifiers")
  static let names = SettingKey(schema: "test.kinds", key: "names")
  static let theme = SettingKey(schema: "test.kinds", key: "theme")

  static var themes: [String] = ["Adwaita", "Breeze"]
  static var providerFails = false

  struct ListingFailed: Error, CustomStringConvertible {
    var description: String { "the folder is unreadable" }
  }

  static func store() -> MemoryStore {
    MemoryStore(defaults: [
      name: "knobs", count: 4, ratio: 0.5, font: "Cantarell 11", picture: "", modifiers: .strings(["ctrl"]),
      names: .strings([]), theme: "Adwaita",
    ])
  }

  static func panel() -> Panel {
    Panel("Kinds") {
      Section("kinds", "Kinds") {
        TextRow(
          "name", "Name", key: name, placeholder: "A name",
          rule: TextRule(nonEmpty: true, maximumLength: 20, pattern: "[a-z-]+", patternHint: "lowercase letters"))
        NumberRow("count", "Count", key: count, range: 1...36)
        NumberRow("ratio", "Ratio", key: ratio, range: 0...1, step: 0.05, decimals: 2, unit: "x")
        FontRow("font", "Font", key: font)
        FileRow("picture", "Picture", key: picture, mimeTypes: ["image/*"])
        MultiSelectRow(
          "modifiers", "Modifiers", key: modifiers, options: [("ctrl", "Control"), ("alt", "Alt"), ("super", "Super")])
        ListRow("names", "Names", key: names, itemRule: TextRule(nonEmpty: true, maximumLength: 10))
        ChoiceRow(
          "theme", "Theme", key: theme,
          provider: OptionProvider {
            if EditableKindTests.providerFails { throw ListingFailed() }
            return EditableKindTests.themes.map { Row.Choice.Option(.string($0), $0) }
          })
      }
    }
  }

  private let panel = EditableKindTests.panel()
  private var store: MemoryStore!

  override func setUp() async throws {
    store = Self.store()
    Self.themes = ["Adwaita", "Breeze"]
    Self.providerFails = false
  }

  private func row(_ id: String) -> Row { panel.entry(at: "kinds/\(id)")!.row }

  private func parse(_ id: String, _ text: String) throws(ValueError) -> SettingValue {
    let row = row(id)
    return try row.parseValue(text, like: row.key.flatMap(store.value(for:)))
  }

  private func refusal(_ id: String, _ text: String) -> String? {
    do {
      _ = try parse(id, text)
      return nil
    } catch {
      return error.description
    }
  }

  private func text(_ id: String) -> String { row(id).currentValueText(SettingsReader(store)) }

  func testThePanelIsValidAgainstItsStore() async throws {
    XCTAssertEqual(panel.validate(against: store).map(\.description), [])
  }

  func testKindNames() async throws {
    XCTAssertEqual(
      panel.entries.map(\.row.kindName), ["text", "number", "number", "font", "file", "multi-select", "list", "choice"])
  }

  func testTextFollowsItsRule() async throws {
    XCTAssertEqual(try parse("name", "my-name"), "my-name")
    XCTAssertEqual(refusal("name", ""), "“Name” can't be set to “”: It can't be empty.")
    XCTAssertEqual(
      refusal("name", "Has Capitals"), "“Name” can't be set to “Has Capitals”: It must be lowercase letters.")
    let long = String(repeating: "a", count: 1_000_000)
    XCTAssertEqual(
      refusal("name", long),
      "“Name” can't be set to “\(String(repeating: "a", count: 77))…”: It is 1000000 characters long; at most 20 are allowed."
    )
    XCTAssertEqual(text("name"), "knobs")
  }

  func testNumbersStayInRangeAndKeepTheKeyType() async throws {
    XCTAssertEqual(try parse("count", "12"), .int(12))
    XCTAssertEqual(refusal("count", "37"), "“Count” takes a number from 1 to 36; “37” is outside that range.")
    XCTAssertEqual(refusal("count", "2.5"), "“Count” can't be set to “2.5”: It takes a whole number.")
    XCTAssertEqual(refusal("count", "many"), "“Count” takes a number, not “many”.")
    XCTAssertEqual(try parse("ratio", "0.25 x"), .double(0.25))
    XCTAssertEqual(text("count"), "4")
    XCTAssertEqual(text("ratio"), "0.50 x (0.5)")
  }

  func testFontsNeedAFamilyAndASize() async throws {
    XCTAssertEqual(try parse("font", "  Noto   Sans Bold 12 "), "Noto Sans Bold 12")
    XCTAssertNotNil(refusal("font", "Cantarell"))
    XCTAssertNotNil(refusal("font", "12"))
    XCTAssertNotNil(refusal("font", "Cantarell 0"))
    XCTAssertNotNil(refusal("font", "Cantarell 99999"))
    XCTAssertNil(FontDescription.problem(with: "Monospace 10px"))
    XCTAssertEqual(FontDescription.familyAndStyle(of: "Cantarell Bold 11"), "Cantarell Bold")
  }

  func testFilesMustExistAndAreKeptAsURIs() async throws {
    let folder = NSTemporaryDirectory() + "knobs-file-tests-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/my picture.png"
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data([0x89])))
    let value = try parse("picture", path)
    XCTAssertEqual(value, .string("file://" + folder + "/my%20picture.png"))
    guard case .file(let file) = row("picture").kind.form else { return XCTFail("not a file row") }
    XCTAssertEqual(file.localPath(of: value.stringValue!), path)
    XCTAssertEqual(file.displayName(of: value.stringValue!), "my picture.png")
    XCTAssertNil(file.fileProblem(of: value.stringValue!))
    XCTAssertEqual(file.fileProblem(of: "file:///nowhere/gone.png"), "Missing: /nowhere/gone.png")
    XCTAssertEqual(file.fileProblem(of: "file://" + folder), "A folder, not a file: \(folder)")
    XCTAssertEqual(file.fileProblem(of: "https://example.org/a.png"), "Not a local file: https://example.org/a.png")
    XCTAssertEqual(
      refusal("picture", "/nowhere/gone.png"),
      "“Picture” can't be set to “/nowhere/gone.png”: Missing: /nowhere/gone.png.")
    XCTAssertEqual(
      refusal("picture", "relative.png"),
      "“Picture” can't be set to “relative.png”: Give an absolute path or a file:// URI.")
    XCTAssertEqual(try parse("picture", ""), "")
    XCTAssertEqual(text("picture"), "none")
  }

  func testMultiSelectTakesValuesOrLabelsInOptionOrder() async throws {
    XCTAssertEqual(try parse("modifiers", "super, Control"), .strings(["ctrl", "super"]))
    XCTAssertEqual(try parse("modifiers", "['alt']"), .strings(["alt"]))
    XCTAssertEqual(try parse("modifiers", ""), .strings([]))
    XCTAssertEqual(
      refusal("modifiers", "ctrl, hyper"),
      "“Modifiers” has no option “hyper”; use one of: ctrl (Control), alt (Alt), super (Super).")
    XCTAssertEqual(text("modifiers"), "Control")
    guard case .multiSelect(let multiSelect) = row("modifiers").kind.form else { return XCTFail("not a multi-select") }
    XCTAssertEqual(multiSelect.setting("super", chosen: true, in: ["odd", "ctrl"]), ["ctrl", "super", "odd"])
    XCTAssertEqual(multiSelect.setting("ctrl", chosen: false, in: ["ctrl", "alt"]), ["alt"])
    XCTAssertEqual(multiSelect.labels(of: ["alt", "odd", "ctrl"]), ["Control", "Alt", "odd"])
  }

  func testListsTakeCommasOrGVariantTextAndCheckEveryItem() async throws {
    XCTAssertEqual(try parse("names", "one, two"), .strings(["one", "two"]))
    XCTAssertEqual(try parse("names", "['a, b', \"it's\"]"), .strings(["a, b", "it's"]))
    XCTAssertEqual(try parse("names", "@as []"), .strings([]))
    XCTAssertEqual(
      refusal("names", "['ok', '']"), "“Names” can't be set to “['ok', '']”: Item 2: It can't be empty.")
    XCTAssertEqual(
      refusal("names", "['open"),
      "“Names” can't be set to “['open”: It is not a list of strings: the string starting at character 2 has no closing quote."
    )
    let tooMany = "[" + (0..<1001).map { "'\($0)'" }.joined(separator: ", ") + "]"
    XCTAssertEqual(
      refusal("names", tooMany).map { $0.hasSuffix("The list has 1001 items; at most 1000 are allowed.") }, true)
  }

  func testOptionsFoundAtRunTime() async throws {
    XCTAssertEqual(try parse("theme", "Breeze"), "Breeze")
    XCTAssertEqual(text("theme"), "Adwaita")
    Self.themes = ["Breeze"]
    XCTAssertEqual(refusal("theme", "Adwaita"), "“Theme” has no option “Adwaita”; use one of: Breeze.")
    // The current value is shown even when it is no longer among the options.
    XCTAssertEqual(text("theme"), "Adwaita")
    Self.themes = []
    XCTAssertEqual(
      refusal("theme", "Breeze"), "“Theme” has no options to choose from. No options were found on this system.")
    Self.providerFails = true
    XCTAssertEqual(
      refusal("theme", "Breeze"),
      "“Theme” has no options to choose from. The options couldn't be listed: the folder is unreadable")
  }

  func testRoundTripThroughTheStore() async throws {
    for (id, text) in [
      ("name", "other"), ("count", "7"), ("ratio", "0.75"), ("font", "Cantarell Bold 14"),
      ("modifiers", "alt, super"), ("names", "['x', 'y']"), ("theme", "Breeze"),
    ] {
      let key = row(id).key!
      let value = try parse(id, text)
      try store.write(value, for: key)
      XCTAssertEqual(store.value(for: key), value, id)
      try store.reset(key)
      XCTAssertEqual(store.value(for: key), store.defaultValue(for: key), id)
    }
  }

  func testSearchFindsOptionLabels() async throws {
    let search = PanelSearch(panel: panel)
    let found = search.search("super", settings: SettingsReader(store)).flatMap(\.entries).map(\.path)
    XCTAssertEqual(found, ["kinds/modifiers"])
  }

  func testDeclarationsThatCannotWorkAreReported() async throws {
    let bad = Panel("Bad") {
      Section("s", "S") {
        TextRow("pattern", "Pattern", key: Self.name, rule: TextRule(pattern: "[unclosed"))
        Row(id: "range", title: "Range", kind: .number(.init(key: Self.count, minimum: 5, maximum: 1)))
        NumberRow("decimals", "Decimals", key: Self.ratio, range: 0...1, decimals: 12)
        FileRow("mime", "Mime", key: Self.picture, mimeTypes: ["image"])
        MultiSelectRow("empty", "Empty", key: Self.modifiers, options: [])
        MultiSelectRow("twice", "Twice", key: Self.modifiers, options: [("a", "A"), ("a", "B")])
        ListRow("rule", "Rule", key: Self.names, itemRule: TextRule(maximumLength: 0))
        ChoiceRow("radio", "Radio", key: Self.theme, options: (1...7).map { (.string("o\($0)"), "O\($0)") }).radio()
        ChoiceRow("dynamic-radio", "Dynamic Radio", key: Self.theme, provider: OptionProvider { [] }).radio()
      }
    }
    let paths = bad.validate().map(\.path)
    XCTAssertEqual(
      paths,
      [
        "s/pattern", "s/range", "s/decimals", "s/mime", "s/empty", "s/twice", "s/rule", "s/radio", "s/dynamic-radio",
      ])
  }

  func testATypeMismatchWithTheKeyIsReportedBeforeTheWindowOpens() async throws {
    let mismatched = Panel("Mismatched") {
      Section("s", "S") {
        TextRow("text-on-int", "Text", key: Self.count)
        ListRow("list-on-string", "List", key: Self.name)
        FontRow("font-on-list", "Font", key: Self.names)
        NumberRow("fraction-on-int", "Fraction", key: Self.count, range: 0...10, decimals: 1)
        MultiSelectRow("unknown-default", "Unknown", key: Self.modifiers, options: [("alt", "Alt")])
      }
    }
    let problems = mismatched.validate(against: store)
    XCTAssertEqual(
      problems.map(\.path),
      ["s/text-on-int", "s/list-on-string", "s/font-on-list", "s/fraction-on-int", "s/unknown-default"])
    XCTAssertEqual(
      problems.first?.message, "The default of count (“4”) is an integer but a text row needs a string.")
  }
}

final class GVariantTextTests: XCTestCase {
  func testQuotingMatchesGSettings() {
    XCTAssertEqual(GVariantText.quote("plain"), "'plain'")
    XCTAssertEqual(GVariantText.quote("it's"), "\"it's\"")
    XCTAssertEqual(GVariantText.quote("both ' and \""), "'both \\' and \"'")
    XCTAssertEqual(GVariantText.quote("line\nbreak\\"), "'line\\nbreak\\\\'")
    XCTAssertEqual(SettingValue.strings(["a", "b"]).gvariantText, "['a', 'b']")
    XCTAssertEqual(SettingValue.double(2).gvariantText, "2.0")
    XCTAssertEqual(SettingValue.bool(true).gvariantText, "true")
  }

  func testParsingRoundTrips() throws {
    let items = ["a", "it's", "say \"hi\"", "tab\there", "back\\slash", "ünï"]
    let text = SettingValue.strings(items).gvariantText
    XCTAssertEqual(try GVariantText.parseStrings(text), items)
    XCTAssertEqual(try GVariantText.parseStrings("  [ ]  "), [])
    XCTAssertEqual(try GVariantText.parseStrings("['\\u00e9']"), ["é"])
    XCTAssertThrowsError(try GVariantText.parseStrings("['a' 'b']"))
    XCTAssertThrowsError(try GVariantText.parseStrings("['a'] tail"))
    XCTAssertThrowsError(try GVariantText.parseStrings("a, b"))
  }
}
