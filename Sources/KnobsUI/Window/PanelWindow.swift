import FoundationEssentials
import Gtk
import KnobsModel

/// The window that shows a panel: a header bar with a back button, the page
/// title, a search button and a main menu, around the panel's ``PanelView``.
@MainActor
package final class PanelWindow {
  package let window: ApplicationWindow
  /// What the window shows: the panel's pages, search and in-window messages.
  package let view: PanelView
  private let backButton = Button(iconName: "go-previous-symbolic")
  private let titleLabel = Label()
  let searchButton = ToggleButton(toggleIconName: "system-search-symbolic")
  private let header = HeaderBar()
  /// The main menu, shown once it has an item.
  let menuButton = MenuButton(iconName: "open-menu-symbolic")
  private let menuColumn = Box(.vertical, spacing: 0)
  private(set) var menuItems: [(label: String, perform: @MainActor () -> Void)] = []
  private let windowState: WindowState?
  /// Whether the window opens maximized (GTK says so only once it is shown).
  private var opensMaximized = false

  /// - Parameters:
  ///   - store: where settings are kept, the panel's row sources already connected to it (`Panel.connectRowSources(to:)`).
  ///   - windowSettings: Knobs' own schema, where the window size is remembered; nil to not remember it.
  ///   - opener: how URIs are handed to the system (tests pass a recorder).
  init(
    application: Application, panel: Panel, store: any SettingsStore, windowSettings: Settings?,
    opener: @escaping Launcher.Opener
  ) {
    window = ApplicationWindow(application: application)
    view = PanelView(panel: panel, store: store, showsHeader: false, opener: opener)
    windowState = windowSettings.map(WindowState.init)
    window.title = view.rootPanel.title
    window.setDefaultSize(width: WindowState.defaultWidth, height: WindowState.defaultHeight)
    opensMaximized = windowState?.restore(window) ?? false
    view.hostWindow = window
    view.heightBeforeShown = { [weak self] in
      guard let self else { return Int(WindowState.defaultHeight) }
      // A maximized window is as tall as the screen, which GTK 4.8 tells only once it is shown.
      return self.opensMaximized ? 2160 : Int(self.window.defaultSize.height)
    }
    view.onReveal = { [weak self] in self?.window.present() }
    view.onPageChanged = { [weak self] in self?.updateHeader() }
    buildChrome()
    updateHeader()
    installActions()
  }

  /// The store the window reads and writes (``PanelView/store``).
  package var store: any SettingsStore { view.store }
  /// The panel as shown (``PanelView/rootPanel``).
  package var rootPanel: Panel { view.rootPanel }
  /// The All Settings pages, where `schema/ID/KEY` paths lead; nil for a panel without them.
  package var schemaPages: AllSettings? {
    get { view.schemaPages }
    set { view.schemaPages = newValue }
  }
  /// Where the desktop's keybindings are described, for shortcut conflicts; nil to check none.
  package var keybindingSchemas: (any SchemaLibrary)? {
    get { view.keybindingSchemas }
    set { view.keybindingSchemas = newValue }
  }
  /// Where the values of GSettings keys come from (`PanelView.provenance`).
  package var provenance: (any ProvenanceReading)? {
    get { view.provenance }
    set { view.provenance = newValue }
  }
  /// The keybindings of the installed keybinding schemas, read when first needed.
  package var keybindings: KeybindingIndex? { view.keybindings }

  package convenience init(
    application: Application, panel: Panel, store: any SettingsStore, windowSettings: Settings?
  ) {
    self.init(
      application: application, panel: panel, store: store, windowSettings: windowSettings,
      opener: URILauncher.open)
  }

  private func buildChrome() {
    backButton.setAccessibleLabel(tr("Back"))
    backButton.tooltip = tr("Back")
    backButton.onClick { [weak self] in self?.view.goBack() }
    header.packStart(backButton)
    titleLabel.addCSSClass("title")
    // Cut with an ellipsis to what the header bar has room for: a long title (a relocatable
    // schema's id and folder) asking for its whole width would widen the window for good.
    // The whole title stays the label's text (what screen readers say) and is its tooltip.
    titleLabel.ellipsizesEnd = true
    header.setTitleWidget(titleLabel)
    searchButton.setAccessibleLabel(tr("Search"))
    searchButton.tooltip = tr("Search (Ctrl+F)")
    menuButton.setAccessibleLabel(tr("Main Menu"))
    menuButton.tooltip = tr("Main Menu")
    _ = menuButton.setPopover(child: menuColumn)
    menuButton.isVisible = false
    header.packEnd(menuButton)
    header.packEnd(searchButton)
    window.setTitlebar(header)
    window.setChild(view.content)
    view.search.bar.bind(to: searchButton)
    // Typing anywhere in the window searches, and Escape goes back from the header bar too.
    view.captureSearchKeys(from: window)
    let keys = KeyController()
    keys.onKeyPressed { [weak self] key in self?.view.handleKey(key) ?? false }
    window.add(keys)
    // Options found at run time (installed themes) are looked for again when the
    // user comes back, say after installing a theme.
    // Schemas removed meanwhile (an extension uninstalled) are noticed then too,
    // in case their folder could not be watched.
    // Not on the first activation, as the window opens: everything was just read.
    var hasBeenActive = false
    window.onBecameActive { [weak self] in
      guard hasBeenActive else {
        hasBeenActive = true
        return
      }
      self?.view.lookAgain()
    }
    window.onCloseRequest { [weak self] in
      guard let self else { return false }
      self.windowState?.save(self.window)
      // An open menu's surface must not outlive the window's.
      self.menuButton.popdown()
      return false
    }
  }

  /// Adds an item to the window's main menu, a button at the end of the header bar that
  /// appears with its first item. `label` ends in “…” when the item asks something first.
  package func addMenuItem(_ label: String, perform: @escaping @MainActor () -> Void) {
    menuButton.isVisible = true
    // F10 opens this menu (`win.show-menu`), not GTK's search for a menu bar.
    window.handlesMenuBarKey = false
    // Started at the left, as menus are.
    let text = Label(label)
    text.xAlign = 0
    let item = Button(child: text)
    item.setAccessibleLabel(label)
    item.hasFrame = false
    item.addCSSClass("knobs-menu-item")
    item.onClick { [weak self] in
      self?.menuButton.popdown()
      perform()
    }
    menuColumn.append(item)
    menuItems.append((label, perform))
  }

  private func installActions() {
    let close = SimpleAction(name: "close")
    close.onActivate { [weak self] _ in self?.window.close() }
    window.addAction(close)
    let find = SimpleAction(name: "search")
    find.onActivate { [weak self] _ in self?.view.isSearching = true }
    window.addAction(find)
    let menu = SimpleAction(name: "show-menu")
    menu.onActivate { [weak self] _ in
      guard let self, self.menuButton.isVisible else { return }
      self.menuButton.popup()
    }
    window.addAction(menu)
    let back = SimpleAction(name: "back")
    back.onActivate { [weak self] _ in self?.view.goBack() }
    window.addAction(back)
  }

  /// Shows the window with the keyboard focus on the first row, where a
  /// keyboard user starts (GTK would otherwise focus the search button).
  package func present() {
    let isFirstShow = !window.isDrawable
    window.present()
    guard isFirstShow else { return }
    view.currentPage.focusFirstRow()
    // The search index is built by the first search (SearchController): a window nobody
    // searches in keeps none. The start's passing allocations go back after the first frame (PanelView).
  }

  private func updateHeader() {
    backButton.isVisible = view.canGoBack
    let title = view.pageTitle
    titleLabel.text = title
    // A title that may be cut is whole in the tooltip. Short ones set none: a new tooltip
    // costs a round trip to the display, and the first page's would delay the first frame.
    let tooltip = title.count > Self.titleFitsEverywhere ? title : nil
    if titleLabel.tooltip != tooltip { titleLabel.tooltip = tooltip }
  }

  var pageTitle: String { titleLabel.text }

  /// The most characters of a title the header bar shows whole in the narrowest window (360 pixels).
  static let titleFitsEverywhere = 20

  /// What the header bar's title shows when a pointer rests on it: the whole title when it may be cut.
  var pageTitleTooltip: String? { titleLabel.tooltip }

  /// Opens search with `text` typed and shows the results at once, without the
  /// entry's typing delay; returns how many rows are listed. For Knobs' search provider
  /// (the Shell's “search in the app”), the benchmarks and the tests: not an app's API.
  @discardableResult
  package func showSearchResults(for text: String) -> Int { view.showSearchResults(for: text) }

  /// Leaves search for the page it was opened on.
  package func endSearch() { view.search.end() }

  /// Opens the window at the row (or section) at `path`, as ``PanelView/open(_:)`` does.
  @discardableResult
  package func open(_ path: RowPath) -> Bool { view.open(path) }

  /// Shows a lasting notice at the top of the window (e.g. settings won't be kept).
  package func showNotice(_ text: String) { view.showNotice(text) }
  /// Hides the notice `showNotice` showed.
  package func hideNotice() { view.hideNotice() }

  // The view's parts, as the window's tests and the app reach them.
  var search: SearchController { view.search }
  var currentPage: PageView { view.currentPage }
  var pages: [PageView] { view.pages }
  var stack: Stack { view.stack }
  var toast: Toast { view.toast }
  var banner: Banner { view.banner }
  var showsCurrentPage: Bool { view.showsCurrentPage }
  var textDialog: TextDialog? { view.textDialog }
  var chooser: ApplicationChooser? { view.chooser }
  var pendingDialog: ConfirmDialog? { view.pendingDialog }
  var burstPasses: Int { view.burstPasses }
  func goBack() { view.goBack() }
  func popToRoot() { view.popToRoot() }
  func returnFreeMemory(after seconds: Double = 2) { view.returnFreeMemory(after: seconds) }
  func showMessage(_ message: String, actions: [ToastAction]) { view.showMessage(message, actions: actions) }
}
