import Foundation
import Gtk
import KnobsDesktopModel
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI
@testable import KnobsDesktop

/// The panel Knobs ships, rendered over the machine's real schemas (GIO's
/// memory backend, so nothing is kept): its pages, the live clock footer, dark
/// style, and screenshots of every page for people to look at.
@MainActor
final class ReferencePanelTests: GtkTestCase {
  static let pages = [
    ("appearance", "Appearance"), ("fonts", "Fonts"), ("top-bar", "Top Bar"), ("windows", "Windows"),
    ("mouse", "Mouse & Touchpad"), ("keyboard", "Keyboard"),
    ("keyboard-shortcuts", "Keyboard Shortcuts"), ("sound", "Sound"),
    ("startup", "Startup Applications"), ("extensions", "Extensions"),
  ]
  var store: GSettingsStore!
  var window: PanelWindow!
  var style: DesktopStyle!
  let panel = ReferencePanelTests.panel()
  static let allSettings = AllSettings(library: { nil }, apps: { DesktopApps([]) })

  /// Folders with no startup entries, so the tests never read the real home's.
  static let emptyHome = DesktopFolders(
    userAutostart: "/nonexistent/knobs/autostart", systemAutostart: [], applications: [])

  static func panel(gtkVersion: @escaping @MainActor () -> String = { Style.gtkVersion }) -> Panel {
    referencePanel(
      autostart: AutostartStore(folders: emptyHome),
      extensions: ShellExtensionRows(find: { ShellExtensions([]) }, folders: []), allSettings: allSettings.section,
      gtkVersion: gtkVersion)
  }

  override func setUp() async throws {
    try await super.setUp()
    store = GSettingsStore(source: SchemaSource())
    for key in panel.boundKeys where store.availability(of: key) == .available { try store.reset(key) }
    style = DesktopStyle(following: store)
    window = await makeWindow(panel, store: store)
    window.window.setDefaultSize(width: 640, height: 900)
    await settle(0.3)
  }

  override func tearDown() async throws {
    for key in panel.boundKeys where store.availability(of: key) == .available { try store.reset(key) }
    style = nil
    Style.prefersDark = false
    Style.animationsEnabled = false
    try await super.tearDown()
  }

  func testTheReferencePanelIsValidAndListsItsPages() async throws {
    XCTAssertEqual(Self.panel { "4.8.3" }.validate(against: store).map(\.description), [])
    let titles = window.currentPage.sections.map { $0.section.title }
    XCTAssertEqual(titles, [nil, nil, "Reach Out", "Help", nil])
    let pages = window.currentPage.sections[0].rows
    XCTAssertEqual(pages.map(\.titleText), Self.pages.map(\.1))
    XCTAssertTrue(pages.allSatisfy { $0.row.iconName != nil && $0.suffixDescription == "icon:go-next-symbolic" })
  }

  func testEveryDesktopSettingHasItsSchemaOnTheTestMachine() async throws {
    let missing = panel.boundKeys.filter { store.availability(of: $0) != .available }
    // The User Themes extension's schema comes with GNOME Shell's extensions, which the tests do not install.
    XCTAssertEqual(missing.map(\.description), ["org.gnome.shell.extensions.user-theme name"])
  }

  func testPagesOnlyGNOMEShellReadsSaySoElsewhereAndNothingOnGNOME() async throws {
    defer { CurrentDesktop.assume(gnome: nil) }
    let settings = SettingsReader(store)
    let shellOnly = ["desktop/top-bar", "desktop/extensions", "desktop/keyboard/keyboard/overview-shortcut"]
    CurrentDesktop.assume(gnome: false)
    for path in shellOnly {
      let row = try XCTUnwrap(panel.entry(at: RowPath(parsing: path))?.row, path)
      XCTAssertEqual(
        row.subtitle?.text(settings), "Takes effect only in GNOME; this desktop does not read it.", path)
    }
    XCTAssertEqual(panel.entry(at: "desktop/appearance")?.row.subtitle?.text(settings) ?? "", "")
    CurrentDesktop.assume(gnome: true)
    for path in shellOnly {
      XCTAssertEqual(panel.entry(at: RowPath(parsing: path))?.row.subtitle?.text(settings) ?? "", "", path)
    }
  }

