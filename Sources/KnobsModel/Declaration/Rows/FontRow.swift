/// A font, shown in its own face and chosen with GTK's font chooser.
public struct FontRow: RowDeclaration {
  /// The row this declaration makes.
  public let row: Row

  /// A font chooser for `key`; `monospaceOnly` offers only fixed-width fonts.
  public init(_ id: String, _ title: String, key: SettingKey, monospaceOnly: Bool = false) {
    row = Row(id: id, title: title, kind: .font(.init(key: key, monospaceOnly: monospaceOnly)))
  }
}
