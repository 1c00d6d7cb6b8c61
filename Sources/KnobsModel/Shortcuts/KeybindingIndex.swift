/// The desktop's keybinding settings, to find which one already uses a shortcut.
///
/// The bindings are the string-list keys of the keybinding schemas that are
/// installed; their values are read from the store each time, so a change made
/// elsewhere is seen.
@MainActor
package struct KeybindingIndex {
  /// The schemas whose keys hold the desktop's shortcuts.
  package nonisolated static let schemaIDs = [
    "org.gnome.desktop.wm.keybindings", "org.gnome.mutter.keybindings", "org.gnome.mutter.wayland.keybindings",
    "org.gnome.shell.keybindings", "org.gnome.settings-daemon.plugins.media-keys",
  ]

  /// One keybinding setting.
  package struct Binding: Hashable, Sendable {
    package var key: SettingKey
    /// What the shortcut does, from the schema's summary: “Hide window”.
    package var title: String
    /// Where it is reached: `schema/org.gnome.desktop.wm.keybindings/minimize`.
    package var path: RowPath
    /// The GNOME Shell extension whose schema holds it, by name; nil for the desktop's own.
    package var owner: String?

    package init(key: SettingKey, title: String, path: RowPath, owner: String? = nil) {
      self.key = key
      self.title = title
      self.path = path
      self.owner = owner
    }

    /// “Hide window”, or “Tile left” of the extension “Window Tiles”, quoted.
    package var quotedTitle: String {
      guard let owner else { return tr("“%s”", title) }
      return tr(
        // TRANSLATORS: %1$s is what a shortcut does, %2$s the name of the GNOME Shell extension it belongs to.
        "“%1$s” of the extension “%2$s”", title, owner)
    }
  }

  package let bindings: [Binding]
  /// Where the panel shows keys outside `bindings` (custom shortcuts), from `named(by:)`.
  private var panelPaths: [SettingKey: RowPath] = [:]

  package init(bindings: [Binding]) {
    self.bindings = bindings
  }

  /// The keybinding keys of the installed schemas among `schemaIDs`.
  package init(library: any SchemaLibrary, schemaIDs: [String]) {
    bindings = schemaIDs.compactMap(library.describeSchema).flatMap { Self.bindings(of: $0, owner: nil) }
  }

  /// The keybinding keys of every installed schema: the desktop's (`schemaIDs`) first, then
  /// the others (applications', extensions'), those of an extension in `owners` (schema id →
  /// extension name) named with it. A schema's keys are keybindings as its page shows them:
  /// lists of accelerators, and bare keys in a schema of keybindings.
  package init(library: any SchemaLibrary, owners: [String: String] = KeybindingIndex.extensionOwners()) {
    let desktop = Set(Self.schemaIDs)
    let others = library.installedSchemas.filter { $0.path != nil && !desktop.contains($0.id) }.map(\.id)
    var bindings: [Binding] = []
    for id in Self.schemaIDs + others {
      guard let schema = library.describeSchema(id) else { continue }
      bindings += Self.bindings(of: schema, owner: owners[id])
    }
    self.bindings = bindings
  }

  private static func bindings(of schema: SchemaDescription, owner: String?) -> [Binding] {
    let context = SchemaContext(schema)
    return schema.keys.filter { SchemaPanel.isKeybinding($0, in: schema.id) || context.holdsShortcut($0) }.map { key in
      Binding(
        key: SettingKey(schema: schema.id, key: key.name), title: SchemaPanel.title(for: key),
        path: SchemaPath.key(schema: schema.id, key: key.name).path, owner: owner)
    }
  }

  /// The installed GNOME Shell extensions' schemas, each with its extension's name.
  package nonisolated static func extensionOwners(
    environment: [String: String] = LocalFiles.environment()
  ) -> [String: String] {
    var owners: [String: String] = [:]
    for shellExtension in ShellExtensions.installed(environment: environment).all {
      for id in shellExtension.allSchemaIDs where owners[id] == nil { owners[id] = shellExtension.name }
    }
    return owners
  }

  /// The bindings named as `panel`'s shortcut rows name them, with those rows' paths:
  /// “Show the Overview” at `desktop/keyboard-shortcuts/system/toggle-overview`.
  package func named(by panel: Panel) -> KeybindingIndex {
    var rows: [SettingKey: PanelEntry] = [:]
    for entry in panel.entries {
      if case .shortcut(let shortcut) = entry.row.kind.form, rows[shortcut.key] == nil { rows[shortcut.key] = entry }
    }
    var named = KeybindingIndex(
      bindings: bindings.map { binding in
        guard let entry = rows[binding.key] else { return binding }
        return Binding(key: binding.key, title: entry.row.title, path: entry.path, owner: binding.owner)
      })
    named.panelPaths = rows.mapValues(\.path)
    return named
  }

  /// The user's custom shortcuts as they are in `store` now, named by their names.
  package func customBindings(in store: any SettingsStore) -> [Binding] {
    CustomShortcuts.read(from: store).map { shortcut in
      Binding(
        key: shortcut.bindingKey,
        title: shortcut.name.isBlank ? tr("Unnamed Shortcut") : TextBounds.fitted(shortcut.name, limit: 120),
        path: panelPaths[shortcut.bindingKey] ?? SchemaPath.key(schema: shortcut.schema, key: "binding").path)
    }
  }

  /// The bindings other than `key`'s that use any of `accelerators` now, in the order given:
  /// the desktop's, then the user's custom shortcuts.
  package func conflicts(for accelerators: [Accelerator], of key: SettingKey, in store: any SettingsStore)
    -> [ShortcutConflict]
  {
    let probe = Row.Shortcut(key: key)
    let all = accelerators.isEmpty ? [] : bindings + customBindings(in: store)
    var found: [ShortcutConflict] = []
    for accelerator in accelerators {
      for binding in all where binding.key != key {
        if probe.accelerators(of: store.value(for: binding.key)).contains(accelerator) {
          found.append(ShortcutConflict(binding: binding, accelerator: accelerator))
        }
      }
    }
    return found
  }

  /// Removes the conflicting shortcut from the other binding, keeping its other shortcuts.
  package func clear(_ conflict: ShortcutConflict, in store: any SettingsStore) throws(SettingsError) {
    let key = conflict.binding.key
    let current = store.value(for: key)
    let shape = Row.Shortcut(key: key, storage: current?.stringValue != nil ? .single : .list)
    let kept = shape.accelerators(of: current).filter { $0 != conflict.accelerator }
    try store.write(shape.value(of: kept), for: key)
  }
}

/// A shortcut already used by another keybinding.
package struct ShortcutConflict: Hashable, Sendable, CustomStringConvertible {
  package var binding: KeybindingIndex.Binding
  package var accelerator: Accelerator

  package var description: String {
    tr(
      // TRANSLATORS: %1$s is a shortcut such as Ctrl+B, %2$s what uses it (quoted), %3$s its path.
      "%1$s is already used by %2$s (%3$s).", accelerator.label, binding.quotedTitle, binding.path)
  }
}
