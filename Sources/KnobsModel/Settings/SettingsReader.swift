/// Read-only access to current settings, handed to live text and conditions.
///
/// A reader made with `recordingInto` notes every key read through it, so the window can
/// tell which rows show a key and refresh only those when it changes.
@MainActor
public struct SettingsReader {
  /// The store read.
  public let store: any SettingsStore
  private let reads: KeyReads?

  /// Reads `store`.
  public init(_ store: any SettingsStore) {
    self.init(store, recordingInto: nil)
  }

  package init(_ store: any SettingsStore, recordingInto reads: KeyReads?) {
    self.store = store
    self.reads = reads
  }

  /// The key's value, or nil when the store has none.
  public subscript(key: SettingKey) -> SettingValue? {
    reads?.keys.insert(key)
    return store.value(for: key)
  }

  /// The key's boolean value; false when it is missing or not a boolean.
  public func bool(_ key: SettingKey) -> Bool {
    self[key]?.boolValue ?? false
  }

  /// The key's string value; empty when it is missing or not a string.
  public func string(_ key: SettingKey) -> String {
    self[key]?.stringValue ?? ""
  }

  /// The key's numeric value; zero when it is missing or not a number.
  public func number(_ key: SettingKey) -> Double {
    self[key]?.doubleValue ?? 0
  }

  /// The same store, noting the keys read into `reads`.
  package func recording(into reads: KeyReads) -> SettingsReader {
    SettingsReader(store, recordingInto: reads)
  }
}

/// The keys read through a recording `SettingsReader`.
@MainActor
package final class KeyReads {
  package internal(set) var keys: Set<SettingKey> = []

  package init() {}

  /// Whether a change of `changed` changes a key read (see `SettingKey.covers`).
  package func include(_ changed: SettingKey) -> Bool {
    changed.key.isEmpty ? keys.contains { $0.schema == changed.schema } : keys.contains(changed)
  }

  /// Forgets the keys read so far.
  package func reset() { keys.removeAll(keepingCapacity: true) }
}
