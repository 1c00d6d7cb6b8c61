/// Values a key's description names when its schema has no `<enum>` or `<choices>` for them:
/// a whole number's codes (“0=Auto, 1=Kbps/KiB/s, 2=Mbps/MiB/s”, “0: left, 1: center”), an index
/// into a list (“('left', 'center', 'right')”, “'centigrade' or 'fahrenheit'”, “Position: left or right”),
/// or a string key's allowed values in quotes (“One of 'top', 'bottom' or 'auto'”) or in prose
/// (“Options are Super, Ctrl, Alt”).
///
/// Only what the key can hold is offered: codes outside the key's `<range>` or type, a default
/// that is not among them, or a list that names the same value twice, and the description is
/// not taken as a list at all.
enum DescribedValues {
  /// Descriptions are read this far; a list of values comes early in one.
  static let readLimit = 4000
  static let maximumLabelLength = 40
  static let maximumOptions = 64

  /// The codes and labels a whole-number key's description gives, in the order it gives them;
  /// nil when it gives fewer than two, or any the key can't hold, or none for the default.
  static func integerOptions(
    in description: String, range: KeyRange, bounds: (Double, Double), defaultValue: Double?
  ) -> [(value: Int, label: String)]? {
    let text = Array(description.unicodeScalars.prefix(readLimit))
    var options = codedPairs(in: text)
    if options == nil, let items = quotedList(in: text, bracketed: true) {
      options = items.enumerated().map { (value: $0.offset, label: $0.element) }
    }
    // Words alone (“'centigrade' or 'fahrenheit'”, “Position: left or right”) are codes in their order, from 0, or from
    // the lowest value of a range with as many values as the text names words.
    var rangeCount: Int?
    if case .range(let minimum, let maximum) = range, minimum.isWhole, maximum.isWhole, minimum >= bounds.0,
      maximum >= minimum, maximum - minimum < Double(maximumOptions)
    {
      rangeCount = Int(maximum - minimum) + 1
    }
    if options == nil, let items = alternatives(in: text, rangeCount: rangeCount) {
      var first = 0
      if items.count == rangeCount, case .range(let minimum, _) = range { first = Int(minimum) }
      options = items.enumerated().map { (value: first + $0.offset, label: $0.element) }
    }
    guard let options, options.count >= 2, options.count <= maximumOptions else { return nil }
    let values = options.map(\.value)
    guard Set(values).count == values.count else { return nil }
    var low = bounds.0
    var high = bounds.1
    if case .range(let minimum, let maximum) = range {
      low = max(low, minimum)
      high = min(high, maximum)
    } else if range != .any {
      return nil
    }
    guard values.allSatisfy({ Double($0) >= low && Double($0) <= high }) else { return nil }
    if let defaultValue, !values.contains(where: { Double($0) == defaultValue }) { return nil }
    return options.map { (value: $0.value, label: capitalized($0.label)) }
  }

  /// The values a string key's description (or summary) allows, in quotes, when it says they are the
  /// allowed ones (“one of”, “possible values”…, not “e.g.”), or named as its values in prose (“Options are
  /// Super, Ctrl, Alt”, “Layout modes: stacking, tiling”), and the default is among them.
  static func stringOptions(in description: String, defaultValue: String?) -> [String]? {
    guard let defaultValue else { return nil }
    let text = Array(description.unicodeScalars.prefix(readLimit))
    let lowered = String(String.UnicodeScalarView(text)).lowercased()
    let listsThem = [
      "one of", "values", "possible", "valid", "allowed", "either", "options", "can be", "choices", "supported",
      "accepted", "choose",
    ].contains { lowered.contains($0) }
    let givesExamples = ["e.g.", "for example", "such as", "like ", "for instance"].contains { lowered.contains($0) }
    var items = quotedList(in: text, bracketed: true)
    if items == nil, listsThem, !givesExamples { items = quotedList(in: text, bracketed: false) }
    // Words named as the values in prose: “Options are Super, Ctrl, Alt”, “Layout modes: stacking, tiling”.
    if items == nil, !givesExamples, !lowered.contains("example") {
      items = wordLists(in: text).first(where: \.offersValues)?.items
    }
    guard let items, items.count >= 2, items.count <= maximumOptions, Set(items).count == items.count,
      items.contains(defaultValue), items.allSatisfy(isValueWord)
    else { return nil }
    return items
  }

