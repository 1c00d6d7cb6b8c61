/// Several of a fixed set of options, for flags keys and lists of strings from a vocabulary.
public struct MultiSelectRow: RowDeclaration {
  /// The row this declaration makes.
  public let row: Row

  /// Check boxes for `key`'s string list, one per option (its value and label).
  public init(_ id: String, _ title: String, key: SettingKey, options: [(String, String)]) {
    row = Row(
      id: id, title: title,
      kind: .multiSelect(.init(key: key, options: options.map { Row.MultiSelect.Option($0.0, $0.1) })))
  }
}
