import Gio
import KnobsModel
import KnobsSettings

/// The changes a keyfile would make, as rows with a check box each, before anything is
/// written: what `Import…` in the window shows. `apply` writes the checked ones as one
/// import, one entry of the history that one Undo takes back whole.
@MainActor
package final class ImportPreviewRows: RowSource {
  /// The pseudo schema of the check boxes (`change-N`) and of `loaded`, kept in memory.
  package static let schema = "import-preview"
  /// On while a file's changes are shown.
  package static let loadedKey = SettingKey(schema: schema, key: "loaded")
  package private(set) var rows: [Row] = []
  /// The file shown, and its changes; nil before a file is chosen and after Apply.
  package private(set) var fileName: String?
  package private(set) var plan: ImportPlan?
  private let history: ChangeHistory?
  private let selection = SelectionStore()
  private var store: GSettingsStore?
  private var isPersistent = false
  private var panel: Panel?
  private var titles: [SettingKey: String]?
  private let observers = ChangeObservers()

  package init(history: ChangeHistory?) {
    self.history = history
    rows = [Self.noFileRow]
  }

  /// What the page shows before a file is chosen and after Apply (the page is hidden then).
  private static var noFileRow: Row {
    ValueRow("none", tr("No File Chosen"), value: "")
      .subtitle(tr("Choose Import Settings… in the main menu to see what a file would change."))
  }

  /// Names changes by the panel's rows (“Show Seconds”) rather than their keys.
  package func name(by panel: Panel) {
    self.panel = panel
    titles = nil
  }

  package func observeRows(_ handler: @escaping @MainActor () -> Void) -> Observation {
    observers.add { _ in handler() }
  }

  package var watchedFolders: [String] { [] }
  package func reload() {}

  /// The GSettings an import writes: the window's (`SettingsEnvironment.gsettings`, which the app
  /// hands over as it makes the window); nil, the default, when its settings are kept elsewhere.
  package func importsInto(_ gsettings: GSettingsStore?) {
    store = gsettings
  }

  package func connect(to store: any SettingsStore) -> (schema: String, store: any SettingsStore)? {
    isPersistent = store.storage.isPersistent
    return (Self.schema, selection)
  }

  /// The GSettings an import writes (and the profiles save and apply), if the window's are GSettings.
  var gsettings: GSettingsStore? { store }

  /// Whether the window's settings are GSettings, which an import writes.
  package var canImport: Bool { store != nil }

  /// Reads and checks a keyfile against the installed schemas and shows its changes, every
  /// one checked. Returns why it can't be imported, in words, naming the lines; nil when the
  /// changes are shown (or there is nothing to change: then the message says so).
  package func load(path: String) -> ImportOutcome {
    guard let store else { return .refused(tr("Only settings kept in GSettings can be imported.")) }
    let name = PathText.lastComponent(path)
    let text: String
    do {
      text = try DconfKeyfile.read(path: path)
    } catch {
      return .refused(tr("%1$s can't be imported: %2$s", name, error.description))
    }
    let parsed = DconfKeyfile.parse(text)
    var plan = store.importPlan(parsed.lines)
    plan.problems = (parsed.problems + plan.problems).sorted { $0.line < $1.line }
    if !plan.problems.isEmpty {
      let shown = plan.problems.prefix(3).map { tr("Line %1$d: %2$s", $0.line, $0.message) }
      let more = plan.problems.count - shown.count
      var message = tr("Nothing was imported from %s.", name) + " " + shown.joined(separator: " ")
      if more > 0 { message += " " + trn("(%d more problem)", "(%d more problems)", more, more) }
      return .refused(message)
    }
    guard !plan.changes.isEmpty else {
      return .nothingToChange(tr("Nothing to change: every setting in %s already holds its value.", name))
    }
    show(plan, named: name)
    return .shown(plan.changes.count)
  }

  /// Shows the changes of a plan checked elsewhere (a profile's, with its resets), every one
  /// checked, as a file's are shown; `name` names where they come from.
  package func show(_ plan: ImportPlan, named name: String) {
    fileName = name
    self.plan = plan
    selection.reset(count: plan.changes.count)
    rebuild()
  }

  /// Leaves the preview without writing anything.
  package func discard() {
    fileName = nil
    plan = nil
    selection.reset(count: 0)
    rebuild()
  }

  /// The changes checked now, in the file's order.
  package var checkedChanges: [ImportPlan.Change] {
    guard let plan else { return [] }
    return plan.changes.indices.filter { selection.isChecked($0) }.map { plan.changes[$0] }
  }

  /// Checks or unchecks every change.
  package func checkAll(_ checked: Bool) {
    guard let plan else { return }
    for index in plan.changes.indices { selection.set(index, checked) }
  }

  /// Writes the checked changes, whole or not at all, and notes them as one import. Returns
  /// the Undo that takes them back, or nil with a message said when nothing was written.
  package func apply(_ context: ActionContext) -> Undo? {
    guard let store, var plan else { return nil }
    plan.changes = checkedChanges
    guard !plan.changes.isEmpty else {
      context.presenter?.showMessage(tr("No change is checked, so nothing was imported."), undo: nil)
      return nil
    }
    do {
      try store.apply(plan)
    } catch {
      context.presenter?.showMessage("\(error) " + tr("Nothing was imported."), undo: nil)
      return nil
    }
    Settings.sync()
    var noted: [HistoryEntry] = []
    if let history, isPersistent {
      do {
        noted = try history.record(plan.recordedChanges, source: .import)
      } catch {
        context.presenter?.showMessage(error.description, undo: nil)
      }
    }
    let count = plan.changes.count
    let name = fileName ?? ""
    let applied = plan
    discard()
    let message = trn("%1$d setting imported from %2$s", "%1$d settings imported from %2$s", count, count, name)
    return Undo(message: message) { [weak self] in
      guard let self else { return }
      if let history = self.history, let first = noted.first {
        do {
          try store.undo(history.entriesToUndo(first.id), in: history)
        } catch {
          context.presenter?.showMessage("\(error)", undo: nil)
        }
      } else {
        // Not noted (a memory backend): the plan says what each key held.
        for change in applied.changes.reversed() {
          if change.oldIsDefault {
            try? store.reset(change.key)
          } else if let type = store.typeString(of: change.key) {
            try? store.write(.variant(type: type, text: change.old), for: change.key)
          }
        }
      }
    }
  }

  private func title(of key: SettingKey) -> String? {
    if titles == nil { titles = panel?.settingTitles ?? [:] }
    return titles?[key]
  }

  private func rebuild() {
    let none = tr("(default)")
    rows =
      plan?.changes.enumerated().map { index, change in
        let named = title(of: change.key)
        let values =
          Self.short(change.oldIsDefault ? none : change.old) + " → " + Self.short(change.resets ? none : change.new)
        return ToggleRow("change-\(index)", named ?? change.key.key, key: SelectionStore.key(index))
          .checkBox()
          .subtitle(
            ([named == nil ? change.path : nil, values] as [String?]).compactMap { $0 }.joined(separator: "\n")
          )
          .keywords([change.path, change.key.key])
      } ?? [Self.noFileRow]
    selection.setLoaded(plan != nil)
    observers.notify(.wholeSchema(Self.schema))
  }

}

