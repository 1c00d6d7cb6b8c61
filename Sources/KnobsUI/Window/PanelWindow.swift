import FoundationEssentials
import Gtk
import KnobsModel

/// The window that shows a panel: a header bar with a back button, the page
/// title and a search button; pages that slide in from detail rows; in-window
/// messages. It updates in place whenever a setting changes.
@MainActor
public final class PanelWindow: PageHost {
  public let window: ApplicationWindow
  public let store: any SettingsStore
  /// The panel as shown: rows found at run time (startup apps) as they are now.
  public private(set) var rootPanel: Panel
  let stack = Stack()
  private(set) var pages: [PageView] = []
  /// Pages sliding out after Back, removed from the stack once the slide is over.
  private var leavingPages: [PageView] = []
  private let backButton = Button(iconName: "go-previous-symbolic")
  private let titleLabel = Label()
  let searchButton = ToggleButton(toggleIconName: "system-search-symbolic")
  private let header = HeaderBar()
  /// The main menu, shown once it has an item.
  let menuButton = MenuButton(iconName: "open-menu-symbolic")
  private let menuColumn = Box(.vertical, spacing: 0)
  private(set) var menuItems: [(label: String, perform: @MainActor () -> Void)] = []
  let toast = Toast()
  let banner = Banner()
  private let launcher: Launcher
  private var observation: Observation?
  private var dialog: ConfirmDialog?
  var chooser: ApplicationChooser?
  /// The open question asking for text, if any (a folder to open a relocatable schema at, say).
  var textDialog: TextDialog?
  /// The open file chooser an action asked for, if any.
  var fileChooser: FileChooser?
  /// Store changes heard in this turn of the main loop, and those of a burst waiting for its end.
  private var changesThisTurn = 0
  private var burstKeys: Set<SettingKey> = []
  private var burstCoversAll = false
  /// How many bursts were refreshed in one pass (for tests).
  private(set) var burstPasses = 0
  private var rowSourceObservations: [Observation] = []
  private var folderMonitors: [FileMonitor] = []
  private let pendingReload = MainLoopTimer()
  private let pendingSchemaCheck = MainLoopTimer()
  private let pendingMemoryReturn = MainLoopTimer()
  private let windowState: WindowState?
  /// Whether the window opens maximized (GTK says so only once it is shown).
  private var opensMaximized = false
  /// The All Settings pages, where `schema/ID/KEY` paths lead; nil for a panel without them.
  public var schemaPages: AllSettings?
  /// Where the desktop's keybindings are described, for shortcut conflicts; nil to check none.
  public var keybindingSchemas: (any SchemaLibrary)? {
    didSet { cachedKeybindings = nil }
  }
  private var cachedKeybindings: KeybindingIndex?
  /// Search state; see PanelWindow+Search.
  var search: SearchController!

  /// - Parameters:
  ///   - store: where settings are kept; keys of rows found at run time that have a store of their own go there.
  ///   - windowSettings: Knobs' own schema, where the window size is remembered; nil to not remember it.
  ///   - opener: how URIs are handed to the system (tests pass a recorder).
  init(
    application: Application, panel: Panel, store: any SettingsStore, windowSettings: Settings?,
    opener: @escaping Launcher.Opener
  ) {
    window = ApplicationWindow(application: application)
    // A panel with a translation domain is shown in the user's language.
    let panel = panel.translated()
    // Keys of found rows with a store of their own (the autostart folder) go there.
    self.store = panel.routing(store)
    rootPanel = panel.withFoundRows()
    launcher = Launcher(opener: opener)
    windowState = windowSettings.map(WindowState.init)
    window.title = panel.title
    window.setDefaultSize(width: WindowState.defaultWidth, height: WindowState.defaultHeight)
    opensMaximized = windowState?.restore(window) ?? false
    search = SearchController(host: self)
    buildChrome()
    push(PageView(page: rootPanel, path: "", host: self), animated: false)
    observation = self.store.observe { [weak self] key in self?.refresh(changed: key) }
    installActions()
    watchRowSources()
    watchSchemaFolders()
  }

