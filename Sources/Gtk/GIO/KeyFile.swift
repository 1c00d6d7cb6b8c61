import CGtk

/// An INI file as GLib reads and writes it (GKeyFile): groups of `key=value`
/// lines, with comments kept. Changing a key leaves every other line as it was.
public final class KeyFile {
  private let file: OpaquePointer

  public init() {
    file = g_key_file_new()
  }

  deinit {
    g_key_file_unref(file)
  }

  /// Parses `text`, keeping comments; throws GLib's reason for text that is not an INI file.
  public func load(_ text: String) throws(GLibError) {
    var error: UnsafeMutablePointer<GError>?
    let flags = GKeyFileFlags(rawValue: G_KEY_FILE_KEEP_COMMENTS.rawValue | G_KEY_FILE_KEEP_TRANSLATIONS.rawValue)
    guard g_key_file_load_from_data(file, text, gsize(text.utf8.count), flags, &error) != 0 else {
      throw GLibError(consuming: error)
    }
  }

  /// The file's text, comments and all.
  public var text: String {
    var length: gsize = 0
    guard let data = g_key_file_to_data(file, &length, nil) else { return "" }
    defer { g_free(data) }
    return String(cString: data)
  }

  public func hasKey(_ group: String, _ key: String) -> Bool {
    g_key_file_has_key(file, group, key, nil) != 0
  }

  public func boolean(_ group: String, _ key: String) -> Bool? {
    read { g_key_file_get_boolean(file, group, key, &$0) != 0 }
  }

  public func integer(_ group: String, _ key: String) -> Int? {
    read { Int(g_key_file_get_int64(file, group, key, &$0)) }
  }

  public func double(_ group: String, _ key: String) -> Double? {
    read { g_key_file_get_double(file, group, key, &$0) }
  }

  /// A string value with GLib's escapes (`\n`, `\s` …) resolved.
  public func string(_ group: String, _ key: String) -> String? {
    let value: UnsafeMutablePointer<CChar>?? = read { g_key_file_get_string(file, group, key, &$0) }
    guard let value = value ?? nil else { return nil }
    defer { g_free(value) }
    return String(cString: value)
  }

  /// A `;`-separated list.
  public func strings(_ group: String, _ key: String) -> [String]? {
    var length: gsize = 0
    let list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?? = read {
      g_key_file_get_string_list(file, group, key, &length, &$0)
    }
    guard let list = list ?? nil else { return nil }
    defer { g_strfreev(list) }
    return (0..<Int(length)).compactMap { list[$0].map { String(cString: $0) } }
  }

  public func setBoolean(_ group: String, _ key: String, _ value: Bool) {
    g_key_file_set_boolean(file, group, key, value ? 1 : 0)
  }

  public func setInteger(_ group: String, _ key: String, _ value: Int) {
    g_key_file_set_int64(file, group, key, gint64(value))
  }

  public func setDouble(_ group: String, _ key: String, _ value: Double) {
    g_key_file_set_double(file, group, key, value)
  }

  public func setString(_ group: String, _ key: String, _ value: String) {
    g_key_file_set_string(file, group, key, value)
  }

  public func setStrings(_ group: String, _ key: String, _ values: [String]) {
    var pointers = values.map { strdup($0) }
    defer { pointers.forEach { free($0) } }
    pointers.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: max(buffer.count, 1)) {
        g_key_file_set_string_list(file, group, key, $0, gsize(buffer.count))
      }
    }
  }

  /// Removes a key; a missing one is not an error.
  public func remove(_ group: String, _ key: String) {
    g_key_file_remove_key(file, group, key, nil)
  }

  private func read<T>(_ get: (inout UnsafeMutablePointer<GError>?) -> T) -> T? {
    var error: UnsafeMutablePointer<GError>?
    let value = get(&error)
    guard let error else { return value }
    g_error_free(error)
    return nil
  }

  /// Replaces `path` with `text` atomically (a temporary file renamed over it,
  /// flushed to disk), readable by the user only.
  public static func write(_ text: String, to path: String) throws(GLibError) {
    var error: UnsafeMutablePointer<GError>?
    let flags = GFileSetContentsFlags(
      rawValue: G_FILE_SET_CONTENTS_CONSISTENT.rawValue | G_FILE_SET_CONTENTS_DURABLE.rawValue)
    guard g_file_set_contents_full(path, text, gssize(text.utf8.count), flags, 0o600, &error) != 0 else {
      throw GLibError(consuming: error)
    }
  }

  /// Creates a folder and its parents (mode 0700) when missing.
  public static func makeFolder(_ path: String) throws(GLibError) {
    guard g_mkdir_with_parents(path, 0o700) == 0 else {
      throw GLibError(message: "The folder \(path) can't be created.", ioCode: nil)
    }
  }
}
