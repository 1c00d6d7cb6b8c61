import FoundationEssentials
import Gtk
import KnobsModel

/// A panel as a widget, for an app's own GTK 4 window or preferences dialog: its pages, rows,
/// search and deep links, updated in place whenever a setting changes, without Knobs' window.
///
/// ```swift
/// let view = try PanelView(panel: panel)
/// gtk_window_set_child(window, UnsafeMutablePointer(view.gtkWidget))  // the widget keeps the view
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
  public internal(set) var rootPanel: Panel
  let stack = Stack()
  var pages: [PageView] = []
  /// Pages sliding out after Back, removed from the stack once the slide is over.
  var leavingPages: [PageView] = []
  /// The view's own header, unless the host shows one.
  let header: Header?
  let toast = Toast()
  let banner = Banner()
  private let launcher: Launcher
  private var observation: Observation?
  /// The dialog open over the view, if any: one at a time (``present(_:)``).
  private(set) var openDialog: Dialog?
  /// A dialog waiting for the open one, which asks about a typed value, to be answered.
  private(set) var waitingDialog: Dialog?
  /// The open file chooser an action asked for, if any.
  var fileChooser: FileChooser?
  /// Store changes heard in this turn of the main loop, and those of a burst waiting for its end.
  var changesThisTurn = 0
  var burstKeys: Set<SettingKey> = []
  var burstCoversAll = false
  /// How many bursts were refreshed in one pass (for tests).
  var burstPasses = 0
  var rowSourceObservations: [Observation] = []
  var folderMonitors: [FileMonitor] = []
  let pendingReload = MainLoopTimer()
  let pendingSchemaCheck = MainLoopTimer()
  let pendingMemoryReturn = MainLoopTimer()
  /// Where typing opens search: the view, or the window around it (`captureSearchKeys`).
  private weak var searchKeySource: Widget?
  private var isFollowingFocus = false
  private var hasBeenMapped = false
  /// The All Settings pages, where `schema/ID/KEY` paths lead; nil for a panel without them.
  package var schemaPages: AllSettings?
  /// Where the desktop's keybindings are described, for shortcut conflicts; nil to check none.
  public var keybindingSchemas: (any SchemaLibrary)? {
    didSet { cachedKeybindings = nil }
  }
  /// Where the values of GSettings keys come from, for locked rows' subtitles, the context
  /// menu's "Where This Value Comes From" and what Reset gives; nil to say nothing of it.
  /// Nothing is read until a row asks.
  public var provenance: (any ProvenanceReading)?
  var cachedKeybindings: KeybindingIndex?
  /// Search state; see SearchController.
  var search: SearchController!
  /// Runs whenever the page shown changes, for a host's header: ``pageTitle`` and ``canGoBack``.
  public var onPageChanged: (@MainActor () -> Void)?
  /// The window dialogs open over, when the host says which (else the one the view is in).
  weak var hostWindow: Window?
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
    // The view's one connection of the panel's row sources: checked through it, then shown through it.
    let connected = panel.connectRowSources(to: chosen)
    let problems = panel.validate(against: connected, checks: ValidationChecks(requiresKeys: true))
    guard problems.isEmpty else { throw Problems(problems: problems) }
    // Tasks the rows start run on GLib's loop, and the rows need Knobs' look.
    MainLoopBridge.install()
    Stylesheet.install()
    self.init(panel: panel, store: connected, showsHeader: showsHeader, opener: URILauncher.open)
    // Where each GSettings value comes from: the modified mark then means a value of the user's own.
    provenance = chosen.capabilities.provenance
    if let notice { showNotice(notice) }
  }

  /// - Parameters:
  ///   - store: where settings are kept, the panel's row sources already connected to it
  ///     (`Panel.connectRowSources(to:)`, which sends keys of found rows with a store of their own there).
  ///   - opener: how URIs are handed to the system (tests pass a recorder).
  init(panel: Panel, store: any SettingsStore, showsHeader: Bool, opener: @escaping Launcher.Opener) {
    // A panel with a translation domain is shown in the user's language.
    let panel = panel.translated()
    self.store = store
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

  /// The view as a `GtkWidget*`, for a window built with GTK's C API or other bindings. Once the
  /// widget is in a parent (a box, a window), it keeps the view: nothing else needs to. The view
  /// is freed once the widget has left its parent (its window destroyed, say) and was not put in
  /// another one by the end of that turn of the main loop.
  public var gtkWidget: OpaquePointer { content.gtkWidgetPointer }

  /// The view itself while its widget is in a parent: the widget keeps the view (``gtkWidget``).
  private var keptByWidget: PanelView?

  private func followParent() {
    guard content.hasParent else {
      // Taken out: kept to the end of the turn, as the widget may be moved to another parent.
      runWhenIdle { [weak self] in
        if let self, !self.content.hasParent { self.keptByWidget = nil }
      }
      return
    }
    keptByWidget = self
  }

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
    content.onParentChanged { [weak self] in self?.followParent() }
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
    present(ConfirmDialog(confirmation, destructive: action.isDestructive, onConfirm: run))
  }

  /// Shows `dialog` over the view's window in the view's one slot. A dialog open there is closed
  /// first (ended as Cancel ends it), so two never stack and none is left behind; but one that
  /// asks about a value the person typed (``Dialog/holdsAnEdit``) is answered first: `dialog`
  /// waits, and shows once it is (the click that moved the focus out of a number field, and
  /// so asked about its value, may open a dialog of its own). Only the newest dialog waits.
  func present(_ dialog: Dialog) {
    if let open = openDialog, open.isOpen, open.holdsAnEdit {
      waitingDialog?.close()
      waitingDialog = dialog
      // Destroyed with the window, as the open dialog is, should the window go first.
      if let parentWindow {
        dialog.window.setTransient(for: parentWindow)
        dialog.window.destroysWithParent = true
      }
      return
    }
    openDialog?.close()
    show(dialog)
  }

  private func show(_ dialog: Dialog) {
    openDialog = dialog
    dialog.onFinish { [weak self, weak dialog] in
      guard let self, self.openDialog === dialog else { return }
      self.openDialog = nil
      if let next = self.waitingDialog {
        self.waitingDialog = nil
        if next.isOpen { self.show(next) }
      }
    }
    dialog.present(over: parentWindow)
  }

  /// The confirmation being asked, if any.
  var pendingDialog: ConfirmDialog? { openDialog as? ConfirmDialog }
  /// The open question asking for text, if any (a folder to open a relocatable schema at, say).
  var textDialog: TextDialog? { openDialog as? TextDialog }
  /// The open list of applications to choose from, if any.
  var chooser: ApplicationChooser? { openDialog as? ApplicationChooser }

  func showMessage(_ message: String, actions: [ToastAction]) {
    toast.show(message, actions: actions)
  }

  /// Shows a lasting notice at the top of the view (e.g. settings won't be kept).
  public func showNotice(_ text: String) { banner.show(text) }
  /// Hides the notice `showNotice` showed.
  public func hideNotice() { banner.hide() }
}
