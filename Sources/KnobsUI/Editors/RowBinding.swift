import Gtk
import KnobsModel

/// What an editor knows of its row: the setting's value and default, a write (refused ones said
/// in the window), what the row says under its title, where dialogs open, and the keybindings a
/// shortcut may clash with. `RowView` is one; an editor is never given the row's widgets.
@MainActor
protocol RowBinding: AnyObject {
  /// The key's current value; nil when it is not available.
  func value(for key: SettingKey) -> SettingValue?
  /// The key's default; nil when it is not available.
  func defaultValue(for key: SettingKey) -> SettingValue?
  /// Writes a value the user chose; a refusal is said in the window and the row shows the value kept.
  @discardableResult
  func write(_ value: SettingValue, _ key: SettingKey) -> Bool
  /// Writes a value as `write` does, taking `conflicts` (the shortcuts the person agreed to move)
  /// from the keybindings that have them once the value is found good; a shortcut that can't be
  /// taken is said in the row, and nothing is written.
  @discardableResult
  func write(_ value: SettingValue, _ key: SettingKey, clearing conflicts: [ShortcutConflict]) -> Bool
  /// Why the value the user entered was not written, shown in the row until it is fixed; nil clears it.
  func showProblem(_ text: String?)
  /// A note about the current value (a missing file, options that couldn't be found); nil clears it.
  func showNote(_ text: String?)
  /// The window the row is in, as the parent of its dialogs.
  var hostWindow: Window? { get }
  /// Shows `dialog` over the row's window, in its view's one dialog slot.
  func present(_ dialog: Dialog)
  /// Other keybindings that use one of `accelerators`; none when the window checks no keybindings.
  func shortcutConflicts(for accelerators: [Accelerator], of key: SettingKey) -> [ShortcutConflict]
}

extension RowView: RowBinding {
  func value(for key: SettingKey) -> SettingValue? { store?.value(for: key) }

  func defaultValue(for key: SettingKey) -> SettingValue? { store?.defaultValue(for: key) }

  func present(_ dialog: Dialog) { host?.present(dialog) }

  func shortcutConflicts(for accelerators: [Accelerator], of key: SettingKey) -> [ShortcutConflict] {
    guard let store, let index = keybindings else { return [] }
    return index.conflicts(for: accelerators, of: key, in: store)
  }
}
