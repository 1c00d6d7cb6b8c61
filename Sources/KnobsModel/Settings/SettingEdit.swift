/// One change of one setting, made the way every write in Knobs makes it: a switch, a check box,
/// a slider, each editor, the context menu's Reset, and `knobs set` and `knobs reset`.
///
/// 1. parse: the text typed, or the control's value, becomes a value;
/// 2. check: the store that keeps the key validates it, once (`SettingsStore.check`; the write
///    that follows does not validate it again);
/// 3. persist: where the change must outlive the process (the command line), a store that would
///    drop it is refused;
/// 4. conflicts: other keybindings that use a shortcut the value sets refuse the change, or lose
///    that shortcut when the change replaces them (and the key is not locked);
/// 5. write: the store keeps the value;
/// 6. record: the store written through notes the change in the history (`RecordingStore`).
///
/// A refused step ends the edit and nothing after it runs: a refused value is neither stored nor
/// recorded, and a conflicting shortcut is cleared only for a value the store accepted.
@MainActor
package struct SettingEdit {
  package let key: SettingKey
  package let store: any SettingsStore
  /// Whether a store that would not keep the change past this process refuses it (the command line).
  package var requiresPersistence = false
  /// The keybindings a shortcut value may clash with; nil for values that set no shortcut.
  package var conflicts: Conflicts?

  /// Why an edit was refused, by the step that refused it.
  package enum Refusal: Error, CustomStringConvertible {
    /// parse: the input is no value of the setting; the text says why, in full.
    case badInput(String)
    /// check: the store refused the value, or the key (missing, locked).
    case refused(SettingsError)
    /// persist: the store would not keep the change past this process.
    case notPersistent
    /// conflicts: other keybindings use a shortcut the value sets, and the edit does not replace them.
    case conflicts([ShortcutConflict])
    /// conflicts: a shortcut could not be taken from the keybinding that has it; nothing was written.
    case notCleared(SettingsError)
    /// write: the store could not keep the value.
    case failed(SettingsError)

    /// The refusal in words, as the window says it after the row's title.
    package var description: String {
      switch self {
      case .badInput(let said): return said
      case .refused(let error), .notCleared(let error), .failed(let error): return error.description
      case .notPersistent: return tr("there is no settings database (is a D-Bus session running?).")
      case .conflicts(let conflicts): return conflicts.map(\.description).joined(separator: " ")
      }
    }
  }

  /// The other keybindings that use a shortcut a value sets, and whether the edit takes it from them.
  @MainActor
  package struct Conflicts {
    /// The keybindings to look in, made when first needed.
    let index: @MainActor () -> KeybindingIndex
    /// The conflicts of a value in the keybindings and the store.
    let find: @MainActor (KeybindingIndex, SettingValue, any SettingsStore) -> [ShortcutConflict]
    /// Whether the conflicts are cleared (`--replace`, or the person agreed) rather than refusing the edit.
    let replacing: Bool

    /// The keybindings that use a shortcut the value of `shortcut`'s key sets; none when the row
    /// checks no conflicts.
    package static func of(
      _ shortcut: Row.Shortcut, in index: @escaping @MainActor () -> KeybindingIndex, replacing: Bool
    ) -> Conflicts? {
      guard shortcut.checksConflicts else { return nil }
      return Conflicts(
        index: index,
        find: { index, value, store in
          index.conflicts(for: shortcut.accelerators(of: value), of: shortcut.key, in: store)
        }, replacing: replacing)
    }

    /// Takes exactly `conflicts` away (the ones the person was asked about and agreed to).
    package static func clearing(_ conflicts: [ShortcutConflict], in index: KeybindingIndex?) -> Conflicts? {
      guard let index, !conflicts.isEmpty else { return nil }
      return Conflicts(index: { index }, find: { _, _, _ in conflicts }, replacing: true)
    }

    /// The conflicts step: finds the keybindings that use a shortcut `value` sets, refuses the
    /// change when it does not replace them, and else, once `mayTake` passes, takes each shortcut
    /// from the keybinding that has it (its other shortcuts stay).
    package func settle(
      for value: SettingValue, in store: any SettingsStore, mayTake: () throws(Refusal) -> Void = {}
    ) throws(Refusal) {
      let index = index()
      let found = find(index, value, store)
      guard !found.isEmpty else { return }
      guard replacing else { throw .conflicts(found) }
      try mayTake()
      for conflict in found {
        do {
          try index.clear(conflict, in: store)
        } catch {
          throw .notCleared(error)
        }
      }
    }
  }

  package init(_ key: SettingKey, in store: any SettingsStore, requiresPersistence: Bool = false) {
    self.key = key
    self.store = store
    self.requiresPersistence = requiresPersistence
  }

  /// Writes the value `parse` gives, step by step; returns it once the store keeps it.
  @discardableResult
  package func write(parsing parse: (SettingValue?) throws(Refusal) -> SettingValue) throws(Refusal) -> SettingValue {
    let value = try parse(store.value(for: key))
    do {
      try store.check(value, for: key)
    } catch {
      throw .refused(error)
    }
    try persist()
    // Another keybinding's shortcut is taken only for a value that will be written.
    try conflicts?.settle(for: value, in: store, mayTake: checkWritable)
    do {
      try store.write(value, for: key)
    } catch {
      throw .failed(error)
    }
    return value
  }

  /// Writes `value`, a control's, step by step.
  package func write(_ value: SettingValue) throws(Refusal) {
    try write { _ throws(Refusal) in value }
  }

  /// Returns the key to its default: persist, check that the key may be changed, reset, record.
  package func reset() throws(Refusal) {
    try persist()
    try checkWritable()
    do {
      try store.reset(key)
    } catch {
      throw .failed(error)
    }
  }

  /// A key the administrator locked (or one that is missing) is refused before anything is written.
  private func checkWritable() throws(Refusal) {
    guard !store.isWritable(key) else { return }
    let availability = store.availability(of: key)
    throw .refused(availability == .available ? .notWritable(key) : .unavailable(availability))
  }

  private func persist() throws(Refusal) {
    guard !requiresPersistence || store.storage(for: key).isPersistent else { throw .notPersistent }
  }
}
