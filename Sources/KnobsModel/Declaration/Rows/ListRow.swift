/// An editable list of strings: add, remove and reorder items.
public struct ListRow: RowDeclaration {
  /// The row this declaration makes.
  public let row: Row

  /// An editable list of strings for `key`, each checked by `itemRule`.
  public init(
    _ id: String, _ title: String, key: SettingKey, itemRule: TextRule = TextRule(nonEmpty: true),
    placeholder: String? = nil
  ) {
    row = Row(id: id, title: title, kind: .list(.init(key: key, itemRule: itemRule, placeholder: placeholder)))
  }
}
