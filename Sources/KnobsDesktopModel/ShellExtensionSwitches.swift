import KnobsModel

/// Whether each installed GNOME Shell extension is on, as switches: the key is the
/// extension's uuid, in the schema `extensions`. They are kept where GNOME Shell
/// keeps them, in two lists of `org.gnome.shell`: an extension is on when
/// `enabled-extensions` names it and `disabled-extensions` does not. Turning one on
/// or off changes both, as the Shell's own Extensions app does, so it works the
/// same whether or not the Shell is running.
@MainActor
package final class ShellExtensionSwitches: SettingsStore {
  package static let schema = "extensions"
  package static let enabledKey = SettingKey(schema: "org.gnome.shell", key: "enabled-extensions")
  package static let disabledKey = SettingKey(schema: "org.gnome.shell", key: "disabled-extensions")
  /// The Shell's switch for every user-installed extension at once.
  package static let disableAllKey = SettingKey(schema: "org.gnome.shell", key: "disable-user-extensions")
  /// On when the Shell loads extensions whatever Shell versions they declare.
  package static let anyVersionKey = SettingKey(schema: "org.gnome.shell", key: "disable-extension-version-validation")

  package static func key(_ uuid: String) -> SettingKey { SettingKey(schema: schema, key: uuid) }

  let base: any SettingsStore
  /// The uuids of the installed extensions: only they have switches.
  private let installed: @MainActor () -> Set<String>

  /// When set, turning an extension on or off is first offered to the running Shell
  /// (`EnableExtension`/`DisableExtension`, which keeps the lists itself): it returns true when
  /// it took the change, false to have the lists written here (no Shell, or one that does not
  /// know the extension).
  package var throughShell: (@MainActor (_ uuid: String, _ on: Bool) -> Bool)?

  package init(base: any SettingsStore, installed: @escaping @MainActor () -> Set<String>) {
    self.base = base
    self.installed = installed
  }

  package var storage: StorageDescription { base.storage }
  package func storage(for key: SettingKey) -> StorageDescription { base.storage(for: Self.enabledKey) }

  package func availability(of key: SettingKey) -> KeyAvailability {
    for listKey in [Self.enabledKey, Self.disabledKey] {
      let availability = base.availability(of: listKey)
      guard availability == .available else { return availability }
    }
    return key.schema == Self.schema && installed().contains(key.key) ? .available : .missingKey(key)
  }

  private func isOn(_ uuid: String, enabled: SettingValue?, disabled: SettingValue?) -> Bool {
    (enabled?.stringsValue ?? []).contains(uuid) && !(disabled?.stringsValue ?? []).contains(uuid)
  }

  package func value(for key: SettingKey) -> SettingValue? {
    guard availability(of: key) == .available else { return nil }
    return .bool(isOn(key.key, enabled: base.value(for: Self.enabledKey), disabled: base.value(for: Self.disabledKey)))
  }

  package func defaultValue(for key: SettingKey) -> SettingValue? {
    guard availability(of: key) == .available else { return nil }
    let enabled = base.defaultValue(for: Self.enabledKey)
    return .bool(isOn(key.key, enabled: enabled, disabled: base.defaultValue(for: Self.disabledKey)))
  }

  package func check(_ value: SettingValue, for key: SettingKey) throws(SettingsError) {
    guard availability(of: key) == .available else { throw .unavailable(availability(of: key)) }
    guard value.boolValue != nil else { throw .typeMismatch(key, expected: "boolean", got: value.typeName) }
  }

  package func isWritable(_ key: SettingKey) -> Bool {
    availability(of: key) == .available && base.isWritable(Self.enabledKey) && base.isWritable(Self.disabledKey)
  }

  /// Turning on takes the extension out of `disabled-extensions` before it is added to
  /// `enabled-extensions`; turning off adds it to `disabled-extensions` first. Either way a
  /// failed second write leaves it off, never on against the user's wish.
  package func write(_ value: SettingValue, for key: SettingKey) throws(SettingsError) {
    try check(value, for: key)
    guard isWritable(key) else { throw .notWritable(key) }
    let uuid = key.key
    if let throughShell, throughShell(uuid, value.boolValue == true) { return }
    let enabled = base.value(for: Self.enabledKey)?.stringsValue ?? []
    let disabled = base.value(for: Self.disabledKey)?.stringsValue ?? []
    if value.boolValue == true {
      if disabled.contains(uuid) { try base.write(.strings(disabled.filter { $0 != uuid }), for: Self.disabledKey) }
      if !enabled.contains(uuid) { try base.write(.strings(enabled + [uuid]), for: Self.enabledKey) }
    } else {
      if !disabled.contains(uuid) { try base.write(.strings(disabled + [uuid]), for: Self.disabledKey) }
      if enabled.contains(uuid) { try base.write(.strings(enabled.filter { $0 != uuid }), for: Self.enabledKey) }
    }
  }

  /// Back to the lists' defaults for this extension alone: the others keep their state.
  package func reset(_ key: SettingKey) throws(SettingsError) {
    guard availability(of: key) == .available else { throw .unavailable(availability(of: key)) }
    let uuid = key.key
    let lists = [Self.disabledKey, Self.enabledKey].map { listKey in
      let current = base.value(for: listKey)?.stringsValue ?? []
      let listedByDefault = (base.defaultValue(for: listKey)?.stringsValue ?? []).contains(uuid)
      let reset =
        listedByDefault ? (current.contains(uuid) ? current : current + [uuid]) : current.filter { $0 != uuid }
      return (key: listKey, current: current, reset: reset)
    }
    let changed = lists.filter { $0.current != $0.reset }
    guard !changed.isEmpty else { return }
    guard isWritable(key) else { throw .notWritable(key) }
    for list in changed { try base.write(.strings(list.reset), for: list.key) }
  }

  /// A change of either list may turn any extension on or off.
  package func observe(_ handler: @escaping @MainActor (SettingKey) -> Void) -> Observation {
    base.observe { key in
      if key.covers(Self.enabledKey) || key.covers(Self.disabledKey) { handler(.wholeSchema(Self.schema)) }
    }
  }
}
