internal import CDconf
import Glibc
import Gio
import KnobsModel

/// Reads where GSettings keys' values come from: GSettings itself for what is in force
/// (`g_settings_get_value`, the user's value, the value a reset gives, whether the key is
/// writable: dconf's answers through the one libdconf engine GSettings already has), each
/// database of the profile (read and checked whole by Knobs) for which one gives a value or a
/// lock, the schema folder's vendor overrides, and the schema's own default.
///
/// Nothing is read until a key is asked for: the window asks only for the rows it shows.
/// The profile, the databases and the override files are read once and kept.
@MainActor
public final class DconfProvenance: ProvenanceReading {
  private let store: GSettingsStore
  private var profileRead: DconfProfile?
  private var tables: [Int: Result<GVDBTable, GVDBFileProblem>] = [:]
  private var overrides: [String: VendorOverrides] = [:]
  private var folders: [String: String?] = [:]

  /// The profile `guardDconf` kept libdconf from: its `unsafeFile` says why, or it is a folder.
  package private(set) static var guardedProfile: DconfProfile?

  /// Says where the values of `store`'s keys come from; nothing is read until a key is asked for.
  public init(store: GSettingsStore) {
    self.store = store
  }

  /// Looks at the dconf profile and its databases' files before anything lets libdconf open them.
  /// When one is not a regular file (a FIFO dconf would wait on forever, a device it would read
  /// forever), GSettings is switched to its memory backend for this process, so libdconf never
  /// opens any of them; with `readingOnly`, a profile that is a folder too (dconf reads no
  /// database from it: the defaults are in force, as the memory backend gives them). Returns the
  /// profile when it switched, nil otherwise. Call before any GSettings object is made.
  package static func guardDconf(readingOnly: Bool) -> DconfProfile? {
    if let backend = g_getenv("GSETTINGS_BACKEND"), String(cString: backend) != "dconf" { return nil }
    let found = currentProfile().checkingDatabaseFiles()
    guard found.unsafeFile != nil || (readingOnly && found.isFolder) else { return nil }
    g_setenv("GSETTINGS_BACKEND", "memory", 1)
    guardedProfile = found
    return found
  }

  /// The dconf profile in force, found as dconf finds it, from this process's environment.
  static func currentProfile() -> DconfProfile {
    let systemDirs: [String] = {
      guard let dirs = g_get_system_data_dirs() else { return [] }
      var result: [String] = []
      var index = 0
      while let dir = dirs[index] {
        result.append(String(cString: dir))
        index += 1
      }
      return result
    }()
    return DconfProfile.find(
      in: DconfProfile.Environment(
        uid: UInt32(getuid()), dconfProfile: g_getenv("DCONF_PROFILE").map { String(cString: $0) },
        runtimeDirectory: String(cString: g_get_user_runtime_dir()),
        configDirectory: String(cString: g_get_user_config_dir()), systemDataDirectories: systemDirs))
  }

  /// The dconf profile in force, found as dconf finds it.
  package var profile: DconfProfile {
    if let profileRead { return profileRead }
    let found = Self.guardedProfile ?? Self.currentProfile()
    profileRead = found
    return found
  }

  private func table(_ index: Int, _ database: DconfProfile.Database) -> Result<GVDBTable, GVDBFileProblem> {
    if let known = tables[index] { return known }
    let read =
      database.file.map {
        GVDBTable.read(file: $0) { bytes, swapped in Variant.ofSerializedVariant(bytes, byteSwapped: swapped) != nil }
      } ?? .failure(GVDBFileProblem(tr("it has no file")))
    tables[index] = read
    return read
  }

  private func overrides(in folder: String) -> VendorOverrides {
    if let known = overrides[folder] { return known }
    let read = VendorOverrides(
      folder: folder, desktops: VendorOverrides.desktops(g_getenv("XDG_CURRENT_DESKTOP").map { String(cString: $0) }))
    overrides[folder] = read
    return read
  }

  private func folder(holding schema: String) -> String? {
    if let known = folders[schema] { return known }
    let found = store.source.folder(holding: schema)
    folders[schema] = found
    return found
  }