  /// A summary that lists codes (“Log level 0 - OFF 1 - ERROR 2 - WARN”, or its first paragraph
  /// before them) cut before the first of them, without the punctuation that led to them (empty
  /// when nothing comes before them); nil when it lists none.
  static func textBeforeCodes(_ summary: String) -> String? {
    let text = Array(summary.unicodeScalars.prefix(readLimit))
    guard codedPairs(in: text) != nil,
      let start = text.indices.first(where: { code(at: $0, in: text, spaceSeparates: true) != nil })
    else { return nil }
    var scalars = text[..<start]
    // A first paragraph before the codes is the title; the codes' own paragraph is no part of it.
    if let paragraph = scalars.indices.first(where: { scalars[$0] == "\n" && $0 + 1 < start && text[$0 + 1] == "\n" }) {
      scalars = scalars[..<paragraph]
    }
    var before = String(String.UnicodeScalarView(scalars))
    while let last = before.unicodeScalars.last, " :(-–—[,;\n".unicodeScalars.contains(last) {
      before.unicodeScalars.removeLast()
    }
    return before
  }

  // MARK: - Codes: “0=Auto, 1=Kbps”, “0: left, 1: center”, “0 - none; 1 - all”

  /// Pairs of a number, a separator and a label starting with a letter; nil when there are fewer than two.
  /// A space alone separates a code from its label (“0 transparent, 1 light, 2 dark”) only in a
  /// list of one-word labels numbered one after another from 0 or 1: in a sentence (“0 disables
  /// it, 100 is the default”) a number followed by a word is no code.
  private static func codedPairs(in text: [Unicode.Scalar]) -> [(value: Int, label: String)]? {
    var pairs: [(value: Int, label: String)] = []
    var spaced: [(value: Int, label: String)] = []
    var index = 0
    while index < text.count {
      guard let (value, labelStart, bySpace) = code(at: index, in: text, spaceSeparates: true) else {
        index += 1
        continue
      }
      var end = labelStart
      while end < text.count, !endsLabel(at: end, in: text) { end += 1 }
      let label = trimmedLabel(text[labelStart..<end])
      if !label.isEmpty, label.unicodeScalars.count <= maximumLabelLength {
        if bySpace { spaced.append((value, label)) } else { pairs.append((value, label)) }
      }
      index = max(end, index + 1)
    }
    if pairs.count < 2, spaced.count >= 2, let first = spaced.first?.value, first == 0 || first == 1,
      spaced.enumerated().allSatisfy({ $0.element.value == first + $0.offset && !$0.element.label.contains(" ") })
    {
      return spaced
    }
    return pairs.count >= 2 ? pairs : nil
  }

  /// A code starting at `index`: digits (perhaps after “-”) not inside a word or a number, a separator,
  /// and a letter (or a quote) where the label starts; the code's value and where its label starts.
  private static func code(at index: Int, in text: [Unicode.Scalar]) -> (Int, Int)? {
    code(at: index, in: text, spaceSeparates: false).map { ($0.0, $0.1) }
  }

