/// Helpers for the one-line messages problems and errors carry.
extension String {
  /// The text in quotes, cut and escaped as `escapedForMessage` does, safe to put in a one-line message.
  var quotedForMessage: String { "“" + escapedForMessage + "”" }

  /// Input echoed in a message: cut to about 80 characters (`shortenedForMessage`) and escaped
  /// for a terminal (`escapedForTerminal`), for a translated message that quotes it itself.
  package var escapedForMessage: String { shortenedForMessage.escapedForTerminal }

  /// The longest text `shortenedForMessage` echoes whole.
  package static let messageLength = 80

  /// The text cut when longer than `messageLength` characters: its first 77 and “…”. A value
  /// of a megabyte or a shortcut of 10,000 letters is echoed as its start, not whole.
  package var shortenedForMessage: String {
    // Counting the characters of a megabyte is slow enough to notice: stop at the first too many.
    guard let end = index(startIndex, offsetBy: Self.messageLength, limitedBy: endIndex), end != endIndex else {
      return self
    }
    return String(self[..<index(startIndex, offsetBy: Self.messageLength - 3)]) + "…"
  }

  /// The text whole, with what a terminal would act on rather than show escaped: control
  /// characters (C0, DEL, C1) and the bidirectional controls that reorder what follows them
  /// (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C), as `\u{…}`; for a line of output.
  package var escapedForTerminal: String {
    // Most output is plain: no need to build a copy. Printable ASCII is the quickest to tell.
    guard !utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }), unicodeScalars.contains(where: Self.isEscaped) else {
      return self
    }
    var result = ""
    for scalar in unicodeScalars {
      switch scalar {
      case "\r": result += "\\r"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      default:
        if Self.isEscaped(scalar) {
          result += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// The longest text `sanitizedForShell` hands over whole.
  package static let shellLength = 120

  /// Text handed to GNOME Shell (a search result's name and description), which another
  /// program may have written: cut when longer than `shellLength` characters, as
  /// `shortenedForMessage` cuts, and with control characters and bidirectional controls
  /// escaped as `escapedForTerminal` shows them, so that the overview neither runs a line
  /// into the next nor shows a name reversed. The one way Knobs hands text to the Shell.
  package var sanitizedForShell: String {
    guard let end = index(startIndex, offsetBy: Self.shellLength, limitedBy: endIndex), end != endIndex else {
      return escapedForTerminal
    }
    return (String(self[..<index(startIndex, offsetBy: Self.shellLength - 1)]) + "…").escapedForTerminal
  }

  /// The most items a message lists, or problems a command says one by one; the rest are counted.
  package static let listedLimit = 20

  /// `items` as one list in a message: the first `listedLimit`, joined with “, ”, then how many
  /// more there are. Items are put in as they are: escape them first (`escapedForMessage`).
  package static func listed(_ items: [String]) -> String {
    guard items.count > listedLimit else { return items.joined(separator: ", ") }
    let more = items.count - listedLimit
    return items.prefix(listedLimit).joined(separator: ", ") + " " + trn("and %d more", "and %d more", more, more)
  }

  /// Problems said one a line: the first `listedLimit` lines, then one saying how many more
  /// there are, so a file of a million mistakes is not echoed a million times.
  package static func boundedLines<C: Collection<String>>(_ lines: C) -> [String] {
    guard lines.count > listedLimit else { return Array(lines) }
    let more = lines.count - listedLimit
    return Array(lines.prefix(listedLimit)) + [trn("…and %d more problem.", "…and %d more problems.", more, more)]
  }

  /// A control character or a bidirectional control.
  static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F..<0xA0: return true
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
    default: return false
    }
  }

  /// Empty or only whitespace.
  package var isBlank: Bool {
    // Most texts start with a visible ASCII character: no need to walk their characters.
    if let first = utf8.first, first > 0x20, first < 0x7F { return false }
    return allSatisfy(\.isWhitespace)
  }

  /// The text without leading and trailing whitespace (Unicode-aware, no Foundation needed).
  package var trimmingWhitespace: String {
    // Most texts start and end with a printable ASCII letter: nothing to trim, no scalar to read
    // (a keyfile of a million lines trims three texts a line).
    if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
      return self
    }
    let scalars = unicodeScalars
    guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[start...end])
  }
}
