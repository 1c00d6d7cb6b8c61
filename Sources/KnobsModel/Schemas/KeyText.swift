/// Text from schemas made fit for rows: whitespace of XML indentation removed,
/// key names and nicks made readable, long text cut at a word.
package enum KeyText {
  /// Runs of spaces and single line breaks become one space; blank lines stay paragraph breaks.
  /// Bidirectional controls are taken out (see `inert`).
  static func normalized(_ text: String) -> String {
    let fitted = TextBounds.fitted(text, multiline: true)
    // Every installed schema's descriptions pass here when search first indexes the schema pages
    // (the Shell's search provider's first answer): ASCII text, nearly all of them, a byte at a time.
    if let normalized = asciiNormalized(fitted) { return normalized }
    return characterNormalized(fitted)
  }

  /// `normalized` a Character at a time: any text.
  static func characterNormalized(_ fitted: String) -> String {
    let paragraphs = inert(fitted).split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .split { $0.allSatisfy(\.isWhitespace) }
    .map { lines in lines.flatMap { $0.split(whereSeparator: \.isWhitespace) }.joined(separator: " ") }
    .filter { !$0.isEmpty }
    return paragraphs.joined(separator: "\n\n")
  }

  /// `normalized` for ASCII text without a carriage return (in which each byte is a Character), or nil.
  static func asciiNormalized(_ text: String) -> String? {
    var result: [UInt8] = []
    var isDone = false
    text.utf8.withContiguousStorageIfAvailable { bytes in
      guard !bytes.contains(where: { $0 >= 0x80 || $0 == 0x0D }) else { return }
      result.reserveCapacity(bytes.count)
      // Words go out one space apart; a blank line (or only white space) before the next word
      // makes it a paragraph's first.
      var pending: UInt8?
      var lineIsBlank = true
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        if isASCIIWhitespace(byte) {
          if byte == 0x0A {
            if lineIsBlank, !result.isEmpty { pending = 0x0A }
            lineIsBlank = true
          }
          if !result.isEmpty && pending == nil { pending = 0x20 }
          index += 1
          continue
        }
        if let separator = pending {
          result.append(separator)
          if separator == 0x0A { result.append(0x0A) }
          pending = nil
        }
        lineIsBlank = false
        result.append(byte)
        index += 1
      }
      isDone = true
    }
    return isDone ? String(decoding: result, as: UTF8.self) : nil
  }

  /// The ASCII bytes that are white space: tab, line feed, vertical tab, form feed, carriage return, space.
  private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
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
  /// Known abbreviations (`trans-bg-color`, `show-ws-popup`, `dnd-center-layout`) are written out;
  /// others are left as they are.
  static func readable(_ name: String) -> String {
    let isShouted = name.contains { $0.isUppercase } && !name.contains { $0.isLowercase }
    let words = (isShouted ? name.lowercased() : name).split { $0 == "-" || $0 == "_" }
      .map { abbreviations[String($0)] ?? String($0) }.joined(separator: " ")
    guard let first = words.first else { return name }
    return first.uppercased() + words.dropFirst()
  }

  /// Abbreviations in key names that extensions share, each with what it stands for there.
  static let abbreviations: [String: String] = [
    "bg": "background", "fg": "foreground", "ws": "workspace", "wss": "workspaces", "dnd": "drag and drop",
    "pos": "position", "msg": "message", "msgs": "messages", "btn": "button", "btns": "buttons", "img": "image",
    "prefs": "preferences", "pref": "preference", "notif": "notification", "notifs": "notifications",
    "cfg": "configuration", "horiz": "horizontal", "vert": "vertical",
  ]

  /// A summary's developer note taken off: “Boolean, whether to show the clock” reads “Show the
  /// clock”, “Integer: controls whether the bar hides” “The bar hides”; other summaries as they are.
  static func withoutTypeNote(_ summary: String) -> String {
    var text = Substring(summary)
    let types = ["boolean", "bool", "integer", "int", "string", "double", "float", "number", "array", "list"]
    // A trailing note of the stored form: “Per-monitor settings (JSON)”.
    for note in [" (JSON)", " (json)"] where text.hasSuffix(note) && text.count > note.count + 2 {
      text = text.dropLast(note.count)
    }
    let lowered = text.lowercased()
    if let type = types.first(where: { lowered.hasPrefix($0) }) {
      let rest = text.dropFirst(type.count)
      if let mark = rest.first, [",", ":", ";"].contains(mark) || rest.hasPrefix(" -") || rest.hasPrefix(" –") {
        text = rest.drop { [",", ":", ";", " ", "-", "–"].contains($0) }
      }
    }
    for lead in [
      "controls whether or not to ", "controls wether or not to ", "controls whether or not ",
      "controls wether or not ",
      "controls whether to ", "controls whether ", "controls wether ", "whether or not to ", "wether or not to ",
      "whether to ", "wether to ",
    ] where text.lowercased().hasPrefix(lead) && text.count > lead.count + 2 {
      text = text.dropFirst(lead.count)
      break
    }
    guard text.count != summary.count, let first = text.first else { return summary }
    return first.uppercased() + text.dropFirst()
  }

  /// Whether `a` comes before `b` in natural order: runs of digits compare as numbers, so
  /// `layout2` comes before `layout10`; otherwise as text.
  package static func naturallyBefore(_ a: String, _ b: String) -> Bool {
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
