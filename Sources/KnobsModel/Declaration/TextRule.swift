import FoundationEssentials

/// What a text setting accepts: a rule checked before anything is written.
public struct TextRule: Sendable {
  /// Refuse an empty (or all-blank) value.
  public var nonEmpty: Bool
  /// The most characters a value may have. Huge values are refused, never written.
  public var maximumLength: Int
  /// A regular expression the whole value must match.
  public var pattern: String?
  /// Says in plain words what the pattern (or the test) wants, e.g. "letters and digits only".
  public var patternHint: String?
  /// A test in Swift the whole value must pass, for a form a test says more plainly than a
  /// pattern; only Swift declares one (a file has `pattern`).
  public var test: (@Sendable (String) -> Bool)?
  /// A check in Swift that says in a sentence why the whole value is refused (JSON with the line and
  /// column of its mistake); nil when it passes. Only Swift declares one.
  var check: (@Sendable (String) -> String?)?
  /// Refuse characters that show the text otherwise than it is: those that change the direction of the text
  /// after them (U+202A–U+202E, U+2066–U+2069) and control characters but tab and line breaks. For free text a
  /// schema's page generates: neither the window nor a terminal shows such a value as what it holds.
  package var refusesHiddenCharacters = false
  /// For GVariant text of this type, the characters `refusesHiddenCharacters` names are looked for in the strings of
  /// the value it holds, however typed (`'\u202e'` as well), not in the text: text that is no such value is left to
  /// the parser, which says where it goes wrong.
  package var gvariantType: String?

  /// A rule: not empty when `nonEmpty`, at most `maximumLength` characters, matching `pattern`
  /// (described by `patternHint`) and passing `test`.
  public init(
    nonEmpty: Bool = false, maximumLength: Int = 4096, pattern: String? = nil, patternHint: String? = nil,
    test: (@Sendable (String) -> Bool)? = nil
  ) {
    self.nonEmpty = nonEmpty
    self.maximumLength = maximumLength
    self.pattern = pattern
    self.patternHint = patternHint
    self.test = test
  }

  /// Why `text` is refused, in a sentence; nil when it is accepted.
  public func problem(with text: String) -> String? {
    if nonEmpty && text.isBlank { return tr("It can't be empty.") }
    if text.count > maximumLength {
      return trn(
        "It is %1$d character long; at most %2$d are allowed.", "It is %1$d characters long; at most %2$d are allowed.",
        text.count, text.count, maximumLength)
    }
    if refusesHiddenCharacters,
      let said = gvariantType.map({ Self.hiddenCharacterProblem(inGVariant: text, type: $0) })
        ?? Self.hiddenCharacterProblem(in: text)
    {
      return said
    }
    if let said = check?(text) { return said }
    let fitsPattern = pattern.map { Self.matches(text, pattern: $0) } ?? true
    if !fitsPattern || test?(text) == false {
      return patternHint.map { tr("It must be %s.", $0) } ?? tr("It doesn't have the expected form.")
    }
    return nil
  }

  /// Why `text` holds a character that changes the direction of text or a control character (tab and line breaks
  /// aside), naming it as U+XXXX and never echoing it; nil when it holds none.
  package static func hiddenCharacterProblem(in text: String) -> String? {
    // Most texts are printable ASCII: nothing to look for.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return nil }
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x09, 0x0A, 0x0D: continue
      case 0x202A...0x202E, 0x2066...0x2069:
        return tr(
          "It holds a character that changes the direction of text (%s), which would show it otherwise than it is.",
          codePoint(scalar))
      case 0..<0x20, 0x7F..<0xA0:
        return tr("It holds a control character (%s), which can't be shown.", codePoint(scalar))
      default: continue
      }
    }
    return nil
  }

  /// Why GVariant text of `type` is refused as free text is: one of its value's strings (at any depth, however typed,
  /// `'\u202e'` as well) holds such a character; nil when none does or the text is no value of `type`.
  package static func hiddenCharacterProblem(inGVariant text: String, type: String) -> String? {
    guard let value = try? GVariantValue.parse(text.trimmingWhitespace, typeString: type) else { return nil }
    return value.hiddenCharacterProblem
  }

  /// `U+202E`, `U+0007`: a character named without showing it.
  private static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// Why the rule itself is unusable, if it is: a pattern that does not compile, a bad length.
  var declarationProblem: String? {
    if maximumLength < 1 { return tr("The text rule's maximum length %d must be at least 1.", maximumLength) }
    if let pattern, (try? Regex(pattern)) == nil {
      return tr("The text rule's pattern “%s” is not a valid regular expression.", pattern.escapedForMessage)
    }
    return nil
  }

  /// Whether the whole text matches, a Unicode scalar at a time (as ICU's expressions match).
  private static func matches(_ text: String, pattern: String) -> Bool {
    guard let expression = try? Regex(pattern) else { return false }
    return (try? expression.matchingSemantics(.unicodeScalar).wholeMatch(in: text)) != nil
  }
}
