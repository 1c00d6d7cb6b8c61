extension Panel {
  /// Every key bound by a toggle, slider or choice row of the panel and its
  /// detail pages, in display order, each once.
  public var boundKeys: [SettingKey] {
    var seen: Set<SettingKey> = []
    return entries.compactMap(\.row.key).filter { seen.insert($0).inserted }
  }

  /// Resets every bound key to its default and returns how to undo it.
  ///
  /// Only keys whose value differs from the default are recorded; the undo
  /// writes those values back. Every key is reset (GSettings `reset`, not a
  /// write of the default), so keys that merely held their default lose their
  /// user value too.
  @MainActor
  public func resetAll(in store: any SettingsStore) -> Undo {
    let keys = boundKeys
    let changed: [(SettingKey, SettingValue)] = keys.compactMap { key in
      guard let value = store.value(for: key), value != store.defaultValue(for: key) else { return nil }
      return (key, value)
    }
    keys.forEach(store.reset)
    return Undo(message: tr("All settings were reset")) {
      // A key locked since the reset refuses the write; the rest are restored.
      for (key, value) in changed { try? store.write(value, for: key) }
    }
  }
}
