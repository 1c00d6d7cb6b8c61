import Foundation
import KnobsDesktopModel
import KnobsModel
import XCTest

/// XKB's keyboard options: reading a rules file, and rows that each edit one group of `xkb-options`.
@MainActor
final class KeyboardOptionsTests: XCTestCase {
  static let rules = """
    <?xml version="1.0" encoding="UTF-8"?>
    <xkbConfigRegistry version="1.1">
      <layoutList><layout><configItem><name>us</name><description>English (US)</description></configItem></layout></layoutList>
      <optionList>
        <group allowMultipleSelection="false">
          <!-- Caps -->
          <configItem><name>caps</name><description>Caps Lock behavior</description></configItem>
          <option><configItem><name>caps:escape</name><description>Make Caps Lock an additional Esc</description></configItem></option>
          <option><configItem><name>caps:none</name><description>Caps Lock is disabled</description></configItem></option>
        </group>
        <group allowMultipleSelection="true">
          <configItem><name>Compose key</name><description>Position of Compose key</description></configItem>
          <option><configItem><name>compose:ralt</name><description>Right Alt &amp; more</description></configItem></option>
          <option><configItem><name>compose:menu</name><description>Menu</description></configItem></option>
          <option><configItem><name>compose:menu</name><description>Menu again</description></configItem></option>
        </group>
      </optionList>
    </xkbConfigRegistry>
    """
  static let key = SettingKey(schema: "test.input", key: "xkb-options")

  func rulesFile(_ text: String) throws -> String {
    let path = NSTemporaryDirectory() + "knobs-evdev-\(getpid())-\(text.count).xml"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  func testReadsGroupsAndOptionsOnce() async throws {
    let options = try KeyboardOptions.load(from: try rulesFile(Self.rules))
    XCTAssertEqual(options.groups.map(\.name), ["caps", "Compose key"])
    XCTAssertEqual(options.groups.map(\.allowsSeveral), [false, true])
    XCTAssertEqual(options.groups.map(\.rowID), ["caps", "compose-key"])
    XCTAssertEqual(options.groups[1].options.map(\.name), ["compose:ralt", "compose:menu"])
    XCTAssertEqual(options.groups[1].options[0].description, "Right Alt & more")
  }

  func testTextsAreDecodedOnceTrimmedAndKeepTheirAccents() async throws {
    let rules = """
      <optionList>
        <groupish><configItem><name>not</name><description>a group</description></configItem></groupish>
        <group allowMultipleSelection="true">
          <configItem><name>lv3</name><description>
            Touche « Alt Gr » &lt;3
          </description></configItem>
          <optionish>skipped</optionish>
          <option><configItem><name>lv3:ralt</name><description>&amp;lt; stays &quot;escaped&quot; &apos;once&apos;</description></configItem></option>
          <option><configItem><name>lv3:menu</name></configItem></option>
        </group>
      </optionList>
      <group><configItem><name>outside</name><description>Outside the list</description></configItem></group>
      """
    let options = try KeyboardOptions.load(from: try rulesFile(rules))
    XCTAssertEqual(options.groups.map(\.name), ["lv3"], "only <group> elements inside the option list")
    XCTAssertEqual(options.groups[0].description, "Touche « Alt Gr » <3")
    XCTAssertEqual(options.groups[0].options.map(\.name), ["lv3:ralt", "lv3:menu"])
    XCTAssertEqual(options.groups[0].options[0].description, "&lt; stays \"escaped\" 'once'")
    XCTAssertEqual(
      options.groups[0].options[1].description, "lv3:menu", "an option without a description shows its name")
  }

  func testAMissingOrEmptyRulesFileIsAClearError() async throws {
    XCTAssertThrowsError(try KeyboardOptions.load(from: "/nowhere/evdev.xml")) { error in
      XCTAssertEqual("\(error)", "The keyboard options could not be read from /nowhere/evdev.xml.")
    }
    let empty = try rulesFile("<xkbConfigRegistry></xkbConfigRegistry>")
    XCTAssertThrowsError(try KeyboardOptions.load(from: empty))
  }

  func testTheSystemRulesFileHasOptionsWhenInstalled() async throws {
    guard FileManager.default.fileExists(atPath: KeyboardOptions.defaultRulesFile) else { return }
    let options = try KeyboardOptions.load()
    XCTAssertTrue(options.groups.contains { $0.name == "caps" && !$0.allowsSeveral })
    XCTAssertGreaterThan(options.groups.flatMap(\.options).count, 100)
  }

  func testGroupRowsEditOnlyTheirOwnOptions() async throws {
    let options = try KeyboardOptions.load(from: try rulesFile(Self.rules))
    let caps = options.groups[0]
    let compose = options.groups[1]
    var composeRow = MultiSelectRow(
      compose.rowID, compose.description, key: Self.key, options: compose.options.map { ($0.name, $0.description) }
    ).row
    if case .multiSelect(var multiSelect) = composeRow.kind.form {
      multiSelect.showsOtherValues = false
      composeRow.kind = .multiSelect(multiSelect)
    }
    let panel = Panel("Options") {
      Section("options", "Options") {
        ChoiceRow(
          caps.rowID, caps.description, key: Self.key, part: caps.exclusivePart,
          options: [(SettingValue.string(""), "Default")] + caps.options.map { (.string($0.name), $0.description) })
        composeRow
      }
    }
    let store = MemoryStore(defaults: [Self.key: .strings(["terminate:ctrl_alt_bksp"])])
    XCTAssertEqual(panel.validate(against: store).map(\.description), [])
    func set(_ id: String, _ text: String) throws {
      let row = panel.entry(at: "options/\(id)")!.row
      try store.write(try row.parseValue(text, like: store.value(for: Self.key)), for: Self.key)
    }
    func get(_ id: String) -> String { panel.entry(at: "options/\(id)")!.row.currentValueText(SettingsReader(store)) }
    XCTAssertEqual(get("caps"), "Default")
    XCTAssertEqual(get("compose-key"), "none", "another group's option is not shown")
    try set("caps", "caps:escape")
    try set("compose-key", "compose:menu")
    XCTAssertEqual(store.value(for: Self.key), .strings(["terminate:ctrl_alt_bksp", "caps:escape", "compose:menu"]))
    try set("caps", "Caps Lock is disabled")
    XCTAssertEqual(store.value(for: Self.key), .strings(["terminate:ctrl_alt_bksp", "compose:menu", "caps:none"]))
    try set("caps", "Default")
    XCTAssertEqual(store.value(for: Self.key), .strings(["terminate:ctrl_alt_bksp", "compose:menu"]))
    XCTAssertEqual(get("compose-key"), "Menu")
  }
}
