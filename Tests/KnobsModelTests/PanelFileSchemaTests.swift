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
      let required = try XCTUnwrap(row["required"] as? [String], kind)
      XCTAssertEqual(required.contains("setting"), Row.Kind.Name(fileName: kind)?.isBound, kind)
    }
    XCTAssertEqual(kinds, PanelFile.rowKinds)
    try checkTranslations(schema, "the panel")
    try checkTranslations(try object(defs["section"], "section"), "section")
    for row in rows { try checkTranslations(row, "row") }
    let settings = try XCTUnwrap(try object(defs["setting"], "setting")["oneOf"] as? [[String: Any]])
    let settingKeys = try settings.flatMap { try object($0["properties"], "setting properties").keys }
    XCTAssertEqual(settingKeys.sorted(), PanelFile.settingKeys.sorted())
  }

  /// The table of kinds gives each kind one name, and a file form unless only code makes it, so a
  /// kind added to the table without one fails here, and without its JSON-schema entry fails above.
  func testEveryKindHasOneNameAndAFileFormUnlessOnlyCodeMakesIt() {
    let names = Row.Kind.Name.allCases
    XCTAssertEqual(names.filter { $0.fileKeys == nil }, [.page])
    XCTAssertEqual(Set(names.map(\.rawValue)).count, names.count)
    for name in Row.Kind.Name.declarableInFiles {
      XCTAssertEqual(Row.Kind.Name(fileName: name.rawValue), name)
      XCTAssertEqual(Set(name.fileKeys ?? []).intersection(Row.Kind.Name.commonFileKeys), [], name.rawValue)
    }
    XCTAssertEqual(PanelFile.rowKinds, Row.Kind.Name.declarableInFiles.map(\.rawValue))
    XCTAssertEqual(Row.Kind.Name(fileName: "launch"), .action, "files written before the kind was renamed")
    XCTAssertNil(Row.Kind.Name(fileName: "page"))
    XCTAssertNil(Row.Kind.Name(fileName: "gvariant"))
  }

  /// The object's `patternProperties` allow `KEY[LANGUAGE]` for exactly its
  /// translatable keys, with the language codes the loader takes; nested
  /// objects with a `label` (options) too.
  func checkTranslations(_ object: [String: Any], _ what: String) throws {
    let properties = try self.object(object["properties"], what)
    let expected = Set(PanelFile.translatableKeys(among: Array(properties.keys)))
    let patterns = (object["patternProperties"] as? [String: Any])?.keys.sorted() ?? []
    var named: Set<String> = []
    for pattern in patterns {
      let expression = try NSRegularExpression(pattern: pattern)
      for key in PanelFile.translatableKeys + ["id", "kind", "url", "setting"] {
        for (language, valid) in Self.languageSamples {
          let candidate = "\(key)[\(language)]"
          let range = NSRange(candidate.startIndex..., in: candidate)
          let matches = expression.firstMatch(in: candidate, range: range) != nil
          if matches { named.insert(key) }
          if matches { XCTAssertTrue(valid, "\(what): \(pattern) takes \(candidate)") }
          XCTAssertEqual(UserLanguages.isLanguageCode(language), valid, language)
        }
      }
    }
    XCTAssertEqual(named, expected, what)
    for value in properties.values {
      if let nested = value as? [String: Any], let items = nested["items"] as? [String: Any], items["properties"] != nil
      {
        try checkTranslations(items, what + " items")
      }
    }
  }

  static let languageSamples: [(String, Bool)] = [
    ("de", true), ("pt_BR", true), ("es_419", true), ("sr@latin", true), ("ca_ES@valencia", true), ("ast", true),
    ("", false), ("de-AT", false), ("DE", false), ("de_at", false), ("d", false), ("de@", false),
    ("de_AT.UTF-8", false),
  ]
}
