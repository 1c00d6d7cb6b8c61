import FoundationEssentials
import Gio
import KnobsDesktopModel
import KnobsModel
import KnobsSettings

/// Notes in the history what other programs change in the user's dconf database: while
/// the window is open, heard from the dconf writer; and while Knobs was closed, found by
/// comparing the database with the copy written when it last closed (`DconfSnapshot`).
///
/// Left out: changes Knobs made itself (the window, a `knobs` command, while the window was
/// open or closed), which the history already has; and Knobs' own schema (its window's
/// size). A burst of changes (another program loading a backup) is read once, when dconf
/// has been quiet a moment, and noted as one group in one write.
@MainActor
package final class OtherProgramChanges {
  private let history: ChangeHistory
  private let store: GSettingsStore
  /// The copy of the database compared with at start, written at `stop()`.
  package let snapshotFile: String
  /// Schemas whose changes are never noted: Knobs' own.
  private let ignoredSchemas: Set<String>
  private var snapshot: [String: DconfEntry] = [:]
  private var watch: DconfWatch?
  private let pending = MainLoopTimer()
  /// States of the database read but not compared yet: each waits until no `knobs` command is
  /// between writing settings and noting them.
  private var unread: [(old: [String: DconfEntry], new: [String: DconfEntry])] = []
  private let writersPoll = MainLoopTimer()
  private var pollsLeft = 0
  private var stopped = false
  /// How long after Knobs noted a change the same change heard from dconf is taken for Knobs' own.
  static let ownChangeWindow = 10.0
  /// How long dconf must be quiet before what it announced is read: a burst is read once.
  static let quietTime = 0.3
  /// How often, and how many times at most, a comparison waits for a `knobs` command that has
  /// written settings to note them (a command holds `ChangeHistory.holdWhileWriting` meanwhile).
  static let writersPollTime = 0.05
  static let writersPatience = 200
  package var onProblem: (@MainActor (String) -> Void)?

  package init(history: ChangeHistory, store: GSettingsStore, snapshotFile: String, ignoredSchemas: Set<String> = []) {
    self.history = history
    self.store = store
    self.snapshotFile = snapshotFile
    self.ignoredSchemas = ignoredSchemas
  }

  /// Notes what changed since the last copy, then listens; does nothing without dconf. A
  /// copy that is not whole is not compared with (it would invent changes); the copy
  /// written at `stop()` replaces it.
  package func start() {
    guard let current = Self.read() else { return }
    if let saved = DconfSnapshot.read(path: snapshotFile) {
      // Made while Knobs was closed: after the copy was written.
      note(from: Self.entries(of: saved), to: current, since: LocalFiles.modificationTime(snapshotFile))
    }
    snapshot = current
    watch = DconfWatch { [weak self] in self?.heard() }
  }

  /// Stops listening and writes the copy the next start compares with. What was heard and
  /// not compared yet is compared now: the copy will hold it.
  package func stop() {
    guard !stopped else { return }
    stopped = true
    watch = nil
    pending.cancel()
    writersPoll.cancel()
    for changes in compareUnread() { record(changes, since: nil) }
    guard let text = DconfPaths.dump() else { return }
    if let problem = DconfSnapshot.save(text, to: snapshotFile) { onProblem?(problem) }
  }

  /// dconf announces each write; a burst of them (an import) is read once it is quiet. The
  /// work is done in turns of the main loop (read the database; wait for any `knobs` command
  /// still noting what it wrote; compare and note), so the window draws its frames in between
  /// however large the burst.
  private func heard() {
    pending.schedule(after: Self.quietTime) { [weak self] in
      guard let self, let current = Self.read() else { return }
      self.unread.append((self.snapshot, current))
      self.snapshot = current
      self.pollsLeft = Self.writersPatience
      self.compareWhenWritersAreDone()
    }
  }

  private func compareWhenWritersAreDone() {
    guard !stopped, !unread.isEmpty else { return }
    if pollsLeft > 0, history.writersAreBusy {
      pollsLeft -= 1
      writersPoll.schedule(after: Self.writersPollTime) { [weak self] in self?.compareWhenWritersAreDone() }
      return
    }
    runWhenIdle { [weak self] in
      guard let self, !self.stopped else { return }
      let found = self.compareUnread()
      runWhenIdle { [weak self] in
        for changes in found { self?.record(changes, since: nil) }
      }
    }
  }

  /// The changes of each state read and not compared yet.
  private func compareUnread() -> [[RecordedChange]] {
    let states = unread
    unread = []
    return states.map { changes(from: $0.old, to: $0.new) }.filter { !$0.isEmpty }
  }

  private static func read() -> [String: DconfEntry]? {
    DconfPaths.dump().map(entries(of:))
  }

  private static func entries(of dump: String) -> [String: DconfEntry] {
    Dictionary(DconfKeyfile.parse(dump).lines.map { ($0.entry.path, $0.entry) }, uniquingKeysWith: { _, last in last })
  }

  /// The changes between two states of the database, as keys of installed schemas, left
  /// out what Knobs made; `since` (the copy's time) for changes made while Knobs was closed.
  func changes(from old: [String: DconfEntry], to new: [String: DconfEntry], since: Double? = nil)
    -> [RecordedChange]
  {
    let differing = Set(old.keys).union(new.keys).filter { old[$0]?.text != new[$0]?.text }
    guard !differing.isEmpty else { return [] }
    let schemas = DconfSchemaMap(store, entries: differing.compactMap { new[$0] ?? old[$0] })
    // The newest of Knobs' own entries for each key, read once for the whole burst.
    var knobsLatest: [SettingKey: HistoryEntry] = [:]
    for entry in history.entries where entry.source != .otherProgram { knobsLatest[entry.settingKey] = entry }
    let now = history.now()
    let choosersActive = since == nil && ChooserActivity.wasActive(within: Self.ownChangeWindow)
    var changes: [RecordedChange] = []
    for path in differing.sorted() {
      guard let entry = new[path] ?? old[path], let schema = schemas.schema(of: entry) else { continue }
      let key = SettingKey(schema: schema, key: entry.key)
      let schemaID = String(schema.split(separator: ":", maxSplits: 1).first ?? "")
      guard !ignoredSchemas.contains(schemaID), store.typeString(of: key) != nil else { continue }
      // GTK's own choosers in this process keep their state (Export…, Import…, a color row).
      if choosersActive, ChooserActivity.stateSchemas.contains(key.schema) { continue }
      let change = RecordedChange(key: key, old: old[path]?.text, new: new[path]?.text)
      // Knobs' own change: noted by Knobs a moment ago, or while it was closed (after the copy).
      if let own = knobsLatest[key], own.time >= (since ?? now - Self.ownChangeWindow),
        store.holdsSame(own.new, change.new, key: key)
      {
        continue
      }
      changes.append(change)
    }
    return changes
  }

  private func note(from old: [String: DconfEntry], to new: [String: DconfEntry], since: Double? = nil) {
    record(changes(from: old, to: new, since: since), since: since)
  }

  private func record(_ changes: [RecordedChange], since: Double?) {
    guard !changes.isEmpty else { return }
    do {
      try history.record(changes, source: .otherProgram, since: since)
    } catch {
      onProblem?(error.description)
    }
  }
}
