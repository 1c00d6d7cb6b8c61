import Foundation
import XCTest

@testable import KnobsModel

/// A panel file's texts in the user's language: `title[de]` beside `title`, or
/// the panel's own gettext domain.
@MainActor
final class PanelFileTranslationTests: XCTestCase {
  static let pizza = """
    id: org.example.Pizza
    name: Pizza
    name[de]: Pizzabäcker
    comment: Choose the toppings
    comment[de]: Beläge wählen
    keywords: [pizza, bake]
    keywords[de]: [Pizza, backen]
    ini-file: pizza/pizza.ini
    sections:
      - id: toppings
        title: Toppings
        title[de]: Beläge
        title[de_AT]: Belag
        title[zz]: Zzz
        footer: "Bacon: {toppings/bacon}"
        footer[de]: "Speck: {toppings/bacon}"
        rows:
          - kind: toggle
            id: bacon
            title: Bacon
            title[de]: Speck
            subtitle: Crispy
            subtitle[fr]: Croustillant
            setting: {ini: toppings/bacon, default: false}
          - kind: choice
            id: sauce
            title: Sauce
            setting: {ini: toppings/sauce, default: tomato}
            options:
              - {value: tomato, label: Tomato, "label[de]": Tomate}
              - {value: cream, label: Cream}
          - kind: number
            id: size
            title: Size
            setting: {ini: toppings/size, default: 30}
            min: 20
            max: 40
            unit: cm
            unit[he]: ס״מ

    """

  func parse(_ environment: [String: String], text: String = pizza) throws -> PanelFile {
    try PanelFile.parse(text, file: "p.yaml", languages: UserLanguages.preferred(environment: environment))
  }

  func testTheUsersLanguageChoosesTheTranslations() async throws {
    let german = try parse(["LANG": "de_DE.UTF-8"])
    XCTAssertEqual(german.panel.title, "Pizzabäcker")
    XCTAssertEqual(german.name, "Pizza")  // the English name, for the desktop entry
    XCTAssertEqual(german.nameTranslations, ["de": "Pizzabäcker"])
    XCTAssertEqual(german.commentTranslations, ["de": "Beläge wählen"])
    XCTAssertEqual(german.keywordTranslations, ["de": ["Pizza", "backen"]])
    let folders = PanelFolders(user: "/nonexistent", system: [], userApplications: "/nonexistent")
    let entry = PanelInstallation(folders: folders, appID: "dev.knobs.Knobs")
      .desktopEntry(german, executable: "/usr/bin/knobs")
    XCTAssertTrue(entry.contains("\nName=Pizza\nName[de]=Pizzabäcker\n"), entry)
    XCTAssertTrue(entry.contains("\nComment[de]=Beläge wählen\n"), entry)
    XCTAssertTrue(entry.contains("\nKeywords[de]=Pizza;backen;\n"), entry)
    XCTAssertEqual(german.panel.sections[0].title, "Beläge")
    let bacon = try XCTUnwrap(german.panel.entry(at: "toppings/bacon")?.row)
    XCTAssertEqual(bacon.title, "Speck")
    XCTAssertEqual(bacon.subtitle?.fixedText, "Crispy")  // only French: English
    guard case .choice(let choice) = german.panel.entry(at: "toppings/sauce")?.row.kind.form else {
      return XCTFail("no choice")
    }
    XCTAssertEqual(choice.options.map(\.label), ["Tomate", "Cream"])
    let footer = try XCTUnwrap(german.panel.sections[0].footer)
    let settings = SettingsReader(MemoryStore(defaults: german.iniDefaults))
    XCTAssertEqual(footer.text(settings), "Speck: off")
    // Search finds the German text by its English one too.
    XCTAssertEqual(Translation.englishTexts(of: "Speck"), ["Bacon"])
    XCTAssertEqual(Translation.englishTexts(of: "Speck: off"), ["Bacon: off"])

    // de_AT is more precise than de; LANGUAGE's list comes first, with fallbacks.
    XCTAssertEqual(try parse(["LANG": "de_AT.UTF-8"]).panel.sections[0].title, "Belag")
    XCTAssertEqual(try parse(["LANG": "de_CH.UTF-8"]).panel.sections[0].title, "Beläge")
    let listed = try parse(["LANG": "de_DE.UTF-8", "LANGUAGE": "fr:de_AT"])
    XCTAssertEqual(listed.panel.entry(at: "toppings/bacon")?.row.subtitle?.fixedText, "Croustillant")
    XCTAssertEqual(listed.panel.sections[0].title, "Belag")
    // English first in LANGUAGE wins over German further down; the C locale ignores LANGUAGE, as gettext does.
    XCTAssertEqual(try parse(["LANG": "de_DE.UTF-8", "LANGUAGE": "en:de"]).panel.sections[0].title, "Toppings")
    XCTAssertEqual(try parse(["LANG": "C.UTF-8", "LANGUAGE": "de"]).panel.sections[0].title, "Toppings")
    // A language the file has no text for, and a well-formed unknown one, fall back to English.
    let hebrew = try parse(["LANG": "he_IL.UTF-8"])
    XCTAssertEqual(hebrew.panel.sections[0].title, "Toppings")
    XCTAssertEqual(hebrew.panel.sections[0].footer?.text(settings), "Bacon: off")
    guard case .number(let number) = hebrew.panel.entry(at: "toppings/size")?.row.kind.form else {
      return XCTFail("no number row")
    }
    XCTAssertEqual(number.unit, "ס״מ")
    XCTAssertEqual(try parse(["LANG": "zz_ZZ.UTF-8"]).panel.sections[0].title, "Zzz")
  }

