/// Keyboard shortcuts captured from the keyboard, shown as keycaps; a list key
/// holds several, a string key one. A shortcut another keybinding uses is reported.
public struct ShortcutRow: RowDeclaration {
  /// The row this declaration makes.
  public let row: Row

  /// A keyboard shortcut for `key`, kept as `storage` says.
  public init(_ id: String, _ title: String, key: SettingKey, storage: Row.Shortcut.Storage = .list) {
    row = Row(id: id, title: title, kind: .shortcut(.init(key: key, storage: storage)))
  }
}