  /// `code(at:in:)`, and with `spaceSeparates` a code whose label follows after spaces alone
  /// (the third value says so).
  private static func code(at index: Int, in text: [Unicode.Scalar], spaceSeparates: Bool) -> (Int, Int, Bool)? {
    var position = index
    let negative = text[position] == "-"
    if negative { position += 1 }
    if index > 0 {
      let before = text[index - 1]
      if isDigit(before) || before.properties.isAlphabetic || before == "." || before == "-" || before == "_" {
        return nil
      }
    }
    let digitsStart = position
    var value = 0
    while position < text.count, isDigit(text[position]), position - digitsStart < 9 {
      value = value * 10 + Int(text[position].value - 48)
      position += 1
    }
    guard position > digitsStart, position == text.count || !isDigit(text[position]) else { return nil }
    if position < text.count, text[position] == "." || text[position] == "," && isDigit(at: position + 1, in: text) {
      return nil
    }
    var spaced = false
    while position < text.count, text[position] == " " {
      position += 1
      spaced = true
    }
    guard position < text.count else { return nil }
    let separator = text[position]
    var bySpace = false
    switch separator {
    case "=", ":", "\u{2192}":
      position += 1
      if separator == "=", position < text.count, text[position] == ">" { position += 1 }
    case "-", "\u{2013}", "\u{2014}":
      // “0 - none” but not “1-based” or “0-100”.
      position += 1
      if position < text.count, text[position] == ">" {
        position += 1
      } else {
        guard spaced, position < text.count, text[position] == " " else { return nil }
      }
    default:
      guard spaceSeparates, spaced, !negative, separator.properties.isAlphabetic else { return nil }
      bySpace = true
    }
    while position < text.count, text[position] == " " { position += 1 }
    if position < text.count, isQuote(text[position]) { position += 1 }
    guard position < text.count, text[position].properties.isAlphabetic else { return nil }
    return (negative ? -value : value, position, bySpace)
  }

  /// Whether a label ends here: at a list separator, a closing bracket, a sentence's end, or the next code.
  private static func endsLabel(at index: Int, in text: [Unicode.Scalar]) -> Bool {
    switch text[index] {
    case ",", ";", "\n", "\r", "\t", ")", "]", "|", "\u{2029}":
      return true
    case ".":
      return index + 1 == text.count || text[index + 1] == " " || text[index + 1] == "\n"
    case " ":
      return index + 1 < text.count && code(at: index + 1, in: text) != nil
    default:
      return false
    }
  }

  private static func trimmedLabel(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
    var words = String(String.UnicodeScalarView(scalars)).split(separator: " ").map(String.init)
    while let last = words.last, ["or", "and", "&"].contains(last.lowercased()) { words.removeLast() }
    var label = words.joined(separator: " ")
    while let last = label.unicodeScalars.last, isQuote(last) || last == "." { label.unicodeScalars.removeLast() }
    return label
  }

  // MARK: - Quoted values: “('left', 'center', 'right')”, “one of "top" or "bottom"”

  /// The quoted items of the first bracketed list with at least two (`bracketed`), or every quoted
  /// word of the text; nil when there are fewer than two.
  private static func quotedList(in text: [Unicode.Scalar], bracketed: Bool) -> [String]? {
    var index = 0
    var items: [String] = []
    while index < text.count {
      if bracketed {
        guard text[index] == "(" || text[index] == "[" else {
          index += 1
          continue
        }
        let (list, end) = bracketedItems(from: index + 1, closing: text[index] == "(" ? ")" : "]", in: text)
        if let list, list.count >= 2 { return list }
        index = max(end, index + 1)
      } else {
        guard isQuote(text[index]) || text[index] == "`", let (item, end) = quoted(at: index, in: text) else {
          index += 1
          continue
        }
        items.append(item)
        index = end
      }
    }
    return items.count >= 2 ? items : nil
  }

  /// The items of a list of quoted words and commas only, up to `closing`; nil when it holds anything else.
  private static func bracketedItems(from start: Int, closing: Unicode.Scalar, in text: [Unicode.Scalar]) -> (
    [String]?, Int
  ) {
    var items: [String] = []
    var index = start
    var expectsItem = true
    while index < text.count {
      let scalar = text[index]
      if scalar == " " {
        index += 1
      } else if scalar == closing {
        return (expectsItem && !items.isEmpty ? nil : items, index + 1)
      } else if expectsItem, isQuote(scalar) || scalar == "`", let (item, end) = quoted(at: index, in: text) {
        items.append(item)
        index = end
        expectsItem = false
      } else if !expectsItem, scalar == "," {
        expectsItem = true
        index += 1
      } else {
        return (nil, index)
      }
    }
    return (nil, index)
  }

