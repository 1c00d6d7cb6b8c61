import Foundation
import Gtk
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI

/// An extension-shaped schema read through GIO: its page follows the schema file's order, and
/// its codes, quoted values, colors, paths and shortcuts get the rows the defaults GIO gives call for.
@MainActor
final class SchemaPageShapeTests: XCTestCase {
  static let schema = "dev.knobs.Knobs.Shaped"

  static let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <schemalist>
      <schema id="\(schema)" path="/dev/knobs/Knobs/Shaped/">
        <!-- Position -->
        <key name="position" type="s"><default>'bottom'</default><summary>Where the bar sits</summary>
          <description>Possible values are 'top' and 'bottom'.</description></key>
        <key name="speed-format" type="i"><default>1</default><summary>Speed units</summary>
          <description>0=Auto, 1=Kbps/KiB/s, 2=Mbps/MiB/s</description></key>
        <key name="narrow-mode" type="u"><range min="0" max="1"/><default>0</default><summary>Narrow</summary>
          <description>0: off, 1: on, 2: auto</description></key>
        <!-- Looks -->
        <key name="background-opacity" type="d"><default>0.8</default><summary>...</summary></key>
        <key name="highlight-rgba" type="s"><default>'rgba(1,2,3,0.5)'</default><summary>Highlight</summary></key>
        <key name="cache-dir" type="s"><default>''</default><summary>Cache</summary></key>
        <key name="toggle-bar" type="as"><default>['&lt;Super&gt;b']</default><summary>Show the bar</summary></key>
        <key name="hide-bar" type="as"><default>['&lt;Super&gt;h']</default><summary>Hide the bar</summary></key>
        <key name="peek" type="as"><default>['F9']</default><summary>Peek</summary></key>
        <key name="unset" type="as"><default>[]</default><summary>Not bound yet</summary></key>
        <key name="apps" type="a(sss)"><default>[]</default><summary>Apps</summary></key>
      </schema>
    </schemalist>
    """

  static let order = [
    "position", "speed-format", "narrow-mode", "background-opacity", "highlight-rgba", "cache-dir", "toggle-bar",
    "hide-bar", "peek", "unset", "apps",
  ]

  static let kinds = [
    "choice", "choice", "slider", "slider", "color", "file", "shortcut", "shortcut", "shortcut", "shortcut", "text",
  ]

  var store: GSettingsStore!
  var directory = ""

  /// A store over the schema compiled in a folder of its own, every key at its default.
  static func makeStore() throws -> (GSettingsStore, String) {
    let directory = NSTemporaryDirectory() + "knobs-shaped-schemas-\(getpid())"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try xml.write(toFile: directory + "/\(schema).gschema.xml", atomically: true, encoding: .utf8)
    try CompiledSchemas.compile(in: directory)
    let store = GSettingsStore(source: SchemaSource(extraDirectories: [directory]))
    for name in order { try store.reset(SettingKey(schema: schema, key: name)) }
    return (store, directory)
  }

  override func setUp() async throws {
    XCTAssertEqual(ProcessInfo.processInfo.environment["GSETTINGS_BACKEND"], "memory")
    (store, directory) = try Self.makeStore()
  }

  func testThePageFollowsTheSchemaFileAndGetsTheRowsItsDefaultsCallFor() async throws {
    let description = try XCTUnwrap(store.describeSchema(Self.schema))
    XCTAssertTrue(description.isInFileOrder)
    XCTAssertEqual(description.keys.map(\.name), Self.order)
    XCTAssertEqual(description.keys.first?.comment, "Position")
    XCTAssertEqual(description.keys.first { $0.name == "speed-format" }?.defaultNumber, 1)
    XCTAssertEqual(description.keys.first { $0.name == "position" }?.defaultString, "bottom")
    let panel = try XCTUnwrap(store.schemaPanels().panel(for: Self.schema))
    XCTAssertEqual(panel.entries.map(\.row.id), Self.order)
    XCTAssertEqual(panel.entries.map(\.row.kindName), Self.kinds)
    XCTAssertEqual(panel.entries.first { $0.row.id == "background-opacity" }?.row.title, "Background opacity")
    XCTAssertEqual(panel.validate(against: store), [])
    XCTAssertNil(panel.sections.first?.footer)
  }

  func testACodedChoiceWritesTheNumberTheKeyHolds() async throws {
    let panel = try XCTUnwrap(store.schemaPanels().panel(for: Self.schema))
    let key = SettingKey(schema: Self.schema, key: "speed-format")
    let row = try XCTUnwrap(panel.entries.first { $0.row.id == "speed-format" }?.row)
    let value = try row.parseValue("Mbps/MiB/s", like: store.value(for: key))
    try store.write(value, for: key)
    XCTAssertEqual(store.value(for: key), .int(2))
    let color = SettingKey(schema: Self.schema, key: "highlight-rgba")
    let colorRow = try XCTUnwrap(panel.entries.first { $0.row.id == "highlight-rgba" }?.row)
    try store.write(try colorRow.parseValue("#ff000080", like: store.value(for: color)), for: color)
    XCTAssertEqual(store.value(for: color), .string("rgba(255,0,0,0.502)"), "the alpha is kept")
  }

  func testWithoutTheSchemaFileKeysComeInNaturalOrder() async throws {
    try FileManager.default.removeItem(atPath: directory + "/\(Self.schema).gschema.xml")
    let description = try XCTUnwrap(store.describeSchema(Self.schema))
    XCTAssertFalse(description.isInFileOrder)
    XCTAssertEqual(description.keys.map(\.name), Self.order.sorted())
  }
}

/// The extension-shaped page in the window: its groups as titled sections, a coded choice that
/// shows its label and writes its number, and a value outside a slider's assumed scale said.
@MainActor
final class SchemaPageShapeWindowTests: GtkTestCase {
  func testTheShapedPageShowsGroupsLabelsAndOutOfRangeValues() async throws {
    let (store, _) = try SchemaPageShapeTests.makeStore()
    let panel = try XCTUnwrap(store.schemaPanels().panel(for: SchemaPageShapeTests.schema))
    let window = await makeWindow(panel, store: store)
    XCTAssertEqual(window.currentPage.sections.map(\.section.title), ["Position", "Looks"])
    await settle()
    XCTAssertTrue(window.window.savePNG(to: Self.artifactsDirectory + "/schema-page-shaped.png"))

    let speed = try XCTUnwrap(window.currentPage.rowView(path: "keys/speed-format"))
    let dropDown = try XCTUnwrap(speed.controlWidget as? DropDown)
    XCTAssertEqual(dropDown.selectedIndex, 1, "Kbps/KiB/s, the default's label")
    dropDown.pick(2)
    XCTAssertEqual(store.value(for: SettingKey(schema: SchemaPageShapeTests.schema, key: "speed-format")), .int(2))

    let opacityKey = SettingKey(schema: SchemaPageShapeTests.schema, key: "background-opacity")
    let opacity = try XCTUnwrap(window.currentPage.rowView(path: "keys-looks/background-opacity"))
    XCTAssertFalse(opacity.subtitleText.contains("outside"))
    try store.write(.double(1.5), for: opacityKey)
    await settle()
    XCTAssertTrue(opacity.subtitleText.contains("The stored value, 150%, is outside 0% to 100%"), opacity.subtitleText)
    try store.reset(opacityKey)
    await settle()
    XCTAssertFalse(opacity.subtitleText.contains("outside"), "said only while it is so")
  }
}
