import Foundation
import Gtk
import KnobsModel

/// The settings of a panel file kept in an INI file under the user's config
/// folder, read and written with GLib's GKeyFile.
///
/// Keys are `group/key` in the schema `ini:FILE`; their types and defaults are
/// the ones the panel file declares. A write reads the file again, changes one
/// key and replaces the file atomically, so comments, unknown keys and other
/// programs' changes are kept. Changes made by other programs are noticed
/// through a file monitor on the file's folder and reported to observers.
@MainActor
public final class IniStore: SettingsStore {
  public let schema: String
  /// The file's absolute path, with symlinks inside the config folder resolved.
  public let path: String
  private let relativePath: String
  private let configHome: String
  private let defaults: [SettingKey: SettingValue]
  private var values: [SettingKey: SettingValue] = [:]
  /// Why the file can't be read, when it can't; it is then never written.
  public private(set) var problem: String? {
    didSet { if problem != oldValue { onProblemChanged?(problem) } }
  }
  /// Called when the file becomes unreadable after an outside change (a symlink
  /// out of the config folder swapped in, say), and again with nil once it is readable.
  public var onProblemChanged: (@MainActor (String?) -> Void)?
  private let observers = ChangeObservers()
  private var monitor: FileMonitor?

  /// Opens the INI file `relativePath` in `configHome`; throws when the path leads out of it.
  public init(
    schema: String, relativePath: String, configHome: String, defaults: [SettingKey: SettingValue]
  ) throws(ConfigFileError) {
    self.schema = schema
    self.relativePath = relativePath
    self.configHome = configHome
    self.defaults = defaults
    path = try ConfigFile.resolve(relativePath, configHome: configHome)
    reload()
  }

  public var storage: StorageDescription { StorageDescription(backend: "INI file", isPersistent: true) }

  /// Starts following changes other programs make to the file.
  public func watch() {
    guard monitor == nil else { return }
    monitor = FileMonitor(folder: (path as NSString).deletingLastPathComponent)
    monitor?.onChange { [weak self] in self?.reloadAndNotify() }
  }

  public func availability(of key: SettingKey) -> KeyAvailability {
    if defaults[key] != nil { return .available }
    return key.schema == schema ? .missingKey(key) : .missingSchema(key.schema)
  }

  public func value(for key: SettingKey) -> SettingValue? { values[key] ?? defaults[key] }

  public func defaultValue(for key: SettingKey) -> SettingValue? { defaults[key] }

  public func check(_ value: SettingValue, for key: SettingKey) throws(SettingsError) {
    guard let defaultValue = defaults[key] else { throw .unavailable(availability(of: key)) }
    guard defaultValue.typeName == value.typeName else {
      throw .typeMismatch(key, expected: defaultValue.typeName, got: value.typeName)
    }
  }

  public func write(_ value: SettingValue, for key: SettingKey) throws(SettingsError) {
    try check(value, for: key)
    guard self.value(for: key) != value else { return }
    try change(key) { file, group, name in Self.set(value, in: file, group, name) }
  }

  public func reset(_ key: SettingKey) {
    guard defaults[key] != nil, values[key] != nil else { return }
    try? change(key) { file, group, name in file.remove(group, name) }
  }

  public func isWritable(_ key: SettingKey) -> Bool { defaults[key] != nil && problem == nil }

  public func observe(_ handler: @escaping @MainActor (SettingKey) -> Void) -> Observation {
    observers.add(handler)
  }

  /// Reads the file fresh, applies `edit` and replaces the file; the path is checked again first.
  private func change(_ key: SettingKey, _ edit: (KeyFile, String, String) -> Void) throws(SettingsError) {
    if let problem { throw .failed(key, reason: problem) }
    guard let (group, name) = IniKey.split(key.key) else { throw .unavailable(.missingKey(key)) }
    do throws(ConfigFileError) {
      guard try ConfigFile.resolve(relativePath, configHome: configHome) == path else {
        throw ConfigFileError.outside(relativePath)
      }
    } catch {
      throw .failed(key, reason: error.description)
    }
    let file = KeyFile()
    do {
      if let text = try Self.readText(path) { try file.load(text) }
    } catch {
      problem = tr(
        "The settings file %1$s can't be read (%2$s); Knobs won't change it.", path, String(describing: error))
      throw .failed(key, reason: problem!)
    }
    edit(file, group, name)
    do {
      try KeyFile.makeFolder((path as NSString).deletingLastPathComponent)
      try KeyFile.write(file.text, to: path)
    } catch {
      throw .failed(key, reason: tr("The settings file %1$s can't be written: %2$s", path, String(describing: error)))
    }
    reloadAndNotify()
  }

  private func reloadAndNotify() {
    let before = values
    let problemBefore = problem
    reload()
    // When the file becomes unreadable or readable again, rows ask again whether they may write.
    let changedProblem = problem != problemBefore
    for key in defaults.keys.sorted(by: { $0.key < $1.key }) where changedProblem || before[key] != values[key] {
      observers.notify(key)
    }
  }

  /// Reads every declared key from the file; a key that is missing or can't be read as its type reads as its default.
  /// The path is checked again each time: a file swapped for a symlink out of the config folder is not read,
  /// and the values read before stay.
  private func reload() {
    do throws(ConfigFileError) {
      guard try ConfigFile.resolve(relativePath, configHome: configHome) == path else {
        throw ConfigFileError.outside(relativePath)
      }
    } catch {
      problem = error.description
      return
    }
    let file = KeyFile()
    do {
      guard let text = try Self.readText(path) else {
        values = [:]
        problem = nil
        return
      }
      try file.load(text)
    } catch {
      problem = tr(
        "The settings file %1$s can't be read (%2$s); Knobs won't change it.", path, String(describing: error))
      return
    }
    problem = nil
    var read: [SettingKey: SettingValue] = [:]
    for (key, defaultValue) in defaults {
      guard let (group, name) = IniKey.split(key.key), file.hasKey(group, name) else { continue }
      read[key] = Self.get(like: defaultValue, from: file, group, name)
    }
    values = read
  }

  /// The file's text; nil when there is no file yet. The path was checked against the config folder just
  /// before, and a symlink put in its place meanwhile is not followed.
  private static func readText(_ path: String) throws(ConfigFileError) -> String? {
    try ConfigFile.readText(path)
  }

  private static func get(like sample: SettingValue, from file: KeyFile, _ group: String, _ key: String)
    -> SettingValue?
  {
    switch sample {
    case .bool: return file.boolean(group, key).map(SettingValue.bool)
    case .int: return file.integer(group, key).map(SettingValue.int)
    case .double: return file.double(group, key).map(SettingValue.double)
    case .string: return file.string(group, key).map(SettingValue.string)
    case .strings: return file.strings(group, key).map(SettingValue.strings)
    case .variant(let type, _): return file.string(group, key).map { .variant(type: type, text: $0) }
    }
  }

  private static func set(_ value: SettingValue, in file: KeyFile, _ group: String, _ key: String) {
    switch value {
    case .bool(let value): file.setBoolean(group, key, value)
    case .int(let value): file.setInteger(group, key, value)
    case .double(let value): file.setDouble(group, key, value)
    case .string(let value): file.setString(group, key, value)
    case .strings(let values): file.setStrings(group, key, values)
    case .variant(_, let text): file.setString(group, key, text)
    }
  }
}
