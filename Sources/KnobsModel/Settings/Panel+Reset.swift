extension Panel {
  /// Every key bound by a toggle, slider or choice row of the panel and its
  /// detail pages, in display order, each once.
  ///
  /// Keys of found rows (startup apps, extensions, custom shortcuts) are left out: they
  /// are the user's own things, not settings with a default to go back to.
  package var boundKeys: [SettingKey] {
    var seen: Set<SettingKey> = []
    var keys: [SettingKey] = []
    func walk(_ page: Panel) {
      for section in page.sections where section.rowSource == nil {
        for row in section.rows {
          if let key = row.key, seen.insert(key).inserted { keys.append(key) }
          if case .detail(let inner) = row.kind.form { walk(inner) }
        }
      }
    }
    walk(self)
    return keys
  }

  /// Resets every bound key to its default and returns how to undo it.
  ///
  /// Only keys whose value differs from the default are recorded; the undo
  /// writes those values back. Every key is reset (GSettings `reset`, not a
  /// write of the default), so keys that merely held their default lose their
  /// user value too. Keys that are not installed or are locked are left alone;
  /// when a store could not reset a key, the undo's message says so.
  @MainActor
  public func resetAll(in store: any SettingsStore) -> Undo {
    let keys = boundKeys
    let changed: [(SettingKey, SettingValue)] = keys.compactMap { key in
      guard let value = store.value(for: key), value != store.defaultValue(for: key) else { return nil }
      return (key, value)
    }
    var failure: SettingsError?
    for key in keys where store.availability(of: key) == .available && store.isWritable(key) {
      do {
        try store.reset(key)
      } catch {
        failure = failure ?? error
      }
    }
    let message =
      failure.map { tr("Some settings could not be reset: %s", $0.description) } ?? tr("All settings were reset")
    return Undo(message: message) {
      // A key locked since the reset refuses the write; the rest are restored.
      for (key, value) in changed { try? store.write(value, for: key) }
    }
  }
}
