import Foundation
import Gtk
import KnobsDesktopModel
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI
@testable import KnobsDesktop

/// All Settings over the schemas installed on this machine: the page opens
/// without a visible pause, search reaches every generated row, and a broken
/// or XML-only user folder is handled.
@MainActor
final class AllSettingsPageTests: GtkTestCase {
  func testAllSettingsOpensQuicklyAndSearchReachesEveryInstalledKey() async throws {
    let store = GSettingsStore(source: SchemaSource())
    // What the window's search does after its first frame: every schema generated and listed.
    let fresh = AllSettings(library: { store }, apps: { DesktopApps.installed() })
    var start = ContinuousClock.now
    let entries = Panel(title: "Knobs", sections: [fresh.section]).searchableEntries
    let indexed = ContinuousClock.now - start

    let all = AllSettings(library: { store }, apps: { DesktopApps.installed() })
    let root = Panel(title: "Knobs", sections: [all.section])
    let window = await makeWindow(root, store: store)
    window.schemaPages = all

    start = ContinuousClock.now
    XCTAssertTrue(window.open("schema"))
    let opened = ContinuousClock.now - start
    XCTAssertEqual(window.pageTitle, "All Settings")
    await saveScreenshot(window, "all-settings")

    start = ContinuousClock.now
    XCTAssertTrue(window.open("schema/org.gnome.desktop.interface/clock-format"))
    let schemaOpened = ContinuousClock.now - start
    XCTAssertEqual(window.pageTitle, "org.gnome.desktop.interface")
    await saveScreenshot(window, "all-settings-interface")
    let installed = store.installedSchemas
    let fixed = installed.filter { $0.path != nil }
    let keys = fixed.reduce(0) { $0 + $1.keyCount }
    XCTAssertEqual(fresh.panels.generatedCount, fixed.count)
    print(
      "All Settings: \(installed.count) schemas (\(installed.count - fixed.count) relocatable), \(keys) keys; "
        + "page opened in \(opened), a schema's page in \(schemaOpened); "
        + "every schema generated and listed for search in \(indexed) (\(entries.count) rows)")

    try store.write("12h", for: SettingKey(schema: "org.gnome.desktop.interface", key: "clock-format"))
    defer { try? store.reset(SettingKey(schema: "org.gnome.desktop.interface", key: "clock-format")) }
    start = ContinuousClock.now
    let modifiedRow = try XCTUnwrap(
      root.entry(throughPagesAt: AllSettings.rowPath.appending("modified", "modified"))?.row)
    guard case .page(let modifiedLink) = modifiedRow.kind.form else { return XCTFail("Modified is not a page") }
    let modified = modifiedLink.page
    let modifiedMade = ContinuousClock.now - start
    print("Modified Settings made in \(modifiedMade)")
    XCTAssertTrue(modified.sections.contains { $0.title == "org.gnome.desktop.interface" })

    XCTAssertGreaterThan(window.showSearchResults(for: "clock format"), 0)
    XCTAssertTrue(
      window.search.resultPaths.contains { $0.ends(with: "org-gnome-desktop-interface/keys-clock/clock-format") })
    XCTAssertGreaterThan(window.showSearchResults(for: "org.gnome.desktop.interface"), 0, "by schema id")
    window.endSearch()
  }

  /// Saves the window once it has been drawn; on a loaded machine a frame can take a while.
  private func saveScreenshot(_ window: PanelWindow, _ name: String) async {
    var saved = false
    for _ in 0..<10 where !saved {
      await settle(0.3)
      saved = window.window.savePNG(to: Self.artifactsDirectory + "/\(name).png")
    }
    XCTAssertTrue(saved, "no screenshot of \(name)")
  }

  func testABrokenUserFolderIsSaidAndTheSystemSchemasStay() async throws {
    let folder = NSTemporaryDirectory() + "knobs-broken-schemas-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data("not a schema database".utf8).write(to: URL(fileURLWithPath: folder + "/gschemas.compiled"))
    let source = SchemaSource(extraDirectories: [folder])
    XCTAssertEqual(source.problems.count, 1)
    XCTAssertTrue(source.problems[0].contains(folder), source.problems[0])
    XCTAssertTrue(source.schemaIDs.contains("org.gnome.desktop.interface"))
  }

