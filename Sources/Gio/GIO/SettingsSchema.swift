internal import CGio

/// One installed schema, read without creating a GSettings object: its path,
/// its keys, their types, ranges and texts.
@MainActor
public final class SettingsSchema {
  let schema: OpaquePointer

  /// Takes a reference of its own.
  init(_ schema: OpaquePointer) {
    self.schema = g_settings_schema_ref(schema)
  }

  isolated deinit {
    g_settings_schema_unref(schema)
  }

  public var id: String { String(cString: g_settings_schema_get_id(schema)) }

  /// The dconf path, e.g. `/org/gnome/desktop/interface/`; nil for a relocatable schema.
  public var path: String? { g_settings_schema_get_path(schema).map { String(cString: $0) } }

  /// The key names, sorted (the compiled schema keeps no other order).
  public var keyNames: [String] {
    guard let names = g_settings_schema_list_keys(schema) else { return [] }
    defer { g_strfreev(names) }
    return stringArray(names).sorted()
  }

  /// The key's type, range and texts; nil when the schema has no such key.
  ///
  /// - Parameters:
  ///   - readsListDefault: also read the default of a string-list key.
  ///   - readsDefault: also read the default of a string key. Only when
  ///   asked: GLib translates a default marked for translation as it reads it,
  ///   and warns on every read when an installed translation is broken (one of
  ///   the weather library's Hebrew defaults is, for instance).
  public func key(_ name: String, readsDefault: Bool = false, readsListDefault: Bool = false) -> SchemaKeyInfo? {
    guard g_settings_schema_has_key(schema, name) != 0, let key = g_settings_schema_get_key(schema, name) else {
      return nil
    }
    defer { g_settings_schema_key_unref(key) }
    let typeString = Self.typeString(g_settings_schema_key_get_value_type(key)!)
    let range = g_settings_schema_key_get_range(key)!
    defer { g_variant_unref(range) }
    var defaultString: String?
    var defaultStrings: [String]?
    var defaultNumber: Double?
    if ["y", "n", "q", "i", "u", "x", "t", "d"].contains(typeString),
      let defaultValue = g_settings_schema_key_get_default_value(key)
    {
      defaultNumber = Self.number(defaultValue)
      g_variant_unref(defaultValue)
    }
    if readsDefault && typeString == "s" || readsListDefault && typeString == "as",
      let defaultValue = g_settings_schema_key_get_default_value(key)
    {
      if typeString == "s" {
        defaultString = String(cString: g_variant_get_string(defaultValue, nil))
      } else {
        defaultStrings = (0..<g_variant_n_children(defaultValue)).map { index in
          let item = g_variant_get_child_value(defaultValue, index)!
          defer { g_variant_unref(item) }
          return String(cString: g_variant_get_string(item, nil))
        }
      }
      g_variant_unref(defaultValue)
    }
    return SchemaKeyInfo(
      name: name, typeString: typeString,
      summary: g_settings_schema_key_get_summary(key).map { String(cString: $0) } ?? "",
      description: g_settings_schema_key_get_description(key).map { String(cString: $0) } ?? "",
      range: Self.range(range, typeString: typeString),
      defaultString: defaultString, defaultStrings: defaultStrings, defaultNumber: defaultNumber)
  }

  /// The key's default as the compiled schema has it (a vendor override's, if one applies),
  /// as GVariant text; never dconf's site default. Nil when the schema has no such key.
  public func compiledDefaultText(of name: String) -> String? {
    guard g_settings_schema_has_key(schema, name) != 0, let key = g_settings_schema_get_key(schema, name) else {
      return nil
    }
    defer { g_settings_schema_key_unref(key) }
    guard let value = g_settings_schema_key_get_default_value(key) else { return nil }
    return Variant(adopting: value).text
  }

