/// One store over several: keys of a schema that has a store of its own (the
/// autostart folder's `autostart`) go there, every other key to `base`.
@MainActor
public final class RoutedStore: SettingsStore {
  /// The store that keeps the keys of schemas no route names.
  public let base: any SettingsStore
  private let routes: [String: any SettingsStore]

  /// A store that sends each key to the store `routes` names for its schema, and to `base` otherwise.
  public init(base: any SettingsStore, routes: [String: any SettingsStore]) {
    self.base = base
    self.routes = routes
  }

  private func store(_ key: SettingKey) -> any SettingsStore { routes[key.schema] ?? base }

  /// The base store's: where the desktop's settings are kept.
  public var storage: StorageDescription { base.storage }
  /// The base store's: the desktop's schemas.
  public var capabilities: StoreCapabilities { base.capabilities }
  public func storage(for key: SettingKey) -> StorageDescription { store(key).storage(for: key) }
  /// Whether the key's store has it.
  public func availability(of key: SettingKey) -> KeyAvailability { store(key).availability(of: key) }
  public func value(for key: SettingKey) -> SettingValue? { store(key).value(for: key) }
  public func defaultValue(for key: SettingKey) -> SettingValue? { store(key).defaultValue(for: key) }
  public func write(_ value: SettingValue, for key: SettingKey) throws(SettingsError) {
    try store(key).write(value, for: key)
  }
  public func check(_ value: SettingValue, for key: SettingKey) throws(SettingsError) {
    try store(key).check(value, for: key)
  }
  public func reset(_ key: SettingKey) throws(SettingsError) { try store(key).reset(key) }
  public func isWritable(_ key: SettingKey) -> Bool { store(key).isWritable(key) }

  public func observe(_ handler: @escaping @MainActor (SettingKey) -> Void) -> Observation {
    let observations = [base.observe(handler)] + routes.values.map { $0.observe(handler) }
    return Observation { observations.forEach { $0.cancel() } }
  }
}
