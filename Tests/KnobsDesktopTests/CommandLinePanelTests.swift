import KnobsModel
import XCTest

@testable import KnobsDesktop
@testable import KnobsUI

/// The command line makes the panel only for a command that needs it: a path under `schema/`
/// reads and writes through a store of its own, and scripts call `knobs get`/`set` in loops.
@MainActor
final class CommandLinePanelTests: XCTestCase {
  let bacon = SettingKey(schema: "org.example.pizza", key: "bacon")
  /// How many times a panel was made.
  var made = 0

  func pizzaPanel() -> Panel {
    made += 1
    return Panel("Pizza") {
      Section("toppings", "Toppings") { ToggleRow("bacon", "Bacon", key: bacon) }
    }
  }

  func testASchemaPathMakesNoPanelAndARowsPathMakesItOnce() async throws {
    let store = MemoryStore(defaults: [bacon: false])
    let tool = CommandLineTool(
      program: "pizza", panel: pizzaPanel, schemaDirectories: [],
      environment: { _ in SettingsEnvironment(store: store, ownSettings: nil, notice: nil) })
    // Schemas that are not installed: refused as before, without the panel.
    XCTAssertEqual(tool.run(PanelCommand.get(path: "schema/org.example.none/key", raw: false)), 2)
    XCTAssertEqual(tool.run(PanelCommand.set(path: "schema/org.example.none/key", value: "1", replace: false)), 2)
    XCTAssertEqual(tool.run(PanelCommand.reset(path: "schema/org.example.none/key")), 2)
    XCTAssertEqual(tool.run(PanelCommand.list(json: false, path: "schema/org.example.none")), 2)
    XCTAssertEqual(made, 0)
    XCTAssertEqual(tool.run(PanelCommand.get(path: "bacon", raw: false)), 0)
    XCTAssertEqual(tool.run(PanelCommand.get(path: "toppings", raw: false)), 0)
    XCTAssertEqual(tool.run(PanelCommand.get(path: "toppings/olives", raw: false)), 2)
    XCTAssertEqual(made, 1)
  }

  func testCompletingASchemaKeyOrACommandMakesNoPanel() async throws {
    let history = ChangeHistory(file: "/nonexistent/knobs-tests/history.jsonl")
    let complete = { (words: [String]) in
      Completion.run(
        words, panel: self.pizzaPanel, schemaDirectories: [], history: history, environment: [:])
    }
    XCTAssertEqual(complete(["ge"]), "get\n")
    XCTAssertEqual(complete(["get", "schema/org.example.none/"]), "")
    XCTAssertEqual(complete(["--vers"]), "--version\n")
    XCTAssertEqual(made, 0)
    XCTAssertEqual(complete(["get", "toppings/b"]), "toppings/bacon\n")
    XCTAssertEqual(made, 1)
  }
}
