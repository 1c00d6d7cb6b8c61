/// One of a list of labelled values bound to a setting.
public struct ChoiceRow: RowDeclaration {
  /// The row this declaration makes.
  public let row: Row

  /// A choice of `options`, each a value and its label, for `key`.
  public init(_ id: String, _ title: String, key: SettingKey, options: [(SettingValue, String)]) {
    row = Row(
      id: id, title: title,
      kind: .choice(.init(key: key, options: options.map { Row.Choice.Option($0.0, $0.1) })))
  }
}

extension ChoiceRow {
  /// A choice whose options are found when the row is shown, e.g. the installed icon themes.
  public init(_ id: String, _ title: String, key: SettingKey, provider: OptionProvider) {
    row = Row(id: id, title: title, kind: .choice(.init(key: key, provider: provider)))
  }

  /// A choice over one part of a key's value: `part` reads and writes the option values.
  public init(_ id: String, _ title: String, key: SettingKey, part: ValuePart, options: [(SettingValue, String)]) {
    var choice = Row.Choice(key: key, options: options.map { Row.Choice.Option($0.0, $0.1) })
    choice.part = part
    row = Row(id: id, title: title, kind: .choice(choice))
  }

  /// Draws the options as radio buttons under the title, for a handful of short options.
  public func radio() -> Row {
    var row = self.row
    if case .choice(var choice) = row.kind.form {
      choice.presentation = .radio
      row.kind = .choice(choice)
    }
    return row
  }
}
