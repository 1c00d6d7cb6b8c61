import FoundationEssentials
import Gtk
import KnobsModel

/// Following what changes under the view: settings (one key, or a burst of them refreshed in one
/// pass), schemas removed, rows found at run time, options installed meanwhile.
extension PanelView {
  /// Looks again at what may have changed while the user was away: options found at run time
  /// (installed themes), schemas removed (an extension uninstalled) and rows found by sources.
  func lookAgain() {
    _ = store.capabilities.recheckSchemas?()
    reloadFoundOptions()
    rootPanel.rowSources.forEach { $0.reload() }
  }

  /// Notices a schema removed while the view is shown (an extension uninstalled,
  /// a package removed): its rows say it is no longer installed.
  func watchSchemaFolders() {
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
  func watchRowSources() {
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
  package var keybindings: KeybindingIndex? {
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
}
