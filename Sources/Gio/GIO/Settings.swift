internal import CGio
internal import CGioGlue

/// The type of value a key holds, as Knobs reads and writes it.
public enum SettingsKeyType: Sendable {
  case bool, int, double, string
  /// A string restricted to a list of nicks (GSettings enums and string choices).
  case enumeration([String])
  /// A set of nicks (GSettings flags), kept as a string array.
  case flags([String])
  /// A string array.
  case strings
  /// A type Knobs does not bind (arrays, tuples…).
  case unsupported(String)
}

/// A GSettings object for one schema.
@MainActor
public final class Settings: Object {
  private let schema: OpaquePointer

  /// - Parameter path: where a relocatable schema's keys are; nil for a schema with a path of its own.
  init(schema: OpaquePointer, path: String? = nil) {
    self.schema = g_settings_schema_ref(schema)
    super.init(adopting: UnsafeMutableRawPointer(g_settings_new_full(schema, nil, path))!)
  }

  isolated deinit {
    g_settings_schema_unref(schema)
  }

  private var settings: UnsafeMutablePointer<GSettings> { cast() }
  var gsettings: UnsafeMutablePointer<GSettings> { settings }

  /// The backend's type name, e.g. "DConfSettingsBackend", "GMemorySettingsBackend", "GKeyfileSettingsBackend".
  public var backendName: String { String(cString: knobs_settings_backend_name(settings)) }

  public func hasKey(_ key: String) -> Bool { g_settings_schema_has_key(schema, key) != 0 }

  /// The key's GVariant type string, e.g. "b", "i", "d", "s".
  public func typeString(of key: String) -> String? {
    guard let schemaKey = g_settings_schema_get_key(schema, key) else { return nil }
    defer { g_settings_schema_key_unref(schemaKey) }
    let valueType = g_settings_schema_key_get_value_type(schemaKey)!
    return String(
      decoding: UnsafeRawBufferPointer(
        start: g_variant_type_peek_string(valueType), count: Int(g_variant_type_get_string_length(valueType))),
      as: UTF8.self)
  }

  public func type(of key: String) -> SettingsKeyType {
    guard let schemaKey = g_settings_schema_get_key(schema, key) else { return .unsupported("missing") }
    defer { g_settings_schema_key_unref(schemaKey) }
    let range = g_settings_schema_key_get_range(schemaKey)!
    defer { g_variant_unref(range) }
    // The range is (sv): its kind ("type", "enum", "range" …) and the allowed values.
    let kindVariant = g_variant_get_child_value(range, 0)!
    let kind = String(cString: g_variant_get_string(kindVariant, nil))
    g_variant_unref(kindVariant)
    let valueType = g_settings_schema_key_get_value_type(schemaKey)!
    let typeString = String(
      decoding: UnsafeRawBufferPointer(
        start: g_variant_type_peek_string(valueType), count: Int(g_variant_type_get_string_length(valueType))),
      as: UTF8.self)
    if kind == "enum" || (kind == "choices" && typeString == "s") {
      return .enumeration(stringsInRange(range))
    }
    if kind == "flags" { return .flags(stringsInRange(range)) }
    if typeString == "as" { return .strings }
    switch typeString.prefix(1) {
    case "b": return .bool
    case "i", "u", "n", "q", "x", "t", "y": return .int
    case "d": return .double
    case "s": return .string
    default: return .unsupported(typeString)
    }
  }

  private func stringsInRange(_ range: OpaquePointer) -> [String] {
    // The range is (sv): the "v" holds an array of strings for enums.
    guard let boxed = g_variant_get_child_value(range, 1) else { return [] }
    defer { g_variant_unref(boxed) }
    guard let array = g_variant_get_variant(boxed) else { return [] }
    defer { g_variant_unref(array) }
    return (0..<g_variant_n_children(array)).map { index in
      let child = g_variant_get_child_value(array, index)!
      defer { g_variant_unref(child) }
      return String(cString: g_variant_get_string(child, nil))
    }
  }

  public func bool(_ key: String) -> Bool { g_settings_get_boolean(settings, key) != 0 }
  public func double(_ key: String) -> Double { g_settings_get_double(settings, key) }
  public func string(_ key: String) -> String {
    let value = g_settings_get_string(settings, key)!
    defer { g_free(value) }
    return String(cString: value)
  }
  public func int(_ key: String) -> Int {
    let value = g_settings_get_value(settings, key)!
    defer { g_variant_unref(value) }
    return Settings.integer(value) ?? 0
  }

