/// A file or folder chosen with GTK's file chooser; shows the file's name.
public struct FileRow: RowDeclaration {
  /// The row this declaration makes.
  public let row: Row

  /// A file or folder chooser for `key`.
  public init(
    _ id: String, _ title: String, key: SettingKey, mimeTypes: [String] = [], selectsFolder: Bool = false,
    storage: Row.File.Storage = .uri
  ) {
    row = Row(
      id: id, title: title,
      kind: .file(.init(key: key, mimeTypes: mimeTypes, selectsFolder: selectsFolder, storage: storage)))
  }
}
