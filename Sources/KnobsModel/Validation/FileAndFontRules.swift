import FoundationEssentials

extension Row.File {
  /// The local path a stored value names: the value itself for a path, the
  /// decoded path of a `file://` URI; nil for an empty value or another scheme.
  package func localPath(of value: String) -> String? {
    switch storage {
    case .path:
      return value.hasPrefix("/") ? value : nil
    case .uri:
      guard value.lowercased().hasPrefix("file://") else { return nil }
      var rest = Substring(value.dropFirst("file://".count))
      // `file://host/path`: only an empty host or localhost names this machine.
      if !rest.hasPrefix("/") {
        guard let slash = rest.firstIndex(of: "/"), rest[..<slash].lowercased() == "localhost" else { return nil }
        rest = rest[slash...]
      }
      let path = PercentDecoding.decode(String(rest))
      return path.contains("\0") ? nil : path
    }
  }

  /// The value stored for a chosen local path.
  package func value(forPath path: String) -> String {
    switch storage {
    case .path: return path
    case .uri: return "file://" + Self.encodePath(path)
    }
  }

  /// The name shown in the row: the file's last path component, or the value itself when it is no local file.
  package func displayName(of value: String) -> String {
    guard !value.isEmpty else { return tr("None") }
    guard let path = localPath(of: value) else { return value }
    let name = PathText.lastComponent(path)
    return name.isEmpty ? path : name
  }

  /// What is wrong with the file a value names, for the row to say: missing,
  /// unreadable, or a file where a folder is wanted. Nil when all is well.
  package func fileProblem(of value: String) -> String? {
    guard !value.isEmpty else { return nil }
    guard let path = localPath(of: value) else {
      return storage == .uri ? tr("Not a local file: %s", value) : tr("Not an absolute path: %s", value)
    }
    guard LocalFiles.exists(path) else { return tr("Missing: %s", path) }
    if selectsFolder != LocalFiles.isFolder(path) {
      return selectsFolder ? tr("Not a folder: %s", path) : tr("A folder, not a file: %s", path)
    }
    guard LocalFiles.isReadable(path) else { return tr("Not readable: %s", path) }
    return nil
  }

  /// Percent-encodes a path for a `file://` URI, keeping `/` and unreserved characters.
  static func encodePath(_ path: String) -> String {
    var result = ""
    for byte in path.utf8 {
      let scalar = Unicode.Scalar(byte)
      if scalar.isASCIILetter || scalar.isASCIIDigit || "/-._~!$&'()*+,;=:@".unicodeScalars.contains(scalar) {
        result.unicodeScalars.append(scalar)
      } else {
        result += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
      }
    }
    return result
  }
}

/// Checks on Pango font descriptions such as “Cantarell Bold 11”: a family, optional
/// style words, and a size in points (or pixels with “px”).
public enum FontDescription {
  /// The largest size Knobs writes; anything bigger is a typo.
  static let maximumSize = 1000.0

  /// Why `text` is no usable font description, if it is not.
  public static func problem(with text: String) -> String? {
    let words = text.split(whereSeparator: \.isWhitespace)
    guard let last = words.last else { return tr("A font needs a family and a size, e.g. “Cantarell 11”.") }
    guard let size = size(of: String(last)) else {
      return tr("“%s” has no size; a font needs one, e.g. “Cantarell 11”.", text.escapedForMessage)
    }
    guard size > 0, size <= maximumSize else { return tr("The size %s is not between 1 and 1000.", last) }
    guard words.count > 1 else {
      return tr("“%s” has no font family, e.g. “Cantarell 11”.", text.escapedForMessage)
    }
    guard !text.contains(where: { $0.isNewline || $0 == "\0" }) else { return tr("A font name is a single line.") }
    return DesktopNames.problem(with: text)
  }

  /// The family and style part: “Cantarell Bold” of “Cantarell Bold 11”.
  public static func familyAndStyle(of text: String) -> String {
    var words = text.split(whereSeparator: \.isWhitespace)
    if let last = words.last, size(of: String(last)) != nil { words.removeLast() }
    return words.joined(separator: " ").trimming(while: { $0 == "," })
  }

  private static func size(of word: String) -> Double? {
    let number = word.hasSuffix("px") ? String(word.dropLast(2)) : word
    guard let size = Double(number), size.isFinite else { return nil }
    return size
  }
}
