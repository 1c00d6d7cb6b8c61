/// Read-only access to current settings, handed to live text and conditions.
@MainActor
public struct SettingsReader {
  public let store: any SettingsStore

  public init(_ store: any SettingsStore) {
    self.store = store
  }

  public subscript(key: SettingKey) -> SettingValue? {
    store.value(for: key)
  }

  /// The key's boolean value; false when it is missing or not a boolean.
  public func bool(_ key: SettingKey) -> Bool {
    store.value(for: key)?.boolValue ?? false
  }

  /// The key's string value; empty when it is missing or not a string.
  public func string(_ key: SettingKey) -> String {
    store.value(for: key)?.stringValue ?? ""
  }

  /// The key's numeric value; zero when it is missing or not a number.
  public func number(_ key: SettingKey) -> Double {
    store.value(for: key)?.doubleValue ?? 0
  }
}
