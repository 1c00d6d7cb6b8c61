import Gio
import KnobsModel

/// A settings store backed by GSettings: values live in dconf (or whichever
/// backend GIO picked), and changes made outside Knobs arrive as they happen.
@MainActor
public final class GSettingsStore: SettingsStore {
  package let source: SchemaSource
  /// Looked-up schemas; nil records a schema that is not installed.
  private var schemas: [String: Settings?] = [:]
  private let observers = ChangeObservers()
  /// Schemas in use that are no longer installed: their keys are unavailable from then on.
  private var vanished: Set<String> = []

  /// A store of the schemas installed on the system (as GSettings finds them, `GSETTINGS_SCHEMA_DIR`
  /// included) and of those in `schemaFolders`, folders of compiled schemas (`gschemas.compiled`)
  /// such as an app's own beside its executable.
  public convenience init(schemaFolders: [String] = []) {
    self.init(source: SchemaSource(extraDirectories: schemaFolders))
  }

  package init(source: SchemaSource) {
    self.source = source
  }

  /// Where every GSettings store of this process also writes the keys it knows (Knobs: the files
  /// GTK reads off GNOME), and what it refuses; set once at start. Every write, reset and import
  /// of any store goes through it.
  package static var mirror: (any SettingsMirror)?

  /// Writes `changes` through `mirror`; the undo of what it wrote.
  package func mirrored(_ changes: [(key: SettingKey, value: SettingValue?)]) throws(SettingsError) -> (() -> Void)? {
    // Values kept in memory only (tests, no settings database) go nowhere else either.
    guard let mirror = Self.mirror else { return nil }
    guard storage.isPersistent else {
      for change in changes { if let value = change.value { try mirror.check(value, for: change.key) } }
      return nil
    }
    return try mirror.mirror(changes) { [weak self] key in self?.value(for: key) }
  }

  package func settings(_ schema: String) -> Settings? {
    if vanished.contains(schema) { return nil }
    if let known = schemas[schema] { return known }
    let settings = source.lookup(schema)
    schemas[schema] = settings
    settings?.onChange { [weak self] key in
      self?.observers.notify(SettingKey(schema: schema, key: key))
    }
    return settings
  }

  /// The backend of the first schema found among `schemas`, as shown in About.
  public var storage: StorageDescription {
    let backend = schemas.values.compactMap { $0 }.first?.backendName ?? "unknown"
    return Self.describe(backend: backend)
  }

  /// The installed schemas, their folders and the check for schemas removed meanwhile; where
  /// values come from (a new dconf reader each time) and the undo of the history's entries.
  public var capabilities: StoreCapabilities {
    StoreCapabilities(
      schemaLibrary: self, schemaFolders: source.folders,
      recheckSchemas: { [weak self] in self?.recheckSchemas() ?? [] }, provenance: DconfProvenance(store: self),
      undoing: self)
  }

  static func describe(backend: String) -> StorageDescription {
    switch backend {
    case "DConfSettingsBackend": return StorageDescription(backend: "dconf", isPersistent: true)
    case "GKeyfileSettingsBackend": return StorageDescription(backend: "keyfile", isPersistent: true)
    case "GMemorySettingsBackend": return StorageDescription(backend: "memory", isPersistent: false)
    case "GNullSettingsBackend": return StorageDescription(backend: "none", isPersistent: false)
    default: return StorageDescription(backend: backend, isPersistent: true)
    }
  }

  /// Looks again at the schema folders for the schemas in use; rows of one that has
  /// been removed since say it is not installed. Returns the schemas that vanished now.
  @discardableResult
  public func recheckSchemas() -> Set<String> {
    let inUse = Set(schemas.compactMap { $0.value == nil ? nil : $0.key }).subtracting(vanished)
    guard !inUse.isEmpty else { return [] }
    let gone = inUse.subtracting(source.installedNow(inUse))
    guard !gone.isEmpty else { return [] }
    vanished.formUnion(gone)
    for schema in gone.sorted() { observers.notify(.wholeSchema(schema)) }
    return gone
  }

  /// Whether the schema is installed; looks it up if needed.
  public func hasSchema(_ schema: String) -> Bool { settings(schema) != nil }

  public func availability(of key: SettingKey) -> KeyAvailability {
    guard let settings = settings(key.schema) else { return .missingSchema(key.schema) }
    return settings.hasKey(key.key) ? .available : .missingKey(key)
  }

  public func value(for key: SettingKey) -> SettingValue? {
    guard let settings = settings(key.schema), settings.hasKey(key.key) else { return nil }
    return Self.settingValue(settings.value(key.key))
  }

  public func defaultValue(for key: SettingKey) -> SettingValue? {
    guard let settings = settings(key.schema), settings.hasKey(key.key) else { return nil }
    return settings.defaultValue(key.key).flatMap(Self.settingValue)
  }

