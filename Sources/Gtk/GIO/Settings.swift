internal import CGtk
internal import CGtkGlue

/// The installed GSettings schemas Knobs can read: the system's and, optionally, a folder of its own.
@MainActor
public final class SchemaSource {
  /// Nil when no schema is installed anywhere (GLib then has no default source).
  private let source: OpaquePointer?
  /// Folders whose compiled schemas GIO refused, with its reason; their schemas are left out.
  public private(set) var problems: [String] = []
  private let extraDirectories: [String]

  /// The default source (installed schemas and `GSETTINGS_SCHEMA_DIR`), extended by
  /// compiled schemas in `directories` when they exist.
  public init(extraDirectories directories: [String] = []) {
    var source = g_settings_schema_source_get_default().flatMap { g_settings_schema_source_ref($0) }
    var problems: [String] = []
    for directory in directories where g_file_test(directory + "/gschemas.compiled", G_FILE_TEST_EXISTS) != 0 {
      var error: UnsafeMutablePointer<GError>?
      if let extended = g_settings_schema_source_new_from_directory(directory, source, 0, &error) {
        if let source { g_settings_schema_source_unref(source) }
        source = extended
      } else if let error {
        problems.append("The schemas in \(directory) can't be read: \(String(cString: error.pointee.message)).")
        g_error_free(error)
      }
    }
    self.source = source
    self.problems = problems
    extraDirectories = directories
  }

  isolated deinit {
    if let source { g_settings_schema_source_unref(source) }
  }

  /// The summaries and descriptions of a schema's keys as its authors wrote
  /// them, by key name; nil when messages are in English anyway (`schema(_:)`
  /// gives the same texts), or when the schema is not installed.
  ///
  /// GLib translates a folder's texts through the schema's gettext domain the
  /// first time it reads them, in the locale of that moment, and keeps them. So
  /// the folders are opened a second time, the first time English texts are
  /// asked for, and their texts read with this thread's locale set to C.
  public func englishTexts(of id: String) -> [String: SchemaKeyTexts]? {
    guard knobs_messages_are_english() == 0, let source = untranslatedSource,
      let found = g_settings_schema_source_lookup(source, Self.split(id).id, 1)
    else { return nil }
    defer { g_settings_schema_unref(found) }
    let previous = knobs_use_c_locale()
    defer { knobs_restore_thread_locale(previous) }
    let schema = SettingsSchema(found)
    var texts: [String: SchemaKeyTexts] = [:]
    for name in schema.keyNames { texts[name] = schema.texts(of: name) }
    return texts
  }

  /// Sources for English texts by the folders they read, made when first needed
  /// and kept, as GLib keeps its default source.
  private static var untranslatedSources: [[String]: OpaquePointer?] = [:]

  /// A chain of sources over the folders GLib's default source reads, in its
  /// order, then the extra ones, whose texts are read only through `englishTexts(of:)`.
  private var untranslatedSource: OpaquePointer? {
    let folders = foldersByPrecedence
    if let made = Self.untranslatedSources[folders] { return made }
    let chain = Self.chain(folders.reversed())
    Self.untranslatedSources[folders] = chain
    return chain
  }

  /// A new source over the compiled schemas of `folders`, the last one's first;
  /// folders GIO can't read are left out.
  private static func chain(_ folders: [String]) -> OpaquePointer? {
    var chain: OpaquePointer?
    for folder in folders where g_file_test(folder + "/gschemas.compiled", G_FILE_TEST_EXISTS) != 0 {
      var error: UnsafeMutablePointer<GError>?
      if let extended = g_settings_schema_source_new_from_directory(folder, chain, 0, &error) {
        if let chain { g_settings_schema_source_unref(chain) }
        chain = extended
      } else if let error {
        g_error_free(error)
      }
    }
    return chain
  }

  /// The folders a schema is looked for in, first the one whose schema wins: as
  /// GLib's default source orders them (`GSETTINGS_SCHEMA_DIR`'s, the user's,
  /// the system's in `XDG_DATA_DIRS` order), with the extra ones, last first, above them.
  var foldersByPrecedence: [String] {
    var folders: [String] = extraDirectories.reversed()
    if let extra = g_getenv("GSETTINGS_SCHEMA_DIR") {
      folders += String(cString: extra).split(separator: ":").map(String.init)
    }
    folders.append(String(cString: g_get_user_data_dir()) + "/glib-2.0/schemas")
    if let systemDirs = g_get_system_data_dirs() {
      var index = 0
      while let dir = systemDirs[index] {
        folders.append(String(cString: dir) + "/glib-2.0/schemas")
        index += 1
      }
    }
    return folders
  }

