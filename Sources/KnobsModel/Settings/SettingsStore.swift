/// Whether a key can be read at all, and if not, why.
public enum KeyAvailability: Hashable, Sendable {
  /// The store has the key.
  case available
  /// The schema is not installed on this system.
  case missingSchema(String)
  /// The schema is installed but has no such key.
  case missingKey(SettingKey)
}

/// Where a store keeps its values, as shown to the user in About.
public struct StorageDescription: Hashable, Sendable {
  /// A short name such as "dconf" or "memory".
  public var backend: String
  /// Whether values survive a restart.
  public var isPersistent: Bool

  /// A description of where values are kept.
  public init(backend: String, isPersistent: Bool) {
    self.backend = backend
    self.isPersistent = isPersistent
  }
}

/// The settings a panel reads and writes through.
///
/// Knobs ships GSettings (dconf) in KnobsUI, `MemoryStore` for tests and fallbacks, `IniStore` for
/// panel files' INI files and `AutostartStore` for startup applications; `RoutedStore` sends each
/// key to the one that keeps it.
@MainActor
public protocol SettingsStore: AnyObject {
  /// Whether the store has the key, and why not when it does not.
  func availability(of key: SettingKey) -> KeyAvailability
  /// The current value, or nil when the key is not available.
  func value(for key: SettingKey) -> SettingValue?
  /// The schema's default, or nil when the key is not available.
  func defaultValue(for key: SettingKey) -> SettingValue?
  /// Writes a value; throws when the key is missing, locked or the value has the wrong type.
  func write(_ value: SettingValue, for key: SettingKey) throws(SettingsError)
  /// Throws what `write` would for a value of the wrong type, outside the range or (GVariant
  /// text) unparsable; writes nothing and does not look at whether the key is locked.
  func check(_ value: SettingValue, for key: SettingKey) throws(SettingsError)
  /// Returns the key to its default (GSettings `reset`, not a write of the default); throws when
  /// that could not be stored.
  func reset(_ key: SettingKey) throws(SettingsError)
  /// False for keys the administrator locked.
  func isWritable(_ key: SettingKey) -> Bool
  /// Calls `handler` after any key changes, from this process or outside it; with
  /// `SettingKey.wholeSchema` when every key of a schema may have changed.
  func observe(_ handler: @escaping @MainActor (SettingKey) -> Void) -> Observation
  /// Where the store keeps its values, and whether they survive the process.
  var storage: StorageDescription { get }
  /// Where one key is kept, for stores that keep keys in more than one place.
  func storage(for key: SettingKey) -> StorageDescription
  /// What the store can do beyond keeping keys (schemas to list and watch); routing passes its base's on.
  var capabilities: StoreCapabilities { get }
}

extension SettingsStore {
  public func storage(for key: SettingKey) -> StorageDescription { storage }
  public var capabilities: StoreCapabilities { .none }
}

/// Why a store refused a write.
public enum SettingsError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The key is not there.
  case unavailable(KeyAvailability)
  /// The key can't be written.
  case notWritable(SettingKey)
  /// The value is not of the key's type.
  case typeMismatch(SettingKey, expected: String, got: String)
  /// The value is outside the key's range.
  case outOfRange(SettingKey, SettingValue)
  /// The store could not keep the value, e.g. a file could not be written.
  case failed(SettingKey, reason: String)
  /// GVariant text that does not parse as a value of the key's type; `reason` is the parser's.
  case unparsable(SettingKey, text: String, reason: String)

  /// Whether the value itself was at fault (wrong type, outside the range, unparsable),
  /// rather than the key or the system.
  public var isBadValue: Bool {
    switch self {
    case .typeMismatch, .outOfRange, .unparsable: return true
    case .unavailable, .notWritable, .failed: return false
    }
  }

  public var description: String {
    switch self {
    case .unavailable(.missingSchema(let schema)):
      return tr("The settings schema %s is not installed.", schema)
    case .unavailable(.missingKey(let key)):
      return tr("The setting %1$s does not exist in %2$s.", key.key, key.schema)
    case .unavailable(.available):
      return tr("The setting is not available.")
    case .notWritable(let key):
      return tr("The setting %s is managed by the system and cannot be changed.", key.key)
    case .typeMismatch(let key, let expected, let got):
      return tr(
        // TRANSLATORS: %2$s and %3$s are GVariant types, such as "b" or "as".
        "The setting %1$s takes a %2$s, not a %3$s.", key.key, expected, got)
    case .outOfRange(let key, let value):
      return tr("%1$s is not an allowed value for %2$s.", value, key.key)
    case .failed(_, let reason):
      return reason
    case .unparsable(let key, let text, let reason):
      return tr(
        "“%1$s” is not a value %2$s can hold: %3$s", ValueError.shortened(text).escapedForMessage, key.key, reason)
    }
  }
}

/// Keeps a change handler registered; cancelling it (or dropping the last reference) unregisters it.
@MainActor
public final class Observation {
  private var onCancel: (() -> Void)?

  /// An observation that runs `onCancel` when cancelled.
  public init(onCancel: @escaping () -> Void) {
    self.onCancel = onCancel
  }

  /// Stops observing; later calls do nothing.
  public func cancel() {
    onCancel?()
    onCancel = nil
  }

  isolated deinit {
    onCancel?()
  }
}