  /// The word in the quotes opening at `index`, and where the text goes on after them.
  private static func quoted(at index: Int, in text: [Unicode.Scalar]) -> (String, Int)? {
    let closing: Unicode.Scalar
    switch text[index] {
    case "'": closing = "'"
    case "\"": closing = "\""
    case "\u{2018}": closing = "\u{2019}"
    case "\u{201C}": closing = "\u{201D}"
    case "`": closing = "`"
    default: return nil
    }
    var end = index + 1
    while end < text.count, text[end] != closing, end - index <= maximumLabelLength + 1 { end += 1 }
    guard end < text.count, text[end] == closing, end > index + 1 else { return nil }
    let word = String(String.UnicodeScalarView(text[(index + 1)..<end]))
    guard isValueWord(word) else { return nil }
    return (word, end + 1)
  }

  /// A value a setting could hold: letters, digits, “-”, “_”, “.”, “+”, no spaces.
  private static func isValueWord(_ word: String) -> Bool {
    !word.isEmpty && word.unicodeScalars.count <= maximumLabelLength
      && word.unicodeScalars.allSatisfy {
        $0.isASCII && ($0.properties.isAlphabetic || isDigit($0) || "-_.+".unicodeScalars.contains($0))
      }
      && word.unicodeScalars.contains { $0.properties.isAlphabetic }
  }