/// What choosing a file to import came to.
package enum ImportOutcome: Equatable {
  /// The preview shows this many changes.
  case shown(Int)
  /// Every key already holds the file's value; the message says so.
  case nothingToChange(String)
  /// The file can't be imported; the message says why, by line.
  case refused(String)
}

/// The preview's check boxes (`change-N`, on by default) and whether a file is shown, in memory.
@MainActor
private final class SelectionStore: SettingsStore {
  private var count = 0
  private var unchecked: Set<Int> = []
  private var loaded = false
  private let observers = ChangeObservers()

  static func key(_ index: Int) -> SettingKey {
    SettingKey(schema: ImportPreviewRows.schema, key: "change-\(index)")
  }

  private func index(of key: SettingKey) -> Int? {
    guard key.schema == ImportPreviewRows.schema, key.key.hasPrefix("change-"),
      let index = Int(key.key.dropFirst("change-".count)), index >= 0, index < count
    else { return nil }
    return index
  }

  func reset(count: Int) {
    self.count = count
    unchecked = []
  }

  func isChecked(_ index: Int) -> Bool { !unchecked.contains(index) }

  func set(_ index: Int, _ checked: Bool) {
    guard isChecked(index) != checked else { return }
    if checked { unchecked.remove(index) } else { unchecked.insert(index) }
    observers.notify(Self.key(index))
  }

  func setLoaded(_ loaded: Bool) {
    guard self.loaded != loaded else { return }
    self.loaded = loaded
    observers.notify(ImportPreviewRows.loadedKey)
  }

  var storage: StorageDescription { StorageDescription(backend: "memory", isPersistent: false) }

  func availability(of key: SettingKey) -> KeyAvailability {
    key == ImportPreviewRows.loadedKey || index(of: key) != nil ? .available : .missingKey(key)
  }

  func value(for key: SettingKey) -> SettingValue? {
    if key == ImportPreviewRows.loadedKey { return .bool(loaded) }
    return index(of: key).map { .bool(isChecked($0)) }
  }

  func defaultValue(for key: SettingKey) -> SettingValue? {
    availability(of: key) == .available ? .bool(key != ImportPreviewRows.loadedKey) : nil
  }

  func write(_ value: SettingValue, for key: SettingKey) throws(SettingsError) {
    try check(value, for: key)
    guard let index = index(of: key) else { throw .notWritable(key) }
    set(index, value == .bool(true))
  }

  func check(_ value: SettingValue, for key: SettingKey) throws(SettingsError) {
    guard availability(of: key) == .available else { throw .unavailable(availability(of: key)) }
    guard case .bool = value else { throw .typeMismatch(key, expected: "boolean", got: value.typeName) }
  }

  func reset(_ key: SettingKey) throws(SettingsError) {
    guard let index = index(of: key) else { return }
    set(index, true)
  }

  func isWritable(_ key: SettingKey) -> Bool { index(of: key) != nil }

  func observe(_ handler: @escaping @MainActor (SettingKey) -> Void) -> Observation {
    observers.add(handler)
  }
}

extension ImportPreviewRows {
  /// GVariant text escapes control characters; a long value (a list) is cut, here and in Recent Changes.
  package static func short(_ text: String) -> String {
    text.count > 200 ? String(text.prefix(199)) + "…" : text
  }
}
