import FoundationEssentials
import Gtk
import KnobsModel

/// A panel as a widget, for an app's own GTK 4 window or preferences dialog: its pages, rows,
/// search and deep links, updated in place whenever a setting changes, without Knobs' window.
///
/// ```swift
/// let view = try PanelView(panel: panel)
/// gtk_window_set_child(window, UnsafeMutablePointer(view.gtkWidget))
/// ```
///
/// The view checks the panel against its store first, as ``PanelApplication`` does, and throws
/// ``Problems`` instead of showing a panel with mistakes. It draws a header of its own (Back, the
/// page's title, Search); with `showsHeader: false` the host's header shows ``pageTitle`` and
/// calls ``goBack()`` and ``isSearching`` instead, told of every change by ``onPageChanged``.
/// Typing in the view searches, Escape or Alt+Left goes back, and every row has its path
/// (``open(_:)``). It needs the app's GTK main loop running (a `GtkApplication`'s).
@MainActor
public final class PanelView: PageHost {
  /// What the host puts in its window.
  let content = Box(.vertical)
  /// The store the view reads and writes: the one it was given, with the keys of rows found at
  /// run time that have a store of their own routed there.
  public let store: any SettingsStore
  /// The panel as shown: rows found at run time (startup apps) as they are now.
  public private(set) var rootPanel: Panel
  let stack = Stack()
  private(set) var pages: [PageView] = []
  /// Pages sliding out after Back, removed from the stack once the slide is over.
  private var leavingPages: [PageView] = []
  /// The view's own header, unless the host shows one.
  let header: Header?
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
  /// Where typing opens search: the view, or the window around it (`captureSearchKeys`).
  private var searchKeySource: Widget?
  private var isFollowingFocus = false
  private var hasBeenMapped = false
  /// The All Settings pages, where `schema/ID/KEY` paths lead; nil for a panel without them.
  public var schemaPages: AllSettings?
  /// Where the desktop's keybindings are described, for shortcut conflicts; nil to check none.
  public var keybindingSchemas: (any SchemaLibrary)? {
    didSet { cachedKeybindings = nil }
  }
  /// Where the values of GSettings keys come from, for locked rows' subtitles, the context
  /// menu's "Where This Value Comes From" and what Reset gives; nil to say nothing of it.
  /// Nothing is read until a row asks.
  public var provenance: (any ProvenanceReading)?
  private var cachedKeybindings: KeybindingIndex?
  /// Search state; see SearchController.
  var search: SearchController!
  /// Runs whenever the page shown changes, for a host's header: ``pageTitle`` and ``canGoBack``.
  public var onPageChanged: (@MainActor () -> Void)?
  /// The window dialogs open over, when the host says which (else the one the view is in).
  var hostWindow: Window?
  /// How tall the page's list will be before the view is shown, when the host knows better.
  var heightBeforeShown: (() -> Int)?
  /// Runs when a deep link shows a row: the host brings its window forward.
  var onReveal: (() -> Void)?

  /// Problems that keep a panel from being shown: mistakes in its declaration, or keys its store lacks.
  public struct Problems: Error, CustomStringConvertible {
    /// Each problem with the path of the row it is in.
    public let problems: [PanelProblem]

    /// One problem a line, with the row's path.
    public var description: String {
      ([
        trn("the settings panel has %d problem:", "the settings panel has %d problems:", problems.count, problems.count)
      ]
        + problems.map { "  \($0)" }).joined(separator: "\n")
    }
  }

