/// A settings store that keeps values in memory: for tests, previews and as the
/// fallback when no schema can be found. Nothing survives the process.
@MainActor
public final class MemoryStore: SettingsStore {
  private let defaults: [SettingKey: SettingValue]
  private var values: [SettingKey: SettingValue] = [:]
  private var locked: Set<SettingKey>
  private let observers = ChangeObservers()

  /// - Parameters:
  ///   - defaults: every key the store knows, with its default; the default's case fixes the key's type.
  ///   - locked: keys that refuse writes, as if the administrator had locked them.
  public init(defaults: [SettingKey: SettingValue], locked: Set<SettingKey> = []) {
    self.defaults = defaults
    self.locked = locked
  }

  public var storage: StorageDescription { StorageDescription(backend: "memory", isPersistent: false) }

  /// Whether the store holds a default for the key.
  public func availability(of key: SettingKey) -> KeyAvailability {
    if defaults[key] != nil { return .available }
    if defaults.keys.contains(where: { $0.schema == key.schema }) { return .missingKey(key) }
    return .missingSchema(key.schema)
  }

  public func value(for key: SettingKey) -> SettingValue? {
    values[key] ?? defaults[key]
  }

  public func defaultValue(for key: SettingKey) -> SettingValue? {
    defaults[key]
  }

  public func write(_ value: SettingValue, for key: SettingKey) throws(SettingsError) {
    guard defaults[key] != nil else { throw .unavailable(availability(of: key)) }
    guard !locked.contains(key) else { throw .notWritable(key) }
    try check(value, for: key)
    guard self.value(for: key) != value else { return }
    values[key] = value
    observers.notify(key)
  }

  /// Only the type is checked: the default's case fixes it; GVariant text is not parsed.
  public func check(_ value: SettingValue, for key: SettingKey) throws(SettingsError) {
    guard let defaultValue = defaults[key] else { throw .unavailable(availability(of: key)) }
    guard defaultValue.hasSameType(as: value) else {
      throw .typeMismatch(key, expected: defaultValue.typeName, got: value.typeName)
    }
  }

  public func reset(_ key: SettingKey) throws(SettingsError) {
    guard values.removeValue(forKey: key) != nil else { return }
    observers.notify(key)
  }

  public func isWritable(_ key: SettingKey) -> Bool {
    defaults[key] != nil && !locked.contains(key)
  }

  /// Whether the key holds a value of its own rather than its default.
  public func hasUserValue(_ key: SettingKey) -> Bool {
    values[key] != nil
  }

  /// Locks or unlocks a key, as an administrator would; observers are told.
  public func setLocked(_ isLocked: Bool, _ key: SettingKey) {
    if isLocked { locked.insert(key) } else { locked.remove(key) }
    observers.notify(key)
  }

  public func observe(_ handler: @escaping @MainActor (SettingKey) -> Void) -> Observation {
    observers.add(handler)
  }
}

extension MemoryStore: KeyNaming {
  public var capabilities: StoreCapabilities { StoreCapabilities(keyNaming: self) }

  public func keyNames(of schemaID: String) -> [String] {
    defaults.keys.filter { $0.schema == schemaID }.map(\.key).sorted()
  }
}
