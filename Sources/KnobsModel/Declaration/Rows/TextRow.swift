/// A string setting edited in place, checked by `rule` before it is written.
public struct TextRow: RowDeclaration {
  /// The row this declaration makes.
  public let row: Row

  /// A text field for `key`; what is typed is written when `rule` allows it.
  public init(_ id: String, _ title: String, key: SettingKey, placeholder: String? = nil, rule: TextRule = TextRule()) {
    row = Row(id: id, title: title, kind: .text(.init(key: key, placeholder: placeholder, rule: rule)))
  }

  /// A value of any other GVariant type (`(ii)`, `a{sv}`, `mb` …) edited as GVariant text
  /// (`(1, 2)`, `{'a': <1>}`, `just true`), parsed and type-checked before it is written.
  public init(_ id: String, _ title: String, key: SettingKey, gvariantType: String) {
    row = Row(
      id: id, title: title,
      kind: .text(
        .init(
          key: key, placeholder: tr("GVariant text"), rule: TextRule(maximumLength: 65536),
          format: .gvariant(type: gvariantType))))
  }
}
