/// A store that notes every change made through it in a `ChangeHistory`: what the key held
/// before and after (nil for its default). Reads and checks go straight to `base`. A history
/// that can't be written is said through `onProblem`; the change itself stands.
@MainActor
public final class RecordingStore: SettingsStore {
  public let base: any SettingsStore
  public let history: ChangeHistory
  public let source: HistoryEntry.Source
  public var onProblem: (@MainActor (String) -> Void)?
  /// Seconds to wait for more changes before writing the file (the window's, so that a
  /// slider dragged writes it once); nil to write it with each change.
  private let saveDelay: Double?
  private var pendingSave: Task<Void, Never>?

  public init(base: any SettingsStore, history: ChangeHistory, source: HistoryEntry.Source, saveDelay: Double? = nil) {
    self.base = base
    self.history = history
    self.source = source
    self.saveDelay = saveDelay
  }

  /// Writes what is not written yet, now (when the window closes).
  public func flush() {
    pendingSave?.cancel()
    pendingSave = nil
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
    do {
      try history.record(
        [RecordedChange(key: key, old: old, new: text(key))], source: source, savingNow: saveDelay == nil)
    } catch {
      onProblem?(error.description)
    }
    guard let saveDelay, history.hasUnsaved else { return }
    pendingSave?.cancel()
    pendingSave = Task { @MainActor [weak self] in
      try? await Task.sleep(for: .seconds(saveDelay))
      guard !Task.isCancelled else { return }
      self?.flush()
    }
  }

  public func write(_ value: SettingValue, for key: SettingKey) throws(SettingsError) {
    try noting(key) { () throws(SettingsError) in try base.write(value, for: key) }
  }

  public func reset(_ key: SettingKey) throws(SettingsError) {
    try noting(key) { () throws(SettingsError) in try base.reset(key) }
  }

  public var storage: StorageDescription { base.storage }
  public var capabilities: StoreCapabilities { base.capabilities }
  public func storage(for key: SettingKey) -> StorageDescription { base.storage(for: key) }
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
