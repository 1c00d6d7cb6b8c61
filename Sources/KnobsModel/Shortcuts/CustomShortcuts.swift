/// A keyboard shortcut the user made: a name, a command and one accelerator, kept
/// as GNOME Settings keeps it, in a folder of the relocatable `custom-keybinding`
/// schema named by media-keys' `custom-keybindings` list.
package struct CustomShortcut: Hashable, Sendable {
  /// `/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/custom0/`.
  package var folder: String
  package var name: String
  package var command: String
  /// The accelerator (`<Super>t`), or "" for none.
  package var binding: String

  package init(folder: String, name: String, command: String, binding: String) {
    self.folder = folder
    self.name = name
    self.command = command
    self.binding = binding
  }

  /// The relocatable schema at its folder, as the store addresses it.
  package var schema: String { CustomShortcuts.schemaID + ":" + folder }
  package var nameKey: SettingKey { SettingKey(schema: schema, key: "name") }
  package var commandKey: SettingKey { SettingKey(schema: schema, key: "command") }
  package var bindingKey: SettingKey { SettingKey(schema: schema, key: "binding") }
}

/// Reads, adds and removes custom shortcuts in a store, the way GNOME Settings does:
/// a new one's keys are written before its folder joins the list, and a removed one
/// leaves the list before its keys are reset, so the settings daemon never sees half
/// of one. Folders in the list Knobs can't read are kept as they are.
@MainActor
package enum CustomShortcuts {
  package nonisolated static let listKey = SettingKey(
    schema: "org.gnome.settings-daemon.plugins.media-keys", key: "custom-keybindings")
  package nonisolated static let schemaID = "org.gnome.settings-daemon.plugins.media-keys.custom-keybinding"
  package nonisolated static let folderPrefix = "/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/"

  /// The custom shortcuts in the list's order; a folder that is not one is left out.
  package static func read(from store: any SettingsStore) -> [CustomShortcut] {
    folders(in: store).filter(SchemaPath.isFolder).map { folder in
      let schema = schemaID + ":" + folder
      let text = { (key: String) in store.value(for: SettingKey(schema: schema, key: key))?.stringValue ?? "" }
      return CustomShortcut(folder: folder, name: text("name"), command: text("command"), binding: text("binding"))
    }
  }

  private static func folders(in store: any SettingsStore) -> [String] {
    store.value(for: listKey)?.stringsValue ?? []
  }

  /// Why custom shortcuts can't be kept in `store`, if they can't: a schema not installed, a locked list.
  package static func problem(in store: any SettingsStore) -> SettingsError? {
    let probe = SettingKey(schema: schemaID + ":" + folderPrefix + "custom0/", key: "name")
    for key in [listKey, probe] where store.availability(of: key) != .available {
      return .unavailable(store.availability(of: key))
    }
    guard store.isWritable(listKey) else { return .notWritable(listKey) }
    return nil
  }

  /// Why a new shortcut's name or command can't be taken, in a sentence; nil when it can.
  /// Names are unique, so that one names one shortcut on the command line.
  package static func problem(withName name: String, in store: any SettingsStore) -> String? {
    if name.isBlank { return tr("A shortcut needs a name.") }
    if let problem = TextBounds.problem(with: name, label: tr("Name")) { return problem }
    if read(from: store).contains(where: { $0.name == name }) {
      return tr("A custom shortcut is called “%s” already.", TextBounds.fitted(name, limit: 120))
    }
    return nil
  }

  package static func problem(withCommand command: String) -> String? {
    if command.isBlank { return tr("A shortcut needs a command to run.") }
    return TextBounds.problem(with: command, label: tr("Command"))
  }

  /// The first `customN` folder the list does not name: where GNOME Settings puts a new one.
  static func freeFolder(among folders: [String]) -> String {
    let used = Set(folders)
    var number = 0
    while used.contains(folderPrefix + "custom\(number)/") { number += 1 }
    return folderPrefix + "custom\(number)/"
  }

  /// Adds a shortcut (in a free folder unless `shortcut` names one) and returns it as stored.
  @discardableResult
  package static func add(_ shortcut: CustomShortcut, to store: any SettingsStore) throws(SettingsError)
    -> CustomShortcut
  {
    let added = try placing(shortcut, in: store).get()
    let list = folders(in: store)
    for (key, value) in [
      (added.nameKey, added.name), (added.commandKey, added.command), (added.bindingKey, added.binding),
    ] {
      try store.write(.string(value), for: key)
    }
    try store.write(.strings(list + [added.folder]), for: listKey)
    return added
  }

  /// Where `add` puts `shortcut` (its own folder when that is free, else the first free one), or
  /// why it can't: the list or one of the folder's keys can't be written (an administrator's lock).
  package static func placing(_ shortcut: CustomShortcut, in store: any SettingsStore) -> Result<
    CustomShortcut, SettingsError
  > {
    if let problem = problem(in: store) { return .failure(problem) }
    let list = folders(in: store)
    var placed = shortcut
    if placed.folder.isEmpty || list.contains(placed.folder) || !SchemaPath.isFolder(placed.folder) {
      placed.folder = freeFolder(among: list)
    }
    for key in [placed.nameKey, placed.commandKey, placed.bindingKey] where !store.isWritable(key) {
      return .failure(.notWritable(key))
    }
    return .success(placed)
  }

  /// Takes a shortcut out of the list, then returns its keys to their defaults.
  package static func remove(_ shortcut: CustomShortcut, from store: any SettingsStore) throws(SettingsError) {
    if let problem = problem(in: store) { throw problem }
    let list = folders(in: store)
    guard list.contains(shortcut.folder) else { return }
    try store.write(.strings(list.filter { $0 != shortcut.folder }), for: listKey)
    for key in [shortcut.nameKey, shortcut.commandKey, shortcut.bindingKey] { try? store.reset(key) }
  }

  /// The row id of each shortcut, by folder, from its name: `Open Terminal` is `open-terminal`.
  package static func rowIDs(for shortcuts: [CustomShortcut], reserved: Set<String> = []) -> [String: String] {
    let names = Dictionary(shortcuts.map { ($0.folder, $0.name) }, uniquingKeysWith: { first, _ in first })
    return FoundRowIDs.unique(shortcuts.map(\.folder), reserved: reserved) { folder in
      FoundRowIDs.slug(names[folder] ?? "", fallback: "shortcut")
    }
  }
}
