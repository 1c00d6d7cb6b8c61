import FoundationEssentials
import Glibc
import KnobsModel

/// The user's startup applications, kept as desktop files the way the
/// Desktop Application Autostart Specification says and GNOME's session reads
/// them: a file in the user's autostart folder hides a system file of the same
/// name; `Hidden=true` removes an entry; `X-GNOME-Autostart-enabled=false`
/// turns one off.
///
/// Only the user's folder is written, and only by replacing a file whole (a
/// temporary file renamed over it). A change to a file changes one line and
/// keeps the rest byte for byte; a change to a system entry writes a user copy.
/// A symlink that leads out of the user's folder is never followed, and a file
/// Knobs cannot read is listed with the reason and never rewritten.
///
/// As a `SettingsStore`, each entry is one boolean key of the `autostart`
/// schema, named by its file name: whether it starts at login.
@MainActor
package final class AutostartStore: SettingsStore {
  package static let schema = "autostart"
  static let enabledKey = "X-GNOME-Autostart-enabled"
  package let folders: DesktopFolders
  /// The entries shown, sorted by name.
  package private(set) var entries: [AutostartEntry] = []
  /// System files left out because they could not be read, with the reason.
  package private(set) var skipped: [String] = []
  private let observers = ChangeObservers()
  private let entryObservers = ChangeObservers()

  package init(folders: DesktopFolders) {
    self.folders = folders
    (entries, skipped) = scan()
  }

  package static func key(_ id: String) -> SettingKey { SettingKey(schema: schema, key: id) }

  package func entry(_ id: String) -> AutostartEntry? { entries.first { $0.id == id } }

  private func userPath(_ id: String) -> String { folders.userAutostart + "/" + id }

  /// Reads the folders again; observers hear of entries that came, went or changed.
  package func reload() {
    let old = entries
    (entries, skipped) = scan()
    if old.map(\.appearance) != entries.map(\.appearance) {
      entryObservers.notify(Self.key(""))
    }
    let before = Dictionary(old.map { ($0.id, $0.isEnabled) }, uniquingKeysWith: { first, _ in first })
    for entry in entries where before[entry.id] != nil && before[entry.id] != entry.isEnabled {
      observers.notify(Self.key(entry.id))
    }
  }

  /// Calls `handler` when entries are added, removed or renamed (not when one is turned on or off).
  package func observeEntries(_ handler: @escaping @MainActor () -> Void) -> Observation {
    entryObservers.add { _ in handler() }
  }

  // MARK: Reading

  private func scan() -> ([AutostartEntry], [String]) {
    var found: [AutostartEntry] = []
    var skipped: [String] = []
    var userIDs: Set<String> = []
    let systemFiles = systemDesktopFiles()
    for id in Self.desktopNames(in: folders.userAutostart) {
      userIDs.insert(id)
      let origin: AutostartEntry.Origin = systemFiles[id] == nil ? .user : .userOverridingSystem
      switch readUserFile(id) {
      case .success(let file):
        if let entry = entry(id: id, file: file, origin: origin) { found.append(entry) }
      case .failure(let problem):
        found.append(AutostartEntry(id: id, name: id, isEnabled: false, origin: origin, problem: problem.text))
      }
    }
    for (id, path) in systemFiles.sorted(by: { $0.key < $1.key }) where !userIDs.contains(id) {
      do {
        let file = try DesktopEntryFile(data: try SafeFiles.read(path, followingLinks: true))
        guard let entry = entry(id: id, file: file, origin: .system) else { continue }
        if entry.problem == nil { found.append(entry) } else { skipped.append("\(path): \(entry.problem!)") }
      } catch let error as DesktopEntryError {
        skipped.append("\(path): \(error)")
      } catch {
        skipped.append("\(path): \(error)")
      }
    }
    found.sort { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    return (found, skipped)
  }

  /// The entry a readable file makes, or nil when the session would not show it
  /// (hidden, removed, or for another desktop).
  private func entry(id: String, file: DesktopEntryFile, origin: AutostartEntry.Origin) -> AutostartEntry? {
    guard file.bool("Hidden") != true, file.bool("NoDisplay") != true,
      folders.isShown(onlyShowIn: file.list("OnlyShowIn"), notShowIn: file.list("NotShowIn"))
    else { return nil }
    var problem: String?
    if let type = file.string("Type"), type != "Application" {
      problem = tr(
        // TRANSLATORS: part of a sentence about a startup app's desktop file; Knobs capitalizes its first letter.
        "it is a %s entry, not an application", type)
    } else if file.string("Type") == nil {
      problem = tr("it has no Type=Application line, so the session ignores it")
    } else if file.rawValue("Exec") == nil && file.bool("DBusActivatable") != true {
      problem = tr("it has no Exec line, so nothing would start")
    }
    let name = file.localizedString("Name", languages: folders.languages).flatMap { $0.isEmpty ? nil : $0 }
    return AutostartEntry(
      id: id, name: name ?? String(id.dropLast(".desktop".count)),
      comment: file.localizedString("Comment", languages: folders.languages) ?? "",
      iconName: file.string("Icon").flatMap { $0.isEmpty ? nil : $0 },
      isEnabled: problem == nil && file.bool(Self.enabledKey) != false, origin: origin, problem: problem)
  }

  private struct Problem: Error {
    let text: String
  }

  /// The user's file, read without following a symlink out of the folder.
  private func readUserFile(_ id: String) -> Result<DesktopEntryFile, Problem> {
    let path = userPath(id)
    let data: Data
    do {
      switch SafeFiles.node(at: path) {
      case .missing:
        return .failure(Problem(text: tr("it has gone")))
      case .file:
        data = try SafeFiles.read(path)
      case .symlink(let target):
        guard let inside = SafeFiles.resolvedInside(folders.userAutostart, path) else {
          let leadsNowhere = LocalFiles.realPath(path) == nil
          return .failure(
            Problem(
              text: leadsNowhere
                ? tr("it links to %s, which does not exist", target)
                : tr("it links to %s, outside the autostart folder, and Knobs does not follow such links", target)))
        }
        data = try SafeFiles.read(inside)
      case .other(let kind):
        return .failure(Problem(text: tr("it is a %s, not a desktop file", Self.describe(kind))))
      }
    } catch {
      return .failure(Problem(text: tr("it can't be read: %s", "\(error)")))
    }
    do {
      return .success(try DesktopEntryFile(data: data))
    } catch {
      return .failure(Problem(text: tr("it is not a valid desktop file: %s", "\(error)")))
    }
  }

  /// Desktop files of the system folders by id, the most important folder winning.
  private func systemDesktopFiles() -> [String: String] {
    var files: [String: String] = [:]
    for folder in folders.systemAutostart {
      for id in Self.desktopNames(in: folder) where files[id] == nil {
        files[id] = folder + "/" + id
      }
    }
    return files
  }

  private static func desktopNames(in folder: String) -> [String] {
    (LocalFiles.names(in: folder) ?? []).filter { $0.hasSuffix(".desktop") && !$0.hasPrefix(".") && $0.count > 8 }
      .sorted()
  }

  // MARK: Writing

  /// What the user's folder held for one id before a change, so it can be put back.
  package struct Change: Sendable {
    let id: String
    let before: UserFile
  }

  enum UserFile: Sendable {
    case absent
    case file(Data, mode: mode_t)
    case link(String)
  }

  private func userFileNow(_ id: String) throws(AutostartError) -> UserFile {
    let path = userPath(id)
    switch SafeFiles.node(at: path) {
    case .missing: return .absent
    case .file(let mode):
      do {
        return .file(try SafeFiles.read(path), mode: mode)
      } catch {
        throw .cannotChange(id, reason: tr("%1$s can't be read: %2$s", path, String(describing: error)))
      }
    case .symlink(let target): return .link(target)
    case .other(let kind): throw .cannotChange(id, reason: tr("%1$s is a %2$s", path, Self.describe(kind)))
    }
  }

  private func write(_ file: DesktopEntryFile, id: String, mode: mode_t) throws(AutostartError) {
    do {
      try SafeFiles.writeAtomically(file.data, to: userPath(id), mode: mode)
    } catch {
      throw .failed(userPath(id), reason: error.description)
    }
  }

  /// Turns an entry on or off: `X-GNOME-Autostart-enabled` in the user's copy.
  ///
  /// The user's copy is replaced compare-and-swap: removed by another program meanwhile, it is not
  /// brought back (the system's entry, if any, is copied again instead).
  package func setEnabled(_ isEnabled: Bool, id: String) throws(AutostartError) {
    guard let entry = entry(id) else { throw .noSuchEntry(id) }
    if let problem = entry.problem { throw .cannotChange(entry.name, reason: problem) }
    defer { reload() }
    try updateUserCopy(id, name: entry.name) { user throws(AutostartError) in
      // No user copy (any more): the system's entry is copied, or the entry is gone.
      var base = user
      if base == nil { base = try systemFile(id, name: entry.name, missing: .noSuchEntry(id)) }
      guard var file = base else { return nil }
      guard (file.bool(Self.enabledKey) != false) != isEnabled else { return nil }
      file.set(Self.enabledKey, isEnabled ? "true" : "false")
      return file
    }
  }

  /// Removes an entry: deletes the user's file, or, when the system has one
  /// too, writes a user copy that says `Hidden=true`. Returns how to undo it.
  @discardableResult
  package func remove(id: String) throws(AutostartError) -> Change {
    guard let entry = entry(id) else { throw .noSuchEntry(id) }
    let before = try userFileNow(id)
    defer { reload() }
    guard systemDesktopFiles()[id] != nil else {
      do {
        try SafeFiles.remove(userPath(id))
      } catch {
        throw .failed(userPath(id), reason: error.description)
      }
      return Change(id: id, before: before)
    }
    let seen = try updateUserCopy(id, name: entry.name) { user throws(AutostartError) in
      var base = user
      if base == nil { base = try systemFile(id, name: entry.name, missing: nil) }
      guard var file = base else { return nil }
      file.set("Hidden", "true")
      return file
    }
    return Change(id: id, before: seen ?? before)
  }

  /// Adds an installed application: copies its desktop file into the user's
  /// folder, or shows and turns on the entry already there. Returns how to undo it.
  @discardableResult
  package func add(_ application: DesktopApplication) throws(AutostartError) -> Change {
    let id = application.id
    let before = try userFileNow(id)
    defer { reload() }
    let seen = try updateUserCopy(id, name: application.name) { user throws(AutostartError) in
      var file: DesktopEntryFile
      if let user {
        file = user
      } else {
        do {
          file = try DesktopEntryFile(data: try SafeFiles.read(application.path, followingLinks: true))
        } catch {
          throw .cannotChange(application.name, reason: tr("its desktop file can't be read"))
        }
      }
      if file.bool("Hidden") == true { file.set("Hidden", "false") }
      if file.bool(Self.enabledKey) == false { file.set(Self.enabledKey, "true") }
      return file
    }
    return Change(id: id, before: seen ?? before)
  }

  /// The system's copy of an entry, to start a user copy from; `missing` is thrown when the system has none
  /// (nil: then there is nothing to write).
  private func systemFile(_ id: String, name: String, missing: AutostartError?) throws(AutostartError)
    -> DesktopEntryFile?
  {
    guard let system = systemDesktopFiles()[id] else {
      if let missing { throw missing }
      return nil
    }
    guard let file = try? DesktopEntryFile(data: SafeFiles.read(system, followingLinks: true)) else {
      throw .cannotChange(name, reason: tr("the system's file can't be read"))
    }
    return file
  }

  /// Replaces the user's copy of `id` with what `change` makes of it (given the copy there now, nil for
  /// none; returning nil leaves it), compare-and-swap: when another program changes, adds or removes the copy
  /// meanwhile, `change` sees that instead. A copy that is a link to another file in the folder is
  /// replaced by a file. Returns what the copy was before the write (nil when nothing was written).
  @discardableResult
  private func updateUserCopy(
    _ id: String, name: String, _ change: (DesktopEntryFile?) throws(AutostartError) -> DesktopEntryFile?
  ) throws(AutostartError) -> UserFile? {
    let path = userPath(id)
    if case .symlink(let target) = SafeFiles.node(at: path) {
      guard case .success(let user) = readUserFile(id) else {
        throw .cannotChange(name, reason: tr("its file links outside the autostart folder"))
      }
      guard let file = try change(user) else { return nil }
      try write(file, id: id, mode: 0o644)
      return .link(target)
    }
    var before: UserFile?
    do {
      try IniFileAccess.update(path, limit: SafeFiles.sizeLimit, newFileMode: 0o644) { snapshot in
        var user: DesktopEntryFile?
        if let identity = snapshot.identity {
          guard let file = try? DesktopEntryFile(data: Data(snapshot.bytes)) else {
            throw AutostartError.cannotChange(name, reason: tr("its file is not a valid desktop file"))
          }
          user = file
          before = .file(Data(snapshot.bytes), mode: identity.mode & 0o7777)
        } else {
          before = .absent
        }
        return try change(user).map { Array($0.data) }
      }
    } catch let error as AutostartError {
      throw error
    } catch {
      throw .failed(path, reason: String(describing: error))
    }
    return before
  }

  /// Puts the user's folder back as it was before `change`.
  package func undo(_ change: Change) throws(AutostartError) {
    let path = userPath(change.id)
    do {
      switch change.before {
      case .absent: try SafeFiles.remove(path)
      case .file(let data, let mode): try SafeFiles.writeAtomically(data, to: path, mode: mode)
      case .link(let target): try SafeFiles.makeLink(path, to: target)
      }
    } catch {
      throw .failed(path, reason: error.description)
    }
    reload()
  }

  // MARK: SettingsStore

  package var storage: StorageDescription { StorageDescription(backend: "autostart folder", isPersistent: true) }

  package func availability(of key: SettingKey) -> KeyAvailability {
    guard key.schema == Self.schema else { return .missingSchema(key.schema) }
    return entry(key.key)?.problem == nil && entry(key.key) != nil ? .available : .missingKey(key)
  }

  package func value(for key: SettingKey) -> SettingValue? {
    guard key.schema == Self.schema, let entry = entry(key.key), entry.problem == nil else { return nil }
    return .bool(entry.isEnabled)
  }

  /// An entry has no default apart from what the user chose, so Reset All leaves startup applications alone.
  package func defaultValue(for key: SettingKey) -> SettingValue? { value(for: key) }

  package func check(_ value: SettingValue, for key: SettingKey) throws(SettingsError) {
    guard availability(of: key) == .available else { throw .unavailable(availability(of: key)) }
    guard value.boolValue != nil else { throw .typeMismatch(key, expected: "boolean", got: value.typeName) }
  }

  package func write(_ value: SettingValue, for key: SettingKey) throws(SettingsError) {
    try check(value, for: key)
    guard let isEnabled = value.boolValue else { return }
    do {
      try setEnabled(isEnabled, id: key.key)
    } catch {
      throw .failed(key, reason: error.description)
    }
  }

  package func reset(_ key: SettingKey) throws(SettingsError) {}

  package func isWritable(_ key: SettingKey) -> Bool { availability(of: key) == .available }

  package func observe(_ handler: @escaping @MainActor (SettingKey) -> Void) -> Observation {
    observers.add(handler)
  }

  /// What `SafeFiles.Node.other` names, in the user's language.
  private static func describe(_ kind: String) -> String {
    kind == "folder" ? tr("folder") : tr("special file")
  }
}