  func testShortPathsReachRowsOnPages() async throws {
    for (short, full) in [
      ("appearance/dark-style", "desktop/appearance/style/dark-style"),
      ("clock/show-seconds", "desktop/top-bar/clock/show-seconds"),
      ("top-bar/show-seconds", "desktop/top-bar/clock/show-seconds"),
      ("help/about/version", "help/about/info/version"),
      ("desktop/fonts/fonts/interface", "desktop/fonts/fonts/interface"),
    ] {
      XCTAssertEqual(panel.entry(at: RowPath(parsing: short))?.path.description, full, short)
    }
    XCTAssertEqual(panel.section(at: "clock")?.pagePath, "desktop/top-bar")
  }

  func testSearchWithATypoShowsCloseMatchesAndSaysSo() async throws {
    window.showSearchResults(for: "dark stile")
    XCTAssertTrue(
      window.search.resultPaths.contains("desktop/appearance/style/dark-style"), "\(window.search.resultPaths)")
    XCTAssertEqual(window.search.closeMatchNotice, "No exact matches; showing close matches for “dark stile”")
    window.showSearchResults(for: "seconsd")
    XCTAssertEqual(window.search.resultPaths.first, "desktop/top-bar/clock/show-seconds")
    XCTAssertEqual(window.search.closeMatchNotice, "No exact matches; showing close matches for “seconsd”")
    window.showSearchResults(for: "dark style")
    XCTAssertTrue(window.search.resultPaths.contains("desktop/appearance/style/dark-style"))
    XCTAssertNil(window.search.closeMatchNotice, "exact matches need no notice")
    window.showSearchResults(for: "zzzzz")
    XCTAssertEqual(window.search.resultPaths, [])
    XCTAssertNil(window.search.closeMatchNotice, "no results say “No Results Found” instead")
    window.endSearch()
  }

