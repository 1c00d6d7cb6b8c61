import Foundation
import KnobsModel
import XCTest

/// The panel files in examples/ load and validate, and declare what their screens need.
@MainActor
final class PanelFileExamplesTests: XCTestCase {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("examples").path

  func load(_ name: String) throws -> PanelFile {
    let file = try PanelFile.read(path: Self.folder + "/" + name, languages: [])
    XCTAssertEqual(file.problems(against: MemoryStore(defaults: [:])), [], name)
    return file
  }

  func testEveryExampleIsAValidPanel() async throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".yaml") }
      .sorted()
    XCTAssertEqual(names, ["bb-links.yaml", "composed.yaml", "meal-plan.yaml", "pizza.yaml"])
    for name in names { _ = try load(name) }
  }

  func testPizzaBuilderInGerman() async throws {
    let file = try PanelFile.read(path: Self.folder + "/pizza.yaml", languages: ["de_DE", "de"])
    XCTAssertEqual(file.problems(against: MemoryStore(defaults: [:])), [])
    XCTAssertEqual(file.panel.title, "Pizzabäcker")
    XCTAssertEqual(
      file.panel.entries.map(\.row.title),
      ["Teigdicke", "Käserand", "Soße", "Speck", "Pilze", "Oliven", "Ananas", "Frisches Basilikum"])
    let settings = SettingsReader(
      file.routing(MemoryStore(defaults: [:]), ini: MemoryStore(defaults: file.iniDefaults)))
    XCTAssertEqual(file.panel.sections[2].footer?.text(settings), "Speck: on, Pilze: off")
  }

  func testPizzaBuilder() async throws {
    let file = try load("pizza.yaml")
    let ini = MemoryStore(defaults: file.iniDefaults)
    let settings = SettingsReader(file.routing(MemoryStore(defaults: [:]), ini: ini))
    let kinds = file.panel.entries.map { "\($0.path) \($0.row.kindName) \($0.row.currentValueText(settings))" }
    XCTAssertEqual(
      kinds,
      [
        "dough/thickness slider 3 mm (3)", "dough/cheese-border toggle off", "sauce/sauce choice Tomato",
        "toppings/bacon toggle on", "toppings/mushrooms toggle off", "toppings/olives toggle off",
        "toppings/pineapple toggle off", "toppings/basil toggle on",
      ])
    XCTAssertEqual(file.iniFile, "knobs-pizza/pizza.ini")
    let pineapple = try XCTUnwrap(file.panel.entry(at: "toppings/pineapple")?.row.enabledWhen)
    XCTAssertFalse(pineapple.holds(settings), "pineapple only on a thin crust")
    try ini.write(1, for: SettingKey(schema: "ini:knobs-pizza/pizza.ini", key: "dough/thickness"))
    XCTAssertTrue(pineapple.holds(settings))
  }

  func testComposedMealPlanAndBBLinks() async throws {
    let composed = try load("composed.yaml")
    XCTAssertEqual(
      composed.panel.entries.map(\.row.kindName),
      ["toggle", "toggle", "slider", "choice", "email", "link", "link", "detail", "value", "value", "link", "link"])
    let meal = try load("meal-plan.yaml")
    XCTAssertEqual(meal.panel.entries.map(\.path), ["feedback/personal", "feedback/rate", "feedback/tell-a-friend"])
    let links = try load("bb-links.yaml")
    let settings = SettingsReader(
      links.routing(MemoryStore(defaults: [:]), ini: MemoryStore(defaults: links.iniDefaults)))
    XCTAssertEqual(links.panel.entry(at: "links/country")?.row.currentValueText(settings), "Norway")
    XCTAssertEqual(links.panel.entry(at: "accounts/active")?.row.currentValueText(settings), "Personal")
    XCTAssertEqual(links.panel.entry(at: "accounts/accounts")?.row.subtitle?.text(settings), "Active: Personal")
  }
}
