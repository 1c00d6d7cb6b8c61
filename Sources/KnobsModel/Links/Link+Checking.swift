import FoundationEssentials

extension Row.Link {
  /// The URL to open, after the scheme rules: `https` and `http` (with a host),
  /// other schemes only when listed in `extraSchemes`, and `file`, `javascript`,
  /// `data` and `vbscript` never. Schemes compare case-insensitively.
  package func checkedURL() throws(LinkError) -> URL {
    // Foundation would quietly percent-encode spaces; a URL with them is a mistake.
    guard !Self.hasInvalidCharacters(url) else { throw .invalidCharacters(url) }
    guard let scheme = LinkPolicy.scheme(of: url) else { throw .missingScheme(url) }
    guard !LinkPolicy.forbiddenSchemes.contains(scheme) else { throw .forbiddenScheme(scheme) }
    let allowed = LinkPolicy.webSchemes.contains(scheme) || extraSchemes.contains { $0.lowercased() == scheme }
    guard allowed else { throw .schemeNotAllowed(scheme) }
    guard let parsed = URL(string: url) else { throw .malformed(url) }
    if LinkPolicy.webSchemes.contains(scheme) {
      guard let host = parsed.host, !host.isEmpty else { throw .missingHost(url) }
    }
    return parsed
  }

  /// The URL as a person reads it: percent-escapes that stand for printable
  /// characters are decoded (`caf%C3%A9` shows `café`); escapes for delimiters,
  /// spaces, control and invisible formatting characters stay encoded, so the
  /// text shown never hides where the link goes.
  package var displayURL: String {
    PercentDecoding.decodeForDisplay(url)
  }

  /// Whether the text holds whitespace or control characters. ASCII, nearly
  /// every URL's every character, is read as bytes; the rest through
  /// Unicode's property tables.
  private static func hasInvalidCharacters(_ text: String) -> Bool {
    let allPrintable =
      text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isPrintableASCII) }
      ?? text.utf8.allSatisfy(isPrintableASCII)
    if allPrintable { return false }
    return text.unicodeScalars.contains { scalar in
      scalar.isASCII
        ? scalar.value <= 0x20 || scalar.value == 0x7F
        : scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
    }
  }

  @inline(__always)
  private static func isPrintableASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
}