  public func defaultValue(_ key: String) -> Variant? {
    g_settings_get_default_value(settings, key).map(Variant.init(adopting:))
  }

  public func value(_ key: String) -> Variant {
    Variant(adopting: g_settings_get_value(settings, key))
  }

  /// The key's own value; nil when it holds its default.
  public func userValue(_ key: String) -> Variant? {
    g_settings_get_user_value(settings, key).map(Variant.init(adopting:))
  }

  /// Whether the key holds a value of its own rather than its default.
  public func hasUserValue(_ key: String) -> Bool {
    guard let value = g_settings_get_user_value(settings, key) else { return false }
    g_variant_unref(value)
    return true
  }

  /// Writes `value` after checking its type and range, so GLib never warns;
  /// returns false when the key is not writable or the value is not allowed.
  @discardableResult
  public func set(_ key: String, _ value: Variant) -> Bool {
    allows(key, value) && isWritable(key) && store(key, value)
  }

  /// Writes a value `allows` accepted, without checking it again; false when GSettings refuses it.
  public func store(_ key: String, _ value: Variant) -> Bool {
    g_settings_set_value(settings, key, value.variant) != 0
  }

  /// Whether `value` has the key's type and lies in its range (an enum's nicks, a number's bounds).
  public func allows(_ key: String, _ value: Variant) -> Bool {
    guard let schemaKey = g_settings_schema_get_key(schema, key) else { return false }
    defer { g_settings_schema_key_unref(schemaKey) }
    return g_variant_is_of_type(value.variant, g_settings_schema_key_get_value_type(schemaKey)) != 0
      && g_settings_schema_key_range_check(schemaKey, value.variant) != 0
  }

  public func reset(_ key: String) { g_settings_reset(settings, key) }
  public func isWritable(_ key: String) -> Bool { g_settings_is_writable(settings, key) != 0 }

  /// Makes sure pending writes reach the backend (before a process exits).
  public static func sync() { g_settings_sync() }

  /// Runs on every change of any key, with the key's name; also when a key's writability changes.
  @discardableResult
  public func onChange(_ handler: @escaping @MainActor (String) -> Void) -> SignalConnection {
    let changed = SignalBox<Trampolines.WithString>(handler)
      .connect(to: gobject, signal: "changed", trampoline: Trampolines.withString)
    // Lives as long as the settings object, like the "changed" handler the caller may disconnect.
    _ = SignalBox<Trampolines.WithString>(handler)
      .connect(to: gobject, signal: "writable-changed", trampoline: Trampolines.withString)
    return changed
  }

  static func integer(_ value: OpaquePointer) -> Int? {
    switch String(cString: g_variant_get_type_string(value)) {
    case "i": return Int(g_variant_get_int32(value))
    case "u": return Int(g_variant_get_uint32(value))
    case "n": return Int(g_variant_get_int16(value))
    case "q": return Int(g_variant_get_uint16(value))
    case "x": return Int(g_variant_get_int64(value))
    case "t": return Int(exactly: g_variant_get_uint64(value))
    case "y": return Int(g_variant_get_byte(value))
    default: return nil
    }
  }
}

/// Writes to make at once, through one GSettings backend: one change set for dconf, as
/// `dconf load` makes, instead of one per key (and GSettings' own bookkeeping per key).
@MainActor
public final class SettingsWrites {
  private let tree: OpaquePointer

  public init() { tree = knobs_settings_tree_new() }

  isolated deinit { g_tree_unref(tree) }

  /// `path` is the key's full path in the backend, `/org/gnome/desktop/interface/clock-format`;
  /// `value` must be of the key's type and in its range: nothing checks them here.
  public func set(_ path: String, _ value: Variant) { knobs_settings_tree_set(tree, path, value.variant) }

  /// Resets the key at `path` to its default.
  public func reset(_ path: String) { knobs_settings_tree_reset(tree, path) }

  /// GSettings stops the process when one change set brings one of its objects more than 255
  /// keys (`settings_backend_keys_changed`: "256 quarks ought to be enough"): a change set
  /// holds at most this many keys of one folder.
  public static let largestFolderShare = 200

  /// Writes them all through the backend `settings` writes to, or none: false when the backend
  /// refused (a key that is not writable, or no backend that keeps anything).
  public func commit(through settings: Settings) -> Bool {
    knobs_settings_write_tree(settings.gsettings, tree) != 0
  }
}
