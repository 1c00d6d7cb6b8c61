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
    if let said = check?(text) { return said }
    let fitsPattern = pattern.map { Self.matches(text, pattern: $0) } ?? true
    if !fitsPattern || test?(text) == false {
      return patternHint.map { tr("It must be %s.", $0) } ?? tr("It doesn't have the expected form.")
    }
    return nil
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
