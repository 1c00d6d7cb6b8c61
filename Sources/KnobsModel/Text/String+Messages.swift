/// Helpers for the one-line messages problems and errors carry.
extension String {
  /// The text in quotes with control characters escaped, safe to put in a one-line message.
  var quotedForMessage: String { "“" + escapedForMessage + "”" }

  /// The text with control characters escaped, for a translated message that quotes it itself.
  public var escapedForMessage: String {
    var result = ""
    for scalar in unicodeScalars {
      switch scalar {
      case "\r": result += "\\r"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      default:
        if scalar.properties.generalCategory == .control {
          result += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// Empty or only whitespace.
  var isBlank: Bool {
    // Most texts start with a visible ASCII character: no need to walk their characters.
    if let first = utf8.first, first > 0x20, first < 0x7F { return false }
    return allSatisfy(\.isWhitespace)
  }

  /// The text without leading and trailing whitespace (Unicode-aware, no Foundation needed).
  var trimmingWhitespace: String {
    let scalars = unicodeScalars
    guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[start...end])
  }
}