  func testUserLanguagesFollowGettext() {
    XCTAssertEqual(
      UserLanguages.preferred(environment: ["LANG": "de_AT.UTF-8@euro"]), ["de_AT@euro", "de_AT", "de@euro", "de"])
    XCTAssertEqual(
      UserLanguages.preferred(environment: ["LC_ALL": "he_IL.UTF-8", "LANG": "de_DE.UTF-8"]), ["he_IL", "he"])
    XCTAssertEqual(
      UserLanguages.preferred(environment: ["LANG": "de_DE.UTF-8", "LANGUAGE": "pt_BR:de"]), ["pt_BR", "pt", "de"])
    XCTAssertEqual(UserLanguages.preferred(environment: ["LANG": "POSIX", "LANGUAGE": "de"]), [])
    XCTAssertEqual(UserLanguages.preferred(environment: [:]), [])
  }

  func messages(_ text: String) -> [String] {
    do {
      _ = try PanelFile.parse(text, file: "p.yaml", languages: ["de"])
      return []
    } catch {
      return error.errors.map(\.description)
    }
  }

  func testMalformedTranslationsArePositionedErrors() async throws {
    let file = """
      id: org.example.Pizza
      name: Pizza
      sections:
        - id: s
          title[]: Leer
          title[de: Offen
          title[de-AT]: Bindestrich
          rows:
            - kind: link
              id: l
              title: Link
              url: https://example.org
              url[de]: https://example.de
              titel[de]: Verweis
              subtitle[de]: Ohne Englisch
              title[de]: [eine, Liste]
            - kind: value
              id: v
              title: Value
              value: "{s/w}"
              value[de]: "{s/w"
            - kind: value
              id: w
              title: Value
              value: "Plain"
              value[de]: "Wert: {s/v}"

      """
    XCTAssertEqual(
      messages(file),
      [
        "p.yaml:5:5: s: “title[]” names no language; write it as title[de] or title[pt_BR].",
        "p.yaml:6:5: s: “title[de” has no closing “]”; a translation is written title[de].",
        "p.yaml:7:5: s: “de-AT” is not a language code; write it as gettext does, such as de, pt_BR or sr@latin.",
        "p.yaml:13:9: s/l: “url” can't be translated; here only keywords, title, subtitle can.",
        "p.yaml:14:9: s/l: Unknown key “titel[de]” in a link row. Did you mean “title[de]”?",
        "p.yaml:15:9: s/l: “subtitle[de]” translates “subtitle”, which is not there.",
        "p.yaml:16:20: s/l: The translation “title[de]” must be text.",
        "p.yaml:21:20: s/v: The translation “value[de]” has a “{” without a “}”; write “{{” for a brace.",
        "p.yaml:26:20: s/w: The translation “value[de]” must show the same values in braces as “value”.",
      ])
  }

  func testAGettextDomainTranslatesTheTextsWithoutTheirOwnTranslation() async throws {
    let folder = try GettextFixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let locale = folder.appendingPathComponent("locale")
    _ = try GettextFixtures.localeFolder(
      domain: "org.example.Oven",
      translations: [
        "Oven": "Ofen", "Heat": "Hitze", "Heat: {oven/heat}": "Hitze: {oven/heat}", "Fan": "Umluft",
        "Fan: {oven/fan}": "Umluft: {oven/heat}",
      ], in: locale)
    let text = """
      id: org.example.Oven
      name: Oven
      gettext-domain: org.example.Oven
      locale-dir: locale
      ini-file: oven/oven.ini
      sections:
        - id: oven
          title: Oven
          footer: "Heat: {oven/heat}"
          rows:
            - kind: toggle
              id: heat
              title: Heat
              title[de]: Wärme
              setting: {ini: oven/heat, default: true}
            - kind: toggle
              id: fan
              title: Fan
              subtitle: "Fan: {oven/fan}"
              setting: {ini: oven/fan, default: true}

      """
    let path = folder.appendingPathComponent("oven.yaml").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let file = try GettextFixtures.withMessages(in: "de_DE.UTF-8") {
      try PanelFile.read(path: path, languages: ["de_DE", "de"])
    }
    XCTAssertEqual(file.gettextDomain, "org.example.Oven")
    XCTAssertEqual(file.panel.title, "Ofen")
    XCTAssertEqual(file.panel.sections[0].title, "Ofen")
    // The file's own translation comes before the domain's.
    XCTAssertEqual(file.panel.entry(at: "oven/heat")?.row.title, "Wärme")
    XCTAssertEqual(file.panel.entry(at: "oven/fan")?.row.title, "Umluft")
    let settings = SettingsReader(MemoryStore(defaults: file.iniDefaults))
    // A translation showing other values than the English text is never shown.
    XCTAssertEqual(file.panel.entry(at: "oven/fan")?.row.subtitle?.text(settings), "Fan: on")
    XCTAssertEqual(file.panel.sections[0].footer?.text(settings), "Hitze: on")
    let folders = PanelFolders(user: folder.path, system: [], userApplications: folder.path)
    let installation = PanelInstallation(folders: folders, appID: "dev.knobs.Knobs")
    XCTAssertTrue(
      installation.desktopEntry(file, executable: "/usr/bin/knobs").contains(
        "X-GNOME-Gettext-Domain=org.example.Oven\n"))

    let badDomain = text.replacingOccurrences(of: "gettext-domain: org.example.Oven", with: "gettext-domain: ../x")
    XCTAssertEqual(
      messages(badDomain), ["p.yaml:3:17: “gettext-domain” must be a name such as org.example.Pizza, not “../x”."])
  }
}
