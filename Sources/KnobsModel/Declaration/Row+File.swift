extension Row {
  /// A file or folder chosen with GTK's file chooser.
  public struct File {
    /// The key that holds the chosen file.
    public var key: SettingKey
    /// MIME types offered in the chooser, e.g. `image/*`; empty for any file.
    public var mimeTypes: [String]
    /// Whether the chooser picks a folder rather than a file.
    public var selectsFolder: Bool
    /// How the key holds the file: a `file://` URI or an absolute path.
    public var storage: Storage

    /// A file row over `key`.
    public init(key: SettingKey, mimeTypes: [String] = [], selectsFolder: Bool = false, storage: Storage = .uri) {
      self.key = key
      self.mimeTypes = mimeTypes
      self.selectsFolder = selectsFolder
      self.storage = storage
    }

    /// How a key holds a file.
    public enum Storage: Sendable {
      /// A `file://` URI.
      case uri
      /// An absolute path.
      case path
    }
  }
}