  /// Notices a schema removed while the window is open (an extension uninstalled,
  /// a package removed): its rows say it is no longer installed.
  private func watchSchemaFolders() {
    for folder in Set(store.capabilities.schemaFolders) where LocalFiles.exists(folder) {
      guard let monitor = FileMonitor(folder: folder) else { continue }
      monitor.onChange { [weak self] in self?.scheduleSchemaCheck() }
      folderMonitors.append(monitor)
    }
  }

  private func scheduleSchemaCheck() {
    pendingSchemaCheck.schedule(after: 0.2) { [weak self] in
      _ = self?.store.capabilities.recheckSchemas?()
    }
  }

  /// Follows rows found at run time: their sources' announcements, and changes
  /// to the folders they read (made by other programs), a moment after the last one.
  private func watchRowSources() {
    let sources = rootPanel.rowSources
    rowSourceObservations = sources.map { $0.observeRows { [weak self] in self?.foundRowsChanged() } }
    for folder in Set(sources.flatMap(\.watchedFolders)) {
      guard let monitor = FileMonitor(folder: folder) else { continue }
      monitor.onChange { [weak self] in self?.scheduleReload() }
      folderMonitors.append(monitor)
    }
  }

  private func scheduleReload() {
    pendingReload.schedule(after: 0.15) { [weak self] in
      self?.rootPanel.rowSources.forEach { $0.reload() }
    }
  }

  /// Shows the rows the sources found now, on every open page and in search.
  func foundRowsChanged() {
    rootPanel = rootPanel.withFoundRows()
    let settings = SettingsReader(store)
    pages.forEach { $0.reloadFoundRows(settings) }
    search.panelChanged()
  }

  /// The keybindings of the installed keybinding schemas, read when first needed.
  public var keybindings: KeybindingIndex? {
    if let cachedKeybindings { return cachedKeybindings }
    guard let keybindingSchemas else { return nil }
    let index = KeybindingIndex(library: keybindingSchemas).named(by: rootPanel)
    cachedKeybindings = index
    return index
  }

  public convenience init(
    application: Application, panel: Panel, store: any SettingsStore, windowSettings: Settings?
  ) {
    self.init(
      application: application, panel: panel, store: store, windowSettings: windowSettings,
      opener: URILauncher.open)
  }

