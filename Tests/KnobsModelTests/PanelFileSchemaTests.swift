import Foundation
import KnobsModel
import XCTest

/// docs/panel-format.schema.json, the JSON Schema editors use, knows the same
/// keys and row kinds as the loader.
final class PanelFileSchemaTests: XCTestCase {
  static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("docs").path

  func object(_ value: Any?, _ path: String) throws -> [String: Any] {
    try XCTUnwrap(value as? [String: Any], path)
  }

  func testSchemaMatchesTheLoader() throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: Self.docs + "/panel-format.schema.json"))
    let schema = try object(try JSONSerialization.jsonObject(with: data), "schema")
    XCTAssertEqual(try object(schema["properties"], "properties").keys.sorted(), PanelFile.topKeys.sorted())
    let defs = try object(schema["$defs"], "$defs")
    let section = try object(try object(defs["section"], "section")["properties"], "section properties")
    XCTAssertEqual(section.keys.sorted(), PanelFile.sectionKeys.sorted())
    let rows = try XCTUnwrap(try object(defs["row"], "row")["oneOf"] as? [[String: Any]])
    var kinds: [String] = []
    for row in rows {
      let properties = try object(row["properties"], "row properties")
      let kind = try XCTUnwrap(try object(properties["kind"], "kind")["const"] as? String)
      kinds.append(kind)
      XCTAssertEqual(properties.keys.sorted(), PanelFile.rowKeys(of: kind).sorted(), kind)
    }
    XCTAssertEqual(kinds, PanelFile.rowKinds)
    let settings = try XCTUnwrap(try object(defs["setting"], "setting")["oneOf"] as? [[String: Any]])
    let settingKeys = try settings.flatMap { try object($0["properties"], "setting properties").keys }
    XCTAssertEqual(settingKeys.sorted(), PanelFile.settingKeys.sorted())
  }
}
