internal import CDconf
import Glibc
import Gtk
import KnobsModel

/// Reads where GSettings keys' values come from: libdconf for what dconf itself gives
/// (`dconf_client_read_full` with `DCONF_READ_USER_VALUE`, the plain read and
/// `dconf_client_is_writable`), each database of the profile for which one gives a value or
/// a lock, the schema folder's vendor overrides, and the schema's own default.
///
/// Nothing is read until a key is asked for: the window asks only for the rows it shows.
/// The profile, the databases and the override files are read once and kept.
@MainActor
public final class DconfProvenance: ProvenanceReading {
  private let store: GSettingsStore
  private var client: OpaquePointer?
  private var profileRead: DconfProfile?
  private var tables: [Int: Result<GVDBTable, GVDBFileProblem>] = [:]
  private var overrides: [String: VendorOverrides] = [:]
  private var folders: [String: String?] = [:]

  public init(store: GSettingsStore) {
    self.store = store
  }

  isolated deinit {
    if let client { g_object_unref(UnsafeMutableRawPointer(client)) }
  }

  /// The dconf profile in force, found as dconf finds it.
  public var profile: DconfProfile {
    if let profileRead { return profileRead }
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
    let found = DconfProfile.find(
      in: DconfProfile.Environment(
        uid: UInt32(getuid()), dconfProfile: g_getenv("DCONF_PROFILE").map { String(cString: $0) },
        runtimeDirectory: String(cString: g_get_user_runtime_dir()),
        configDirectory: String(cString: g_get_user_config_dir()), systemDataDirectories: systemDirs))
    profileRead = found
    return found
  }

  private var dconf: OpaquePointer {
    if let client { return client }
    let made = dconf_client_new()!
    client = made
    return made
  }

  private func text(_ variant: OpaquePointer?) -> String? {
    guard let variant else { return nil }
    defer { g_variant_unref(variant) }
    let printed = g_variant_print(variant, 0)!
    defer { g_free(printed) }
    return String(cString: printed)
  }

  private func read(_ path: String, _ flags: DConfReadFlags) -> String? {
    text(dconf_client_read_full(dconf, path, flags, nil))
  }

  private func table(_ index: Int, _ database: DconfProfile.Database) -> Result<GVDBTable, GVDBFileProblem> {
    if let known = tables[index] { return known }
    let read = database.file.map { GVDBTable.read(file: $0) } ?? .failure(GVDBFileProblem(tr("it has no file")))
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

    let isDconf = settings.backendName == "DConfSettingsBackend"
    var databases: [Int: ProvenanceFacts.DatabaseReading] = [:]
    var userValue = settings.userValue(key.key)?.text
    var dconfValue: String?
    var isWritable = settings.isWritable(key.key)
    let profile = isDconf ? self.profile : DconfProfile(file: nil, foundBy: settings.backendName, databases: [])
    if isDconf {
      userValue = read(path, DCONF_READ_USER_VALUE)
      dconfValue = read(path, DCONF_READ_FLAGS_NONE)
      isWritable = dconf_client_is_writable(dconf, path) != 0
      for (index, database) in profile.databases.enumerated() {
        if index == 0 && (database.kind == .user || database.kind == .service) { continue }
        switch table(index, database) {
        case .success(let table):
          let value = table.values[path].flatMap { bytes -> String? in
            guard let text = Variant.textOfSerializedVariant(bytes, byteSwapped: table.isByteSwapped) else {
              problems.append(tr("The dconf database %1$s holds a damaged value for %2$s.", database.label, path))
              return nil
            }
            return text
          }
          databases[index] = .read(value: value, locks: table.locks.contains(path))
        case .failure(let problem):
          databases[index] = .unreadable(problem.description)
        }
      }
    }
    return ValueProvenance.resolve(
      ProvenanceFacts(
        key: key, path: path, schemaDefault: schemaDefault, schemaOrigin: schemaOrigin, vendorOverrides: vendor,
        profile: profile, databases: databases, isDconf: isDconf, userValue: userValue, dconfValue: dconfValue,
        isWritable: isWritable, problems: problems))
  }
}
