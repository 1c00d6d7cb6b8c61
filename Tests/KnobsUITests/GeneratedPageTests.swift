import Foundation
import Gtk
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI

/// Generated panels in the window: a pair of numbers edits through its two
/// fields, and a page of a thousand keys opens without a visible pause.
@MainActor
final class GeneratedPageTests: GtkTestCase {
  static let id = "dev.knobs.Generated"

  func testAPairRowWritesTwoNumbersAndExplainsARefusal() async throws {
    let directory = try SchemaGeneratorTests.compiledSchemaDirectory()
    let store = GSettingsStore(source: SchemaSource(extraDirectories: [directory]))
    let pairKey = SettingKey(schema: SchemaGeneratorTests.schema, key: "pair")
    try store.reset(pairKey)
    let panel = try XCTUnwrap(store.schemaPanels().panel(for: SchemaGeneratorTests.schema))
    let window = await makeWindow(panel, store: store)
    let row = try XCTUnwrap(window.currentPage.rowView(path: "keys/pair"))
    XCTAssertEqual(row.suffixDescription, "pair")
    let pair = try XCTUnwrap(row.editor as? PairEditor)
    XCTAssertEqual([pair.firstEntry.text, pair.secondEntry.text], ["1", "2"])
    XCTAssertEqual([pair.pair.first, pair.pair.second], ["First", "Second"], "the key's description names neither")
    pair.firstEntry.text = "5"
    pair.secondEntry.text = "6"
    pair.secondEntry.pressEnter()
    XCTAssertEqual(store.value(for: pairKey), .variant(type: "(ii)", text: "(5, 6)"))
    pair.secondEntry.text = "six"
    pair.secondEntry.pressEnter()
    await settle()
    XCTAssertEqual(store.value(for: pairKey), .variant(type: "(ii)", text: "(5, 6)"), "nothing wrong is written")
    XCTAssertTrue(row.subtitleText.contains("Not saved: Second: “six” is not a number."), row.subtitleText)
    XCTAssertTrue(pair.secondEntry.hasCSSClass("error"))
  }

  func testAThousandKeyPageOpensWithoutAVisiblePause() async throws {
    let types = ["b", "i", "d", "s", "as", "(ii)"]
    let keys = (0..<1000).map { index in
      KeyDescription(
        name: "key-\(index)", typeString: types[index % types.count], summary: "Setting \(index)",
        range: index % types.count == 1 ? .range(minimum: 0, maximum: 10) : .any)
    }
    var defaults: [SettingKey: SettingValue] = [:]
    for key in keys {
      let settingKey = SettingKey(schema: Self.id, key: key.name)
      switch key.typeString {
      case "b": defaults[settingKey] = false
      case "i": defaults[settingKey] = 5
      case "d": defaults[settingKey] = 1.5
      case "s": defaults[settingKey] = "text"
      case "as": defaults[settingKey] = .strings(["a"])
      default: defaults[settingKey] = .variant(type: key.typeString, text: "(1, 2)")
      }
    }
    let store = MemoryStore(defaults: defaults)
    let panels = SchemaPanels { id in SchemaDescription(id: id, path: "/dev/knobs/Generated/", keys: keys) }
    let start = ContinuousClock.now
    let panel = try XCTUnwrap(panels.panel(for: Self.id))
    XCTAssertEqual(panel.validate(against: store), [])
    let generated = ContinuousClock.now - start
    let window = await makeWindow(panel, store: store)
    let shown = ContinuousClock.now - start - generated
    // The page's list builds only the rows on screen, whatever the machine's speed.
    let built = window.currentPage.builtRows.count
    XCTAssertGreaterThan(built, 0)
    XCTAssertLessThan(built, 200, "a 1,000-key page builds the rows on screen, not every row")
    XCTAssertNotNil(window.currentPage.rowView(path: "keys/key-999"))
    print(
      "a generated page of 1,000 keys: generated and validated in \(generated), shown in \(shown), \(built) rows built")
  }

  func testLockedKeysAndAVanishedSchemaAreShownAsSuch() async throws {
    let keys = [
      KeyDescription(name: "locked", typeString: "b", summary: "Locked"),
      KeyDescription(name: "pair", typeString: "(ii)", summary: "Pair"),
    ]
    let locked = SettingKey(schema: Self.id, key: "locked")
    let pair = SettingKey(schema: Self.id, key: "pair")
    let store = MemoryStore(
      defaults: [locked: true, pair: .variant(type: "(ii)", text: "(1, 2)")], locked: [locked, pair])
    let panel = SchemaPanel.make(SchemaDescription(id: Self.id, path: "/dev/knobs/Generated/", keys: keys))
    let window = await makeWindow(panel, store: store)
    for id in ["locked", "pair"] {
      let row = try XCTUnwrap(window.currentPage.rowView(path: "keys/\(id)"))
      XCTAssertTrue(row.subtitleText.contains("Managed by the system administrator."), row.subtitleText)
      XCTAssertFalse(row.listRow.isSensitive)
    }

    let vanished = SchemaPanel.make(
      SchemaDescription(id: "dev.knobs.Vanished", path: "/dev/knobs/Vanished/", keys: keys))
    let other = await makeWindow(vanished, store: store)
    let row = try XCTUnwrap(other.currentPage.rowView(path: "keys/pair"))
    XCTAssertTrue(row.subtitleText.contains("dev.knobs.Vanished is not installed"), row.subtitleText)
    XCTAssertFalse(row.listRow.isSensitive)
  }
}
