import FoundationEssentials

/// The settings of a panel file kept in an app's INI file under the user's
/// config folder.
///
/// Keys are `group/key` (or `key` alone, before the file's first group) in the
/// schema `ini:FILE`; their types and defaults are the ones the panel file
/// declares, their spelling the file's dialect. A write changes only the bytes
/// of the value it writes (`IniDocument`), swaps the file in only if no other
/// program changed it meanwhile (`IniFileAccess`), and succeeds only once the
/// value is in the file. A file Knobs can't read is never written.
@MainActor
public final class IniStore: SettingsStore {
  /// The largest INI file read, in bytes; a bigger one is refused.
  public static let sizeLimit = 1024 * 1024
  /// The schema the store's keys are named under.
  public let schema: String
  /// The file's absolute path, with symlinks inside the config folder resolved.
  public let path: String
  /// How the file writes its values.
  public let dialect: IniDialect
  private let relativePath: String
  private let configHome: String
  private let defaults: [SettingKey: SettingValue]
  /// Why GVariant text is not a value of a type, for keys of rows with a `gvariant-type`; nil takes any text.
  private let variantProblem: (@MainActor (String, String) -> String?)?
  private var values: [SettingKey: SettingValue] = [:]
  /// The raw values as read, which keep a write in the file's style.
  private var raw: [SettingKey: IniRawValue] = [:]
  /// The file as Knobs last wrote it: a change notice for that version needs no reading (and no waiting
  /// for the file to settle on the main loop).
  private var written: IniFileAccess.Identity?
  /// Why the file can't be read, when it can't; it is then never written.
  public private(set) var problem: String? {
    didSet { if problem != oldValue { onProblemChanged?(problem) } }
  }
  /// Called when the file becomes unreadable after an outside change (a symlink
  /// out of the config folder swapped in, say), and again with nil once it is readable.
  public var onProblemChanged: (@MainActor (String?) -> Void)?
  private let observers = ChangeObservers()
  /// Whatever follows the file for outside changes (a file monitor in the window); kept as long as the store.
  public var watcher: AnyObject?

  /// Opens the INI file `relativePath` in `configHome`; throws when the path leads out of it.
  public init(
    schema: String, relativePath: String, configHome: String, defaults: [SettingKey: SettingValue],
    dialect: IniDialect = .keyfile, variantProblem: (@MainActor (String, String) -> String?)? = nil
  ) throws(ConfigFileError) {
    self.variantProblem = variantProblem
    self.schema = schema
    self.relativePath = relativePath
    self.configHome = configHome
    self.defaults = defaults
    self.dialect = dialect
    path = try ConfigFile.resolve(relativePath, configHome: configHome)
    reload()
  }

  public var storage: StorageDescription { StorageDescription(backend: "INI file", isPersistent: true) }

  /// The folder to watch for changes to the file.
  public var folder: String { PathText.parent(path) }

  /// Whether the key is one of the declared ones.
  public func availability(of key: SettingKey) -> KeyAvailability {
    if defaults[key] != nil { return .available }
    return key.schema == schema ? .missingKey(key) : .missingSchema(key.schema)
  }

  public func value(for key: SettingKey) -> SettingValue? { values[key] ?? defaults[key] }

  public func defaultValue(for key: SettingKey) -> SettingValue? { defaults[key] }

  public func check(_ value: SettingValue, for key: SettingKey) throws(SettingsError) {
    guard let defaultValue = defaults[key] else { throw .unavailable(availability(of: key)) }
    guard defaultValue.hasSameType(as: value) else {
      throw .typeMismatch(key, expected: defaultValue.typeName, got: value.typeName)
    }
    if case .variant(let type, let text) = value, let problem = variantProblem?(text, type) {
      throw .unparsable(key, text: text, reason: problem)
    }
    do {
      _ = try IniValueCoding.write(value, dialect: dialect, previous: raw[key])
    } catch {
      throw .unparsable(key, text: value.description, reason: error.description)
    }
  }

