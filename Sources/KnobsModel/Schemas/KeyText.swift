/// Text from schemas made fit for rows: whitespace of XML indentation removed,
/// key names and nicks made readable, long text cut at a word.
enum KeyText {
  /// Runs of spaces and single line breaks become one space; blank lines stay paragraph breaks.
  static func normalized(_ text: String) -> String {
    let paragraphs = TextBounds.fitted(text, multiline: true).split(separator: "\n", omittingEmptySubsequences: false)
      .split { $0.allSatisfy(\.isWhitespace) }
      .map { lines in lines.flatMap { $0.split(whereSeparator: \.isWhitespace) }.joined(separator: " ") }
      .filter { !$0.isEmpty }
    return paragraphs.joined(separator: "\n\n")
  }

  /// `clock-format` reads “Clock format”, `prefer_dark` “Prefer dark”.
  static func readable(_ name: String) -> String {
    let words = name.split { $0 == "-" || $0 == "_" }.joined(separator: " ")
    guard let first = words.first else { return name }
    return first.uppercased() + words.dropFirst()
  }

  /// `text` when it fits in `limit` Unicode scalars, else cut at the last space before it with “…”.
  static func shortened(_ text: String, to limit: Int) -> String {
    guard text.unicodeScalars.count > limit else { return text }
    let cut = text.unicodeScalars.prefix(limit - 1)
    let atWord = cut.lastIndex(where: \.properties.isWhitespace).map { cut[..<$0] } ?? cut
    return String(String.UnicodeScalarView(atWord.isEmpty ? cut : atWord)).trimmingWhitespace + "…"
  }
}
