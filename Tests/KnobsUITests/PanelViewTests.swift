import CGtk
import Gtk
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI

/// A panel embedded in an app's own window: `PanelView` without Knobs' window around it.
@MainActor
final class PanelViewTests: GtkTestCase {
  private var hosts: [Window] = []

  override func tearDown() async throws {
    hosts.forEach { $0.destroy() }
    hosts = []
    try await super.tearDown()
  }

  /// The app's own window: a heading of its own above the view.
  private func host(_ view: PanelView) async -> Window {
    let window = Window()
    window.title = "Host"
    window.setDefaultSize(width: 600, height: 700)
    let column = Box(.vertical)
    column.append(Label("The app's own heading"))
    column.append(view.content)
    window.setChild(column)
    hosts.append(window)
    window.present()
    await settle()
    return window
  }

  func testAViewInTheAppsOwnWindowShowsItsRowsAndWritesItsStore() async throws {
    let store = Fixture.store()
    let view = try PanelView(panel: Fixture.panel(), store: store)
    let window = await host(view)
    XCTAssertEqual(view.pageTitle, "Fixture")
    XCTAssertFalse(view.canGoBack)
    let header = try XCTUnwrap(view.header, "a header of its own by default")
    XCTAssertEqual(header.title.text, "Fixture")
    XCTAssertFalse(header.backButton.isVisible)
    let flag = try XCTUnwrap(view.currentPage.rowView(path: "main/flag"))
    await waitUntil("the row is on screen") { flag.listRow.isDrawable }
    flag.listRow.activate()
    XCTAssertEqual(store.value(for: Fixture.flag), true)
    XCTAssertEqual(flag.subtitleText, "Flag is on")
    try store.write(false, for: Fixture.flag)
    await waitUntil("the row follows the store") { flag.subtitleText == "Flag is off" }
    XCTAssertEqual(view.parentWindow?.gtkWidgetPointer, window.gtkWidgetPointer, "dialogs open over the app's window")
  }

  func testPagesDeepLinksAndSearchWorkInTheView() async throws {
    let store = Fixture.store()
    let view = try PanelView(panel: Fixture.panel(), store: store)
    var changes = 0
    view.onPageChanged = { changes += 1 }
    _ = await host(view)
    try XCTUnwrap(view.currentPage.rowView(path: "links/more")).listRow.activate()
    XCTAssertEqual("\(view.pageTitle) \(view.canGoBack) \(changes)", "More true 1")
    XCTAssertEqual(view.header?.title.text, "More")
    XCTAssertEqual(view.header?.backButton.isVisible, true)
    view.goBack()
    XCTAssertEqual("\(view.pageTitle) \(view.canGoBack) \(changes)", "Fixture false 2")

    // A deep link: the row's page, the row focused there, and the host's header told.
    XCTAssertTrue(view.open("links/more/inner/inner-flag"))
    XCTAssertEqual("\(view.pageTitle) \(view.canGoBack) \(changes)", "More true 3")
    let inner = try XCTUnwrap(view.currentPage.rowView(path: "links/more/inner/inner-flag"))
    await waitUntil("the deep link's row has the focus") { inner.listRow.hasFocus }
    XCTAssertFalse(view.open("main/flg"))
    let message = try XCTUnwrap(view.toast.message)
    XCTAssertTrue(message.contains("no setting at “main/flg”") && message.contains("main/flag"), message)

    view.isSearching = true
    XCTAssertTrue(view.isSearching)
    XCTAssertEqual(view.showSearchResults(for: "inner flag"), 1)
    XCTAssertEqual(view.search.resultPaths, ["links/more/inner/inner-flag"])
    view.isSearching = false
    XCTAssertFalse(view.isSearching)
  }

  func testAMessageIsNeverLaidOutALetterALine() async throws {
    // GTK finds a wrapping label's minimum width by laying it out as narrow as it may be, shaping
    // it anew for each line: a letter a line cost a deep link that names nothing a quarter of a
    // second of the window's time, for a message naming the path and three it may have meant.
    let view = try PanelView(panel: Fixture.panel(), store: Fixture.store())
    _ = await host(view)
    XCTAssertFalse(view.open("qzx-kfj/wpel-tmrb/xa/ysbdkq-lwe/mzgvr-hp/cnwq/eyt-uodxf/gjzk-aml"))
    XCTAssertNotNil(view.toast.message)
    let letter = Label("m").measure(.horizontal).natural
    let toast = view.toast.container
    XCTAssertGreaterThanOrEqual(toast.measure(.horizontal).minimum, letter * 14, "many letters a line")
    XCTAssertLessThanOrEqual(toast.measure(.horizontal).minimum, 360, "fits the narrowest window")
    view.toast.show("Changed", actions: [ToastAction(label: "Undo") {}])
    XCTAssertLessThanOrEqual(toast.measure(.horizontal).minimum, 360, "fits the narrowest window, a button beside it")
  }

  func testWithoutItsHeaderTheHostsHeaderFollowsTheView() async throws {
    let view = try PanelView(panel: Fixture.panel(), store: Fixture.store(), showsHeader: false)
    XCTAssertNil(view.header)
    var shown: [String] = []
    view.onPageChanged = { shown.append("\(view.pageTitle) \(view.canGoBack ? "back" : "first")") }
    _ = await host(view)
    XCTAssertTrue(view.open("links/more/inner"), "a section on a detail page")
    view.goBack()
    XCTAssertEqual(shown, ["More back", "Fixture first"])
  }

