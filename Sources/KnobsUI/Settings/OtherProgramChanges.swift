import FoundationEssentials
import Gtk
import KnobsModel

/// Notes in the history what other programs change in the user's dconf database: while
/// the window is open, heard from the dconf writer; and while Knobs was closed, found by
/// comparing the database with the copy written when it last closed. Changes Knobs made
/// itself (the window, a `knobs` command) are already noted and are left out.
@MainActor
public final class OtherProgramChanges {
  private let history: ChangeHistory
  private let store: GSettingsStore
  /// The copy of the database compared with at start, written at `stop()`.
  public let snapshotFile: String
  private var snapshot: [String: DconfEntry] = [:]
  private var watch: DconfWatch?
  private let pending = MainLoopTimer()
  private var stopped = false
  /// How long after Knobs noted a change the same change heard from dconf is taken for Knobs' own.
  static let ownChangeWindow = 10.0
  public var onProblem: (@MainActor (String) -> Void)?

  public init(history: ChangeHistory, store: GSettingsStore, snapshotFile: String) {
    self.history = history
    self.store = store
    self.snapshotFile = snapshotFile
  }

  /// Notes what changed since the last copy, then listens; does nothing without dconf.
  public func start() {
    guard let current = Self.read() else { return }
    if let saved = try? DconfKeyfile.read(path: snapshotFile) {
      // Made while Knobs was closed: after the copy was written.
      note(from: Self.entries(of: saved), to: current, since: LocalFiles.modificationTime(snapshotFile))
    }
    snapshot = current
    watch = DconfWatch { [weak self] in self?.heard() }
  }

  /// Stops listening and writes the copy the next start compares with.
  public func stop() {
    guard !stopped else { return }
    stopped = true
    watch = nil
    pending.cancel()
    guard let text = DconfPaths.dump() else { return }
    if let problem = DconfKeyfile.save(text, to: snapshotFile) { onProblem?(problem) }
  }

  /// dconf announces each write; a burst of them (an import) is read once.
  private func heard() {
    pending.schedule(after: 0.3) { [weak self] in
      guard let self, let current = Self.read() else { return }
      self.note(from: self.snapshot, to: current)
      self.snapshot = current
    }
  }

  private static func read() -> [String: DconfEntry]? {
    DconfPaths.dump().map(entries(of:))
  }

  private static func entries(of dump: String) -> [String: DconfEntry] {
    Dictionary(DconfKeyfile.parse(dump).lines.map { ($0.entry.path, $0.entry) }, uniquingKeysWith: { _, last in last })
  }

  private func note(from old: [String: DconfEntry], to new: [String: DconfEntry], since: Double? = nil) {
    let schemas = DconfSchemaMap(store, entries: Array(new.values) + Array(old.values))
    var changes: [RecordedChange] = []
    for path in Set(old.keys).union(new.keys).sorted() {
      let before = old[path]
      let after = new[path]
      guard before?.text != after?.text, let entry = after ?? before, let schema = schemas.schema(of: entry) else {
        continue
      }
      let key = SettingKey(schema: schema, key: entry.key)
      guard let type = store.typeString(of: key) else { continue }
      // GTK's own choosers in this process keep their state (Export…, Import…, a color row).
      if since == nil, ChooserActivity.stateSchemas.contains(key.schema),
        ChooserActivity.wasActive(within: Self.ownChangeWindow)
      {
        continue
      }
      let change = RecordedChange(key: key, old: before?.text, new: after?.text)
      if isKnobsOwn(change, type: type) { continue }
      changes.append(change)
    }
    guard !changes.isEmpty else { return }
    do {
      for change in changes { try history.record([change], source: .otherProgram, since: since) }
    } catch {
      onProblem?(error.description)
    }
  }

  /// Whether Knobs noted this change itself a moment ago (the value compared as the key's type reads it).
  private func isKnobsOwn(_ change: RecordedChange, type: String) -> Bool {
    guard let last = history.entries.last(where: { $0.settingKey == change.key }), last.source != .otherProgram,
      history.now() - last.time < Self.ownChangeWindow
    else { return false }
    // No value of its own and a value equal to the default read the same.
    let shipped = store.defaultValue(for: change.key)?.gvariantText
    return Self.normalized(last.new ?? shipped, type) == Self.normalized(change.new ?? shipped, type)
  }

  private static func normalized(_ text: String?, _ type: String) -> String? {
    guard let text else { return nil }
    guard case .success(let value) = Variant.parse(text, type: type) else { return text }
    return value.text
  }
}
