/// Why text typed for `knobs set PATH VALUE` is not a value the row accepts.
public enum ValueError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A toggle was given something other than on/off, true/false, 1/0 or yes/no.
  case notOnOff(row: String, text: String)
  /// A slider was given text that is not a number.
  case notANumber(row: String, text: String)
  /// A slider was given a number outside its range; `range` is written for people, e.g. "0.5 to 3".
  case outOfRange(row: String, text: String, range: String)
  /// A choice was given neither an option's value nor its label; `valid` lists them.
  case unknownOption(row: String, text: String, valid: [String])
  /// The row is a link, email, detail, value or action: it has nothing to set.
  case notSettable(row: String, kind: String)
  /// The row's rule refuses the text; `reason` says why in a sentence.
  case refused(row: String, text: String, reason: String)
  /// A choice's options could not be found, so nothing can be checked.
  case noOptions(row: String, reason: String)

  public var description: String {
    switch self {
    case .notOnOff(let row, let text):
      return "\(row.quotedForMessage) is a switch: use on or off, not \(text.quotedForMessage)."
    case .notANumber(let row, let text):
      return "\(row.quotedForMessage) takes a number, not \(text.quotedForMessage)."
    case .outOfRange(let row, let text, let range):
      return "\(row.quotedForMessage) takes a number from \(range); \(text.quotedForMessage) is outside that range."
    case .unknownOption(let row, let text, let valid):
      let options = valid.joined(separator: ", ")
      return "\(row.quotedForMessage) has no option \(text.quotedForMessage); use one of: \(options)."
    case .notSettable(let row, let kind):
      return "\(row.quotedForMessage) is \(kind.withArticle) row and has no value to set."
    case .refused(let row, let text, let reason):
      return "\(row.quotedForMessage) can't be set to \(Self.shortened(text).quotedForMessage): \(reason)"
    case .noOptions(let row, let reason):
      return "\(row.quotedForMessage) has no options to choose from. \(reason)"
    }
  }

  /// Long input cut to a length a one-line message can carry.
  static func shortened(_ text: String) -> String {
    text.count > 80 ? String(text.prefix(77)) + "…" : text
  }
}