  private func buildChrome() {
    backButton.setAccessibleLabel(tr("Back"))
    backButton.tooltip = tr("Back")
    backButton.onClick { [weak self] in self?.goBack() }
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

    let content = Box(.vertical)
    content.append(banner.container)
    content.append(search.bar)
    stack.expandsVertically = true
    let overlay = Overlay()
    overlay.setChild(stack)
    overlay.addOverlay(toast.container)
    overlay.setAccessibleLabel(rootPanel.title)
    overlay.expandsVertically = true
    content.append(overlay)
    window.setChild(content)
    search.bar.bind(to: searchButton)
    search.bar.captureKeys(from: window)
    // Typing in a row's field must reach the field: GTK 4.8's search bar takes
    // the keys of some fields (a spin button's) for itself.
    window.onFocusChanged { [weak self] in
      guard let self else { return }
      if self.window.isFocusInTextField {
        self.search.bar.stopCapturingKeys()
      } else {
        self.search.bar.captureKeys(from: self.window)
      }
    }
    window.onDestroy { [weak self] in self?.search.bar.stopCapturingKeys() }

    let keys = KeyController()
    keys.onKeyPressed { [weak self] key in self?.handleKey(key) ?? false }
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
      _ = self?.store.capabilities.recheckSchemas?()
      self?.reloadFoundOptions()
      self?.rootPanel.rowSources.forEach { $0.reload() }
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
  public func addMenuItem(_ label: String, perform: @escaping @MainActor () -> Void) {
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
    find.onActivate { [weak self] _ in self?.search.begin() }
    window.addAction(find)
    let menu = SimpleAction(name: "show-menu")
    menu.onActivate { [weak self] _ in
      guard let self, self.menuButton.isVisible else { return }
      self.menuButton.popup()
    }
    window.addAction(menu)
    let back = SimpleAction(name: "back")
    back.onActivate { [weak self] _ in self?.goBack() }
    window.addAction(back)
  }

  private func handleKey(_ key: Key) -> Bool {
    if key.isEscape {
      if search.isActive { search.end(); return true }
      if pages.count > 1 { goBack(); return true }
      return false
    }
    if key.alt && key.isLeft && pages.count > 1 {
      goBack()
      return true
    }
    return false
  }

  /// Shows the window with the keyboard focus on the first row, where a
  /// keyboard user starts (GTK would otherwise focus the search button).
  public func present() {
    let isFirstShow = !window.isDrawable
    window.present()
    guard isFirstShow else { return }
    currentPage.focusFirstRow()
    // The search index is built by the first search (SearchController): a window nobody
    // searches in keeps none.
    // The start's passing allocations (reading schemas, checking the panel) are freed a moment
    // after the first frame, but the C library keeps their pages: they go back then.
    window.afterNextFrame { [weak self] in self?.returnFreeMemory(after: 1.5) }
  }

  /// Gives freed memory back to the system once the window has been quiet for `seconds`:
  /// after the start, a page left, a search ended.
  func returnFreeMemory(after seconds: Double = 2) {
    pendingMemoryReturn.schedule(after: seconds) {
      runWhenIdle { FreeMemory.giveBack() }
    }
  }

  /// Brings every open page and the search results up to date with the settings; with
  /// `changed`, only what shows that key.
  func refresh(changed key: SettingKey? = nil) {
    changesThisTurn += 1
    if changesThisTurn == 1 {
      runOnMainLoop(after: 0, priority: .idle) { [weak self] in self?.endOfTurn() }
    }
    guard changesThisTurn > Self.burstThreshold else { return refreshNow(changed: key) }
    if let key { burstKeys.insert(key) } else { burstCoversAll = true }
  }

  /// Changes heard in one turn of the main loop beyond which the rest wait for its end: a
  /// burst (another program loading thousands of keys) is then refreshed in one pass, and the
  /// search results run once, not once a key.
  static let burstThreshold = 8
  /// More keys than this in a burst refresh every row once rather than key by key.
  static let burstKeysForWholeRefresh = 64

  /// The loop has nothing more pressing: the burst, if any, is over.
  private func endOfTurn() {
    changesThisTurn = 0
    guard burstCoversAll || !burstKeys.isEmpty else { return }
    let keys = burstKeys
    let all = burstCoversAll || keys.count > Self.burstKeysForWholeRefresh
    burstKeys = []
    burstCoversAll = false
    burstPasses += 1
    if all { return refreshNow(changed: nil) }
    let settings = SettingsReader(store)
    for key in keys { pages.forEach { $0.refresh(settings, changed: key) } }
    search.refresh()
  }

  private func refreshNow(changed key: SettingKey?) {
    let settings = SettingsReader(store)
    pages.forEach { $0.refresh(settings, changed: key) }
    search.refresh()
  }

  private func reloadFoundOptions() {
    let settings = SettingsReader(store)
    for row in pages.flatMap(\.builtRows) {
      (row.editor as? ChoiceEditor)?.reloadOptions(settings)
    }
  }

  // MARK: Navigation

  var currentPage: PageView { pages[pages.count - 1] }
  /// Whether the stack shows the current page (and not a view of it still sliding out).
  var showsCurrentPage: Bool { stack.isShowing(currentPage.scroller) }

  private func push(_ page: PageView, animated: Bool) {
    // The same page opened again while its last view still slides out: that view goes now, as the
    // stack names each page by its path.
    for leaving in leavingPages where leaving.path == page.path { stack.remove(leaving.scroller) }
    leavingPages.removeAll { $0.path == page.path }
    pages.append(page)
    stack.addNamed(page.scroller, name: page.path.isEmpty ? "root" : page.path.description, title: page.page.title)
    stack.show(page.scroller, transition: animated ? .slideLeft : .none)
    updateHeader()
  }

  func openDetail(_ page: Panel, path: RowPath) {
    if search.isActive { search.end(restoring: false) }
    let view = PageView(page: page.preparingFoundRows(), path: path, host: self)
    push(view, animated: true)
    view.focusFirstRow()
  }

  /// Returns to the previous page, focusing the row that opened the page left.
  func goBack() {
    guard pages.count > 1 else { return }
    let leaving = pages.removeLast()
    stack.show(currentPage.scroller, transition: .slideRight)
    updateHeader()
    let page = currentPage
    if let address = page.address(of: leaving.path) { Task { await page.focus(address) } }
    leavingPages.append(leaving)
    runOnMainLoop(after: 0.4) { [weak self, stack] in
      guard let self, self.leavingPages.contains(where: { $0 === leaving }) else { return }
      self.leavingPages.removeAll { $0 === leaving }
      stack.remove(leaving.scroller)
      self.returnFreeMemory()
    }
  }

  /// Returns to the first page at once.
  func popToRoot() {
    while pages.count > 1 {
      let leaving = pages.removeLast()
      stack.remove(leaving.scroller)
    }
    returnFreeMemory()
    stack.show(currentPage.scroller, transition: .none)
    updateHeader()
  }

  func pushWithoutAnimation(_ page: Panel, path: RowPath) {
    push(PageView(page: page.preparingFoundRows(), path: path, host: self), animated: false)
  }

  private func updateHeader() {
    backButton.isVisible = pages.count > 1
    let title = currentPage.page.title
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
  /// entry's typing delay; returns how many rows are listed. For benchmarks.
  @discardableResult
  public func showSearchResults(for text: String) -> Int {
    search.show(text: text)
    return search.resultCount
  }

  /// Leaves search for the page it was opened on.
  public func endSearch() { search.end() }

  // MARK: Host

  var parentWindow: Window? { window }

  var expectedPageHeight: Int {
    if window.isDrawable { return Int(window.allocatedHeight) }
    // A maximized window is as tall as the screen, which GTK 4.8 tells only once it is shown.
    return opensMaximized ? 2160 : Int(window.defaultSize.height)
  }

  func launch(_ row: Row, path: RowPath, from widget: Widget) {
    launcher.launch(row, path: path, from: widget) { [weak self] message, actions in
      self?.showMessage(message, actions: actions)
    }
  }

  func runAction(_ action: Row.Action, title: String) {
    let run: @MainActor () -> Void = { [weak self] in
      guard let self else { return }
      let context = ActionContext(store: self.store, panel: self.rootPanel, presenter: self)
      if let undo = action.perform(context) {
        self.showMessage(undo.message, actions: [ToastAction(label: tr("Undo"), perform: undo.perform)])
      }
    }
    guard let confirmation = action.confirmation else { return run() }
    let dialog = ConfirmDialog(confirmation, destructive: action.isDestructive, parent: window, onConfirm: run)
    self.dialog = dialog
    // Not the window's destroy signal: it comes only when the dialog is freed,
    // which may be while `self.dialog` is being replaced.
    dialog.onFinish = { [weak self, weak dialog] in
      if self?.dialog === dialog { self?.dialog = nil }
    }
    dialog.present()
  }

  /// The confirmation being asked, if any.
  var pendingDialog: ConfirmDialog? { dialog }

  func showMessage(_ message: String, actions: [ToastAction]) {
    toast.show(message, actions: actions)
  }

  /// Shows a lasting notice at the top of the window (e.g. settings won't be kept).
  public func showNotice(_ text: String) { banner.show(text) }
  /// Hides the notice `showNotice` showed.
  public func hideNotice() { banner.hide() }
}