  public func write(_ value: SettingValue, for key: SettingKey) throws(SettingsError) {
    guard let settings = settings(key.schema), settings.hasKey(key.key) else {
      throw .unavailable(availability(of: key))
    }
    guard settings.isWritable(key.key) else { throw .notWritable(key) }
    let checked = lastChecked
    lastChecked = nil
    let variant: Variant
    if let checked, checked.key == key, checked.value == value {
      variant = checked.variant
    } else {
      variant = try checkedVariant(value, for: key, in: settings)
    }
    guard settings.value(key.key).text != variant.text else { return }
    try checkBackend(settings, key)
    let undo = try mirrored([(key, Self.settingValue(variant))])
    guard settings.store(key.key, variant) else {
      undo?()
      throw .notWritable(key)
    }
  }

  /// The key's GVariant type, when the key is installed.
  public func typeString(of key: SettingKey) -> String? {
    guard let settings = settings(key.schema), settings.hasKey(key.key) else { return nil }
    return settings.typeString(of: key.key)
  }

  /// dconf drops a write it can't send to its writer and only prints a warning: refuse it first.
  package func checkBackend(_ settings: Settings, _ key: SettingKey) throws(SettingsError) {
    guard settings.backendName == "DConfSettingsBackend", let problem = SessionBus.dconfWriterProblem else { return }
    throw .failed(
      key,
      reason: tr(
        "Settings can't be saved: dconf can't be reached (%s). Changing settings needs a desktop session (D-Bus).",
        problem))
  }

  public func check(_ value: SettingValue, for key: SettingKey) throws(SettingsError) {
    guard let settings = settings(key.schema), settings.hasKey(key.key) else {
      throw .unavailable(availability(of: key))
    }
    lastChecked = nil
    let variant = try checkedVariant(value, for: key, in: settings)
    try Self.mirror?.check(value, for: key)
    lastChecked = (key, value, variant)
  }

  /// The value `check` last found good, with the GVariant it stands for: the write that follows
  /// (a `SettingEdit` checks, then writes) takes it as checked instead of validating it again.
  private var lastChecked: (key: SettingKey, value: SettingValue, variant: Variant)?

  /// The GVariant `value` stands for, once its type and range are known to fit the key;
  /// GVariant text is parsed as the key's type.
  package func checkedVariant(_ value: SettingValue, for key: SettingKey, in settings: Settings) throws(SettingsError)
    -> Variant
  {
    let type = settings.typeString(of: key.key) ?? ""
    let variant: Variant
    if case .variant(let valueType, let text) = value {
      guard valueType == type else { throw .typeMismatch(key, expected: Self.typeName(type), got: value.typeName) }
      switch GVariantCheck.parse(text, type: type) {
      case .success(let parsed): variant = parsed
      case .failure(let refusal): throw .unparsable(key, text: text, reason: refusal.description)
      }
    } else {
      guard let converted = Self.variant(value, type: type) else {
        throw .typeMismatch(key, expected: Self.typeName(type), got: value.typeName)
      }
      variant = converted
    }
    guard settings.allows(key.key, variant) else { throw .outOfRange(key, value) }
    return variant
  }

  public func reset(_ key: SettingKey) throws(SettingsError) {
    guard let settings = settings(key.schema), settings.hasKey(key.key) else {
      throw .unavailable(availability(of: key))
    }
    guard settings.isWritable(key.key) else { throw .notWritable(key) }
    try checkBackend(settings, key)
    _ = try mirrored([(key, nil)])
    settings.reset(key.key)
  }

  public func isWritable(_ key: SettingKey) -> Bool {
    guard let settings = settings(key.schema), settings.hasKey(key.key) else { return false }
    return settings.isWritable(key.key)
  }

  public func observe(_ handler: @escaping @MainActor (SettingKey) -> Void) -> Observation {
    observers.add(handler)
  }

  /// The value as Knobs holds it; types without a case of their own (`(ii)`, `a{sv}` …) as GVariant text.
  package static func settingValue(_ variant: Variant) -> SettingValue? {
    if let bool = variant.bool { return .bool(bool) }
    if let double = variant.double { return .double(double) }
    if let int = variant.int { return .int(int) }
    if let string = variant.string { return .string(string) }
    if let strings = variant.strings { return .strings(strings) }
    let type = variant.typeString
    // Doubles inside shown in their shortest form; they read back as the same numbers.
    return .variant(type: type, text: type.contains("d") ? GVariantText.shortestDoubles(variant.text) : variant.text)
  }

  /// The GVariant for `value` in the key's type; nil when the types don't fit.
  static func variant(_ value: SettingValue, type: String) -> Variant? {
    switch (type, value) {
    case ("b", .bool(let bool)): return Variant(bool)
    case ("d", .double(let double)): return Variant(double)
    case ("d", .int(let int)): return Variant(Double(int))
    case (_, .int(let int)): return Variant(integer: int, type: type)
    case ("s", .string(let string)): return Variant(string)
    case ("as", .strings(let strings)): return Variant(strings: strings)
    default: return nil
    }
  }

  private static func typeName(_ type: String) -> String {
    switch type {
    case "b": return "boolean"
    case "d": return "number"
    case "i", "u", "n", "q", "x", "t", "y": return "integer"
    case "s": return "string"
    case "as": return "list of strings"
    default: return "value of type \(type)"
    }
  }
}