  public func hasUserValue(_ key: SettingKey) -> Bool? {
    guard let settings = store.settings(key.schema), settings.hasKey(key.key) else { return nil }
    return settings.hasUserValue(key.key)
  }

  public func provenance(of key: SettingKey) -> ValueProvenance? {
    guard let settings = store.settings(key.schema), settings.hasKey(key.key) else { return nil }
    let (schemaID, folderOfID) = SchemaSource.split(key.schema)
    guard let schema = store.source.schema(schemaID), let dconfFolder = schema.path ?? folderOfID else { return nil }
    let path = dconfFolder + key.key
    var problems: [String] = []

    // The schema's own default, and the vendor overrides of the folder that gives the schema.
    let compiled = schema.compiledDefaultText(of: key.key)
    var vendor: [VendorOverrides.Override] = []
    var schemaDefault = compiled
    var schemaOrigin = schemaID
    if let folder = folder(holding: schemaID) {
      schemaOrigin = "\(schemaID) (\(folder))"
      let found = overrides(in: folder)
      problems += found.problems
      for var override in found.overrides[schemaID]?[key.key] ?? [] {
        if let normal = schema.normalized(override.value, of: key.key) {
          override.value = normal
        } else {
          problems.append(
            tr(
              "The vendor override %1$s sets “%2$s” to “%3$s”, which is not a value of the key.", override.file,
              key.key, override.value.shortenedForMessage))
          continue
        }
        vendor.append(override)
      }
      if !vendor.isEmpty {
        // The compiled schema holds the override: the schema's own default is in its XML file.
        schemaDefault = SchemaXMLDefault.find(schema: schemaID, key: key.key, folder: folder)
          .flatMap { schema.normalized($0, of: key.key) }
        if schemaDefault == nil { problems.append(tr("The schema's own default was not found in %s.", folder)) }
      }
      if let winner = vendor.last, winner.value != compiled {
        problems.append(
          tr(
            "The vendor override %s is not what the compiled schemas hold: glib-compile-schemas has not been run since it changed.",
            winner.file))
        vendor.removeAll()
        schemaDefault = compiled
      }
    }

    let guarded = Self.guardedProfile
    let isDconf = settings.backendName == "DConfSettingsBackend" || guarded != nil
    var databases: [Int: ProvenanceFacts.DatabaseReading] = [:]
    // GSettings' own answers: the truth that is explained (nil when libdconf was kept from the files).
    let canTell = guarded?.unsafeFile == nil
    let userValue = canTell ? settings.userValue(key.key)?.text : nil
    let value = canTell ? settings.value(key.key).text : nil
    let resetValue = canTell ? settings.defaultValue(key.key)?.text : nil
    // A profile that is a folder: dconf reads no database, and no key can be changed.
    let isWritable = guarded == nil ? settings.isWritable(key.key) : false
    let profile = isDconf ? self.profile : DconfProfile(file: nil, foundBy: settings.backendName, databases: [])
    if isDconf && canTell {
      for (index, database) in profile.databases.enumerated() {
        if index == 0 && (database.kind == .user || database.kind == .service) { continue }
        switch table(index, database) {
        case .success(let table):
          var reading: ProvenanceFacts.DatabaseReading = .read(value: nil, locks: table.locks(path))
          if let bytes = table.value(at: path) {
            if let variant = Variant.ofSerializedVariant(bytes, byteSwapped: table.isByteSwapped) {
              reading = .read(
                value: variant.text, accepted: settings.allows(key.key, variant), locks: table.locks(path))
            } else {
              reading = .unreadable(tr("it holds a damaged value for %s", path))
            }
          }
          databases[index] = reading
        case .failure(let problem):
          databases[index] = problem.dconfReadsNothing ? .empty(problem.description) : .unreadable(problem.description)
        }
      }
    }
    return ValueProvenance.resolve(
      ProvenanceFacts(
        key: key, path: path, schemaDefault: schemaDefault, schemaOrigin: schemaOrigin, vendorOverrides: vendor,
        profile: profile, databases: databases, isDconf: isDconf, userValue: userValue, value: value,
        resetValue: resetValue, isWritable: isWritable, problems: problems))
  }
}
