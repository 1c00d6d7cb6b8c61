import Glibc
internal import CGio
internal import CGioGlue

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
  public var foldersByPrecedence: [String] {
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

  /// The folder whose compiled schemas give the schema `id`, as GLib picks it (the first
  /// of `foldersByPrecedence` that has it): the folder its vendor overrides are in.
  public func folder(holding id: String) -> String? {
    for folder in foldersByPrecedence where g_file_test(folder + "/gschemas.compiled", G_FILE_TEST_EXISTS) != 0 {
      var error: UnsafeMutablePointer<GError>?
      guard let single = g_settings_schema_source_new_from_directory(folder, nil, 0, &error) else {
        if let error { g_error_free(error) }
        continue
      }
      defer { g_settings_schema_source_unref(single) }
      if let schema = g_settings_schema_source_lookup(single, Self.split(id).id, 0) {
        g_settings_schema_unref(schema)
        return folder
      }
    }
    return nil
  }

  /// A schema id and the path after its “:”, if any: `ID:/PATH/` → (`ID`, `/PATH/`).
  public static func split(_ id: String) -> (id: String, path: String?) {
    guard let colon = id.firstIndex(of: ":") else { return (id, nil) }
    return (String(id[..<colon]), String(id[id.index(after: colon)...]))
  }

  /// What g_settings_new_full accepts: starts and ends with “/”, no “//”.
  static func isValidPath(_ path: String) -> Bool {
    let bytes = Array(path.utf8)
    return bytes.first == UInt8(ascii: "/") && bytes.last == UInt8(ascii: "/")
      && !zip(bytes, bytes.dropFirst()).contains { $0 == UInt8(ascii: "/") && $1 == UInt8(ascii: "/") }
  }

  /// Whether `schema(forTextsOf:)` reads a schema's texts from the files that name it alone: the
  /// command line's, which describes one schema in a process. The window describes many, and
  /// keeps GLib's own way.
  package var readsTextsFromOwnFiles = false

  /// The schema `id` (`ID:/PATH/` names `ID`), to read its keys' summaries and descriptions. GLib
  /// reads those, when one is first asked for, from every file in the schema's folder (25 ms for a
  /// system's 60 schema files: five times a whole `gsettings get`). With `readsTextsFromOwnFiles`
  /// it reads them from a private folder holding that folder's compiled schemas and only its files
  /// that name the schema (in a compiled folder each schema is defined in one file), so the same
  /// GLib reader gives the same texts. Otherwise, or when no such folder can be made, `schema(_:)`.
  package func schema(forTextsOf id: String) -> SettingsSchema? {
    guard readsTextsFromOwnFiles, let own = schemaReadingOwnFiles(Self.split(id).id) else { return schema(id) }
    return own
  }

  private func schemaReadingOwnFiles(_ id: String) -> SettingsSchema? {
    guard let folder = folder(holding: id), let listing = g_dir_open(folder, 0, nil) else { return nil }
    var names: [String] = []
    while let entry = g_dir_read_name(listing) { names.append(String(cString: entry)) }
    g_dir_close(listing)
    let runtime = g_getenv("XDG_RUNTIME_DIR").map { String(cString: $0) } ?? ""
    let parent = runtime.hasPrefix("/") ? runtime : "/tmp"
    Self.removeLeftoverFolders(in: parent)
    var template = Array((parent + "/" + Self.leftoverPrefix + "XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return nil }
    let own = String(cString: made)
    // Locked while in use: a process killed before removing it leaves it unlocked, and only then
    // may another one take it for a leftover.
    let lock = open(own, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    if lock >= 0 { _ = flock(lock, LOCK_EX | LOCK_NB) }
    var linked: [String] = []
    defer {
      for link in linked { unlink(link) }
      rmdir(own)
      if lock >= 0 { close(lock) }
    }
    for name in names where name == "gschemas.compiled" || Self.mayDefine(id, file: folder + "/" + name) {
      guard symlink(folder + "/" + name, own + "/" + name) == 0 else { return nil }
      linked.append(own + "/" + name)
    }
    guard let source = g_settings_schema_source_new_from_directory(own, nil, 0, nil) else { return nil }
    defer { g_settings_schema_source_unref(source) }
    guard let found = g_settings_schema_source_lookup(source, id, 0) else { return nil }
    defer { g_settings_schema_unref(found) }
    // GLib reads the texts when the first is asked for: now, while the folder is there.
    if let keys = g_settings_schema_list_keys(found) {
      defer { g_strfreev(keys) }
      if let first = keys[0], let key = g_settings_schema_get_key(found, first) {
        _ = g_settings_schema_key_get_summary(key)
        g_settings_schema_key_unref(key)
      }
    }
    return SettingsSchema(found)
  }

  /// How the private folders of `schema(forTextsOf:)` are named, before mkdtemp's six characters.
  static let leftoverPrefix = "knobs-schema-"

  /// How long a private folder must have gone unchanged before it may be taken for a leftover.
  static let leftoverAge = 60

  /// Removes the private folders that processes killed while reading a schema's texts left in
  /// `parent`: folders named as `schemaReadingOwnFiles` names them, the user's own, unchanged for
  /// `leftoverAge` seconds, that no process holds locked and that hold only symlinks. Nothing is
  /// followed, and nothing else is removed.
  package static func removeLeftoverFolders(in parent: String) {
    guard let listing = opendir(parent) else { return }
    var names: [String] = []
    let length = leftoverPrefix.utf8.count + 6
    while let entry = readdir(listing) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) {
        String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
      }
      if name.utf8.count == length && name.hasPrefix(leftoverPrefix) { names.append(name) }
    }
    closedir(listing)
    for name in names { removeLeftover(parent + "/" + name) }
  }

  private static func removeLeftover(_ candidate: String) {
    let folder = open(candidate, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard folder >= 0 else { return }
    defer { close(folder) }
    var found = stat()
    guard fstat(folder, &found) == 0, found.st_mode & S_IFMT == S_IFDIR, found.st_uid == getuid(),
      Int(time(nil) - found.st_mtim.tv_sec) >= leftoverAge, flock(folder, LOCK_EX | LOCK_NB) == 0
    else { return }
    // Still the folder looked at under that name, not one put there since.
    var now = stat()
    guard lstat(candidate, &now) == 0, now.st_ino == found.st_ino, now.st_dev == found.st_dev else { return }
    // Its entries, read through the descriptor: all must be symlinks.
    let reading = dup(folder)
    guard reading >= 0, let listing = fdopendir(reading) else {
      if reading >= 0 { close(reading) }
      return
    }
    var links: [String] = []
    var onlyLinks = true
    while let entry = readdir(listing) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) {
        String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
      }
      if name == "." || name == ".." { continue }
      var info = stat()
      guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFLNK else {
        onlyLinks = false
        break
      }
      links.append(name)
    }
    closedir(listing)
    guard onlyLinks else { return }
    for name in links { unlinkat(folder, name, 0) }
    // rmdir removes an empty folder only.
    rmdir(candidate)
  }

  /// Whether the file may define the schema `id` as GLib reads it: it names the id, or it has a
  /// character reference (`&#46;`), which an id could be written with.
  private static func mayDefine(_ id: String, file: String) -> Bool {
    guard g_file_test(file, G_FILE_TEST_IS_REGULAR) != 0 else { return false }
    var contents: UnsafeMutablePointer<gchar>?
    var length: gsize = 0
    guard g_file_get_contents(file, &contents, &length, nil) != 0, let contents else { return false }
    defer { g_free(contents) }
    let text = UnsafeRawBufferPointer(start: contents, count: Int(length))
    return [id, "&#"].contains { found(Array($0.utf8), in: text) }
  }

  /// Whether `needle` is somewhere in `text`.
  private static func found(_ needle: [UInt8], in text: UnsafeRawBufferPointer) -> Bool {
    guard let first = needle.first, let start = text.baseAddress, text.count >= needle.count else { return false }
    let last = text.count - needle.count
    var index = 0
    while index <= last, let hit = memchr(start + index, Int32(first), last - index + 1) {
      let at = start.distance(to: UnsafeRawPointer(hit))
      if memcmp(start + at, needle, needle.count) == 0 { return true }
      index = at + 1
    }
    return false
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
