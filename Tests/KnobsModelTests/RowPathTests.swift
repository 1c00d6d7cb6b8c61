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

  /// A short form names the one row it fits, else the one section; several rows are ambiguous.
  @MainActor
  func testResolvingAPathNamesARowASectionOrSaysItIsAmbiguous() async {
    let page = { (id: String) in
      DetailRow(id, id.capitalized) { Section("main") { ValueRow("timeout", "Timeout", value: "1") } }
    }
    let panel = Panel("Urgency") {
      Section("alerts", "Alerts") {
        page("low")
        page("critical")
      }
      Section("main") { ValueRow("sound", "Sound", value: "on") }
    }
    guard case .ambiguous(let paths) = panel.resolve("timeout") else { return XCTFail("two rows fit") }
    XCTAssertEqual(paths, ["alerts/low/main/timeout", "alerts/critical/main/timeout"])
    guard case .row(let entry) = panel.resolve("critical/timeout") else { return XCTFail("one row fits") }
    XCTAssertEqual(entry.path, "alerts/critical/main/timeout")
    guard case .section(let section, _, _) = panel.resolve("alerts") else { return XCTFail("a section") }
    XCTAssertEqual(section, "alerts")
    guard case .section(let exact, _, _) = panel.resolve("main") else { return XCTFail("the full path first") }
    XCTAssertEqual(exact, "main")
    guard case .row(let low) = panel.resolve("low") else { return XCTFail("a row before a section") }
    XCTAssertEqual(low.path, "alerts/low")
    guard case .notFound = panel.resolve("nothing") else { return XCTFail("nothing fits") }

    // What the command line and a deep link say comes from the lookup: the nearest paths, or the candidates.
    let mistyped = panel.resolve("alerts/low/main/timout")
    guard case .notFound(let suggestions) = mistyped else { return XCTFail("a typo names nothing") }
    XCTAssertEqual(suggestions.first, "alerts/low/main/timeout")
    XCTAssertEqual(
      mistyped.problem(about: "alerts/low/main/timout"),
      "There is no setting at “alerts/low/main/timout”. Did you mean "
        + suggestions.map(\.description).joined(separator: ", ") + "?")
    XCTAssertEqual(
      panel.resolve("timeout").problem(about: "timeout"),
      "“timeout” could be any of alerts/low/main/timeout, alerts/critical/main/timeout; write more of the path.")
    XCTAssertNil(panel.resolve("critical/timeout").problem(about: "critical/timeout"))

    // `windows/maximize` is written whole as the Windows page's Maximize; a Maximize in a
    // Windows section on another page only ends like it.
    let desktop = Panel("Desktop") {
      Section("desktop") {
        DetailRow("windows", "Windows") { Section("buttons") { ValueRow("maximize", "Maximize", value: "on") } }
        DetailRow("shortcuts", "Shortcuts") { Section("windows") { ValueRow("maximize", "Maximize", value: "") } }
      }
    }
    guard case .row(let button) = desktop.resolve("windows/maximize") else { return XCTFail("one whole form") }
    XCTAssertEqual(button.path, "desktop/windows/buttons/maximize")
    guard case .ambiguous = desktop.resolve("maximize") else { return XCTFail("two rows end so") }
  }
}
