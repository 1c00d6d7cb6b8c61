import Foundation
import KnobsModel
import XCTest

@testable import KnobsUI

/// A `PanelApplication`'s command line: the same commands on any panel, with the program's
/// name in its messages and examples taken from the panel's own rows.
@MainActor
final class PanelApplicationTests: XCTestCase {
  let bacon = SettingKey(schema: "org.example.pizza", key: "bacon")
  var panel: Panel {
    Panel("Pizza") {
      Section("toppings", "Toppings") { ToggleRow("bacon", "Bacon", key: bacon) }
    }
  }

  func parse(_ arguments: [String]) throws(UsageError) -> ApplicationInvocation<Never> {
    try ApplicationInvocation.parse(arguments, program: "pizza", examples: PanelCommand.Examples(panel: panel))
  }

  func testTheCommandLineIsKnobsOwnOnTheAppsPanel() async throws {
    XCTAssertEqual(try parse([]), .window(openPath: nil))
    XCTAssertEqual(try parse(["--open", "toppings/bacon"]), .window(openPath: "toppings/bacon"))
    XCTAssertEqual(try parse(["list", "--json"]), .command(.list(json: true, path: nil)))
    XCTAssertEqual(try parse(["get", "bacon"]), .command(.get(path: "bacon", raw: false)))
    XCTAssertEqual(
      try parse(["set", "toppings/bacon", "true"]),
      .command(.set(path: "toppings/bacon", value: "true", replace: false)))
    XCTAssertEqual(try parse(["reset", "toppings/bacon"]), .command(.reset(path: "toppings/bacon")))
    XCTAssertEqual(try parse(["--check-panel"]), .checkPanel)
    XCTAssertEqual(try parse(["help"]), .help)
  }

  func testMistakesNameTheProgramAndARowOfItsPanel() async throws {
    let mistakes: [[String]] = [
      ["get"], ["set", "toppings/bacon"], ["reset"], ["--open"], ["history"], ["list", "--json", "x", "y"],
    ]
    let messages = mistakes.map { arguments -> String? in
      do {
        _ = try parse(arguments)
        return nil
      } catch {
        return (error as? UsageError)?.message
      }
    }
    XCTAssertEqual(
      messages,
      [
        "get needs a path, e.g. pizza get toppings/bacon.",
        "set needs a path and a value, e.g. pizza set toppings/bacon true.",
        "reset needs a path, e.g. pizza reset toppings/bacon.",
        "--open needs a path, e.g. pizza --open toppings/bacon.",
        // Knobs' own commands are not the app's.
        "Unknown argument “history”.",
        "Unexpected argument “y”.",
      ])
    XCTAssertTrue(ApplicationInvocation<Never>.usage(program: "pizza").hasPrefix("Usage: pizza [--open PATH]\n"))
  }

  func testThePanelIsCheckedAgainstTheStoreBeforeAnythingIsShown() async throws {
    let store = MemoryStore(defaults: [bacon: false])
    XCTAssertEqual(
      PanelApplication(id: "org.example.Pizza", panel: panel, store: store).run(["pizza", "--check-panel"]), 0)
    // Without its schema the app refuses to open, whatever the command.
    let elsewhere = MemoryStore(defaults: [SettingKey(schema: "org.example.other", key: "olives"): true])
    let app = PanelApplication(id: "org.example.Pizza", panel: panel, store: elsewhere)
    XCTAssertEqual(app.run(["pizza", "--check-panel"]), 2)
    XCTAssertEqual(app.run(["pizza"]), 2)
    XCTAssertEqual(app.run(["pizza", "bogus"]), 2)
  }

  func testAnIdThatIsNoApplicationIdIsRefusedBeforeGTKIsAsked() async throws {
    // GTK answers such an id with a critical and no application (a crash here, under
    // fatal-criticals): each is refused in words, status 2, for the window and the commands alike.
    let store = MemoryStore(defaults: [bacon: false])
    let bad = [
      "", "pizza", "org..Pizza", ".org.example", "org.example.", "org.1example.Pizza", "org.example.Pizza Pie",
      "org.example.Pi\u{0}zza", "org.example.Pizza\r\n", "org.example.\u{202E}azziP", "org.exämple.Pizza",
      "org." + String(repeating: "x", count: 300),
    ]
    for id in bad {
      let app = PanelApplication(id: id, panel: panel, store: store)
      XCTAssertEqual(app.run(["pizza"]), 2, id.debugDescription)
      XCTAssertEqual(app.run(["pizza", "list"]), 2, id.debugDescription)
      XCTAssertEqual(app.run(["pizza", "set", "toppings/bacon", "true"]), 2, id.debugDescription)
      XCTAssertEqual(app.run(["pizza", "--help"]), 0, "help needs no id: \(id.debugDescription)")
    }
    XCTAssertEqual(store.value(for: bacon), false)
    for id in ["org.example.Pizza", "io.github.some_one.Pizza-2", "a.b"] {
      XCTAssertEqual(PanelApplication(id: id, panel: panel, store: store).run(["pizza", "list"]), 0, id)
    }
  }

  func testCommandsReadAndRefuseThroughTheGivenStore() async throws {
    let store = MemoryStore(defaults: [bacon: false])
    let app = PanelApplication(id: "org.example.Pizza", panel: panel, store: store)
    XCTAssertEqual(app.run(["pizza", "get", "toppings/bacon"]), 0)
    // A memory store keeps nothing past the process: a change is refused, not dropped silently.
    XCTAssertEqual(app.run(["pizza", "set", "toppings/bacon", "true"]), 1)
    XCTAssertEqual(store.value(for: bacon), false)
    XCTAssertEqual(app.run(["pizza", "get", "toppings/olives"]), 2)
  }

  func testAnIniStoreTakesTheCommandsChanges() async throws {
    let config = FileManager.default.temporaryDirectory.appendingPathComponent("knobs-app-\(UUID())").path
    try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: config) }
    let key = SettingKey(schema: "ini:pizza/pizza.ini", key: "toppings/bacon")
    let store = try IniStore(
      schema: key.schema, relativePath: "pizza/pizza.ini", configHome: config, defaults: [key: false])
    let panel = Panel("Pizza") {
      Section("toppings", "Toppings") { ToggleRow("bacon", "Bacon", key: key) }
    }
    let app = PanelApplication(id: "org.example.Pizza", panel: panel, store: store)
    XCTAssertEqual(app.run(["pizza", "set", "toppings/bacon", "true"]), 0)
    XCTAssertEqual(
      try String(contentsOfFile: config + "/pizza/pizza.ini", encoding: .utf8), "[toppings]\nbacon=true\n")
    XCTAssertEqual(app.run(["pizza", "reset", "toppings/bacon"]), 0)
    XCTAssertEqual(store.value(for: key), false)
  }
}
