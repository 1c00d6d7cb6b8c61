/// Which URL schemes a link row may open. Shared by validation and launching,
/// so a panel that validates is a panel that launches.
enum LinkPolicy {
  /// Opened by every link row.
  static let webSchemes: Set<String> = ["https", "http"]
  /// Never opened, even when a row lists them: they read local files or run code.
  static let forbiddenSchemes: Set<String> = ["file", "javascript", "data", "vbscript"]

  /// The URL's scheme, lowercased, or nil when the text does not start with a
  /// valid scheme (RFC 3986: a letter, then letters, digits, `+`, `-` or `.`, then `:`).
  /// Read as bytes: a scheme is ASCII, and the first ":" is found without
  /// breaking the text into characters.
  static func scheme(of text: String) -> String? {
    let utf8 = text.utf8
    var hasCapital = false
    var index = utf8.startIndex
    while index != utf8.endIndex {
      let byte = utf8[index]
      if byte == UInt8(ascii: ":") {
        guard index != utf8.startIndex else { return nil }
        let scheme = String(text[..<index])
        return hasCapital ? scheme.lowercased() : scheme
      }
      let isCapital = byte &- UInt8(ascii: "A") < 26
      let isLetter = isCapital || byte &- UInt8(ascii: "a") < 26
      let isOther =
        byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
        || byte == UInt8(ascii: ".")
      guard isLetter || (index != utf8.startIndex && isOther) else { return nil }
      hasCapital = hasCapital || isCapital
      utf8.formIndex(after: &index)
    }
    return nil
  }
}
