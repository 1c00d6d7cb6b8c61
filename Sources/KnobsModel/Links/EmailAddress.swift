/// The shape of an address Knobs puts in a `mailto:` URI: `local@domain`,
/// deliberately stricter than RFC 5322 (no quoted local parts, no comments, no
/// display names) so no character can end one field and start another.
enum EmailAddress {
  /// Characters that delimit addresses or URI fields, never part of an address here.
  private static let forbidden = Set("<>()[],;:\\\"?&%".unicodeScalars)

  static func hasLineBreak(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0 == "\r" || $0 == "\n" }
  }

  static func isValid(_ address: String) -> Bool {
    let invalidScalar = address.unicodeScalars.contains {
      $0.properties.isWhitespace || $0.properties.generalCategory == .control || forbidden.contains($0)
    }
    guard !invalidScalar else { return false }
    let parts = address.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, isValidLocalPart(parts[0]), isValidDomain(parts[1]) else { return false }
    return true
  }

  /// A dot-atom: non-empty, no leading, trailing or doubled dot.
  private static func isValidLocalPart(_ local: Substring) -> Bool {
    !local.isEmpty && local.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty }
  }

  /// Dot-separated labels of letters, digits and inner hyphens (letters may be non-ASCII).
  private static func isValidDomain(_ domain: Substring) -> Bool {
    let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
    return !domain.isEmpty
      && labels.allSatisfy { label in
        guard let first = label.first, let last = label.last, first != "-", last != "-" else { return false }
        return label.allSatisfy { $0 == "-" || $0.isLetter || $0.isNumber }
      }
  }
}
