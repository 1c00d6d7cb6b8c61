extension Row {
  /// A file or folder chosen with GTK's file chooser.
  public struct File {
    public var key: SettingKey
    /// MIME types offered in the chooser, e.g. `image/*`; empty for any file.
    public var mimeTypes: [String]
    public var selectsFolder: Bool
    /// How the key holds the file: a `file://` URI or an absolute path.
    public var storage: Storage

    public init(key: SettingKey, mimeTypes: [String] = [], selectsFolder: Bool = false, storage: Storage = .uri) {
      self.key = key
      self.mimeTypes = mimeTypes
      self.selectsFolder = selectsFolder
      self.storage = storage
    }

    public enum Storage: Sendable {
      case uri
      case path
    }
  }
}
