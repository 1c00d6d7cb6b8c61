/// The range a number key's summary or description writes when its schema has no `<range>`:
/// “Opacity (0-255)”, “from 0 to 3”, “between 0.5 and 2.0”, “-10–10”.
///
/// Only one range is taken: a text that writes two different ones, or one the key's default lies
/// outside (“GNOME 3.36-3.38” beside a default of 0), states none.
enum StatedRange {
  /// Texts are read this far; a range comes early in one.
  static let readLimit = 4000

  private enum Token: Equatable {
    case number(Double)
    case word(String)
    case dash
    case other
  }

  /// The lowest and highest values the texts write, in the order given; nil when they write
  /// none, two different ones, or one that doesn't hold `defaultValue`.
  static func range(in texts: [String], defaultValue: Double?) -> (Double, Double)? {
    var found: (Double, Double)?
    for text in texts {
      for range in ranges(in: tokens(text)) {
        if let found, found != range { return nil }
        found = range
      }
    }
    guard let found, found.0 < found.1 else { return nil }
    if let value = defaultValue, value < found.0 || value > found.1 { return nil }
    return found
  }

  private static func ranges(in tokens: [Token]) -> [(Double, Double)] {
    var result: [(Double, Double)] = []
    var index = 0
    while index < tokens.count {
      defer { index += 1 }
      guard index + 2 < tokens.count else { break }
      switch (tokens[index], tokens[index + 1], tokens[index + 2]) {
      case (.number(let low), .dash, .number(let high)):
        // `0-255`, but not one of a list of codes or dates (`1-2-3`).
        let before = index > 0 ? tokens[index - 1] : .other
        let after = index + 3 < tokens.count ? tokens[index + 3] : .other
        if before != .dash, after != .dash { result.append((low, high)) }
      case (.word(let word), .number(let low), .word(let joiner)) where index + 3 < tokens.count:
        guard case .number(let high) = tokens[index + 3] else { continue }
        if (word == "from" && joiner == "to") || (word == "between" && joiner == "and") { result.append((low, high)) }
      default: continue
      }
    }
    return result
  }

  /// Numbers (a minus sign where it can't be a dash between two numbers), words and dashes.
  private static func tokens(_ text: String) -> [Token] {
    let scalars = Array(text.unicodeScalars.prefix(readLimit))
    var tokens: [Token] = []
    var index = 0
    func isDigit(_ at: Int) -> Bool { at < scalars.count && ("0"..."9").contains(scalars[at]) }
    while index < scalars.count {
      let scalar = scalars[index]
      let previousIsNumber: Bool
      if case .number = tokens.last { previousIsNumber = true } else { previousIsNumber = false }
      if isDigit(index) || ((scalar == "-" || scalar == "\u{2212}") && isDigit(index + 1) && !previousIsNumber) {
        var end = index + 1
        while isDigit(end) || (end < scalars.count && scalars[end] == "." && isDigit(end + 1)) { end += 1 }
        let digits = String(String.UnicodeScalarView(scalars[index..<end])).replacingAll("\u{2212}", with: "-")
        tokens.append(Double(digits).map(Token.number) ?? .other)
        index = end
      } else if scalar.properties.isAlphabetic {
        var end = index + 1
        while end < scalars.count, scalars[end].properties.isAlphabetic { end += 1 }
        tokens.append(.word(String(String.UnicodeScalarView(scalars[index..<end])).lowercased()))
        index = end
      } else {
        if scalar == "-" || scalar == "\u{2013}" || scalar == "\u{2212}" {
          tokens.append(.dash)
        } else if !scalar.properties.isWhitespace {
          tokens.append(.other)
        }
        index += 1
      }
    }
    return tokens
  }
}
