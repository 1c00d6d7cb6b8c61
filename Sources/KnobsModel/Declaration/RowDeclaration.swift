/// Anything that declares a row: the `…Row` types and `Row` itself. The
/// modifiers here let a declaration add a subtitle, icon, keywords or conditions.
public protocol RowDeclaration {
  /// The row this declaration makes.
  var row: Row { get }
}

extension Row: RowDeclaration {
  /// The row itself.
  public var row: Row { self }
}

extension RowDeclaration {
  /// The row with `text` shown under its title.
  public func subtitle(_ text: String) -> Row {
    var row = self.row
    row.subtitle = .fixed(text)
    return row
  }

  /// A subtitle computed from the current settings.
  public func subtitle(_ compute: @escaping @MainActor (SettingsReader) -> String) -> Row {
    var row = self.row
    row.subtitle = .live(compute)
    return row
  }

  /// The row with the icon `name` before its title.
  public func icon(_ name: String) -> Row {
    var row = self.row
    row.iconName = name
    return row
  }

  /// Adds a button at the row's end, e.g. `.button("user-trash-symbolic", "Remove Firefox") { … }`.
  public func button(
    _ iconName: String, _ label: String, perform: @escaping @MainActor (ActionContext) -> Undo?
  ) -> Row {
    var row = self.row
    row.button = Row.Button(iconName: iconName, label: label, action: Row.Action(perform: perform))
    return row
  }

  /// The row, also found by searching for `words`.
  public func keywords(_ words: [String]) -> Row {
    var row = self.row
    row.keywords += words
    return row
  }

  /// The row, also found by searching for `words`.
  public func keywords(_ words: String...) -> Row {
    var row = self.row
    row.keywords += words
    return row
  }

  /// The row, sensitive only while `condition` holds.
  public func enabled(when condition: Condition) -> Row {
    var row = self.row
    row.enabledWhen = condition
    return row
  }

  /// The row, shown only while `condition` holds.
  public func visible(when condition: Condition) -> Row {
    var row = self.row
    row.visibleWhen = condition
    return row
  }
}