  /// Checks `panel` against `store` and makes its view.
  ///
  /// - Parameters:
  ///   - panel: the settings, declared.
  ///   - store: where they are kept; nil for GSettings (the schemas the system has installed, and
  ///     those in `GSETTINGS_SCHEMA_DIR`). A bound key the store lacks is a problem.
  ///   - showsHeader: whether the view draws its own Back button, title and Search button; false
  ///     when the host's header bar shows them.
  /// - Throws: ``Problems`` when the panel has mistakes or does not fit the store.
  public convenience init(panel: Panel, store: (any SettingsStore)? = nil, showsHeader: Bool = true) throws(Problems) {
    var notice: String?
    let chosen: any SettingsStore
    if let store {
      chosen = store
    } else {
      let gsettings = GSettingsStore(source: SchemaSource())
      notice = SettingsEnvironment.memoryNotice(gsettings, schemas: panel.boundKeys.map(\.schema), appName: panel.title)
      chosen = gsettings
    }
    let problems = panel.validate(against: panel.routing(chosen), checks: ValidationChecks(requiresKeys: true))
    guard problems.isEmpty else { throw Problems(problems: problems) }
    // Tasks the rows start run on GLib's loop, and the rows need Knobs' look.
    MainLoopBridge.install()
    Stylesheet.install()
    self.init(panel: panel, store: chosen, showsHeader: showsHeader, opener: URILauncher.open)
    // Where each GSettings value comes from: the modified mark then means a value of the user's own.
    provenance = (chosen.capabilities.schemaLibrary as? GSettingsStore).map(DconfProvenance.init)
    if let notice { showNotice(notice) }
  }

  /// - Parameters:
  ///   - store: where settings are kept; keys of rows found at run time that have a store of their own go there.
  ///   - opener: how URIs are handed to the system (tests pass a recorder).
  init(panel: Panel, store: any SettingsStore, showsHeader: Bool, opener: @escaping Launcher.Opener) {
    // A panel with a translation domain is shown in the user's language.
    let panel = panel.translated()
    // Keys of found rows with a store of their own (the autostart folder) go there.
    self.store = panel.routing(store)
    rootPanel = panel.withFoundRows()
    launcher = Launcher(opener: opener)
    header = showsHeader ? Header() : nil
    search = SearchController(host: self)
    buildContent()
    push(PageView(page: rootPanel, path: "", host: self), animated: false)
    observation = self.store.observe { [weak self] key in self?.refresh(changed: key) }
    watchRowSources()
    watchSchemaFolders()
  }

  /// The view as a `GtkWidget*`, for a window built with GTK's C API or other bindings. The view
  /// keeps the widget alive; the widget does not keep the view: keep this object as long as it shows.
  public var gtkWidget: OpaquePointer { content.gtkWidgetPointer }

  /// The view's own header: Back, the page's title and Search, above the page.
  @MainActor
  struct Header {
    let bar = Box(.horizontal, spacing: 6)
    let backButton = Button(iconName: "go-previous-symbolic")
    let title = Label()
    let searchButton = ToggleButton(toggleIconName: "system-search-symbolic")
  }

  private func buildContent() {
    if let header {
      header.bar.setMargins(top: 6, bottom: 6, start: 6, end: 6)
      header.backButton.setAccessibleLabel(tr("Back"))
      header.backButton.tooltip = tr("Back")
      header.backButton.onClick { [weak self] in self?.goBack() }
      header.title.addCSSClass("heading")
      header.title.ellipsizesEnd = true
      header.title.expandsHorizontally = true
      header.searchButton.setAccessibleLabel(tr("Search"))
      header.searchButton.tooltip = tr("Search (Ctrl+F)")
      [header.backButton, header.title, header.searchButton].forEach(header.bar.append)
      content.append(header.bar)
      search.bar.bind(to: header.searchButton)
    }
    content.append(banner.container)
    content.append(search.bar)
    stack.expandsVertically = true
    let overlay = Overlay()
    overlay.setChild(stack)
    overlay.addOverlay(toast.container)
    overlay.setAccessibleLabel(rootPanel.title)
    overlay.expandsVertically = true
    content.append(overlay)
    captureSearchKeys(from: content)
    let keys = KeyController()
    keys.onKeyPressed { [weak self] key in self?.handleKey(key) ?? false }
    content.add(keys)
    content.onMap { [weak self] in self?.mapped() }
  }

  /// Typing in `source` (the view, or the window around it) opens search, except in a row's
  /// text field: GTK 4.8's search bar takes the keys of some fields (a spin button's) for itself.
  func captureSearchKeys(from source: Widget) {
    searchKeySource = source
    search.bar.captureKeys(from: source)
    source.onDestroy { [weak self] in self?.search.bar.stopCapturingKeys() }
  }

  private func mapped() {
    if let window = content.rootWindow, !isFollowingFocus {
      isFollowingFocus = true
      window.onFocusChanged { [weak self] in self?.focusChanged() }
    }
    guard hasBeenMapped else {
      hasBeenMapped = true
      _ = content.afterNextFrame { [weak self] in self?.returnFreeMemory(after: 1.5) }
      return
    }
    lookAgain()
  }