  private static func isQuote(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "'" || scalar == "\"" || scalar == "\u{2018}" || scalar == "\u{2019}" || scalar == "\u{201C}"
      || scalar == "\u{201D}"
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

  private static func isDigit(at index: Int, in text: [Unicode.Scalar]) -> Bool {
    index < text.count && isDigit(text[index])
  }

  // MARK: - Lists of words: “'centigrade' or 'fahrenheit'”, “Position: left or right”, “Options are Super, Ctrl, Alt”

  /// Two or more words in a row, joined by commas, “or” or “and”: all quoted (“'a' or 'b'”, “`a` and `b`”) or all
  /// bare (“left, center or right”), with what comes before and after them.
  struct WordList {
    /// The words as written, without their quotes; at most `maximumOptions + 1` of them.
    var items: [String] = []
    /// How many words the list has, past those kept.
    var count = 0
    var quoted = false
    /// Whether “or” joins two of them.
    var hasOr = false
    /// Whether “or” or “and” joins two of them (not commas alone).
    var joined = false
    /// Whether a colon, an opening bracket or a word that introduces values (“are”, “either”, “one of”) comes just before.
    var introduced = false
    /// Whether the introduction is a colon, and where the text before it ends.
    var afterColon = false
    var before = 0
    /// Whether only spaces come before it.
    var startsText = false
    /// Whether the sentence ends with it: the text's end, or “.”, “?”, “!”, “)”, “;” or a line break after it.
    var endsClause = false
    /// Whether only spaces and a full stop come after it.
    var endsText = false

    /// Whether the list says the values a setting takes, not words of a sentence: quoted words offered by “or”, or
    /// words introduced as values (“Position: left or right”, “Options are Super, Ctrl, Alt”) that end the sentence.
    var offersValues: Bool { count <= maximumOptions && (quoted && hasOr || introduced && endsClause) }
  }

  /// Words that introduce a list of values just before it: “… are a, b”, “either a or b”, “one of a, b”.
  private static let introducingWords: Set<String> = ["are", "is", "be", "either", "of", "values", "options"]
  /// Bare words no list of values holds: a sentence's own words.
  private static let sentenceWords: Set<String> = [
    "or", "and", "a", "an", "the", "this", "that", "these", "those", "it", "its", "them", "to", "of", "in", "on",
    "at", "by", "for", "with", "not", "is", "are", "be",
  ]
  /// Words whose order says nothing of the number each stands for.
  private static let switchWords: Set<String> = [
    "yes", "no", "true", "false", "on", "off", "enabled", "disabled", "enable", "disable",
  ]

  /// Every list of two or more words in the text, read in one pass.
  static func wordLists(in text: [Unicode.Scalar]) -> [WordList] {
    var steps = 0
    return wordLists(in: text, steps: &steps)
  }

  /// The first list that offers values (`WordList.offersValues`), for tests: `steps` counts the scalars looked at.
  static func wordList(in text: [Unicode.Scalar], steps: inout Int) -> WordList? {
    wordLists(in: text, steps: &steps).first(where: \.offersValues)
  }

  private static func wordLists(in text: [Unicode.Scalar], steps: inout Int) -> [WordList] {
    var lists: [WordList] = []
    var index = 0
    while index < text.count {
      steps += 1
      let startsWord =
        isQuote(text[index]) || text[index] == "`"
        || (isLetter(text[index]) && (index == 0 || !isWordScalar(text[index - 1])))
      guard startsWord else {
        index += 1
        continue
      }
      let (list, end) = wordList(from: index, in: text, steps: &steps)
      if let list { lists.append(list) }
      // A list's words are no list of their own: the next one starts after it.
      index = max(end, index + 1)
    }
    return lists
  }

  /// The list whose first word starts at `start`, or nil when fewer than two words follow one another there; and where
  /// the text goes on after what was read.
  private static func wordList(from start: Int, in text: [Unicode.Scalar], steps: inout Int) -> (WordList?, Int) {
    var list = WordList()
    var position = start
    var end = start
    while let (word, isQuoted, after) = word(at: position, in: text, steps: &steps) {
      if list.count == 0 {
        list.quoted = isQuoted
      } else if list.quoted != isQuoted {
        break
      }
      if list.items.count <= maximumOptions { list.items.append(word) }
      list.count += 1
      end = after
      // A comma, “or” or “and”, or both, lead to the next word.
      var next = skippingSpaces(from: after, in: text, steps: &steps)
      var separated = false
      if next < text.count, text[next] == "," {
        separated = true
        next = skippingSpaces(from: next + 1, in: text, steps: &steps, lines: true)
      }
      if let joiner = joiner(at: next, in: text) {
        separated = true
        list.joined = true
        if joiner == "or" { list.hasOr = true }
        next = skippingSpaces(from: next + joiner.unicodeScalars.count, in: text, steps: &steps, lines: true)
      }
      guard separated else { break }
      position = next
    }
    guard list.count >= 2 else { return (nil, max(end, start + 1)) }
    // Before it: a colon, a bracket or a word that introduces values, or nothing.
    var before = start - 1
    while before >= 0, text[before] == " " || text[before] == "\t" || text[before] == "\n" || text[before] == "\r" {
      steps += 1
      before -= 1
    }
    if before < 0 {
      list.startsText = true
    } else if text[before] == ":" || text[before] == "(" {
      list.introduced = true
      list.afterColon = text[before] == ":"
      list.before = before
    } else if isLetter(text[before]) {
      var wordStart = before
      while wordStart > 0, isLetter(text[wordStart - 1]), before - wordStart < maximumLabelLength {
        steps += 1
        wordStart -= 1
      }
      let word = String(String.UnicodeScalarView(text[wordStart...before])).lowercased()
      list.introduced = introducingWords.contains(word)
    }
    // After it: the sentence's end, or more of it.
    var after = end
    while after < text.count, text[after] == " " || text[after] == "\t" {
      steps += 1
      after += 1
    }
    if after == text.count {
      list.endsClause = true
      list.endsText = true
    } else if ".?!);\n\r".unicodeScalars.contains(text[after]) {
      list.endsClause = true
      // Only a full stop and spaces or line breaks after it: the text ends with it.
      let rest = text[(text[after] == "." ? after + 1 : after)...].prefix(64)
      list.endsText = rest.count < 64 && rest.allSatisfy(\.properties.isWhitespace)
    }
    return (list, end)
  }

  /// The word starting at `index`, quoted or bare, whether it was quoted, and where the text goes on after it; nil
  /// when no word a value could be starts there.
  private static func word(at index: Int, in text: [Unicode.Scalar], steps: inout Int) -> (String, Bool, Int)? {
    guard index < text.count else { return nil }
    if isQuote(text[index]) || text[index] == "`" {
      guard let (word, end) = quoted(at: index, in: text) else { return nil }
      steps += end - index
      return (word, true, end)
    }
    guard isLetter(text[index]), index == 0 || !isWordScalar(text[index - 1]) else { return nil }
    var end = index + 1
    while end < text.count, isWordScalar(text[end]), end - index <= maximumLabelLength {
      steps += 1
      end += 1
    }
    guard end - index <= maximumLabelLength else { return nil }
    // A word goes on to a space, a comma or a sentence's end, not to a slash or a quote (“Kbps/KiB”, “it's”).
    if end < text.count {
      let next = text[end]
      let ends =
        next == " " || next == "\t" || next == "\n" || next == "\r" || ",;:?!)".unicodeScalars.contains(next)
        || (next == "." && (end + 1 == text.count || text[end + 1].properties.isWhitespace))
      guard ends else { return nil }
    }
    let word = String(String.UnicodeScalarView(text[index..<end]))
    guard !sentenceWords.contains(word.lowercased()) else { return nil }
    return (word, false, end)
  }

  /// “or” or “and” followed by a space at `index`.
  private static func joiner(at index: Int, in text: [Unicode.Scalar]) -> String? {
    for joiner in ["or", "and"] {
      let scalars = Array(joiner.unicodeScalars)
      guard index + scalars.count < text.count else { continue }
      if Array(text[index..<(index + scalars.count)]) == scalars, text[index + scalars.count] == " " { return joiner }
    }
    return nil
  }

  private static func skippingSpaces(
    from index: Int, in text: [Unicode.Scalar], steps: inout Int, lines: Bool = false
  ) -> Int {
    var position = index
    while position < text.count,
      text[position] == " " || text[position] == "\t" || lines && (text[position] == "\n" || text[position] == "\r")
    {
      steps += 1
      position += 1
    }
    return position
  }

  /// The words of the first list a whole-number key's text offers as its values, in order; also a list that makes
  /// the whole sentence (“Low, medium or high.”) when the key's range has as many values (`rangeCount`).
  private static func alternatives(in text: [Unicode.Scalar], rangeCount: Int?) -> [String]? {
    let list = wordLists(in: text).first {
      $0.offersValues || $0.count == rangeCount && $0.startsText && $0.endsClause && $0.joined
    }
    guard let list, !list.items.allSatisfy({ switchWords.contains($0.lowercased()) }) else { return nil }
    return list.items
  }

  /// A summary that ends with a list of values after a colon (“Layout modes: stacking, tiling”) without them (“Layout
  /// modes”); nil when it ends with no such list, or nothing comes before it.
  static func textBeforeWordList(_ summary: String) -> String? {
    let text = Array(summary.unicodeScalars.prefix(readLimit))
    guard let list = wordLists(in: text).first(where: { $0.offersValues && $0.afterColon && $0.endsText }) else {
      return nil
    }
    let before = String(String.UnicodeScalarView(text[..<list.before])).trimmingWhitespace
    return before.isEmpty ? nil : before
  }

  /// Whether a string key's text may offer its values, so that its default is worth reading: quotes, backquotes
  /// or a list of words introduced as values.
  static func mayOfferStrings(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars.prefix(readLimit))
    if scalars.contains(where: { isQuote($0) || $0 == "`" }) { return true }
    return wordLists(in: scalars).contains(where: \.offersValues)
  }

  private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    isLetter(scalar) || isDigit(scalar) || scalar == "-" || scalar == "_" || scalar == "+"
  }

  /// “left” reads “Left”; “Kbps/KiB/s” stays as written.
  static func capitalized(_ label: String) -> String {
    guard let first = label.first, first.isLowercase else { return label }
    return first.uppercased() + label.dropFirst()
  }
}