  func testClockFooterFollowsShowSecondsAndTheTimeFormat() async throws {
    XCTAssertTrue(window.open("clock"))
    XCTAssertEqual(window.pageTitle, "Top Bar")
    let clock = try XCTUnwrap(window.currentPage.sections.first { $0.section.id == "clock" })
    let before = clock.footerText
    XCTAssertTrue(before.hasPrefix("The clock will read"), before)
    XCTAssertNil(before.range(of: #"\d:\d\d:\d\d"#, options: .regularExpression), "no seconds yet: \(before)")
    window.currentPage.rowView(path: "desktop/top-bar/clock/show-seconds")?.listRow.activate()
    XCTAssertNotNil(clock.footerText.range(of: #"\d:\d\d:\d\d"#, options: .regularExpression), clock.footerText)
    try store.write("12h", for: .clockFormat)
    XCTAssertTrue(clock.footerText.contains("AM") || clock.footerText.contains("PM"), clock.footerText)
  }

  func testDarkStyleRowSwitchesKnobsItselfToDark() async throws {
    XCTAssertFalse(Style.prefersDark)
    XCTAssertTrue(window.open("appearance/dark-style"))
    window.currentPage.rowView(path: "desktop/appearance/style/dark-style")?.listRow.activate()
    XCTAssertEqual(store.value(for: .colorScheme), "prefer-dark")
    XCTAssertTrue(Style.prefersDark, "the app follows color-scheme")
  }

  func testDependentRowsSayWhyTheyAreDimmed() async throws {
    XCTAssertTrue(window.open("windows/raise-on-focus"))
    let raise = try XCTUnwrap(window.currentPage.rowView(path: "desktop/windows/focus/raise-on-focus"))
    XCTAssertFalse(raise.listRow.isSensitive)
    XCTAssertEqual(raise.subtitleText, "Only when windows are focused on hover")
    try store.write("sloppy", for: .focusMode)
    XCTAssertTrue(raise.listRow.isSensitive)
    try store.write(":", for: .buttonLayout)
    let placement = try XCTUnwrap(window.currentPage.rowView(path: "desktop/windows/titlebar-buttons/placement"))
    XCTAssertFalse(placement.listRow.isSensitive)
    XCTAssertEqual(placement.subtitleText, "No window buttons are shown")
    let maximize = try XCTUnwrap(window.currentPage.rowView(path: "desktop/windows/titlebar-buttons/maximize"))
    maximize.listRow.activate()
    XCTAssertEqual(store.value(for: .buttonLayout), ":maximize")
    XCTAssertTrue(placement.listRow.isSensitive)
  }

  /// `knobs --open help` is the Help section on the first page, not the keyboard shortcut
  /// whose id is help; `fonts` is the Fonts row there, not the Fonts section on its page.
  func testADeepLinkNamesASectionBeforeARowOfTheSameIdElsewhere() async throws {
    XCTAssertTrue(window.open("help"))
    XCTAssertEqual(window.currentPage.path, RowPath.root)
    XCTAssertTrue(window.open("keyboard-shortcuts/help"), "the shortcut by a longer path")
    XCTAssertEqual(window.currentPage.path, "desktop/keyboard-shortcuts")
    XCTAssertTrue(window.open("fonts"))
    XCTAssertEqual(window.currentPage.path, RowPath.root)
  }

  func testEachPageResetsItsOwnSettingsOnly() async throws {
    try store.write(true, for: .clockShowSeconds)
    try store.write("prefer-dark", for: .colorScheme)
    XCTAssertTrue(window.open("top-bar/reset-page"))
    window.currentPage.rowView(path: "desktop/top-bar/reset/reset-page")?.listRow.activate()
    let dialog = try XCTUnwrap(window.pendingDialog)
    dialog.confirm()
    XCTAssertEqual(store.value(for: .clockShowSeconds), false)
    XCTAssertEqual(store.value(for: .colorScheme), "prefer-dark", "another page's setting stays")
  }

  func testBrokenPanelIsRefusedWithItsRowPath() async throws {
    let broken = Panel("Broken") {
      Section("links", "Links") { LinkRow("bad", "Bad", url: "file:///etc/passwd") }
    }
    var lines: [String] = []
    XCTAssertEqual(PanelCheck.run(broken, store: nil, report: { lines.append($0) }), 2)
    XCTAssertTrue(lines.contains { $0.contains("links/bad") }, lines.joined(separator: "\n"))
  }

  /// The touchpad's and the pointing stick's acceleration and scrolling, which GNOME Tweaks offers.
  func testThePointingDevicePagesHoldTheTweaksKeys() async throws {
    let keys = [
      ("mouse/touchpad/touchpad-acceleration", "org.gnome.desktop.peripherals.touchpad accel-profile"),
      ("mouse/pointing-stick/stick-acceleration", "org.gnome.desktop.peripherals.pointingstick accel-profile"),
      ("mouse/pointing-stick/stick-scrolling", "org.gnome.desktop.peripherals.pointingstick scroll-method"),
    ]
    for (path, key) in keys {
      let entry = try XCTUnwrap(panel.entry(at: RowPath(parsing: path)), path)
      XCTAssertEqual(entry.row.key?.description, key)
      XCTAssertEqual(store.availability(of: entry.row.key!), .available, path)
    }
    let scrolling = try XCTUnwrap(panel.entry(at: "pointing-stick/stick-scrolling")?.row)
    guard case .choice(let choice) = scrolling.kind.form else { return XCTFail("a choice") }
    XCTAssertEqual(choice.options.map(\.value), ["default", "none", "on-button-down"])
  }

  /// The shipped panel is checked against the store it uses, as panel files and generated pages are.
  func testTheShippedPanelPassesTheValidatorAgainstItsStore() async throws {
    XCTAssertEqual(panel.validate(against: panel.connectRowSources(to: store)).map(\.description), [])
  }

  /// A row whose key this system's schema types otherwise (a toggle on a string key) is a
  /// problem only the store shows: `--check-panel` fails on it; the window's check before it
  /// opens (the declaration alone) passes, and its check once on screen finds it.
  func testAProblemOnlyTheStoreShowsStopsTheCheckButNotTheWindow() async throws {
    let panel = Panel("Mismatch") {
      Section("looks", "Looks") { ToggleRow("scheme", "Dark", key: .colorScheme) }
    }
    var lines: [String] = []
    XCTAssertEqual(PanelCheck.run(panel, store: store, report: { lines.append($0) }), 2)
    XCTAssertTrue(lines.contains { $0.contains("looks/scheme") }, lines.joined(separator: "\n"))
    lines = []
    XCTAssertEqual(PanelCheck.run(panel, store: nil, report: { lines.append($0) }), 0)
    XCTAssertEqual(lines, [])
    let found = PanelCheck.storeProblems(panel, store: store)
    XCTAssertEqual(found.map(\.path), ["looks/scheme"])
    XCTAssertTrue(found.allSatisfy(\.comesFromStore))
    XCTAssertEqual(
      PanelCheck.storeProblems(self.panel, store: self.panel.connectRowSources(to: store)).map(\.description), [])
  }

  func testTheKeyboardShortcutsPageGroupsTheDesktopsShortcutsAndFindsThemByKey() async throws {
    let page = try XCTUnwrap(panel.entry(at: "desktop/keyboard-shortcuts")?.row)
    guard case .detail(let shortcuts) = page.kind.form else { return XCTFail("not a page") }
    XCTAssertEqual(
      shortcuts.sections.map(\.title),
      [
        "Custom Shortcuts", "Accessibility", "Launchers", "Navigation", "Screenshots", "Sound and Media", "System",
        "Typing", "Windows",
        nil,
      ])
    let rows = shortcuts.sections.flatMap(\.rows).filter { $0.kindName == "shortcut" }
    XCTAssertEqual(rows.count, 83)
    for row in rows { XCTAssertEqual(store.availability(of: row.key!), .available, row.title) }
    XCTAssertEqual(
      panel.entry(at: "keyboard-shortcuts/minimize")?.row.currentValueText(SettingsReader(store)), "Super+H")
    let found = PanelSearch(panel: panel).search("super h", settings: SettingsReader(store)).flatMap(\.entries)
    XCTAssertTrue(found.contains { $0.row.title == "Hide Window" }, found.map(\.path).description)
    let byAction = PanelSearch(panel: panel).search("hide window", settings: SettingsReader(store)).flatMap(\.entries)
    XCTAssertEqual(
      byAction.map(\.path),
      ["desktop/keyboard-shortcuts/navigation/show-desktop", "desktop/keyboard-shortcuts/windows/minimize"])
  }

  func testScreenshotsOfEveryPageInLightAndDark() async throws {
    let directory = Self.artifactsDirectory
    var names = ["reference-light", "reference-dark"]
    XCTAssertTrue(window.window.savePNG(to: directory + "/reference-light.png"))
    Style.prefersDark = true
    await settle(0.3)
    XCTAssertTrue(window.window.savePNG(to: directory + "/reference-dark.png"))
    for (id, title) in Self.pages {
      for dark in [false, true] {
        Style.prefersDark = dark
        window.popToRoot()
        window.currentPage.rowView(path: "desktop/\(id)")?.listRow.activate()
        await waitUntil("the \(title) page shows") { window.pageTitle == title }
        await settle(0.3)
        let name = "page-\(id)-\(dark ? "dark" : "light")"
        // A frame being restyled (light to dark) may have no picture yet: try again on the next one.
        await waitUntil("\(name).png is saved", timeout: 3) { window.window.savePNG(to: "\(directory)/\(name).png") }
        names.append(name)
      }
    }
    Style.prefersDark = false
    window.popToRoot()
    window.open("help/about")
    window.currentPage.rowView(path: "help/about")?.listRow.activate()
    await waitUntil("the About page shows") { window.pageTitle == "About Knobs" }
    await settle(0.3)
    XCTAssertTrue(window.window.savePNG(to: directory + "/reference-about.png"))
    names.append("reference-about")
    for name in names {
      let size = (try? FileManager.default.attributesOfItem(atPath: "\(directory)/\(name).png")[.size] as? Int) ?? 0
      XCTAssertGreaterThan(size, 10_000, "\(name).png looks empty")
    }
    print("Screenshots saved in \(directory)")
  }
}