  private func focusChanged() {
    guard let source = searchKeySource else { return }
    if content.rootWindow?.isFocusInTextField == true {
      search.bar.stopCapturingKeys()
    } else {
      search.bar.captureKeys(from: source)
    }
  }

  /// Looks again at what may have changed while the user was away: options found at run time
  /// (installed themes), schemas removed (an extension uninstalled) and rows found by sources.
  func lookAgain() {
    _ = store.capabilities.recheckSchemas?()
    reloadFoundOptions()
    rootPanel.rowSources.forEach { $0.reload() }
  }

  /// Notices a schema removed while the view is shown (an extension uninstalled,
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

  /// Escape ends search or goes back, as Alt+Left does.
  func handleKey(_ key: Key) -> Bool {
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

  /// Gives freed memory back to the system once the view has been quiet for `seconds`:
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

  /// The title of the page shown: the panel's on its first page, a detail row's on the page it opens.
  public var pageTitle: String { currentPage.page.title }

  /// Whether a page opened from a detail row is shown, so that ``goBack()`` has somewhere to go.
  public var canGoBack: Bool { pages.count > 1 }

  /// Whether search is open. Setting it opens search with the keyboard in its entry, or closes it.
  public var isSearching: Bool {
    get { search.isActive }
    set { newValue ? search.begin() : search.end() }
  }

  private func push(_ page: PageView, animated: Bool) {
    // The same page opened again while its last view still slides out: that view goes now, as the
    // stack names each page by its path.
    for leaving in leavingPages where leaving.path == page.path { stack.remove(leaving.scroller) }
    leavingPages.removeAll { $0.path == page.path }
    pages.append(page)
    stack.addNamed(page.scroller, name: page.path.isEmpty ? "root" : page.path.description, title: page.page.title)
    stack.show(page.scroller, transition: animated ? .slideLeft : .none)
    pageChanged()
  }

  func openDetail(_ page: Panel, path: RowPath) {
    if search.isActive { search.end(restoring: false) }
    let view = PageView(page: page.preparingFoundRows(), path: path, host: self)
    push(view, animated: true)
    view.focusFirstRow()
  }

  /// Returns to the previous page, focusing the row that opened the page left.
  public func goBack() {
    guard pages.count > 1 else { return }
    let leaving = pages.removeLast()
    stack.show(currentPage.scroller, transition: .slideRight)
    pageChanged()
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
    let wasOnRoot = pages.count == 1
    while pages.count > 1 {
      let leaving = pages.removeLast()
      stack.remove(leaving.scroller)
    }
    returnFreeMemory()
    stack.show(currentPage.scroller, transition: .none)
    if !wasOnRoot { pageChanged() }
  }

  func pushWithoutAnimation(_ page: Panel, path: RowPath) {
    push(PageView(page: page.preparingFoundRows(), path: path, host: self), animated: false)
  }

  private func pageChanged() {
    if let header {
      header.backButton.isVisible = canGoBack
      header.title.text = pageTitle
    }
    onPageChanged?()
  }

  /// Opens search with `text` typed and shows the results at once, without the
  /// entry's typing delay; returns how many rows are listed.
  @discardableResult
  func showSearchResults(for text: String) -> Int {
    search.show(text: text)
    return search.resultCount
  }

  // MARK: Host

  /// The window the view is in, which its dialogs open over.
  var parentWindow: Window? { hostWindow ?? content.rootWindow }

  var expectedPageHeight: Int {
    if content.isDrawable { return Int(content.allocatedHeight) + Stylesheet.minimumHeaderBarHeight }
    if let heightBeforeShown { return heightBeforeShown() }
    if let window = content.rootWindow, window.defaultSize.height > 0 { return Int(window.defaultSize.height) }
    return Int(WindowState.defaultHeight)
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
    let dialog = ConfirmDialog(confirmation, destructive: action.isDestructive, parent: parentWindow, onConfirm: run)
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

  /// Shows a lasting notice at the top of the view (e.g. settings won't be kept).
  public func showNotice(_ text: String) { banner.show(text) }
  /// Hides the notice `showNotice` showed.
  public func hideNotice() { banner.hide() }
}
