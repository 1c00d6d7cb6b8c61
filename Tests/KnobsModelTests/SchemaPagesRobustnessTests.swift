import Foundation
import XCTest

@testable import KnobsModel

/// Schemas written to hurt the page generator: thousands of keys, huge and reordering text, codes
/// that contradict the key's range, a color key whose default is no color, a schema file that is
/// no XML. Each renders or is refused with a message, quickly, and nothing is ever written wrong.
@MainActor
final class SchemaPagesRobustnessTests: XCTestCase {
  static let id = "dev.knobs.Hostile"

  func row(_ name: String, in panel: Panel) throws -> Row {
    try XCTUnwrap(panel.entries.first { $0.row.id == name }?.row, name)
  }

  /// 5,000 keys of every shape the rules look at, with codes, quoted values and keybindings.
  static func bigSchema() -> (SchemaDescription, String) {
    var keys: [KeyDescription] = []
    var xml = "<schemalist><schema id=\"\(id)\" path=\"/dev/knobs/Hostile/\">\n"
    for index in 0..<5000 {
      let name = "group-\(index / 10)-key-\(index)" + ["", "", "", "-opacity", "-color"][index % 5]
      let key: KeyDescription
      switch index % 5 {
      case 0:
        key = KeyDescription(
          name: name, typeString: "i", summary: "Mode \(index)", description: "0: off, 1: on, 2: auto",
          defaultNumber: 0)
      case 1:
        key = KeyDescription(
          name: name, typeString: "s", summary: "Same summary",
          description: "Possible values are 'a-\(index)', 'b' and 'c'.", defaultString: "b")
      case 2:
        key = KeyDescription(name: name, typeString: "as", summary: "Keys \(index)", defaultStrings: ["<Super>F1"])
      case 3:
        key = KeyDescription(name: name, typeString: "d", summary: "...", defaultNumber: 0.5)
      default:
        key = KeyDescription(name: name, typeString: "s", summary: "Color \(index)", defaultString: "#123456")
      }
      keys.append(key)
      if index % 10 == 0 { xml += "<!-- Group \(index / 10) -->\n" }
      xml += "<key name=\"\(name)\" type=\"\(key.typeString)\"><summary>x</summary></key>\n"
    }
    xml += "</schema></schemalist>\n"
    return (SchemaDescription(id: id, path: "/dev/knobs/Hostile/", keys: keys.sorted { $0.name < $1.name }), xml)
  }

  func testFiveThousandKeysMakeAValidPageQuickly() async throws {
    let (description, xml) = Self.bigSchema()
    let clock = ContinuousClock()
    var panel = Panel(title: "", sections: [])
    var order: SchemaFileOrder?
    let parsing = clock.measure { order = SchemaFileOrder.parse(xml, schema: Self.id) }
    let ordered = description.inFileOrder(try XCTUnwrap(order))
    let generation = clock.measure { panel = SchemaPanel.make(ordered) }
    let checking = clock.measure { panel = SchemaPanel.checked(panel) }
    print(
      "SCHEMA-5000: file order \(parsing), generation \(generation), validation \(checking), "
        + "\(xml.utf8.count) bytes of XML")
    XCTAssertEqual(panel.entries.count, 5000)
    XCTAssertEqual(panel.entries.first?.row.id, "group-0-key-0", "the file's order, not the names'")
    XCTAssertEqual(panel.entries.last?.row.id, "group-499-key-4999-color")
    XCTAssertNil(panel.sections.first?.footer, "the validator finds nothing wrong")
    let kinds = Dictionary(grouping: panel.entries, by: \.row.kindName).mapValues(\.count)
    XCTAssertEqual(kinds, ["choice": 2000, "shortcut": 1000, "slider": 1000, "color": 1000])
    XCTAssertEqual(try row("group-0-key-1", in: panel).title, "Group 0 key 1", "1,000 keys share one summary")
  }

