import Foundation
import XCTest

@testable import KnobsModel

/// A Swift panel with a translation domain of its own: its texts are extracted
/// by xgettext and shown in the user's language through the domain.
final class PanelTranslationTests: XCTestCase {
  static let german = [
    "Pizza": "Pizza", "Toppings": "Beläge", "What goes on top": "Was obendrauf kommt",
    "Toppings cost extra": "Beläge kosten extra", "Bacon": "Speck", "Crispy, from the oven": "Knusprig, aus dem Ofen",
    "pork": "Schwein", "Sauce": "Soße", "Tomato": "Tomate", "Cream": "Sahne", "Name on the Box": "Name auf dem Karton",
    "Your name": "Ihr Name", "About": "Info", "Information": "Angaben", "Oven": "Ofen",
    "Wood-fired": "Holzbefeuert",
  ]

  /// Every English text of the panel, as `translated()` reaches them.
  static func texts(of panel: Panel) -> Set<String> {
    var texts: Set<String> = [panel.title]
    for section in panel.sections {
      texts.formUnion([section.title, section.header?.fixedText, section.footer?.fixedText].compactMap { $0 })
      for row in section.rows {
        texts.insert(row.title)
        texts.formUnion(row.keywords)
        if let subtitle = row.subtitle?.fixedText { texts.insert(subtitle) }
        switch row.kind.form {
        case .choice(let choice): texts.formUnion(choice.options.map(\.label))
        case .text(let text): texts.formUnion([text.placeholder].compactMap { $0 })
        case .value(let value): texts.formUnion([value.fixedText].compactMap { $0 })
        case .detail(let page): texts.formUnion(Self.texts(of: page))
        default: break
        }
      }
    }
    return texts
  }

  func testXgettextExtractsEveryTextMarkedWithN() throws {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/TranslatedPizzaPanel.swift")
    let result = try GettextFixtures.run(
      "xgettext", ["-L", "C", "--from-code=UTF-8", "--keyword=N_", "--omit-header", "-o", "-", source.path])
    XCTAssertEqual(result.code, 0, result.output)
    let extracted = Set(
      result.output.split(separator: "\n").filter { $0.hasPrefix("msgid \"") }.map { line in
        String(line.dropFirst("msgid \"".count).dropLast())
      })
    let panel = TranslatedPizzaPanel.panel(localeDirectory: "/nonexistent")
    XCTAssertEqual(extracted, Self.texts(of: panel))
    XCTAssertEqual(extracted.count, Self.german.count)
  }

  @MainActor
  func testAPanelWithADomainIsShownThroughItsCatalog() async throws {
    let folder = try GettextFixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var german = Self.german
    german["Cream"] = nil  // a text the catalog lacks stays English
    _ = try GettextFixtures.localeFolder(domain: TranslatedPizzaPanel.domain, translations: german, in: folder)
    let declared = TranslatedPizzaPanel.panel(localeDirectory: folder.path)
    let panel = try GettextFixtures.withMessages(in: "de_DE.UTF-8") { declared.translated() }

    XCTAssertEqual(panel.title, "Pizza")
    XCTAssertNil(panel.translationDomain)
    let section = try XCTUnwrap(panel.sections.first)
    XCTAssertEqual(section.title, "Beläge")
    XCTAssertEqual(section.header?.fixedText, "Was obendrauf kommt")
    XCTAssertEqual(section.footer?.fixedText, "Beläge kosten extra")
    let bacon = try XCTUnwrap(panel.entry(at: "toppings/bacon")?.row)
    XCTAssertEqual(bacon.title, "Speck")
    XCTAssertEqual(bacon.subtitle?.fixedText, "Knusprig, aus dem Ofen")
    XCTAssertEqual(bacon.keywords, ["Schwein"])
    guard case .choice(let choice) = panel.entry(at: "toppings/sauce")?.row.kind.form else {
      return XCTFail("no choice")
    }
    XCTAssertEqual(choice.options.map(\.label), ["Tomate", "Cream"])
    guard case .text(let text) = panel.entry(at: "toppings/name")?.row.kind.form else { return XCTFail("no text row") }
    XCTAssertEqual(text.placeholder, "Ihr Name")
    XCTAssertEqual(panel.entry(at: "toppings/about/info/oven")?.section.title, "Angaben")
    let oven = try XCTUnwrap(panel.entry(at: "toppings/about/info/oven")?.row)
    XCTAssertEqual(oven.title, "Ofen")
    guard case .value(let value) = oven.kind.form else { return XCTFail("no value row") }
    XCTAssertEqual(value.fixedText, "Holzbefeuert")
    // The declaration itself keeps its English texts; translating twice changes nothing.
    XCTAssertEqual(declared.entry(at: "toppings/bacon")?.row.title, "Bacon")
    XCTAssertEqual(panel.translated().entry(at: "toppings/bacon")?.row.title, "Speck")

    // Search finds the rows by the German words and by the English ones.
    let search = PanelSearch(panel: panel)
    let reader = SettingsReader(MemoryStore(defaults: TranslatedPizzaPanel.defaults))
    func paths(_ query: String) -> [String] {
      search.search(query, settings: reader).flatMap { $0.entries.map(\.path.description) }
    }
    XCTAssertEqual(paths("speck"), ["toppings/bacon"])
    XCTAssertEqual(paths("bacon"), ["toppings/bacon"])
    XCTAssertEqual(paths("pork"), ["toppings/bacon"])
    XCTAssertEqual(paths("schwein"), ["toppings/bacon"])
    XCTAssertEqual(paths("holzbefeuert"), [])  // a value is not searched, in any language
    XCTAssertEqual(paths("ofen"), ["toppings/bacon", "toppings/about/info/oven"])
    XCTAssertEqual(paths("ofen angaben"), ["toppings/about/info/oven"])
    XCTAssertEqual(paths("oven information"), ["toppings/about/info/oven"])
  }

