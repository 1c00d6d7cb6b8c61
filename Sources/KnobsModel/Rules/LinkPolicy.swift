/// Which URL schemes a link row may open. Shared by validation and launching,
/// so a panel that validates is a panel that launches.
enum LinkPolicy {
  /// Opened by every link row.
  static let webSchemes: Set<String> = ["https", "http"]
  /// Never opened, even when a row lists them: they read local files or run code.
  static let forbiddenSchemes: Set<String> = ["file", "javascript", "data", "vbscript"]

  /// The URL's scheme, lowercased, or nil when the text does not start with a
  /// valid scheme (RFC 3986: a letter, then letters, digits, `+`, `-` or `.`, then `:`).
  static func scheme(of text: String) -> String? {
    guard let colon = text.firstIndex(of: ":") else { return nil }
    let scheme = text[..<colon]
    guard let first = scheme.unicodeScalars.first, first.isASCIILetter else { return nil }
    let valid = scheme.unicodeScalars.allSatisfy {
      $0.isASCIILetter || $0.isASCIIDigit || "+-.".unicodeScalars.contains($0)
    }
    return valid ? scheme.lowercased() : nil
  }
}