  func testAPanelWithMistakesIsNotShown() async throws {
    let missing = SettingKey(schema: "test.knobs", key: "missing")
    let panel = Panel("Broken") {
      Section("main", "Main") {
        ToggleRow("flag", "Flag", key: Fixture.flag)
        ToggleRow("gone", "Gone", key: missing)
      }
    }
    do {
      _ = try PanelView(panel: panel, store: Fixture.store())
      XCTFail("a panel bound to a key its store lacks is not shown")
    } catch {
      XCTAssertEqual(error.problems.map(\.path), ["main/gone"])
      XCTAssertTrue(error.description.hasPrefix("the settings panel has 1 problem:\n  main/gone: "), error.description)
    }
  }

  /// An app written with GTK's C API (or other bindings) takes the view's `GtkWidget*`.
  func testTheGtkWidgetGoesIntoAWindowMadeWithTheCAPI() async throws {
    let store = Fixture.store()
    let view = try PanelView(panel: Fixture.panel(), store: store)
    let window = try XCTUnwrap(gtk_window_new())
    defer { gtk_window_destroy(UnsafeMutablePointer<GtkWindow>(OpaquePointer(window))) }
    gtk_window_set_child(UnsafeMutablePointer<GtkWindow>(OpaquePointer(window)), UnsafeMutablePointer(view.gtkWidget))
    gtk_window_present(UnsafeMutablePointer<GtkWindow>(OpaquePointer(window)))
    await settle()
    XCTAssertEqual(view.parentWindow?.gtkWidgetPointer, OpaquePointer(window))
    let flag = try XCTUnwrap(view.currentPage.rowView(path: "main/flag"))
    await waitUntil("the row is on screen") { flag.listRow.isDrawable }
    flag.listRow.activate()
    XCTAssertEqual(store.value(for: Fixture.flag), true)
  }

  /// The widget keeps its view: a view nothing else holds works for as long as its widget is in
  /// a window, and is freed with it.
  func testTheWidgetKeepsItsViewAndTheViewIsFreedWithIt() async throws {
    let store = Fixture.store()
    weak var kept: PanelView?
    let widgets = FinalizationCounter()
    let window = try XCTUnwrap(gtk_window_new())
    let gtkWindow = UnsafeMutablePointer<GtkWindow>(OpaquePointer(window))
    do {
      let view = try PanelView(panel: Fixture.panel(), store: store)
      kept = view
      widgets.watch(view.content)
      gtk_window_set_child(gtkWindow, UnsafeMutablePointer(view.gtkWidget))
    }
    gtk_window_present(gtkWindow)
    await settle()
    do {
      let flag = try XCTUnwrap(kept?.currentPage.rowView(path: "main/flag"), "the widget keeps the view")
      try store.write(true, for: Fixture.flag)
      await waitUntil("the view follows the store") { flag.subtitleText == "Flag is on" }
      flag.listRow.activate()
      XCTAssertEqual(store.value(for: Fixture.flag), false, "and writes it")
    }
    gtk_window_destroy(gtkWindow)
    await waitUntil("the view is freed with its window", timeout: 5) { kept == nil }
    await waitUntil("and so is its widget", timeout: 5) { widgets.finalized == 1 }
  }

  /// Settings GSettings keeps in memory only: the notice names the app, not Knobs.
  func testTheMemoryNoticeNamesTheApp() async throws {
    let store = GSettingsStore(
      source: SchemaSource(extraDirectories: [try GSettingsStoreTests.compiledSchemaDirectory()]))
    XCTAssertEqual(
      SettingsEnvironment.memoryNotice(store, schemas: [GSettingsStoreTests.schema], appName: "Pizza"),
      "Settings are kept in memory only, so changes won't be kept after Pizza closes.")
    XCTAssertNil(
      SettingsEnvironment.memoryNotice(store, schemas: ["org.example.not-installed"], appName: "Pizza"),
      "no notice when none of the app's schemas is installed: the panel check says so")
    let pizza = Panel("Pizza") {
      Section("toppings", "Toppings") {
        ToggleRow("bacon", "Bacon", key: SettingKey(schema: GSettingsStoreTests.schema, key: "flag"))
      }
    }
    let environment = SettingsEnvironment.make(
      appID: "org.example.Pizza", panel: pizza,
      schemaDirectories: [try GSettingsStoreTests.compiledSchemaDirectory()])
    XCTAssertEqual(
      environment.notice, "Settings are kept in memory only, so changes won't be kept after Pizza closes.")
  }
}

/// Row sources are connected to the view's store once, as the view is made: its check before it
/// is shown and the view itself read through that one connection.
@MainActor
final class RowSourceConnectionTests: GtkTestCase {
  /// A section's rows found at run time, counting the stores it is handed.
  private final class CountingSource: RowSource {
    var connections = 0
    let rows = [ToggleRow("found", "Found", key: Fixture.flag).row]
    func observeRows(_ handler: @escaping @MainActor () -> Void) -> Observation { Observation {} }
    func reload() {}
    var watchedFolders: [String] { [] }
    func connect(to store: any SettingsStore) -> (schema: String, store: any SettingsStore)? {
      connections += 1
      return nil
    }
  }

  func testAViewConnectsItsPanelsRowSourcesOnce() async throws {
    let source = CountingSource()
    let panel = Panel("Found") { Section("found", "Found", rows: source) }
    let view = try PanelView(panel: panel, store: Fixture.store())
    XCTAssertEqual(source.connections, 1)
    XCTAssertNotNil(view.currentPage.rowView(path: "found/found"))
    XCTAssertEqual(source.connections, 1)
  }
}