  @MainActor
  func testWithoutATranslationThePanelStaysEnglish() async throws {
    let folder = try GettextFixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try GettextFixtures.localeFolder(
      domain: TranslatedPizzaPanel.domain, translations: Self.german, in: folder)
    let declared = TranslatedPizzaPanel.panel(localeDirectory: folder.path)
    // A language without a catalog, and no catalog at all, leave the English texts.
    let hebrew = try GettextFixtures.withMessages(in: "he_IL.UTF-8") { declared.translated() }
    XCTAssertEqual(hebrew.entry(at: "toppings/bacon")?.row.title, "Bacon")
    let missing = TranslatedPizzaPanel.panel(localeDirectory: folder.appendingPathComponent("none").path)
    let untranslated = try GettextFixtures.withMessages(in: "de_DE.UTF-8") { missing.translated() }
    XCTAssertEqual(untranslated.sections.first?.title, "Toppings")
  }

  @MainActor
  func testADetailPageNamesADomainOfItsOwn() async throws {
    let folder = try GettextFixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try GettextFixtures.localeFolder(domain: "org.example.Oven", translations: ["Heat": "Hitze"], in: folder)
    let key = SettingKey(schema: "org.example.oven", key: "heat")
    var page = Panel(title: "Oven", sections: [Section("oven", nil) { ToggleRow("heat", "Heat", key: key) }])
    page.translationDomain = TranslationDomain("org.example.Oven", localeDirectory: folder.path)
    let panel = Panel("Knobs") {
      Section("apps", "Heat") { Row(id: "oven", title: "Heat", kind: .detail(page)) }
    }
    let shown = try GettextFixtures.withMessages(in: "de_DE.UTF-8") { panel.translated() }
    // Only the page with the domain is translated; the panel around it was in the user's language already.
    XCTAssertEqual(shown.sections.first?.title, "Heat")
    XCTAssertEqual(shown.entry(at: "apps/oven")?.row.title, "Heat")
    XCTAssertEqual(shown.entry(at: "apps/oven/oven/heat")?.row.title, "Hitze")
  }

  @MainActor
  func testAPageMadeWhenOpenedIsTranslatedWithItsPanel() async throws {
    let folder = try GettextFixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try GettextFixtures.localeFolder(
      domain: "org.example.Later", translations: ["Later": "Später", "Soon": "Bald"], in: folder)
    let link = PageLink(title: "Later") {
      Panel(title: "Later", sections: [Section("s", "Soon") {}])
    }
    var panel = Panel(title: "P", sections: [Section("s", nil) { Row(id: "later", title: "Later", kind: .page(link)) }])
    panel.translationDomain = TranslationDomain("org.example.Later", localeDirectory: folder.path)
    try GettextFixtures.withMessages(in: "de_DE.UTF-8") {
      let shown = panel.translated()
      guard case .page(let made) = shown.entry(at: "s/later")?.row.kind.form else { return XCTFail("no page row") }
      XCTAssertEqual(made.title, "Später")
      XCTAssertEqual(made.page.title, "Später")
      XCTAssertEqual(made.page.sections.first?.title, "Bald")
    }
  }
}
