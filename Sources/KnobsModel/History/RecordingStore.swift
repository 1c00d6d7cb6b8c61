/// A store that notes every change made through it in a `ChangeHistory`: what the key held
/// before and after (nil for its default). Reads and checks go straight to `base`. A history
/// that can't be written is said through `onProblem`; the change itself stands.
@MainActor
public final class RecordingStore: SettingsStore, ChangeNoting {
  /// The store the values are kept in.
  public let base: any SettingsStore
  /// The history each change is noted in.
  public let history: ChangeHistory
  /// Who the changes are noted as made by.
  public let source: HistoryEntry.Source
  package var onProblem: (@MainActor (String) -> Void)?
  /// Runs the write of the file a moment after a change, in place of the one waiting: the
  /// window's waits for more changes, so that a slider dragged writes the file once. Nil to
  /// write it with each change.
  public typealias SaveLater = @MainActor (_ save: @escaping @MainActor () -> Void) -> Void
  private let saveLater: SaveLater?

  /// A store that writes to `base` and notes each change in `history` as made by `source`.
  public init(
    base: any SettingsStore, history: ChangeHistory, source: HistoryEntry.Source, saveLater: SaveLater? = nil
  ) {
    self.base = base
    self.history = history
    self.source = source
    self.saveLater = saveLater
  }

  /// Writes what is not written yet, now (when the window closes).
  package func flush() {
    do {
      try history.saveIfNeeded()
    } catch {
      onProblem?(error.description)
    }
  }

  /// The key's value as GVariant text, or nil when it holds its default.
  private func text(_ key: SettingKey) -> String? {
    guard let value = base.value(for: key), value != base.defaultValue(for: key) else { return nil }
    return value.gvariantText
  }

  private func noting(_ key: SettingKey, _ change: () throws(SettingsError) -> Void) throws(SettingsError) {
    let old = text(key)
    try change()
    note(RecordedChange(key: key, old: old, new: text(key)))
  }

  /// Notes the changes of `keys` another process makes on this store's behalf (GNOME Shell
  /// writing its extension lists when asked to turn one on) as made through this store, each as
  /// it is heard, until `done` says the change asked for is made or the observation is cancelled.
  public func noteChanges(of keys: [SettingKey], until done: @escaping @MainActor () -> Bool) -> Observation {
    var before = Dictionary(keys.map { ($0, text($0)) }, uniquingKeysWith: { first, _ in first })
    var observation: Observation?
    observation = base.observe { [weak self] changed in
      guard let self, observation != nil, keys.contains(where: changed.covers) else { return }
      // Asked first: dconf's reads see a write the moment it is stored, before its signal is
      // heard, so a key `done` sees changed is read again below and noted with the rest.
      let finished = done()
      // Each key is read again: one write of several keys may be heard as one change.
      let heard = keys.compactMap { key -> RecordedChange? in
        guard let old = before[key] else { return nil }
        let new = self.text(key)
        before[key] = new
        return old == new ? nil : RecordedChange(key: key, old: old, new: new)
      }
      for change in heard { self.note(change) }
      if finished {
        observation?.cancel()
        observation = nil
      }
    }
    return Observation {
      observation?.cancel()
      observation = nil
    }
  }

  private func note(_ change: RecordedChange) {
    do {
      try history.record([change], source: source, savingNow: saveLater == nil)
    } catch {
      onProblem?(error.description)
    }
    guard let saveLater, history.hasUnsaved else { return }
    saveLater { [weak self] in self?.flush() }
  }

  public func write(_ value: SettingValue, for key: SettingKey) throws(SettingsError) {
    try noting(key) { () throws(SettingsError) in try base.write(value, for: key) }
  }

  public func reset(_ key: SettingKey) throws(SettingsError) {
    try noting(key) { () throws(SettingsError) in try base.reset(key) }
  }

  public var storage: StorageDescription { base.storage }
  /// The base's, and this store as the one that notes other processes' changes for it.
  public var capabilities: StoreCapabilities {
    var capabilities = base.capabilities
    capabilities.changeNoting = self
    return capabilities
  }
  public func storage(for key: SettingKey) -> StorageDescription { base.storage(for: key) }
  /// Whether `base` has the key.
  public func availability(of key: SettingKey) -> KeyAvailability { base.availability(of: key) }
  public func value(for key: SettingKey) -> SettingValue? { base.value(for: key) }
  public func defaultValue(for key: SettingKey) -> SettingValue? { base.defaultValue(for: key) }
  public func check(_ value: SettingValue, for key: SettingKey) throws(SettingsError) {
    try base.check(value, for: key)
  }
  public func isWritable(_ key: SettingKey) -> Bool { base.isWritable(key) }
  public func observe(_ handler: @escaping @MainActor (SettingKey) -> Void) -> Observation {
    base.observe(handler)
  }
}
