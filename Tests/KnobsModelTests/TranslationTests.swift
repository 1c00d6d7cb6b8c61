import Foundation
import XCTest

@testable import KnobsModel

final class TranslationTests: XCTestCase {
  func testFormatFillsDirectivesInOrderAndByPosition() {
    XCTAssertEqual(Translation.format("Item %d of %d", ["2", "5"]), "Item 2 of 5")
    XCTAssertEqual(Translation.format("%2$s before %1$s, %1$s again", ["a", "b"]), "b before a, a again")
    XCTAssertEqual(Translation.format("100 %% of %s", ["it"]), "100 % of it")
    XCTAssertEqual(Translation.format("No values", []), "No values")
  }

  func testFormatRefusesDirectivesItCannotFill() {
    XCTAssertNil(Translation.format("%x", ["1"]))
    XCTAssertNil(Translation.format("%s and %s", ["only one"]))
    XCTAssertNil(Translation.format("%3$s", ["a", "b"]))
    XCTAssertNil(Translation.format("ends in %", []))
  }

  func testABrokenTranslationShowsTheEnglishText() {
    XCTAssertEqual(Translation.fill("Eintrag %s von %s von %s", english: "Item %d of %d", [1, 3]), "Item 1 of 3")
    XCTAssertEqual(Translation.fill("Eintrag %d von %d", english: "Item %d of %d", [1, 3]), "Eintrag 1 von 3")
  }

  func testUntranslatedTextsAreFilledInEnglish() {
    XCTAssertEqual(tr("Item %d of %d", 2, 7), "Item 2 of 7")
    XCTAssertEqual(trn("%d item", "%d items", 1, 1), "1 item")
    XCTAssertEqual(trn("%d item", "%d items", 4, 4), "4 items")
  }

  func testTheLocaleFolderIsChosenFromTheEnvironmentOrTheExecutable() throws {
    XCTAssertEqual(Translation.directory(executable: "/x/bin/knobs", environment: ["KNOBS_LOCALEDIR": "/l"]), "/l")
    XCTAssertEqual(
      Translation.directory(executable: "/nonexistent/bin/knobs", environment: [:]), "/nonexistent/share/locale")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("knobs-locale-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("locale"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    XCTAssertEqual(
      Translation.directory(executable: folder.appendingPathComponent("knobs").path, environment: [:]),
      folder.appendingPathComponent("locale").resolvingSymlinksInPath().path)
  }

  /// Search finds a translated row by the words the user sees and by the
  /// English ones, which instructions on the web use.
  @MainActor
  func testSearchFindsTranslatedTextsByTheirWordsAndByTheEnglishOnes() async {
    let german = [
      "Style": "Stil", "Dark Style": "Dunkler Stil", "Animations": "Animationen",
      "Prefer dark colors in apps that support it": "Dunkle Farben in Apps bevorzugen, die dies unterstützen",
    ]
    let panel = Translation.withCatalog(german) {
      Panel("P") {
        Section("style", tr("Style")) {
          ValueRow("dark-style", tr("Dark Style"), value: "")
            .subtitle(tr("Prefer dark colors in apps that support it"))
          ValueRow("animations", tr("Animations"), value: "")
          ValueRow("contrast", "Kontrast", value: "")
        }
      }
    }
    XCTAssertEqual(panel.entry(at: "style/dark-style")?.row.title, "Dunkler Stil")
    XCTAssertEqual(Translation.englishTexts(of: "Dunkler Stil"), ["Dark Style"])
    XCTAssertEqual(Translation.englishTexts(of: "Kontrast"), [])
    let search = PanelSearch(panel: panel)
    let reader = SettingsReader(MemoryStore(defaults: [:]))
    func paths(_ query: String) -> [String] {
      search.search(query, settings: reader).flatMap { $0.entries.map(\.path.description) }
    }
    XCTAssertEqual(paths("dunkler"), ["style/dark-style"])
    XCTAssertEqual(paths("dark style"), ["style/dark-style"])
    XCTAssertEqual(paths("animations"), ["style/animations"])
    XCTAssertEqual(paths("animationen"), ["style/animations"])
    // The section's English title counts, as its German one does.
    XCTAssertEqual(paths("style kontrast"), ["style/contrast"])
    XCTAssertEqual(paths("stil kontrast"), ["style/contrast"])
  }

  func testATranslationWithTheCatalogIsRememberedWithItsFilledEnglishText() {
    let text = Translation.withCatalog(["Switch to Workspace %d": "Zur Arbeitsfläche %d wechseln"]) {
      tr("Switch to Workspace %d", 3)
    }
    XCTAssertEqual(text, "Zur Arbeitsfläche 3 wechseln")
    XCTAssertEqual(Translation.englishTexts(of: text), ["Switch to Workspace 3"])
    XCTAssertEqual(tr("Switch to Workspace %d", 3), "Switch to Workspace 3")
  }

  /// In a right-to-left translation each value is isolated, so a path keeps its direction
  /// (“/usr/share/… :חסר” otherwise); a left-to-right one is filled as it is.
  func testValuesInARightToLeftSentenceAreIsolated() async {
    let hebrew = Translation.withCatalog(["Missing: %s": "\u{200F}חסר: %s"]) { tr("Missing: %s", "/usr/share/x") }
    XCTAssertEqual(hebrew, "\u{200F}חסר: \u{2068}/usr/share/x\u{2069}")
    let german = Translation.withCatalog(["Missing: %s": "Fehlt: %s"]) { tr("Missing: %s", "/usr/share/x") }
    XCTAssertEqual(german, "Fehlt: /usr/share/x")
    XCTAssertEqual(Translation.englishTexts(of: hebrew), ["Missing: /usr/share/x"])
  }
}
