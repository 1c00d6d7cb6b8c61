/// Reads GVariant text (GLib's text format: `[('a', 1)]`, `{'k': <true>}`, `@as []`, `uint32 5`)
/// as a value of a known type, and says where and why it can't. Types inside `<…>` are told
/// from the text as GLib tells them: whole numbers are `i`, numbers with a point `d`.
struct GVariantTextParser {
  private let scalars: [Unicode.Scalar]
  private var offset = 0
  /// GLib refuses values nested deeper than this.
  static let maximumDepth = 64

  init(_ text: String) { scalars = Array(text.unicodeScalars) }

  mutating func parseWhole(_ type: GVariantValueType?) throws(GVariantTextProblem) -> GVariantValue {
    // A NUL would cut the text where GLib reads it: refuse it wherever it is.
    if let nul = scalars.firstIndex(of: "\u{0}") { throw problem(.nulCharacter, at: nul) }
    let value = try parseValue(type, depth: 0)
    skipSpace()
    guard offset >= scalars.count else { throw problem(.trailingText, at: offset) }
    return value
  }

  // MARK: - Places and problems

  func problem(_ reason: GVariantTextProblem.Reason, at place: Int) -> GVariantTextProblem {
    var line = 1
    var column = 1
    var index = 0
    let end = min(place, scalars.count)
    while index < end {
      let scalar = scalars[index]
      if scalar == "\n" || (scalar == "\r" && (index + 1 >= scalars.count || scalars[index + 1] != "\n")) {
        line += 1
        column = 1
      } else if scalar != "\r" {
        column += 1
      }
      index += 1
    }
    return GVariantTextProblem(reason, line: line, column: column)
  }

  private var current: Unicode.Scalar? { offset < scalars.count ? scalars[offset] : nil }

  private mutating func skipSpace() {
    while let scalar = current, [" ", "\t", "\n", "\r", "\u{0B}", "\u{0C}"].contains(scalar) { offset += 1 }
  }

