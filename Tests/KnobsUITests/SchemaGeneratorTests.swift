import Foundation
import Gtk
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI

/// The generator over schemas read from GIO: a compiled test schema with a key
/// of every type class, and the real org.gnome.desktop.* schemas.
@MainActor
final class SchemaGeneratorTests: XCTestCase {
  static let schema = "dev.knobs.Knobs.Generated"
  static let relocatable = "dev.knobs.Knobs.Relocatable"

  static let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <schemalist>
      <enum id="dev.knobs.Knobs.Generated.Scheme">
        <value nick="default" value="0"/>
        <value nick="prefer-dark" value="1"/>
      </enum>
      <flags id="dev.knobs.Knobs.Generated.Modifiers">
        <value nick="ctrl" value="1"/>
        <value nick="alt" value="2"/>
      </flags>
      <schema id="\(schema)" path="/dev/knobs/Knobs/Generated/">
        <key name="flag" type="b"><default>false</default><summary>A flag</summary>
          <description>Turns
            it on.</description></key>
        <key name="count" type="i"><default>3</default></key>
        <key name="size" type="u"><default>7</default></key>
        <key name="big" type="x"><default>5000000000</default></key>
        <key name="factor" type="d"><default>1.5</default></key>
        <key name="name" type="s"><default>'knobs'</default><summary></summary></key>
        <key name="names" type="as"><default>['a']</default></key>
        <key name="scheme" enum="dev.knobs.Knobs.Generated.Scheme"><default>'default'</default></key>
        <key name="modifiers" flags="dev.knobs.Knobs.Generated.Modifiers"><default>['ctrl']</default></key>
        <key name="options" type="a{sv}"><default>{}</default></key>
        <key name="pair" type="(ii)"><default>(1, 2)</default></key>
        <key name="maybe" type="mb"><default>nothing</default></key>
        <key name="bytes" type="ay"><default>[1, 2]</default></key>
        <key name="level" type="i"><range min="0" max="10"/><default>5</default></key>
        <key name="picked" type="s"><choices><choice value="one"/><choice value="two"/></choices><default>'one'</default></key>
        <key name="tint-color" type="(dddd)"><default>(0.0, 0.0, 0.0, 1.0)</default></key>
        <key name="hotkey-2" type="as"><default>['&lt;Super&gt;2']</default></key>
        <key name="hotkey-10" type="as"><default>['&lt;Super&gt;0']</default></key>
        <key name="ratio" type="(dd)"><default>(0.1, 0.3)</default></key>
      </schema>
      <schema id="\(relocatable)">
        <key name="anything" type="b"><default>true</default></key>
      </schema>
    </schemalist>
    """

  static let expectedKinds: [String: String] = [
    "flag": "toggle", "count": "number", "size": "number", "big": "text", "factor": "number", "name": "text",
    "names": "list", "scheme": "choice", "modifiers": "multi-select", "options": "text", "pair": "text",
    "maybe": "text", "bytes": "text", "level": "slider", "picked": "choice", "tint-color": "color",
    "hotkey-2": "shortcut", "hotkey-10": "shortcut", "ratio": "text",
  ]

  static func compiledSchemaDirectory() throws -> String {
    let directory = NSTemporaryDirectory() + "knobs-generator-schemas-\(getpid())"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try xml.write(toFile: directory + "/\(schema).gschema.xml", atomically: true, encoding: .utf8)
    try CompiledSchemas.compile(in: directory)
    return directory
  }

  var store: GSettingsStore!

  func key(_ name: String) -> SettingKey { SettingKey(schema: Self.schema, key: name) }

  override func setUp() async throws {
    XCTAssertEqual(ProcessInfo.processInfo.environment["GSETTINGS_BACKEND"], "memory")
    store = GSettingsStore(source: SchemaSource(extraDirectories: [try Self.compiledSchemaDirectory()]))
    for name in Self.expectedKinds.keys { try store.reset(key(name)) }
  }

  func testTheTestSchemaIsReadWithTypesRangesAndTexts() async throws {
    let schema = try XCTUnwrap(store.describeSchema(Self.schema))
    XCTAssertEqual(schema.path, "/dev/knobs/Knobs/Generated/")
    XCTAssertEqual(Set(schema.keys.map(\.name)), Set(Self.expectedKinds.keys))
    let keys = Dictionary(uniqueKeysWithValues: schema.keys.map { ($0.name, $0) })
    XCTAssertEqual(keys["flag"]?.summary, "A flag")
    XCTAssertEqual(keys["scheme"]?.range, .enumeration(["default", "prefer-dark"]))
    XCTAssertEqual(keys["modifiers"]?.range, .flags(["ctrl", "alt"]))
    XCTAssertEqual(keys["level"]?.range, .range(minimum: 0, maximum: 10))
    XCTAssertEqual(keys["picked"]?.range, .enumeration(["one", "two"]))
    XCTAssertEqual(keys["pair"]?.typeString, "(ii)")
    XCTAssertEqual(keys["name"]?.summary, "")
  }

  func testEveryKeyGetsARowOfItsKindAndThePanelPassesTheValidatorWithTheStore() async throws {
    let panel = try XCTUnwrap(store.schemaPanels().panel(for: Self.schema))
    let kinds = Dictionary(uniqueKeysWithValues: panel.entries.map { ($0.row.id, $0.row.kindName) })
    XCTAssertEqual(kinds, Self.expectedKinds)
    XCTAssertEqual(panel.validate(against: store), [])
    XCTAssertEqual(panel.entry(at: "keys/flag")?.row.subtitle?.fixedText, "Turns it on.")
    XCTAssertEqual(panel.entry(at: "keys/name")?.row.title, "Name")
  }

  func testOddTypesAreReadAsGVariantText() async throws {
    XCTAssertEqual(store.value(for: key("pair")), .variant(type: "(ii)", text: "(1, 2)"))
    XCTAssertEqual(store.value(for: key("maybe")), .variant(type: "mb", text: "nothing"))
    XCTAssertEqual(store.value(for: key("options"))?.typeName, "value of type a{sv}")
    XCTAssertNotNil(store.value(for: key("bytes")))
    XCTAssertEqual(store.value(for: key("big")), 5_000_000_000, "a 64-bit key is read as an integer")
    try store.write(.variant(type: "x", text: "5000000001"), for: key("big"))
    XCTAssertEqual(store.value(for: key("big")), 5_000_000_001, "and written as exact GVariant text")
  }

  /// Shapes of extensions' schemas: a color kept as four doubles, hotkeys named for numbers, a pair of doubles.
  func testExtensionShapedKeysReadAndWriteAsPeopleExpect() async throws {
    let panel = try XCTUnwrap(store.schemaPanels().panel(for: Self.schema))
    let ids = panel.entries.map(\.row.id)
    XCTAssertLessThan(try XCTUnwrap(ids.firstIndex(of: "hotkey-2")), try XCTUnwrap(ids.firstIndex(of: "hotkey-10")))
    XCTAssertEqual(
      store.value(for: key("ratio")), .variant(type: "(dd)", text: "(0.1, 0.3)"), "not 0.10000000000000001")
    let tint = try XCTUnwrap(panel.entry(at: "keys/tint-color")?.row)
    let value = try tint.parseValue("#ff000080", like: store.value(for: key("tint-color")))
    try store.write(value, for: key("tint-color"))
    XCTAssertEqual(
      store.value(for: key("tint-color")), .variant(type: "(dddd)", text: "(1.0, 0.0, 0.0, 0.5019607843137255)"))
    // People read it as they write it; --raw gives the doubles.
    XCTAssertEqual(tint.currentValueText(SettingsReader(store)), "#ff000080")
  }

  func testGVariantTextIsParsedAgainstTheKeysTypeBeforeWriting() async throws {
    try store.write(.variant(type: "(ii)", text: "(3, 4)"), for: key("pair"))
    XCTAssertEqual(store.value(for: key("pair")), .variant(type: "(ii)", text: "(3, 4)"))
    try store.write(.variant(type: "a{sv}", text: "{'size': <3>}"), for: key("options"))
    XCTAssertEqual(store.value(for: key("options")), .variant(type: "a{sv}", text: "{'size': <3>}"))
    try store.write(.variant(type: "mb", text: "just true"), for: key("maybe"))
    try store.write(.variant(type: "mb", text: "nothing"), for: key("maybe"))
    XCTAssertEqual(store.value(for: key("maybe")), .variant(type: "mb", text: "nothing"))
    try store.write(.variant(type: "ay", text: "[7, 8]"), for: key("bytes"))
    let bytes = try XCTUnwrap(store.value(for: key("bytes")))
    try store.write(bytes, for: key("bytes"))
    XCTAssertEqual(store.value(for: key("bytes")), bytes, "what is read writes back unchanged")

    for bad in ["(3,", "('a', 1)", "(1, 2, 3)", "", "just"] {
      XCTAssertThrowsError(try store.write(.variant(type: "(ii)", text: bad), for: key("pair")), bad) { error in
        guard case .unparsable(_, _, let reason)? = error as? SettingsError else {
          return XCTFail("\(bad): \(error)")
        }
        XCTAssertFalse(reason.isEmpty)
        XCTAssertFalse(reason.first!.isNumber, "GLib's offsets are left out: \(reason)")
      }
    }
    XCTAssertThrowsError(try store.write(.variant(type: "(si)", text: "('a', 1)"), for: key("pair")))
    XCTAssertEqual(store.value(for: key("pair")), .variant(type: "(ii)", text: "(3, 4)"), "nothing wrong was written")
  }

  func testRangesAreCheckedBeforeWriting() async throws {
    XCTAssertThrowsError(try store.check(11, for: key("level"))) { error in
      XCTAssertEqual(error as? SettingsError, .outOfRange(key("level"), 11))
    }
    XCTAssertThrowsError(try store.write("three", for: key("picked")))
    XCTAssertNoThrow(try store.check(10, for: key("level")))
    XCTAssertEqual(store.value(for: key("level")), 5)
    let level = try XCTUnwrap(store.schemaPanels().panel(for: Self.schema)?.entry(at: "keys/level")?.row)
    XCTAssertThrowsError(try level.parseValue("11", like: .int(5)))
    XCTAssertEqual(try level.parseValue("7", like: .int(5)), .int(7))
  }

  func testRelocatableAndMissingSchemasAreNoneAndNothingCrashes() async throws {
    XCTAssertNil(store.describeSchema(Self.relocatable))
    XCTAssertTrue(store.isRelocatable(Self.relocatable))
    XCTAssertNil(store.value(for: SettingKey(schema: Self.relocatable, key: "anything")))
    XCTAssertEqual(
      store.availability(of: SettingKey(schema: Self.relocatable, key: "anything")), .missingSchema(Self.relocatable))
    XCTAssertNil(store.describeSchema("org.example.absent"))
    XCTAssertFalse(store.isRelocatable("org.example.absent"))
    XCTAssertFalse(store.schemaIDs.contains(Self.relocatable))
    XCTAssertTrue(store.schemaIDs.contains(Self.schema))
  }

  /// Every key of every installed org.gnome.desktop.* schema gets a row, and the
  /// panels pass the validator against the real defaults. Prints the counts.
  func testEveryKeyOfTheRealDesktopSchemasGetsARow() async throws {
    let store = GSettingsStore(source: SchemaSource())
    let ids = store.schemaIDs.filter { $0.hasPrefix("org.gnome.desktop.") }
    XCTAssertGreaterThan(ids.count, 10, "gsettings-desktop-schemas is installed")
    let panels = store.schemaPanels()
    var kinds: [String: Int] = [:]
    var keyCount = 0
    for id in ids {
      let description = try XCTUnwrap(store.describeSchema(id), id)
      let panel = try XCTUnwrap(panels.panel(for: id), id)
      let rows = panel.entries.map(\.row).filter { $0.key != nil }
      XCTAssertEqual(rows.map(\.id), description.keys.map(\.name), "\(id): no key is left out")
      if id == "org.gnome.desktop.wm.keybindings" {
        let ids = rows.map(\.id)
        let second = try XCTUnwrap(ids.firstIndex(of: "switch-to-workspace-2"))
        let tenth = try XCTUnwrap(ids.firstIndex(of: "switch-to-workspace-10"))
        XCTAssertLessThan(second, tenth, "numbered keys in natural order")
      }
      XCTAssertEqual(panel.validate(against: store), [], id)
      for row in rows {
        kinds[row.kindName, default: 0] += 1
        XCTAssertNotNil(store.value(for: row.key!), "\(id) \(row.id) can be read")
        XCTAssertFalse(row.title.isEmpty)
      }
      keyCount += description.keys.count
    }
    let summary = kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    print("org.gnome.desktop.*: \(ids.count) schemas, \(keyCount) keys: \(summary)")
    XCTAssertEqual(kinds.values.reduce(0, +), keyCount)
  }

  /// Every installed schema with a fixed path makes a valid panel with a row per key.
  func testEveryInstalledSchemaMakesAValidPanel() async throws {
    let store = GSettingsStore(source: SchemaSource())
    let panels = store.schemaPanels()
    var kinds: [String: Int] = [:]
    var keyCount = 0
    for id in store.schemaIDs {
      let panel = try XCTUnwrap(panels.panel(for: id), id)
      XCTAssertEqual(panel.validate(against: store), [], id)
      for row in panel.entries.map(\.row) where row.key != nil { kinds[row.kindName, default: 0] += 1 }
      keyCount += store.describeSchema(id)?.keys.count ?? 0
    }
    let summary = kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    print("every schema: \(store.schemaIDs.count) schemas, \(keyCount) keys: \(summary)")
    XCTAssertEqual(kinds.values.reduce(0, +), keyCount)
  }
}