  /// The schema, if installed and not relocatable; never aborts the way `g_settings_new`
  /// does on a missing schema (or on a relocatable one without a path).
  ///
  /// `ID:/PATH/` (as `gsettings` writes it) is a relocatable schema at a path of the user's dconf database.
  public func lookup(_ id: String) -> Settings? {
    let (schemaID, path) = Self.split(id)
    guard let source, let schema = g_settings_schema_source_lookup(source, schemaID, 1) else { return nil }
    defer { g_settings_schema_unref(schema) }
    let isRelocatable = g_settings_schema_get_path(schema) == nil
    // g_settings_new_full aborts on a path for a fixed schema, or on a malformed path.
    if let path {
      guard isRelocatable, Self.isValidPath(path) else { return nil }
    } else if isRelocatable {
      return nil
    }
    return Settings(schema: schema, path: path)
  }

  /// Which of `ids` are installed now, read afresh from the schema folders: GLib
  /// reads its default source once per process, so a schema removed since is still in it.
  public func installedNow(_ ids: Set<String>) -> Set<String> {
    guard let fresh = Self.chain(folders) else { return [] }
    defer { g_settings_schema_source_unref(fresh) }
    return ids.filter { id in
      guard let schema = g_settings_schema_source_lookup(fresh, Self.split(id).id, 1) else { return false }
      g_settings_schema_unref(schema)
      return true
    }
  }

  /// Every folder schemas are read from: the system's, the user's, `GSETTINGS_SCHEMA_DIR`'s and the extra ones.
  public var folders: [String] {
    var folders: [String] = []
    if let systemDirs = g_get_system_data_dirs() {
      var index = 0
      while let dir = systemDirs[index] {
        folders.append(String(cString: dir) + "/glib-2.0/schemas")
        index += 1
      }
    }
    folders.append(String(cString: g_get_user_data_dir()) + "/glib-2.0/schemas")
    if let extra = g_getenv("GSETTINGS_SCHEMA_DIR") {
      folders += String(cString: extra).split(separator: ":").map(String.init)
    }
    return folders + extraDirectories
  }

  /// A schema id and the path after its “:”, if any: `ID:/PATH/` → (`ID`, `/PATH/`).
  public static func split(_ id: String) -> (id: String, path: String?) {
    guard let colon = id.firstIndex(of: ":") else { return (id, nil) }
    return (String(id[..<colon]), String(id[id.index(after: colon)...]))
  }

  /// What g_settings_new_full accepts: starts and ends with “/”, no “//”.
  static func isValidPath(_ path: String) -> Bool {
    path.hasPrefix("/") && path.hasSuffix("/") && !path.contains("//")
  }

  /// The schema's description, if installed (relocatable ones too; `ID:/PATH/` names the schema `ID`).
  public func schema(_ id: String) -> SettingsSchema? {
    guard let source, let schema = g_settings_schema_source_lookup(source, Self.split(id).id, 1) else { return nil }
    defer { g_settings_schema_unref(schema) }
    return SettingsSchema(schema)
  }

  /// The ids of every installed schema with a fixed path (relocatable ones left out), sorted.
  public var schemaIDs: [String] { listed(relocatable: false) }

  /// The ids of every installed relocatable schema, sorted.
  public var relocatableSchemaIDs: [String] { listed(relocatable: true) }

  private func listed(relocatable wanted: Bool) -> [String] {
    guard let source else { return [] }
    var fixed: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?
    var relocatable: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?
    g_settings_schema_source_list_schemas(source, 1, &fixed, &relocatable)
    defer {
      g_strfreev(fixed)
      g_strfreev(relocatable)
    }
    return (wanted ? relocatable : fixed).map(stringArray)?.sorted() ?? []
  }
}

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
    guard let schemaKey = g_settings_schema_get_key(schema, key) else { return false }
    defer { g_settings_schema_key_unref(schemaKey) }
    let expected = g_settings_schema_key_get_value_type(schemaKey)
    guard g_variant_is_of_type(value.variant, expected) != 0,
      g_settings_schema_key_range_check(schemaKey, value.variant) != 0,
      isWritable(key)
    else { return false }
    return g_settings_set_value(settings, key, value.variant) != 0
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

/// A GVariant value, owned.
@MainActor
public final class Variant {
  let variant: OpaquePointer

  init(adopting variant: OpaquePointer) {
    self.variant = variant
  }