  func testHugeAndReorderingTextRendersInert() async throws {
    let huge = String(repeating: "A very long summary ", count: 5000)
    let codes = (0..<3000).map { "\($0): label\($0)" }.joined(separator: ", ")
    let quoted = String(repeating: "'x', ", count: 30_000)
    let schema = SchemaDescription(
      id: Self.id, path: "/p/",
      keys: [
        KeyDescription(name: "huge-summary", typeString: "b", summary: huge, description: huge),
        KeyDescription(
          name: "bidi", typeString: "b", summary: "Turn \u{202E}ffo\u{202C} on",
          description: "Key \u{2066}\u{202E}evil\u{2069} \u{200F}mark kept."),
        KeyDescription(name: "many-codes", typeString: "i", description: codes, defaultNumber: 0),
        KeyDescription(name: "many-quotes", typeString: "s", description: "One of " + quoted, defaultString: "x"),
        KeyDescription(name: "unclosed", typeString: "s", description: "One of ('a', 'b'", defaultString: "a"),
      ])
    let clock = ContinuousClock()
    var panel = Panel(title: "", sections: [])
    let time = clock.measure { panel = SchemaPanel.checked(SchemaPanel.make(schema)) }
    print("huge and reordering text generated and checked in \(time)")
    XCTAssertNil(panel.sections.first?.footer)
    XCTAssertEqual(try row("huge-summary", in: panel).title, "Huge summary")
    let bidi = try row("bidi", in: panel)
    XCTAssertEqual(bidi.title, "Turn ffo on")
    XCTAssertEqual(bidi.subtitle?.fixedText, "Key evil \u{200F}mark kept.")
    for row in panel.entries.map(\.row) {
      let texts = [row.title, row.subtitle?.fixedText ?? ""] + row.keywords
      for text in texts {
        XCTAssertFalse(
          text.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) },
          row.id)
      }
    }
    // Too many codes to be a choice; a number row.
    XCTAssertEqual(try row("many-codes", in: panel).kindName, "number")
    XCTAssertEqual(try row("many-quotes", in: panel).kindName, "text", "the same value many times is no list")
    XCTAssertEqual(try row("unclosed", in: panel).kindName, "choice", "quoted values after “One of”")
  }

  func testCodesThatContradictTheRangeNeverWriteOutsideIt() async throws {
    let schema = SchemaDescription(
      id: Self.id, path: "/p/",
      keys: [
        KeyDescription(
          name: "mode", typeString: "i", description: "0: off, 1: bar, 2: graph, 3: both",
          range: .range(minimum: 0, maximum: 2), defaultNumber: 0),
        KeyDescription(name: "byte", typeString: "y", description: "0: off, 300: on", defaultNumber: 0),
        KeyDescription(name: "negative", typeString: "q", description: "-1: auto, 1: on", defaultNumber: 1),
        KeyDescription(
          name: "inside", typeString: "i", description: "1: low, 2: high", range: .range(minimum: 0, maximum: 5),
          defaultNumber: 1),
      ])
    let panel = SchemaPanel.make(schema)
    XCTAssertEqual(try row("mode", in: panel).kindName, "slider")
    XCTAssertThrowsError(try row("mode", in: panel).parseValue("3", like: .int(0)))
    XCTAssertEqual(try row("byte", in: panel).kindName, "number")
    XCTAssertEqual(try row("negative", in: panel).kindName, "number")
    XCTAssertThrowsError(try row("negative", in: panel).parseValue("-1", like: .int(1)))
    // Codes inside the range, though not all of it: a choice that writes only them.
    let inside = try row("inside", in: panel)
    XCTAssertEqual(inside.kindName, "choice")
    XCTAssertThrowsError(try inside.parseValue("5", like: .int(1)))
    let store = MemoryStore(defaults: [
      SettingKey(schema: Self.id, key: "mode"): .int(0), SettingKey(schema: Self.id, key: "byte"): .int(0),
      SettingKey(schema: Self.id, key: "negative"): .int(1), SettingKey(schema: Self.id, key: "inside"): .int(1),
    ])
    XCTAssertEqual(panel.validate(against: store), [])
  }

  func testAColorKeyWhoseDefaultIsNoColorIsTextAndACorruptValueIsSaid() async throws {
    let schema = SchemaDescription(
      id: Self.id, path: "/p/",
      keys: [
        KeyDescription(name: "accent-color", typeString: "s", defaultString: "accent"),
        KeyDescription(name: "border-rgba", typeString: "s", defaultString: "rgba(300,0,0,2)"),
        KeyDescription(name: "good-colour", typeString: "s", defaultString: "#00ff00"),
      ])
    let panel = SchemaPanel.make(schema)
    XCTAssertEqual(try row("accent-color", in: panel).kindName, "text")
    XCTAssertEqual(try row("border-rgba", in: panel).kindName, "text")
    let good = try row("good-colour", in: panel)
    XCTAssertEqual(good.kindName, "color")
    XCTAssertThrowsError(try good.parseValue("not a color", like: .string("#00ff00")))
    XCTAssertThrowsError(try good.parseValue("#ff000080", like: .string("#00ff00")), "alpha is refused, not dropped")
  }

  func testSchemaFilesThatAreNoXMLGiveNoOrder() async throws {
    let id = Self.id
    for text in [
      "", "<", "<schema", "<schema id=\"\(id)\"", "<!--", "<schema id=\"\(id)\"><key name=\"a",
      "<schema id=\"\(id)\"><schema id=\"\(id)\">", String(repeating: "<<!--", count: 50_000),
      "<schema id=\"\(id)\">" + String(repeating: "<key name=\"k\"/>", count: 20_000),
    ] {
      let order = SchemaFileOrder.parse(text, schema: id)
      XCTAssertLessThanOrEqual(order?.names.count ?? 0, 20_000, text.prefix(30).description)
    }
    // A file naming a key twice, or keys the compiled schema lacks, still gives each key once.
    let order = try XCTUnwrap(
      SchemaFileOrder.parse(
        "<schema id=\"\(id)\"><key name=\"b\"/><key name=\"b\"/><key name=\"gone\"/></schema>", schema: id))
    let description = SchemaDescription(
      id: id, path: "/p/",
      keys: [KeyDescription(name: "a", typeString: "b"), KeyDescription(name: "b", typeString: "b")])
    XCTAssertEqual(description.inFileOrder(order).keys.map(\.name), ["b", "a"])
  }
}
