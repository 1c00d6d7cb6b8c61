import Gio
import KnobsModel
import KnobsSettings

/// The history of changes as rows, newest first: each says which setting changed, from
/// what to what, how and when, with an Undo button that takes it back (an import whole).
/// The history is first read when its page opens or a deep link names an entry (a start does
/// not need its thousand rows; search finds them once read), then afresh when it changes and
/// when the window comes back.
@MainActor
package final class RecentChangesRows: RowSource {
  package private(set) var rows: [Row] = []
  private let history: ChangeHistory
  /// Where an undo writes: the store that keeps the keys, when it can undo; nil until connected.
  private var undoing: (any HistoryUndoing)?
  /// A setting's title in the panel, by key, made from `panel` when first needed.
  private var titles: [SettingKey: String]?
  private var panel: Panel?
  private var connected = false
  /// Whether the rows were asked for (`prepareRows`): until then the history is not read.
  private var prepared = false
  private var observation: Observation?
  private let pendingReload = MainLoopTimer()
  private let observers = ChangeObservers()
  private var shownIDs: [Int] = []
  private var shownTimes: [Double] = []

  package init(history: ChangeHistory) {
    self.history = history
    rows = [emptyRow]
  }

  /// Names entries by the panel's rows (“Show Seconds”) rather than their keys.
  package func name(by panel: Panel) {
    self.panel = panel
    titles = nil
  }

  private func title(of key: SettingKey) -> String? {
    if titles == nil { titles = panel?.settingTitles ?? [:] }
    return titles?[key]
  }

  package func observeRows(_ handler: @escaping @MainActor () -> Void) -> Observation {
    observers.add { _ in handler() }
  }

  package var watchedFolders: [String] { [] }

  /// Follows the store once connected: a panel that is only declared reads nothing.
  package func connect(to store: any SettingsStore) -> (schema: String, store: any SettingsStore)? {
    undoing = store.capabilities.undoing
    connected = true
    // A change is noted as it is made: read the history a moment after the last one.
    observation = store.observe { [weak self] _ in self?.scheduleReload() }
    if prepared { rebuild(force: true) }
    return nil
  }

  package func prepareRows() {
    guard !prepared else { return }
    prepared = true
    rebuild(force: true)
  }

  private func scheduleReload() {
    pendingReload.schedule(after: 0.3) { [weak self] in self?.reload() }
  }

  package func reload() { rebuild(force: false) }

  private func rebuild(force: Bool) {
    guard connected, prepared else { return }
    let entries = Array(history.entries.reversed())
    let ids = entries.map(\.id)
    let times = entries.map(\.time)
    guard force || ids != shownIDs || times != shownTimes else { return }
    shownIDs = ids
    shownTimes = times
    rows = entries.isEmpty ? [emptyRow] : entries.map(row)
    observers.notify(.wholeSchema("history"))
  }

  private var emptyRow: Row {
    ValueRow("none", tr("No Changes Yet"), value: "")
      .subtitle(tr("What you change with Knobs, and what other programs change, is listed here."))
      .icon("document-open-recent-symbolic")
  }

  private func row(_ entry: HistoryEntry) -> Row {
    // A key no row of the panel shows is named by its key, its address under it.
    let named = title(of: entry.settingKey)
    let title = named ?? entry.key
    let none = tr("(default)")
    let values = ImportPreviewRows.short(entry.old ?? none) + " → " + ImportPreviewRows.short(entry.new ?? none)
    var how = entry.source.label + (entry.group == nil ? "" : " · " + tr("part of one import"))
    if entry.since != nil { how += " · " + tr("while Knobs was closed") + ", " + entry.when }
    var row = ValueRow("change-\(entry.id)", title, value: entry.localTime(short: true))
      .subtitle(
        ([named == nil ? entry.address : nil, values, how] as [String?]).compactMap { $0 }.joined(separator: "\n")
      )
      .keywords([entry.address, entry.key])
    let history = self.history
    guard let undoing else { return row }
    row.button = Row.Button(
      iconName: "edit-undo-symbolic",
      label: tr(
        // TRANSLATORS: %s is the title of a setting, such as Show Seconds.
        "Undo the change of %s", title),
      action: Row.Action { [weak self] context in
        do {
          try undoing.undo(history.entriesToUndo(entry.id), in: history, force: false)
        } catch {
          context.presenter?.showMessage("\(error)", undo: nil)
        }
        self?.reload()
        return nil
      })
    return row
  }
}