  func testXMLOnlyExtensionSchemasAreCompiledIntoTheCache() async throws {
    let home = NSTemporaryDirectory() + "knobs-user-schemas-\(getpid())"
    let extensions = home + "/data/gnome-shell/extensions"
    let demo = extensions + "/demo@knobs.test/schemas"
    try FileManager.default.createDirectory(atPath: demo, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: extensions + "/empty@knobs.test", withIntermediateDirectories: true)
    let bad = extensions + "/bad@knobs.test/schemas"
    try FileManager.default.createDirectory(atPath: bad, withIntermediateDirectories: true)
    try """
    <schemalist><schema id="org.gnome.shell.extensions.knobs-demo" path="/org/gnome/shell/extensions/knobs-demo/">
    <key name="show-badge" type="b"><default>true</default><summary>Show the badge</summary></key>
    </schema></schemalist>
    """.write(toFile: demo + "/org.gnome.shell.extensions.knobs-demo.gschema.xml", atomically: true, encoding: .utf8)
    try "<schemalist><schema id=".write(
      toFile: bad + "/org.example.bad.gschema.xml", atomically: true, encoding: .utf8)
    let environment = ["HOME": home, "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache"]
    let folders = UserSchemaFolders.find(environment: environment)
    let cache = home + "/cache/knobs/schemas/"
    XCTAssertEqual(folders.compiledFolders, [cache + "extension-bad@knobs.test", cache + "extension-demo@knobs.test"])
    XCTAssertEqual(folders.problems.count, 1, "the folder without schemas says nothing")
    XCTAssertTrue(folders.problems[0].contains("bad@knobs.test"), folders.problems[0])
    let store = GSettingsStore(source: SchemaSource(extraDirectories: folders.compiledFolders))
    let described = store.describeSchema("org.gnome.shell.extensions.knobs-demo")
    XCTAssertEqual(described?.keys.map(\.summary), ["Show the badge"], "texts are read from the XML copied along")
    XCTAssertTrue(store.schemaIDs.contains("org.gnome.desktop.interface"))
  }

  /// A folder holding the compiled schema `dev.knobs.Vanishing`, with one key, `flag`.
  func vanishingSchemaFolder(_ name: String) throws -> String {
    let folder = NSTemporaryDirectory() + "knobs-\(name)-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try """
    <schemalist><schema id="dev.knobs.Vanishing" path="/dev/knobs/Vanishing/">
    <key name="flag" type="b"><default>false</default><summary>Flag</summary></key>
    </schema></schemalist>
    """.write(toFile: folder + "/dev.knobs.Vanishing.gschema.xml", atomically: true, encoding: .utf8)
    let compiler = Process()
    compiler.executableURL = URL(fileURLWithPath: "/usr/bin/glib-compile-schemas")
    compiler.arguments = [folder]
    try compiler.run()
    compiler.waitUntilExit()
    return folder
  }

  /// The panel Knobs ships routes the autostart folder's keys to a store of their own, so its window's
  /// store is a routed one: the schema folders are still watched through it.
  func testTheShippedPanelNoticesASchemaRemovedWhileItsWindowIsOpen() async throws {
    let folder = try vanishingSchemaFolder("vanishing-shipped")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = GSettingsStore(source: SchemaSource(extraDirectories: [folder]))
    let allSettings = AllSettings(library: { store }, apps: { DesktopApps([]) })
    let panel = referencePanel(
      autostart: AutostartStore(folders: ReferencePanelTests.emptyHome),
      extensions: ShellExtensionRows(find: { ShellExtensions([]) }, folders: []), allSettings: allSettings.section,
      gtkVersion: { Style.gtkVersion })
    let window = await makeWindow(panel, store: store)
    XCTAssertTrue(window.store is RoutedStore, "the shipped panel's window writes through routing")
    let path = try XCTUnwrap(allSettings.path(of: try XCTUnwrap(SchemaPath("schema/dev.knobs.Vanishing/flag"))))
    XCTAssertTrue(window.open(path))
    await waitUntil("the schema's page is open") { window.currentPage.rowView(path: path) != nil }
    let row = try XCTUnwrap(window.currentPage.rowView(path: path))
    XCTAssertTrue(row.listRow.isSensitive)

    try FileManager.default.removeItem(atPath: folder + "/gschemas.compiled")
    await waitUntil("the window notices the schema is gone, without being asked") { !row.listRow.isSensitive }
    XCTAssertTrue(row.subtitleText.contains("dev.knobs.Vanishing is not installed"), row.subtitleText)
    window.window.close()
  }

  func testASchemaRemovedWhileKnobsRunsIsShownAsNotInstalled() async throws {
    let folder = try vanishingSchemaFolder("vanishing-schema")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = GSettingsStore(source: SchemaSource(extraDirectories: [folder]))
    let panel = try XCTUnwrap(store.schemaPanels().panel(for: "dev.knobs.Vanishing"))
    let window = await makeWindow(panel, store: store)
    let row = try XCTUnwrap(window.currentPage.rowView(path: "keys/flag"))
    XCTAssertTrue(row.listRow.isSensitive)
    XCTAssertEqual(store.recheckSchemas(), [], "nothing has gone yet")

    try FileManager.default.removeItem(atPath: folder + "/gschemas.compiled")
    await waitUntil("the window notices the schema is gone, without being asked") { !row.listRow.isSensitive }
    XCTAssertEqual(store.recheckSchemas(), [], "already noticed")
    XCTAssertTrue(row.subtitleText.contains("dev.knobs.Vanishing is not installed"), row.subtitleText)
    XCTAssertThrowsError(try store.write(true, for: SettingKey(schema: "dev.knobs.Vanishing", key: "flag")))
  }
}