  /// `text` read as a value of the key's type and written back as GVariant text, so texts
  /// from files compare with values from dconf; nil when it is no such value.
  public func normalized(_ text: String, of name: String) -> String? {
    guard g_settings_schema_has_key(schema, name) != 0, let key = g_settings_schema_get_key(schema, name) else {
      return nil
    }
    defer { g_settings_schema_key_unref(key) }
    var error: UnsafeMutablePointer<GError>?
    guard let parsed = g_variant_parse(g_settings_schema_key_get_value_type(key), text, nil, nil, &error) else {
      if let error { g_error_free(error) }
      return nil
    }
    return Variant(adopting: parsed).text
  }

  /// The key's summary and description; nil when the schema has no such key.
  public func texts(of name: String) -> SchemaKeyTexts? {
    guard g_settings_schema_has_key(schema, name) != 0, let key = g_settings_schema_get_key(schema, name) else {
      return nil
    }
    defer { g_settings_schema_key_unref(key) }
    return SchemaKeyTexts(
      summary: g_settings_schema_key_get_summary(key).map { String(cString: $0) } ?? "",
      description: g_settings_schema_key_get_description(key).map { String(cString: $0) } ?? "")
  }

  static func typeString(_ type: OpaquePointer) -> String {
    String(
      decoding: UnsafeRawBufferPointer(
        start: g_variant_type_peek_string(type), count: Int(g_variant_type_get_string_length(type))),
      as: UTF8.self)
  }

  /// Reads a key's range, a `(sv)`: its kind ("type", "enum", "flags", "range") and the allowed values.
  private static func range(_ range: OpaquePointer, typeString: String) -> SchemaKeyRange {
    let kindVariant = g_variant_get_child_value(range, 0)!
    let kind = String(cString: g_variant_get_string(kindVariant, nil))
    g_variant_unref(kindVariant)
    let boxed = g_variant_get_child_value(range, 1)!
    defer { g_variant_unref(boxed) }
    let values = g_variant_get_variant(boxed)!
    defer { g_variant_unref(values) }
    let children = (0..<g_variant_n_children(values)).map { g_variant_get_child_value(values, $0)! }
    defer { children.forEach { g_variant_unref($0) } }
    switch kind {
    case "enum", "flags":
      let nicks = children.map { String(cString: g_variant_get_string($0, nil)) }
      // String arrays restricted by <choices> report "enum" too.
      if kind == "flags" { return .flags(nicks) }
      return typeString == "as" ? .choices(nicks) : .enumeration(nicks)
    case "range":
      guard children.count == 2, let low = number(children[0]), let high = number(children[1]) else { return .any }
      return .interval(minimum: low, maximum: high)
    default:
      return .any
    }
  }

  /// A number of any GVariant number type, as a Double.
  static func number(_ value: OpaquePointer) -> Double? {
    switch String(cString: g_variant_get_type_string(value)) {
    case "d": return g_variant_get_double(value)
    case "t": return Double(g_variant_get_uint64(value))
    default: return Settings.integer(value).map(Double.init)
    }
  }
}

/// A key of a schema as GIO describes it.
public struct SchemaKeyInfo: Hashable, Sendable {
  public var name: String
  /// The GVariant type string, e.g. `b`, `as`, `a{sv}`.
  public var typeString: String
  public var summary: String
  public var description: String
  public var range: SchemaKeyRange
  /// The default of a string key; nil for keys of other types.
  public var defaultString: String?
  /// The default of a string-list key; nil for keys of other types.
  public var defaultStrings: [String]?
  /// The default of a number key; nil for keys of other types.
  public var defaultNumber: Double?
}

/// A key's summary and description.
public struct SchemaKeyTexts: Hashable, Sendable {
  public var summary: String
  public var description: String
}

/// What a key allows beyond its type.
public enum SchemaKeyRange: Hashable, Sendable {
  case any
  case enumeration([String])
  case flags([String])
  /// Each string of a string array from a `<choices>` list.
  case choices([String])
  case interval(minimum: Double, maximum: Double)
}
