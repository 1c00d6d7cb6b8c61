/// Text operations Knobs needs, on the standard library alone: Foundation's versions bring
/// ICU into the binary (docs/design/foundation.md).
extension String {
  /// The text with every occurrence of `pattern` replaced, left to right; the text itself
  /// for an empty pattern.
  package func replacingAll(_ pattern: String, with replacement: String) -> String {
    // The standard library's replacement compares characters, as Foundation's does; for an empty
    // pattern it would put the replacement between every two characters.
    pattern.isEmpty ? self : replacing(pattern, with: replacement)
  }
}

extension StringProtocol {
  /// The text without the characters at either end for which `isTrimmed` holds.
  package func trimming(while isTrimmed: (Character) -> Bool) -> String {
    guard let first = firstIndex(where: { !isTrimmed($0) }) else { return "" }
    let last = lastIndex(where: { !isTrimmed($0) })!
    return String(self[first...last])
  }

  /// Spaces and tabs at either end removed (not line breaks): Foundation's `.whitespaces`.
  package var trimmingSpaces: String { trimming(while: Character.isSpaceOrTab) }
}

extension Character {
  /// A space separator (U+0020, U+00A0, U+2003, …) or a tab: what Foundation calls `.whitespaces`.
  package static func isSpaceOrTab(_ character: Character) -> Bool {
    character.unicodeScalars.count == 1
      && character.unicodeScalars.allSatisfy { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
  }
}

/// Paths as text, read as NSString reads them: without touching the file system.
package enum PathText {
  /// The last component: "/a/b/" → "b", "/" → "/", "" → "".
  package static func lastComponent(_ path: String) -> String {
    let trimmed = withoutTrailingSlashes(path)
    if trimmed == "/" { return path.isEmpty ? "" : "/" }
    guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
    return String(trimmed[trimmed.index(after: slash)...])
  }

  /// The path without its last component: "/a/b" → "/a", "/a" → "/", "a" → "", "/" → "/".
  package static func parent(_ path: String) -> String {
    let trimmed = withoutTrailingSlashes(path)
    if trimmed == "/" || trimmed.isEmpty { return trimmed }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    let folder = String(trimmed[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  /// Runs of "/" as one, and none at the end but for the root.
  private static func withoutTrailingSlashes(_ path: String) -> String {
    var text = ""
    for character in path where !(character == "/" && text.hasSuffix("/")) { text.append(character) }
    if text.count > 1, text.hasSuffix("/") { text.removeLast() }
    return text
  }
}