  /// What is at the place, for a message: a character in quotes, a control or an invisible one as U+XXXX.
  private func found(at place: Int) -> String {
    guard place < scalars.count else { return tr("the end of the text") }
    let scalar = scalars[place]
    if String.isEscaped(scalar) || scalar.properties.isWhitespace || scalar.properties.generalCategory == .format {
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
    return "“" + String(scalar) + "”"
  }

  private func expected(_ what: String) -> GVariantTextProblem {
    if offset >= scalars.count { return problem(.endsEarly(expected: what), at: offset) }
    return problem(.expected(what, found: found(at: offset)), at: offset)
  }

  private mutating func expect(_ scalar: Unicode.Scalar, or other: Unicode.Scalar? = nil) throws(GVariantTextProblem) {
    skipSpace()
    guard current == scalar else {
      throw expected(other.map { "“\(scalar)” " + tr("or") + " “\($0)”" } ?? "“\(scalar)”")
    }
    offset += 1
  }

  /// What a value of the type looks like, for messages.
  static func name(_ type: GVariantValueType?) -> String {
    guard let type else { return tr("a value") }
    switch type {
    case .basic("b"): return tr("true or false")
    case .basic("d"): return tr("a number")
    case .basic("s"): return tr("a string in quotes")
    case .basic("o"): return tr("an object path in quotes")
    case .basic("g"): return tr("a type signature in quotes")
    case .basic: return tr("a whole number")
    case .variant: return tr("a value in “<” and “>”")
    case .maybe: return tr("“just” and a value, or “nothing”")
    case .array(.entry): return tr("a dictionary in “{” and “}”")
    case .array: return tr("a list in “[” and “]”")
    case .tuple: return tr("values in “(” and “)”")
    case .entry: return tr("a key and a value in “{” and “}”")
    }
  }

  /// Whether the word at the place is `word`, not the start of a longer one.
  private func startsWord(_ word: String) -> Bool {
    var index = offset
    for scalar in word.unicodeScalars {
      guard index < scalars.count, scalars[index] == scalar else { return false }
      index += 1
    }
    guard index < scalars.count else { return true }
    let next = scalars[index]
    return !(next.properties.isAlphabetic || ("0"..."9").contains(next) || next == "_")
  }

  // MARK: - Values

  mutating func parseValue(_ type: GVariantValueType?, depth: Int) throws(GVariantTextProblem) -> GVariantValue {
    guard depth < Self.maximumDepth else { throw problem(.tooDeep, at: offset) }
    skipSpace()
    guard let scalar = current else { throw problem(.endsEarly(expected: Self.name(type)), at: offset) }
    let start = offset
    // As in GLib, a maybe's value may be written without `just`: `true` for `mb`.
    if case .maybe(let inner) = type, scalar != "@", !startsWord("just"), !startsWord("nothing") {
      return .maybe(try parseValue(inner, depth: depth + 1), type: inner)
    }
    switch scalar {
    case "@":
      offset += 1
      let annotated = try readType()
      // As in GLib, the type the value must have wins over the text's own annotation.
      return try parseValue(type ?? annotated, depth: depth + 1)
    case "'", "\"":
      return try parseString(type, at: start)
    case "[":
      return try parseArray(type, depth: depth)
    case "(":
      return try parseTuple(type, depth: depth)
    case "{":
      return try parseBraces(type, depth: depth)
    case "<":
      guard type == nil || type == .variant else { throw problem(.wrongKind(expected: Self.name(type)), at: start) }
      offset += 1
      let contents = try parseValue(nil, depth: depth + 1)
      try expect(">")
      return .variant(contents)
    case "-", "+", ".", "0"..."9":
      return try parseNumber(type)
    case _ where scalar.properties.isAlphabetic || scalar == "_":
      return try parseWord(type, depth: depth)
    default:
      throw expected(Self.name(type))
    }
  }

  private func check(_ given: GVariantValueType, fits type: GVariantValueType?, at place: Int)
    throws(GVariantTextProblem)
  {
    guard let type, type != given else { return }
    throw problem(.wrongKind(expected: Self.name(type)), at: place)
  }

  /// A type after `@`: the longest run of type characters that is one type.
  private mutating func readType() throws(GVariantTextProblem) -> GVariantValueType {
    let start = offset
    var end = offset
    while end < scalars.count, "abynqiuxthdsogvm(){}".unicodeScalars.contains(scalars[end]) { end += 1 }
    let run = String(String.UnicodeScalarView(scalars[start..<end]))
    let view = run.unicodeScalars[...]
    // One complete type from the start of the run; what follows it is the value.
    for length in stride(from: view.count, through: 1, by: -1) {
      let candidate = String(String.UnicodeScalarView(view.prefix(length)))
      if let type = GVariantValueType(candidate) {
        offset = start + length
        return type
      }
    }
    throw problem(.notAType(run.isEmpty ? found(at: start) : run), at: start)
  }

  private mutating func parseWord(_ type: GVariantValueType?, depth: Int) throws(GVariantTextProblem)
    -> GVariantValue
  {
    let start = offset
    while let scalar = current, scalar.properties.isAlphabetic || scalar == "_" || ("0"..."9").contains(scalar) {
      offset += 1
    }
    let word = String(String.UnicodeScalarView(scalars[start..<offset]))
    if word == "b", let quote = current, quote == "'" || quote == "\"" {
      return try parseByteString(type, at: start)
    }
    switch word {
    case "true", "false":
      try check(.basic("b"), fits: type, at: start)
      return .boolean(word == "true")
    case "nothing":
      guard let type else { throw problem(.cannotInfer, at: start) }
      guard case .maybe(let element) = type else { throw problem(.wrongKind(expected: Self.name(type)), at: start) }
      return .maybe(nil, type: element)
    case "just":
      var element: GVariantValueType?
      if let type {
        guard case .maybe(let inner) = type else { throw problem(.wrongKind(expected: Self.name(type)), at: start) }
        element = inner
      }
      let contents = try parseValue(element, depth: depth + 1)
      return .maybe(contents, type: element ?? contents.type)
    case "inf", "nan":
      try check(.basic("d"), fits: type, at: start)
      return .double(word == "nan" ? .nan : .infinity)
    default:
      if let annotated = Self.typeWords[word] {
        return try parseValue(type ?? annotated, depth: depth + 1)
      }
      throw problem(.unknownWord(word), at: start)
    }
  }

  /// The words that give the type of the value after them.
  static let typeWords: [String: GVariantValueType] = [
    "boolean": .basic("b"), "byte": .basic("y"), "int16": .basic("n"), "uint16": .basic("q"), "int32": .basic("i"),
    "uint32": .basic("u"), "int64": .basic("x"), "uint64": .basic("t"), "handle": .basic("h"), "double": .basic("d"),
    "string": .basic("s"), "objectpath": .basic("o"), "signature": .basic("g"),
  ]

  private mutating func parseNumber(_ type: GVariantValueType?) throws(GVariantTextProblem) -> GVariantValue {
    let start = offset
    while let scalar = current,
      scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "." || scalar == "+"
        || scalar == "-"
    {
      offset += 1
    }
    let token = String(String.UnicodeScalarView(scalars[start..<offset]))
    let lowered = token.lowercased()
    let isHex = lowered.hasPrefix("0x") || lowered.hasPrefix("-0x") || lowered.hasPrefix("+0x")
    let looksDecimal = !isHex && (token.contains(".") || lowered.contains("e") || lowered.hasSuffix("inf"))
    let wanted = type ?? (looksDecimal ? .basic("d") : .basic("i"))
    switch wanted {
    case .basic("d"):
      let unsigned = token.hasPrefix("+") ? String(token.dropFirst()) : token
      let value: Double?
      if isHex {
        value = Self.integer(token).flatMap { number in
          number.magnitude.map { $0 == 0 ? 0 : Double($0) * (number.negative ? -1 : 1) }
        }
      } else {
        value = Double(unsigned)
      }
      guard let value, !unsigned.isEmpty else { throw problem(.notANumber(token), at: start) }
      // Past the largest double: GLib refuses it rather than read it as infinity.
      guard value.isFinite || lowered.hasSuffix("inf") else { throw problem(.outOfRange(token, type: "d"), at: start) }
      return .double(value)
    case .basic(let scalar) where wanted.isInteger:
      guard !looksDecimal else {
        throw problem(Double(token) == nil ? .notANumber(token) : .notWhole(token), at: start)
      }
      guard let (negative, size) = Self.integer(token) else { throw problem(.notANumber(token), at: start) }
      guard let magnitude = size else { throw problem(.outOfRange(token, type: String(scalar)), at: start) }
      if scalar == "t" {
        guard !negative || magnitude == 0 else { throw problem(.outOfRange(token, type: "t"), at: start) }
        return .unsigned(magnitude)
      }
      let bounds = GVariantValueType.integerBounds[scalar] ?? 0...0
      let value: Int64?
      if negative {
        let limit = UInt64(Int64.max) + 1
        value = magnitude == limit ? Int64.min : magnitude < limit ? -Int64(magnitude) : nil
      } else {
        value = magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
      }
      guard let value, bounds.contains(value) else {
        throw problem(.outOfRange(token, type: String(scalar)), at: start)
      }
      return .integer(value, type: scalar)
    default:
      throw problem(.wrongKind(expected: Self.name(type)), at: start)
    }
  }

  /// A whole number's sign and size: decimal, `0x` hex or `0` octal, as GLib reads them; the
  /// size is nil past UInt64; nil when the token is no whole number.
  static func integer(_ token: String) -> (negative: Bool, magnitude: UInt64?)? {
    var digits = Substring(token)
    var negative = false
    if digits.first == "-" || digits.first == "+" {
      negative = digits.first == "-"
      digits = digits.dropFirst()
    }
    var radix: UInt64 = 10
    if digits.lowercased().hasPrefix("0x") {
      radix = 16
      digits = digits.dropFirst(2)
    } else if digits.count > 1, digits.first == "0" {
      radix = 8
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty else { return nil }
    var magnitude: UInt64 = 0
    var overflow = false
    for character in digits {
      guard let digit = character.hexDigitValue, UInt64(digit) < radix else { return nil }
      let (times, over1) = magnitude.multipliedReportingOverflow(by: radix)
      let (plus, over2) = times.addingReportingOverflow(UInt64(digit))
      if over1 || over2 { overflow = true }
      magnitude = plus
    }
    return (negative, overflow ? nil : magnitude)
  }

  private mutating func quotedText() throws(GVariantTextProblem) -> String {
    let start = offset
    guard let quote = current else { throw expected(tr("a string in quotes")) }
    offset += 1
    var result = String.UnicodeScalarView()
    while let scalar = current {
      offset += 1
      if scalar == quote { return String(result) }
      guard scalar == "\\" else {
        result.append(scalar)
        continue
      }
      guard let escaped = current else { break }
      let escapeStart = offset - 1
      offset += 1
      switch escaped {
      case "n": result.append("\n")
      case "t": result.append("\t")
      case "r": result.append("\r")
      case "b": result.append("\u{08}")
      case "f": result.append("\u{0C}")
      case "v": result.append("\u{0B}")
      case "a": result.append("\u{07}")
      case "u", "U":
        let count = escaped == "u" ? 4 : 8
        guard offset + count <= scalars.count,
          let value = UInt32(String(String.UnicodeScalarView(scalars[offset..<offset + count])), radix: 16),
          value != 0, let decoded = Unicode.Scalar(value)
        else { throw problem(.badEscape, at: escapeStart) }
        offset += count
        result.append(decoded)
      case "0"..."7":
        // Up to three octal digits, as in C; a NUL is refused.
        var value = UInt32(escaped.value - 48)
        var digits = 1
        while digits < 3, let next = current, ("0"..."7").contains(next) {
          value = value * 8 + (next.value - 48)
          offset += 1
          digits += 1
        }
        guard value != 0, let decoded = Unicode.Scalar(value) else { throw problem(.badEscape, at: escapeStart) }
        result.append(decoded)
      default: result.append(escaped)
      }
    }
    throw problem(.unclosedString, at: start)
  }

  private mutating func parseString(_ type: GVariantValueType?, at start: Int) throws(GVariantTextProblem)
    -> GVariantValue
  {
    let wanted = type ?? .basic("s")
    guard case .basic(let scalar) = wanted, wanted.isString else {
      throw problem(.wrongKind(expected: Self.name(type)), at: start)
    }
    let text = try quotedText()
    if scalar == "o", !Self.isObjectPath(text) { throw problem(.wrongKind(expected: Self.name(wanted)), at: start) }
    if scalar == "g", !Self.isSignature(text) { throw problem(.wrongKind(expected: Self.name(wanted)), at: start) }
    return .string(text, type: scalar)
  }

  static func isObjectPath(_ text: String) -> Bool {
    guard text.hasPrefix("/") else { return false }
    if text == "/" { return true }
    let parts = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
    return parts.allSatisfy { part in
      !part.isEmpty
        && part.unicodeScalars.allSatisfy {
          $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
        }
    }
  }

  static func isSignature(_ text: String) -> Bool {
    var scalars = text.unicodeScalars[...]
    while !scalars.isEmpty {
      let before = scalars.count
      var one = ""
      // Each complete type in turn must be valid.
      for length in 1...before {
        let candidate = String(String.UnicodeScalarView(scalars.prefix(length)))
        if GVariantType.isValid(candidate) {
          one = candidate
          break
        }
      }
      guard !one.isEmpty else { return false }
      scalars = scalars.dropFirst(one.unicodeScalars.count)
    }
    return true
  }

  private mutating func parseByteString(_ type: GVariantValueType?, at start: Int) throws(GVariantTextProblem)
    -> GVariantValue
  {
    try check(.array(.basic("y")), fits: type, at: start)
    let text = try quotedText()
    let bytes = Array(text.utf8).map { GVariantValue.integer(Int64($0), type: "y") }
    return .array(bytes, element: .basic("y"))
  }

  private mutating func parseArray(_ type: GVariantValueType?, depth: Int) throws(GVariantTextProblem)
    -> GVariantValue
  {
    let start = offset
    var element: GVariantValueType?
    if let type {
      guard case .array(let inner) = type else { throw problem(.wrongKind(expected: Self.name(type)), at: start) }
      element = inner
    }
    offset += 1
    var items: [GVariantValue] = []
    var starts: [Int] = []
    skipSpace()
    if current == "]" {
      offset += 1
    } else {
      while true {
        skipSpace()
        starts.append(offset)
        items.append(try parseValue(element, depth: depth + 1))
        skipSpace()
        if current == "]" {
          offset += 1
          break
        }
        try expect(",", or: "]")
      }
    }
    if let element { return .array(items, element: element) }
    let unified = try Self.unified(items, starts: starts, parser: self, at: start)
    return .array(unified, element: unified[0].type)
  }

  /// Items told from the text, of one type: whole numbers among numbers with a point become doubles.
  private static func unified(_ items: [GVariantValue], starts: [Int], parser: GVariantTextParser, at start: Int)
    throws(GVariantTextProblem) -> [GVariantValue]
  {
    guard let first = items.first else { throw parser.problem(.cannotInfer, at: start) }
    if items.allSatisfy({ $0.type == first.type }) { return items }
    let numbers = items.allSatisfy { $0.type == .basic("i") || $0.type == .basic("d") }
    if numbers {
      return items.map { item in
        guard case .integer(let value, _) = item else { return item }
        return .double(Double(value))
      }
    }
    let index = items.firstIndex { $0.type != first.type } ?? 0
    throw parser.problem(.mixedTypes, at: starts[index])
  }

  private mutating func parseTuple(_ type: GVariantValueType?, depth: Int) throws(GVariantTextProblem)
    -> GVariantValue
  {
    let start = offset
    var fields: [GVariantValueType]?
    if let type {
      guard case .tuple(let inner) = type else { throw problem(.wrongKind(expected: Self.name(type)), at: start) }
      fields = inner
    }
    offset += 1
    var items: [GVariantValue] = []
    skipSpace()
    if current == ")" {
      offset += 1
    } else {
      while true {
        if let fields, items.count >= fields.count {
          // One field too many: say how many the type has, where the extra one starts.
          throw problem(.wrongCount(expected: fields.count, found: items.count + 1), at: start)
        }
        items.append(try parseValue(fields?[items.count], depth: depth + 1))
        skipSpace()
        if current == ")" {
          offset += 1
          break
        }
        try expect(",", or: ")")
        skipSpace()
        // Only a tuple of one ends in a comma: `(1,)`.
        if items.count == 1, current == ")" {
          offset += 1
          break
        }
      }
    }
    if let fields, items.count != fields.count {
      throw problem(.wrongCount(expected: fields.count, found: items.count), at: start)
    }
    return .tuple(items)
  }

  /// `{key: value, …}` for a dictionary, `{key, value}` or `{key: value}` for one entry.
  private mutating func parseBraces(_ type: GVariantValueType?, depth: Int) throws(GVariantTextProblem)
    -> GVariantValue
  {
    let start = offset
    var keyType: GVariantValueType?
    var valueType: GVariantValueType?
    var isDictionary: Bool?
    switch type {
    case nil: break
    case .array(.entry(let key, let value))?:
      (keyType, valueType, isDictionary) = (key, value, true)
    case .entry(let key, let value)?:
      (keyType, valueType, isDictionary) = (key, value, false)
    default:
      throw problem(.wrongKind(expected: Self.name(type)), at: start)
    }
    offset += 1
    skipSpace()
    if current == "}" {
      guard isDictionary == true, let keyType, let valueType else {
        throw isDictionary == nil ? problem(.cannotInfer, at: start) : expected(Self.name(keyType))
      }
      offset += 1
      return .array([], element: .entry(keyType, valueType))
    }
    var entries: [GVariantValue] = []
    while true {
      let key = try parseValue(keyType, depth: depth + 1)
      guard case .basic = key.type else {
        throw problem(.wrongKind(expected: tr("a string or a number as the key")), at: start)
      }
      keyType = key.type
      skipSpace()
      if isDictionary != true, entries.isEmpty, current == "," {
        offset += 1
        let value = try parseValue(valueType, depth: depth + 1)
        try expect("}")
        return .entry(key, value)
      }
      // `{key: value}` is a dictionary; an entry alone is `{key, value}`.
      if isDictionary == false { try expect(",") }
      try expect(":")
      let value = try parseValue(valueType, depth: depth + 1)
      if valueType == nil {
        valueType = value.type
      } else if value.type != valueType {
        throw problem(.mixedTypes, at: start)
      }
      entries.append(.entry(key, value))
      skipSpace()
      if isDictionary == false {
        try expect("}")
        return entries[0]
      }
      if current == "}" {
        offset += 1
        break
      }
      try expect(",", or: "}")
      skipSpace()
    }
    return .array(entries, element: .entry(keyType ?? .basic("s"), valueType ?? .variant))
  }
}
