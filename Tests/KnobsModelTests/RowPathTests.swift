import KnobsModel
import XCTest

/// `RowPath` is the one parser and printer of paths: what people type, files
/// write and the window passes all read the same way.
final class RowPathTests: XCTestCase {
  func testTheParserDropsSpacesAndSlashesAtTheEnds() {
    for written in [
      "clock/show-seconds", " clock/show-seconds ", "/clock/show-seconds", "clock/show-seconds/",
      "//clock/show-seconds//",
    ] {
      XCTAssertEqual(RowPath(parsing: written).description, "clock/show-seconds", written)
    }
    XCTAssertEqual(RowPath(parsing: "  ").description, "")
    XCTAssertTrue(RowPath(parsing: "/").isEmpty)
  }

  func testARelocatableSchemasFolderKeepsItsLastSlash() {
    let schema = RowPath(parsing: " schema/org.example.Profile:/org/example/profiles/work/ ")
    XCTAssertEqual(schema.description, "schema/org.example.Profile:/org/example/profiles/work/")
    XCTAssertEqual(SchemaPath(schema), .schema("org.example.Profile:/org/example/profiles/work/"))
    let key = RowPath(parsing: "schema/org.example.Profile:/org/example/profiles/work/font")
    XCTAssertEqual(SchemaPath(key), .key(schema: "org.example.Profile:/org/example/profiles/work/", key: "font"))
    XCTAssertEqual(SchemaPath(key)?.path, key, "printed back as it was read")
  }

  func testPartsOfARowsPath() {
    let path: RowPath = "help/about/info/version"
    XCTAssertEqual(path.ids, ["help", "about", "info", "version"])
    XCTAssertTrue(path.namesRow)
    XCTAssertEqual(path.pagePath, "help/about")
    XCTAssertEqual(path.sectionPath, "help/about/info")
    XCTAssertEqual(path.lastID, "version")
    XCTAssertEqual(path.ids(below: "help/about"), ["info", "version"])
    XCTAssertNil(path.ids(below: "help/ab"), "a page's path is a whole number of ids")
    XCTAssertEqual(path.ids(below: .root), ["help", "about", "info", "version"])
    XCTAssertFalse(path.sectionPath.namesRow)
    XCTAssertEqual(RowPath.root.appending("clock", "show-seconds"), "clock/show-seconds")
    XCTAssertEqual(RowPath(parsing: "help/about").appending("info"), "help/about/info")
    XCTAssertEqual(RowPath(ids: ["a", "b"]), "a/b")
    XCTAssertEqual(RowPath.root.ids, [])
  }

  func testShortFormsAndSuffixes() {
    let path: RowPath = "help/about/legal/licenses/code/gpl"
    XCTAssertEqual(
      path.forms.map(\.description),
      [
        "help/about/legal/licenses/code/gpl", "help/about/licenses/gpl", "about/licenses/gpl",
      ])
    XCTAssertTrue(path.ends(with: "code/gpl"))
    XCTAssertTrue(path.ends(with: path))
    XCTAssertFalse(path.ends(with: "de/gpl"), "a suffix is whole ids")
  }

  /// The window, the command line and the panel find the same row from the same text.
  func testEveryFrontDoorReadsAPathTheSameWay() {
    let panel = Sample.panel()
    for written in ["/clock/show-seconds/", " clock/show-seconds", "show-seconds"] {
      XCTAssertEqual(panel.entry(at: RowPath(parsing: written))?.path, "clock/show-seconds", written)
    }
  }
}