  public func write(_ value: SettingValue, for key: SettingKey) throws(SettingsError) {
    try check(value, for: key)
    guard let (group, name) = IniKey.split(key.key) else { throw .unavailable(.missingKey(key)) }
    try change(key) { document throws(IniFileError) in
      let bytes: [UInt8]
      do throws(IniValueError) {
        bytes = try IniValueCoding.write(value, dialect: dialect, previous: document.rawValue(name, in: group))
      } catch {
        throw .value(error)
      }
      document.setValue(bytes, for: name, in: group)
    }
    guard values[key] == value else {
      throw .failed(key, reason: tr("The settings file %s did not keep the value written.", path))
    }
  }

  /// Removes the key from the file, so the app uses its own default; throws when the file could not be changed.
  public func reset(_ key: SettingKey) throws(SettingsError) {
    guard defaults[key] != nil else { throw .unavailable(availability(of: key)) }
    guard let (group, name) = IniKey.split(key.key) else { throw .unavailable(.missingKey(key)) }
    try change(key) { document in document.removeKey(name, in: group) }
  }

  public func isWritable(_ key: SettingKey) -> Bool { defaults[key] != nil && problem == nil }

  public func observe(_ handler: @escaping @MainActor (SettingKey) -> Void) -> Observation {
    observers.add(handler)
  }

  /// Edits the file and takes the values from what was written; the path is checked again first.
  private func change(_ key: SettingKey, _ edit: (inout IniDocument) throws(IniFileError) -> Void)
    throws(SettingsError)
  {
    if let problem { throw .failed(key, reason: problem) }
    do throws(ConfigFileError) {
      guard try ConfigFile.resolve(relativePath, configHome: configHome) == path else {
        throw ConfigFileError.outside(relativePath)
      }
    } catch {
      throw .failed(key, reason: error.description)
    }
    let document: IniDocument
    let version: IniFileAccess.Identity?
    do {
      (document, version) = try IniFileAccess.edit(path, dialect: dialect, limit: Self.sizeLimit, edit)
    } catch {
      if case .value(let valueError) = error { throw .unparsable(key, text: "", reason: valueError.description) }
      throw .failed(key, reason: tr("The settings file %1$s can't be written: %2$s.", path, error.description))
    }
    let before = values
    take(document)
    if let version { written = version }
    notify(changedFrom: before, problemChanged: false)
  }

  /// Reads the file again and tells observers which keys changed; for a watcher to call.
  public func reloadAndNotify() {
    let before = values
    let problemBefore = problem
    reload()
    notify(changedFrom: before, problemChanged: problem != problemBefore)
  }

  private func notify(changedFrom before: [SettingKey: SettingValue], problemChanged: Bool) {
    // When the file becomes unreadable or readable again, rows ask again whether they may write.
    for key in defaults.keys.sorted(by: { $0.key < $1.key }) where problemChanged || before[key] != values[key] {
      observers.notify(key)
    }
  }

  /// Reads every declared key from the file; a key that is missing or can't be read as its type reads as its
  /// default. The path is checked again each time: a file swapped for a symlink out of the config folder is
  /// not read, and the values read before stay.
  private func reload() {
    do throws(ConfigFileError) {
      guard try ConfigFile.resolve(relativePath, configHome: configHome) == path else {
        throw ConfigFileError.outside(relativePath)
      }
    } catch {
      problem = error.description
      return
    }
    if let written, IniFileAccess.identity(of: path) == written {
      problem = nil
      return
    }
    written = nil
    do {
      let snapshot = try IniFileAccess.read(path, limit: Self.sizeLimit)
      take(IniDocument(bytes: snapshot.bytes, dialect: dialect))
      problem = nil
    } catch {
      problem = tr("The settings file %1$s can't be read (%2$s); it is left as it is.", path, error.description)
    }
  }

  private func take(_ document: IniDocument) {
    var read: [SettingKey: SettingValue] = [:]
    var rawValues: [SettingKey: IniRawValue] = [:]
    for (key, defaultValue) in defaults {
      guard let (group, name) = IniKey.split(key.key), let value = document.rawValue(name, in: group) else {
        continue
      }
      rawValues[key] = value
      read[key] = IniValueCoding.read(value, like: defaultValue, dialect: dialect)
    }
    values = read
    raw = rawValues
  }
}
