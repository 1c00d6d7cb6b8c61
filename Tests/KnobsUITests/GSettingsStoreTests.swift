import Foundation
import Gtk
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI

/// The GSettings store on a real compiled schema and GIO's memory backend.
@MainActor
final class GSettingsStoreTests: XCTestCase {
  static let schema = "dev.knobs.Knobs.Test"
  var store: GSettingsStore!

  /// Compiles a schema with one key of every type Knobs binds into a temporary folder.
  static func compiledSchemaDirectory() throws -> String {
    let directory = NSTemporaryDirectory() + "knobs-test-schemas-\(getpid())"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <schemalist>
        <enum id="dev.knobs.Knobs.Test.Scheme">
          <value nick="default" value="0"/>
          <value nick="prefer-dark" value="1"/>
          <value nick="prefer-light" value="2"/>
        </enum>
        <flags id="dev.knobs.Knobs.Test.Modifiers">
          <value nick="ctrl" value="1"/>
          <value nick="alt" value="2"/>
          <value nick="super" value="4"/>
        </flags>
        <schema id="\(schema)" path="/dev/knobs/Knobs/Test/">
          <key name="flag" type="b"><default>false</default></key>
          <key name="count" type="i"><range min="0" max="100"/><default>24</default></key>
          <key name="factor" type="d"><default>1.0</default></key>
          <key name="name" type="s"><default>'knobs'</default></key>
          <key name="scheme" enum="dev.knobs.Knobs.Test.Scheme"><default>'default'</default></key>
          <key name="modifiers" flags="dev.knobs.Knobs.Test.Modifiers"><default>['ctrl']</default></key>
          <key name="names" type="as"><default>[]</default></key>
          <key name="big" type="x"><default>5000000000</default></key>
          <key name="small" type="q"><default>7</default></key>
        </schema>
      </schemalist>
      """
    try xml.write(toFile: directory + "/\(schema).gschema.xml", atomically: true, encoding: .utf8)
    try CompiledSchemas.compile(in: directory)
    return directory
  }

  func key(_ name: String) -> SettingKey { SettingKey(schema: Self.schema, key: name) }

  override func setUp() async throws {
    XCTAssertEqual(
      ProcessInfo.processInfo.environment["GSETTINGS_BACKEND"], "memory", "run with GSETTINGS_BACKEND=memory")
    store = GSettingsStore(source: SchemaSource(extraDirectories: [try Self.compiledSchemaDirectory()]))
    for name in ["flag", "count", "factor", "name", "scheme", "modifiers", "names", "big", "small"] {
      try store.reset(key(name))
    }
  }

  func testReadsAndWritesEveryValueType() async throws {
    XCTAssertEqual(store.value(for: key("flag")), false)
    XCTAssertEqual(store.value(for: key("count")), 24)
    XCTAssertEqual(store.value(for: key("factor")), 1.0)
    XCTAssertEqual(store.value(for: key("name")), "knobs")
    XCTAssertEqual(store.value(for: key("scheme")), "default")
    try store.write(true, for: key("flag"))
    try store.write(48, for: key("count"))
    try store.write(1.25, for: key("factor"))
    try store.write("dials", for: key("name"))
    try store.write("prefer-dark", for: key("scheme"))
    XCTAssertEqual(store.value(for: key("flag")), true)
    XCTAssertEqual(store.value(for: key("count")), 48)
    XCTAssertEqual(store.value(for: key("factor")), 1.25)
    XCTAssertEqual(store.value(for: key("name")), "dials")
    XCTAssertEqual(store.value(for: key("scheme")), "prefer-dark")
    XCTAssertEqual(store.storage.backend, "memory")
    XCTAssertFalse(store.storage.isPersistent)
  }

  func testReadsAndWritesFlagsStringArraysAndEveryIntegerWidth() async throws {
    XCTAssertEqual(store.value(for: key("modifiers")), .strings(["ctrl"]))
    XCTAssertEqual(store.value(for: key("names")), .strings([]))
    XCTAssertEqual(store.value(for: key("big")), .int(5_000_000_000))
    XCTAssertEqual(store.value(for: key("small")), .int(7))
    try store.write(.strings(["alt", "super"]), for: key("modifiers"))
    try store.write(.strings(["Mail", "it's", ""]), for: key("names"))
    try store.write(.int(-6_000_000_000), for: key("big"))
    try store.write(.int(65535), for: key("small"))
    XCTAssertEqual(store.value(for: key("modifiers")), .strings(["alt", "super"]))
    XCTAssertEqual(store.value(for: key("names")), .strings(["Mail", "it's", ""]))
    XCTAssertEqual(store.value(for: key("big")), .int(-6_000_000_000))
    XCTAssertEqual(store.value(for: key("small")), .int(65535))
    XCTAssertThrowsError(try store.write(.strings(["hyper"]), for: key("modifiers")), "not one of the flags' nicks")
    XCTAssertThrowsError(try store.write(.int(65536), for: key("small")), "too big for a uint16")
    XCTAssertThrowsError(try store.write("Mail", for: key("names")), "a string is not a list")
    XCTAssertEqual(store.value(for: key("modifiers")), .strings(["alt", "super"]), "nothing written")
  }

  func testRowsOfTheWrongTypeForTheirKeyAreReportedBeforeTheWindowOpens() async throws {
    let panel = Panel("Typed") {
      Section("s", "S") {
        MultiSelectRow("modifiers", "Modifiers", key: key("modifiers"), options: [("ctrl", "Control"), ("alt", "Alt")])
        ListRow("names", "Names", key: key("names"))
        NumberRow("small", "Small", key: key("small"), range: 0...100)
        TextRow("wrong", "Wrong", key: key("names"))
      }
    }
    XCTAssertEqual(panel.validate(against: store).map(\.path), ["s/wrong"])
  }

  func testRefusesWrongTypesAndValuesOutsideTheSchema() async throws {
    XCTAssertThrowsError(try store.write("yes", for: key("flag")))
    XCTAssertThrowsError(try store.write(500, for: key("count")), "outside the schema's range")
    XCTAssertThrowsError(try store.write("purple", for: key("scheme")), "not one of the enum's nicks")
    XCTAssertEqual(store.value(for: key("count")), 24, "nothing written")
    XCTAssertEqual(store.value(for: key("scheme")), "default")
  }

  func testEnumKeyBehindAToggleWithOnAndOffValues() async throws {
    let panel = Panel("P") {
      Section("s", "S") {
        ToggleRow("dark", "Dark", key: key("scheme"), on: "prefer-dark", off: "default")
      }
    }
    let toggle = try XCTUnwrap(panel.entry(at: "s/dark")?.row)
    guard case .toggle(let binding) = toggle.kind.form else { return XCTFail("not a toggle") }
    XCTAssertFalse(binding.isOn(store.value(for: key("scheme"))))
    try store.write(binding.on, for: binding.key)
    XCTAssertTrue(binding.isOn(store.value(for: key("scheme"))))
    try store.write(binding.off, for: binding.key)
    XCTAssertEqual(store.value(for: key("scheme")), "default")
  }

  func testResetReturnsToTheDefault() async throws {
    try store.write(60, for: key("count"))
    try store.reset(key("count"))
    XCTAssertEqual(store.value(for: key("count")), 24)
    XCTAssertEqual(store.defaultValue(for: key("count")), 24)
  }

  func testChangesAreObservedOnceWithTheirKey() async throws {
    var seen: [SettingKey] = []
    let observation = store.observe { seen.append($0) }
    try store.write(true, for: key("flag"))
    try store.write(true, for: key("flag"))
    XCTAssertEqual(seen, [key("flag")], "an unchanged value is not written again")
    observation.cancel()
    try store.write(false, for: key("flag"))
    XCTAssertEqual(seen.count, 1, "a cancelled observation hears nothing")
  }

  func testMissingSchemaAndKeyAreReportedWithoutAborting() async throws {
    let missing = SettingKey(schema: "org.example.NotInstalled", key: "x")
    XCTAssertEqual(store.availability(of: missing), .missingSchema("org.example.NotInstalled"))
    XCTAssertNil(store.value(for: missing))
    XCTAssertFalse(store.isWritable(missing))
    XCTAssertThrowsError(try store.write(true, for: missing))
    XCTAssertEqual(store.availability(of: key("nope")), .missingKey(key("nope")))
  }
}
