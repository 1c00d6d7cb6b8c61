extension GVariantText {
  /// GVariant text with each floating-point number in its shortest form that reads back as the
  /// same double: GLib prints 17 digits (`0.29999999999999999`), which is exact but noise to a
  /// person. Text inside quotes and whole numbers stay as they are.
  package static func shortestDoubles(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var scalars = text.unicodeScalars[...]
    while let scalar = scalars.first {
      if scalar == "'" || scalar == "\"" {
        result.unicodeScalars.append(contentsOf: quoted(&scalars, by: scalar))
      } else if isNumberStart(scalar), !continuesWord(result) {
        let token = scalars.prefix { isNumberScalar($0) }
        scalars = scalars.dropFirst(token.count)
        result += shortest(String(String.UnicodeScalarView(token)))
      } else {
        result.unicodeScalars.append(scalar)
        scalars = scalars.dropFirst()
      }
    }
    return result
  }

  /// A quoted string from its opening quote to its closing one, escapes included.
  private static func quoted(_ scalars: inout Substring.UnicodeScalarView, by quote: Unicode.Scalar)
    -> Substring.UnicodeScalarView
  {
    var end = scalars.index(after: scalars.startIndex)
    var escaped = false
    while end < scalars.endIndex {
      let scalar = scalars[end]
      end = scalars.index(after: end)
      if escaped {
        escaped = false
      } else if scalar == "\\" {
        escaped = true
      } else if scalar == quote {
        break
      }
    }
    let run = scalars[..<end]
    scalars = scalars[end...]
    return run
  }

  /// A number written with a point or an exponent, in its shortest form; anything else as it was.
  private static func shortest(_ token: String) -> String {
    guard token.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let value = Double(token),
      value.isFinite
    else { return token }
    let text = String(value)
    return text.contains(".") || text.contains("e") ? text : text + ".0"
  }

  private static func isNumberStart(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "-" || ("0"..."9").contains(scalar)
  }

  private static func isNumberScalar(_ scalar: Unicode.Scalar) -> Bool {
    ("0"..."9").contains(scalar) || scalar == "." || scalar == "e" || scalar == "E" || scalar == "-" || scalar == "+"
  }

  /// Whether the text so far ends inside a word (`int32`, a type annotation), where digits are not a number.
  private static func continuesWord(_ text: String) -> Bool {
    guard let last = text.unicodeScalars.last else { return false }
    return last.properties.isAlphabetic || ("0"..."9").contains(last) || last == "_"
  }
}
