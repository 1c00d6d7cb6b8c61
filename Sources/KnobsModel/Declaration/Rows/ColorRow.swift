/// A color kept as text, shown as a swatch and chosen with GTK's color chooser.
public struct ColorRow: RowDeclaration {
  /// The row this declaration makes.
  public let row: Row

  /// A color chooser for `key`; `format` is how the key writes colors.
  public init(_ id: String, _ title: String, key: SettingKey, format: ColorFormat? = nil) {
    row = Row(id: id, title: title, kind: .color(.init(key: key, format: format)))
  }
}
