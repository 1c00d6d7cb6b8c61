/// A switch bound to a setting. By default a boolean key; for other keys name
/// the values written when on and off, e.g. `on: "prefer-dark", off: "default"`.
public struct ToggleRow: RowDeclaration {
  /// The row this declaration makes.
  public let row: Row

  /// A switch for `key` writing `on` and `off`.
  public init(_ id: String, _ title: String, key: SettingKey, on: SettingValue = true, off: SettingValue = false) {
    row = Row(id: id, title: title, kind: .toggle(.init(key: key, on: on, off: off)))
  }
}

extension ToggleRow {
  /// A switch over one part of a string key, e.g. a titlebar button in `button-layout`.
  public init(_ id: String, _ title: String, key: SettingKey, part: ValuePart) {
    row = Row(id: id, title: title, kind: .toggle(.init(key: key, part: part, sample: "")))
  }
}

extension ToggleRow {
  /// The row with a check box instead of a switch: for choosing items of a list, such as an import's changes.
  public func checkBox() -> Row {
    var row = self.row
    if case .toggle(var toggle) = row.kind.form {
      toggle.isCheckBox = true
      row.kind = .toggle(toggle)
    }
    return row
  }
}
