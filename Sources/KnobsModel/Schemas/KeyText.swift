/// Text from schemas made fit for rows: whitespace of XML indentation removed,
/// key names and nicks made readable, long text cut at a word.
enum KeyText {
  /// Runs of spaces and single line breaks become one space; blank lines stay paragraph breaks.
  /// Bidirectional controls are taken out (see `inert`).
  static func normalized(_ text: String) -> String {
    let paragraphs = inert(TextBounds.fitted(text, multiline: true)).split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .split { $0.allSatisfy(\.isWhitespace) }
    .map { lines in lines.flatMap { $0.split(whereSeparator: \.isWhitespace) }.joined(separator: " ") }
    .filter { !$0.isEmpty }
    return paragraphs.joined(separator: "\n\n")
  }

  /// The text without the controls that reorder what follows them (embeddings, overrides and
  /// isolates, U+202A to U+202E and U+2066 to U+2069): a schema's text can't make the rest of a row,
  /// or a key name it quotes, read backwards. Marks (U+200E, U+200F) stay; they only mark a direction.
  static func inert(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isReordering) else { return text }
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: text.unicodeScalars.lazy.filter { !isReordering($0) })
    return String(scalars)
  }

  private static func isReordering(_ scalar: Unicode.Scalar) -> Bool {
    (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
  }

  /// Whether a summary says nothing: only punctuation or symbols (“...”, “-”), or a placeholder
  /// (“TODO”, “FIXME”, “XXX”, “TBD”, “Summary”, “None”).
  static func isJunk(_ line: String) -> Bool {
    let letters = line.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    guard !letters.isEmpty else { return true }
    let word = String(String.UnicodeScalarView(letters)).lowercased()
    return ["todo", "fixme", "xxx", "tbd", "summary", "none", "null", "nil", "undefined", "description", "na"]
      .contains(word) && line.unicodeScalars.count <= 16
  }

  /// `clock-format` reads “Clock format”, `prefer_dark` “Prefer dark”, and a nick in capitals,
  /// `SWITCH_WORKSPACE`, “Switch workspace” rather than shouted.
  static func readable(_ name: String) -> String {
    let isShouted = name.contains { $0.isUppercase } && !name.contains { $0.isLowercase }
    let words = (isShouted ? name.lowercased() : name).split { $0 == "-" || $0 == "_" }.joined(separator: " ")
    guard let first = words.first else { return name }
    return first.uppercased() + words.dropFirst()
  }

  /// Whether `a` comes before `b` in natural order: runs of digits compare as numbers, so
  /// `layout2` comes before `layout10`; otherwise as text.
  static func naturallyBefore(_ a: String, _ b: String) -> Bool {
    var left = a.unicodeScalars[...]
    var right = b.unicodeScalars[...]
    while let x = left.first, let y = right.first {
      if isDigit(x), isDigit(y) {
        let leftDigits = left.prefix(while: isDigit)
        let rightDigits = right.prefix(while: isDigit)
        let leftNumber = leftDigits.drop { $0 == "0" }
        let rightNumber = rightDigits.drop { $0 == "0" }
        if leftNumber.count != rightNumber.count { return leftNumber.count < rightNumber.count }
        if !leftNumber.elementsEqual(rightNumber) { return leftNumber.lexicographicallyPrecedes(rightNumber) }
        left = left.dropFirst(leftDigits.count)
        right = right.dropFirst(rightDigits.count)
      } else {
        if x != y { return x < y }
        left = left.dropFirst()
        right = right.dropFirst()
      }
    }
    return left.isEmpty && !right.isEmpty || (left.isEmpty == right.isEmpty && a < b)
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

  /// `text` when it fits in `limit` Unicode scalars, else cut at the last space before it with “…”.
  static func shortened(_ text: String, to limit: Int) -> String {
    guard text.unicodeScalars.count > limit else { return text }
    let cut = text.unicodeScalars.prefix(limit - 1)
    let atWord = cut.lastIndex(where: \.properties.isWhitespace).map { cut[..<$0] } ?? cut
    return String(String.UnicodeScalarView(atWord.isEmpty ? cut : atWord)).trimmingWhitespace + "…"
  }
}
