/// Why text typed for `knobs set PATH VALUE` is not a value the row accepts.
package enum ValueError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A toggle was given something other than on/off, true/false, 1/0 or yes/no.
  case notOnOff(row: String, text: String)
  /// A slider was given text that is not a number.
  case notANumber(row: String, text: String)
  /// A slider was given a number outside its range; `range` is written for people, e.g. "0.5 to 3".
  case outOfRange(row: String, text: String, range: String)
  /// A choice was given neither an option's value nor its label; `valid` lists them.
  case unknownOption(row: String, text: String, valid: [String])
  /// The row is a link, email, detail, value or action: it has nothing to set. `kind` is its
  /// kind's name (`Row.kindName`).
  case notSettable(row: String, kind: String)
  /// The row's rule refuses the text; `reason` says why in a sentence.
  case refused(row: String, text: String, reason: String)
  /// A choice's options could not be found, so nothing can be checked.
  case noOptions(row: String, reason: String)

  package var description: String {
    switch self {
    case .notOnOff(let row, let text):
      return tr(
        // TRANSLATORS: %1$s is a row's title, %2$s what was typed; "on" and "off" are typed as they are.
        "“%1$s” is a switch: use on or off, not “%2$s”.", row.escapedForMessage, text.escapedForMessage)
    case .notANumber(let row, let text):
      return tr("“%1$s” takes a number, not “%2$s”.", row.escapedForMessage, text.escapedForMessage)
    case .outOfRange(let row, let text, let range):
      return tr(
        // TRANSLATORS: %1$s is a row's title, %2$s a range such as "0.5 to 3", %3$s what was typed.
        "“%1$s” takes a number from %2$s; “%3$s” is outside that range.", row.escapedForMessage, range,
        text.escapedForMessage)
    case .unknownOption(let row, let text, let valid):
      let options = valid.joined(separator: ", ")
      return tr(
        "“%1$s” has no option “%2$s”; use one of: %3$s.", row.escapedForMessage, text.escapedForMessage, options)
    case .notSettable(let row, let kind):
      let row = row.escapedForMessage
      switch Row.Kind.Name(rawValue: kind) {
      case .link: return tr("“%s” is a link row and has no value to set.", row)
      case .email: return tr("“%s” is an email row and has no value to set.", row)
      case .detail, .page: return tr("“%s” is a detail row and has no value to set.", row)
      case .value: return tr("“%s” is a value row and has no value to set.", row)
      case .action: return tr("“%s” is an action row and has no value to set.", row)
      case .toggle, .slider, .choice, .text, .number, .font, .file, .multiSelect, .list, .shortcut, .color, nil:
        return tr("“%1$s” is a row of the kind %2$s and has no value to set.", row, kind)
      }
    case .refused(let row, let text, let reason):
      return tr(
        // TRANSLATORS: %3$s is a sentence saying why.
        "“%1$s” can't be set to “%2$s”: %3$s", row.escapedForMessage, Self.shortened(text).escapedForMessage,
        reason)
    case .noOptions(let row, let reason):
      return tr("“%1$s” has no options to choose from. %2$s", row.escapedForMessage, reason)
    }
  }

  /// Long input cut to a length a one-line message can carry.
  static func shortened(_ text: String) -> String {
    text.shortenedForMessage
  }
}
