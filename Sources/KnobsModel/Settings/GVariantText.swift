/// GVariant text format for the values Knobs handles as text: quoting a string
/// the way `gsettings get` prints it, and reading a list of strings back.
package enum GVariantText {
  /// `'text'`, or `"it's"` when the text holds a single quote but no double
  /// quote; backslashes, the quote and control characters escaped.
  package static func quote(_ text: String) -> String {
    let quote: Character = text.contains("'") && !text.contains("\"") ? "\"" : "'"
    var result = String(quote)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default:
        if Character(scalar) == quote {
          result += "\\" + String(quote)
        } else if scalar.value < 0x20 || scalar.value == 0x7F {
          let hex = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    result.append(quote)
    return result
  }

  /// Reads a list of strings written as GVariant text: `['a', "b"]`, `[]` or `@as []`.
  package static func parseStrings(_ text: String) throws(GVariantTextError) -> [String] {
    var reader = Reader(Array(text.unicodeScalars))
    reader.skipSpace()
    if reader.consume("@") {
      guard reader.consume("a"), reader.consume("s") else { throw .expected("“@as”", at: reader.offset) }
      reader.skipSpace()
    }
    guard reader.consume("[") else { throw .expected("“[”", at: reader.offset) }
    var items: [String] = []
    reader.skipSpace()
    if !reader.consume("]") {
      while true {
        reader.skipSpace()
        items.append(try reader.quotedString())
        reader.skipSpace()
        if reader.consume("]") { break }
        guard reader.consume(",") else { throw .expected("“,” or “]”", at: reader.offset) }
      }
    }
    reader.skipSpace()
    guard reader.isAtEnd else { throw .trailingText(at: reader.offset) }
    return items
  }

  private struct Reader {
    let scalars: [Unicode.Scalar]
    var offset = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var isAtEnd: Bool { offset >= scalars.count }

    mutating func skipSpace() {
      while !isAtEnd, scalars[offset].properties.isWhitespace { offset += 1 }
    }

    mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
      guard !isAtEnd, scalars[offset] == scalar else { return false }
      offset += 1
      return true
    }

    mutating func quotedString() throws(GVariantTextError) -> String {
      guard !isAtEnd, scalars[offset] == "'" || scalars[offset] == "\"" else {
        throw .expected(tr("a quoted string"), at: offset)
      }
      let quote = scalars[offset]
      let start = offset
      offset += 1
      var result = String.UnicodeScalarView()
      while !isAtEnd {
        let scalar = scalars[offset]
        offset += 1
        if scalar == quote { return String(result) }
        guard scalar == "\\" else {
          result.append(scalar)
          continue
        }
        guard !isAtEnd else { break }
        let escaped = scalars[offset]
        offset += 1
        switch escaped {
        case "n": result.append("\n")
        case "t": result.append("\t")
        case "r": result.append("\r")
        case "u":
          guard offset + 4 <= scalars.count,
            let value = UInt32(String(String.UnicodeScalarView(scalars[offset..<offset + 4])), radix: 16),
            let decoded = Unicode.Scalar(value)
          else { throw .badEscape(at: offset - 2) }
          offset += 4
          result.append(decoded)
        default: result.append(escaped)
        }
      }
      throw .unterminatedString(at: start)
    }
  }
}

/// Why text is not a GVariant list of strings; offsets count characters from 0.
package enum GVariantTextError: Error, Hashable, Sendable, CustomStringConvertible {
  case expected(String, at: Int)
  case unterminatedString(at: Int)
  case badEscape(at: Int)
  case trailingText(at: Int)

  package var description: String {
    switch self {
    case .expected(let what, let offset): return tr("expected %1$s at character %2$d", what, offset + 1)
    case .unterminatedString(let offset):
      return tr("the string starting at character %d has no closing quote", offset + 1)
    case .badEscape(let offset): return tr("a bad escape at character %d", offset + 1)
    case .trailingText(let offset): return tr("unexpected text after the list at character %d", offset + 1)
    }
  }
}
