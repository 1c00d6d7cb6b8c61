/// Several of a fixed set of options, for flags keys and lists of strings from a vocabulary.
public struct MultiSelectRow: RowDeclaration {
  public let row: Row

  public init(_ id: String, _ title: String, key: SettingKey, options: [(String, String)]) {
    row = Row(
      id: id, title: title,
      kind: .multiSelect(.init(key: key, options: options.map { Row.MultiSelect.Option($0.0, $0.1) })))
  }
}