  public convenience init(_ value: Bool) { self.init(sinking: g_variant_new_boolean(value ? 1 : 0)) }
  public convenience init(_ value: Double) { self.init(sinking: g_variant_new_double(value)) }
  public convenience init(_ value: String) { self.init(sinking: g_variant_new_string(value)) }
  public convenience init(int32 value: Int32) { self.init(sinking: g_variant_new_int32(value)) }
  public convenience init(uint32 value: UInt32) { self.init(sinking: g_variant_new_uint32(value)) }

  /// An array of strings (`as`).
  public convenience init(strings: [String]) {
    var cStrings: [UnsafePointer<CChar>?] = strings.map { UnsafePointer(strdup($0)) }
    defer { cStrings.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
    self.init(sinking: g_variant_new_strv(&cStrings, gssize(strings.count)))
  }

  /// An integer of GVariant type `type` ("i", "u", "n", "q", "x", "t" or "y"); nil when it doesn't fit.
  public convenience init?(integer value: Int, type: String) {
    let variant: OpaquePointer?
    switch type {
    case "i": variant = Int32(exactly: value).map { g_variant_new_int32($0) }
    case "u": variant = UInt32(exactly: value).map { g_variant_new_uint32($0) }
    case "n": variant = Int16(exactly: value).map { g_variant_new_int16($0) }
    case "q": variant = UInt16(exactly: value).map { g_variant_new_uint16($0) }
    case "x": variant = g_variant_new_int64(value)
    case "t": variant = UInt(exactly: value).map { g_variant_new_uint64($0) }
    case "y": variant = UInt8(exactly: value).map { g_variant_new_byte($0) }
    default: variant = nil
    }
    guard let variant else { return nil }
    self.init(sinking: variant)
  }

  private convenience init(sinking variant: OpaquePointer) {
    self.init(adopting: g_variant_ref_sink(variant))
  }

  isolated deinit {
    g_variant_unref(variant)
  }

  /// The GVariant type string, e.g. "b", "i", "d", "s".
  public var typeString: String { String(cString: g_variant_get_type_string(variant)) }

  public var bool: Bool? { typeString == "b" ? g_variant_get_boolean(variant) != 0 : nil }
  public var double: Double? { typeString == "d" ? g_variant_get_double(variant) : nil }
  public var int: Int? { Settings.integer(variant) }
  public var string: String? { typeString == "s" ? String(cString: g_variant_get_string(variant, nil)) : nil }

  /// The strings of an `as` value.
  public var strings: [String]? {
    guard typeString == "as" else { return nil }
    return (0..<g_variant_n_children(variant)).map { index in
      let child = g_variant_get_child_value(variant, index)!
      defer { g_variant_unref(child) }
      return String(cString: g_variant_get_string(child, nil))
    }
  }

  /// Parses GVariant text as a value of type `type` (`(1, 2)` for `(ii)`, `just true` for `mb`);
  /// the error says what is wrong in the parser's words.
  public static func parse(_ text: String, type: String) -> Result<Variant, VariantParseError> {
    guard g_variant_type_string_is_valid(type) != 0 else {
      return .failure(VariantParseError("“\(type)” is not a GVariant type."))
    }
    let variantType = g_variant_type_new(type)!
    defer { g_variant_type_free(variantType) }
    var error: UnsafeMutablePointer<GError>?
    guard let parsed = g_variant_parse(variantType, text, nil, nil, &error) else {
      let message = error.map { String(cString: $0.pointee.message) } ?? "it can't be read"
      if let error { g_error_free(error) }
      return .failure(VariantParseError(VariantParseError.withoutOffsets(message)))
    }
    // g_variant_parse returns a reference of our own, not a floating one.
    return .success(Variant(adopting: parsed))
  }

  /// The value in GVariant text format, as `gsettings get` prints it.
  public var text: String {
    let printed = g_variant_print(variant, 0)!
    defer { g_free(printed) }
    return String(cString: printed)
  }
}

/// Why GVariant text was refused, in the parser's words.
public struct VariantParseError: Error, Hashable, Sendable, CustomStringConvertible {
  public let description: String

  init(_ description: String) { self.description = description }

  /// GLib starts its messages with the offsets of the fault (`0-3:`); people want the words.
  static func withoutOffsets(_ message: String) -> String {
    let prefix = message.prefix { $0.isNumber || $0 == "-" }
    guard !prefix.isEmpty, message.dropFirst(prefix.count).first == ":" else { return message }
    return String(message.dropFirst(prefix.count + 1).drop { $0 == " " })
  }
}
