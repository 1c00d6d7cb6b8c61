/// A font, shown in its own face and chosen with GTK's font chooser.
public struct FontRow: RowDeclaration {
  public let row: Row

  public init(_ id: String, _ title: String, key: SettingKey, monospaceOnly: Bool = false) {
    row = Row(id: id, title: title, kind: .font(.init(key: key, monospaceOnly: monospaceOnly)))
  }
}
