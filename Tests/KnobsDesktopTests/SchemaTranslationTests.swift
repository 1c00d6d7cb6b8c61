import CIntl
import Foundation
import Glibc
import Gtk
import KnobsDesktopModel
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI
@testable import KnobsDesktop

/// Generated pages in German: a schema's summaries and descriptions are shown
/// in its gettext domain's translation, search finds its rows by the German
/// and by the English words, and `knobs list --json` writes the English texts.
@MainActor
final class SchemaTranslationTests: GtkTestCase {
  static let schema = "dev.knobs.Pizzeria"
  static let summary = "Bake a cheese crust"
  static let description = "Fills the crust with mozzarella before baking."
  static let translations = [
    summary: "Käserand backen", description: "Füllt den Rand vor dem Backen mit Mozzarella.",
  ]

  /// A folder with the schema, compiled, naming `domain` as its gettext domain.
  static func schemaFolder(in folder: URL, domain: String) throws -> String {
    let schemas = folder.appendingPathComponent("schemas").path
    try FileManager.default.createDirectory(atPath: schemas, withIntermediateDirectories: true)
    try """
    <schemalist gettext-domain="\(domain)">
      <schema id="\(schema)" path="/dev/knobs/Pizzeria/">
        <key name="cheese-crust" type="b">
          <default>false</default>
          <summary>\(summary)</summary>
          <description>
            \(description)
          </description>
        </key>
      </schema>
    </schemalist>
    """.write(toFile: schemas + "/\(schema).gschema.xml", atomically: true, encoding: .utf8)
    try CompiledSchemas.compile(in: schemas)
    return schemas
  }

  func testGermanSchemaTextsAreShownSearchedBothWaysAndListedInEnglish() async throws {
    let folder = try GettextFixtures.temporaryFolder()
    let domain = "knobs-test-pizzeria-\(getpid())"
    let schemas = try Self.schemaFolder(in: folder, domain: domain)
    let locale = try GettextFixtures.localeFolder(
      domain: domain, translations: Self.translations, in: folder.appendingPathComponent("locale"))
    knobs_intl_bind(domain, locale.path)
    try await GettextFixtures.withMessagesAwaiting(in: "de_DE.UTF-8") {
      let store = GSettingsStore(source: SchemaSource(extraDirectories: [schemas]))
      let all = AllSettings(library: { store }, apps: { DesktopApps([]) })
      let window = await makeWindow(Panel(title: "Knobs", sections: [all.section]), store: store)
      window.schemaPages = all
      XCTAssertTrue(window.open("schema/\(Self.schema)/cheese-crust"))
      XCTAssertEqual(window.pageTitle, Self.schema)
      await settle()
      let row = try XCTUnwrap(
        window.currentPage.rowView(path: window.currentPage.path.appending("keys", "cheese-crust")))
      XCTAssertEqual(row.titleText, "Käserand backen")
      XCTAssertEqual(row.subtitleText, "Füllt den Rand vor dem Backen mit Mozzarella.")

      for query in ["käserand backen", "bake cheese", "mozzarella before baking"] {
        XCTAssertGreaterThan(window.showSearchResults(for: query), 0, query)
        XCTAssertTrue(window.search.resultPaths.contains { $0.ends(with: "keys/cheese-crust") }, query)
      }
      window.endSearch()

      // What `knobs list --json schema/dev.knobs.Pizzeria` writes: the English texts.
      let entry = try XCTUnwrap(all.panels.panel(for: Self.schema)?.entry(at: "keys/cheese-crust"))
      let listed = ListedRow(entry, path: "schema/\(Self.schema)/cheese-crust", SettingsReader(store), style: .c)
      XCTAssertEqual(listed.title, "Käserand backen", "the table is for people")
      XCTAssertEqual(listed.untranslated.title, Self.summary)
      XCTAssertTrue(ListedRow.json([listed]).contains("\"title\" : \"\(Self.summary)\""), ListedRow.json([listed]))
    }
  }

  func testInEnglishNoSecondReadingIsNeeded() async throws {
    let folder = try GettextFixtures.temporaryFolder()
    let schemas = try Self.schemaFolder(in: folder, domain: "knobs-test-pizzeria-english")
    let source = SchemaSource(extraDirectories: [schemas])
    let previous = String(cString: setlocale(LC_MESSAGES, nil))
    defer { setlocale(LC_MESSAGES, previous) }
    setlocale(LC_MESSAGES, "C")
    XCTAssertNil(source.englishTexts(of: Self.schema), "the texts shown are the English ones")
    try await GettextFixtures.withMessagesAwaiting(in: "de_DE.UTF-8") {
      XCTAssertEqual(source.englishTexts(of: Self.schema)?["cheese-crust"]?.summary, Self.summary)
    }
  }

  func testAnExtensionsSchemaIsTranslatedFromItsOwnLocaleFolder() async throws {
    let home = try GettextFixtures.temporaryFolder()
    let domain = "knobs-test-extension-\(getpid())"
    let extensionFolder = home.appendingPathComponent("data/gnome-shell/extensions/pizza@knobs.test")
    // An extension ships XML only; Knobs compiles it into its cache.
    let schemas = try Self.schemaFolder(in: extensionFolder, domain: domain)
    try FileManager.default.removeItem(atPath: schemas + "/gschemas.compiled")
    _ = try GettextFixtures.localeFolder(
      domain: domain, translations: Self.translations, in: extensionFolder.appendingPathComponent("locale"))
    let folders = UserSchemaFolders.find(environment: [
      "HOME": home.path, "XDG_DATA_HOME": home.path + "/data", "XDG_CACHE_HOME": home.path + "/cache",
    ])
    XCTAssertEqual(folders.textDomains, [domain: extensionFolder.path + "/locale"])
    folders.bindTextDomains()
    try await GettextFixtures.withMessagesAwaiting(in: "de_DE.UTF-8") {
      let store = GSettingsStore(source: SchemaSource(extraDirectories: folders.compiledFolders))
      let key = try XCTUnwrap(store.describeSchema(Self.schema)?.keys.first)
      XCTAssertEqual(key.summary, "Käserand backen")
      XCTAssertEqual(key.englishSummary, Self.summary)
    }
  }
}
