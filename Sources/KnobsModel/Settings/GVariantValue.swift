/// A GVariant value read from GVariant text without GLib, for the editors of structured values
/// (tables, pairs) and to say what is wrong with typed text in Knobs' own words, with its
/// line and column. The store still parses the text with GLib before it writes it.
public indirect enum GVariantValue: Hashable, Sendable {
  /// A boolean (`b`).
  case boolean(Bool)
  /// A whole number of type `y`, `n`, `q`, `i`, `u`, `x` or `h`.
  case integer(Int64, type: Unicode.Scalar)
  /// A `t` (unsigned 64-bit) number.
  case unsigned(UInt64)
  /// A double (`d`).
  case double(Double)
  /// A string (`s`), object path (`o`) or signature (`g`).
  case string(String, type: Unicode.Scalar)
  /// A value boxed in a variant (`v`).
  case variant(GVariantValue)
  /// A maybe (`m…`): its value, or nil for nothing, and its type.
  case maybe(GVariantValue?, type: GVariantValueType)
  /// An array (`a…`) and its element type.
  case array([GVariantValue], element: GVariantValueType)
  /// A tuple (`(…)`).
  case tuple([GVariantValue])
  /// A dictionary entry (`{…}`): its key and value.
  case entry(GVariantValue, GVariantValue)

  /// The value's type.
  public var type: GVariantValueType {
    switch self {
    case .boolean: return .basic("b")
    case .integer(_, let type): return .basic(type)
    case .unsigned: return .basic("t")
    case .double: return .basic("d")
    case .string(_, let type): return .basic(type)
    case .variant: return .variant
    case .maybe(_, let type): return .maybe(type)
    case .array(_, let element): return .array(element)
    case .tuple(let items): return .tuple(items.map(\.type))
    case .entry(let key, let value): return .entry(key.type, value.type)
    }
  }

  /// The value in GVariant text format, as `gsettings get` prints it; a variant's contents
  /// carry the annotation that reads them back as the same type (`<uint32 5>`, `<@as []>`).
  public var text: String {
    var result = ""
    print(into: &result, annotated: false)
    return result
  }

  private func print(into result: inout String, annotated: Bool) {
    switch self {
    case .boolean(let value): result += value ? "true" : "false"
    case .integer(let value, let type):
      if annotated, let word = Self.annotations[type] { result += word + " " }
      result += String(value)
    case .unsigned(let value):
      if annotated { result += "uint64 " }
      result += String(value)
    case .double(let value): result += Self.doubleText(value)
    case .string(let value, let type):
      if annotated, type == "o" { result += "objectpath " }
      if annotated, type == "g" { result += "signature " }
      result += GVariantText.quote(value)
    case .variant(let contents):
      result += "<"
      contents.print(into: &result, annotated: true)
      result += ">"
    case .maybe(let contents, let type):
      if annotated, contents == nil || !type.isInferred { result += "@m" + type.description + " " }
      if let contents {
        result += "just "
        contents.print(into: &result, annotated: false)
      } else {
        result += "nothing"
      }
    case .array(let items, let element):
      if annotated, items.isEmpty || !element.isInferred { result += "@a" + element.description + " " }
      if case .entry = element {
        result += "{"
        for (index, item) in items.enumerated() {
          if index > 0 { result += ", " }
          guard case .entry(let key, let value) = item else { continue }
          key.print(into: &result, annotated: false)
          result += ": "
          value.print(into: &result, annotated: false)
        }
        result += "}"
      } else {
        result += "["
        for (index, item) in items.enumerated() {
          if index > 0 { result += ", " }
          item.print(into: &result, annotated: false)
        }
        result += "]"
      }
    case .tuple(let items):
      if annotated, !type.isInferred { result += "@" + type.description + " " }
      result += "("
      for (index, item) in items.enumerated() {
        if index > 0 { result += ", " }
        item.print(into: &result, annotated: false)
      }
      result += items.count == 1 ? ",)" : ")"
    case .entry(let key, let value):
      if annotated { result += "@" + type.description + " " }
      result += "{"
      key.print(into: &result, annotated: false)
      result += ", "
      value.print(into: &result, annotated: false)
      result += "}"
    }
  }

  /// The words GVariant text puts before a whole number of a type other than `i`.
  static let annotations: [Unicode.Scalar: String] = [
    "y": "byte", "n": "int16", "q": "uint16", "u": "uint32", "x": "int64", "h": "handle",
  ]

  /// A double as GLib reads it back: with a point or an exponent, `inf` and `nan` spelled out.
  static func doubleText(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    let text = String(value)
    return text.contains(".") || text.contains("e") ? text : text + ".0"
  }

  /// Reads GVariant text as a value of `type`; throws where and why it can't.
  package static func parse(_ text: String, type: GVariantValueType) throws(GVariantTextProblem) -> GVariantValue {
    var parser = GVariantTextParser(text)
    return try parser.parseWhole(type)
  }

  /// Reads GVariant text as a value of the type `typeString` (`(ii)`, `a{sv}`).
  package static func parse(_ text: String, typeString: String) throws(GVariantTextProblem) -> GVariantValue {
    guard let type = GVariantValueType(typeString) else {
      throw GVariantTextProblem(.notAType(typeString), line: 1, column: 1)
    }
    return try parse(text, type: type)
  }
}

/// A GVariant type, read from its type string.
public indirect enum GVariantValueType: Hashable, Sendable, CustomStringConvertible {
  /// A basic type, by its type character.
  case basic(Unicode.Scalar)
  /// A variant (`v`).
  case variant
  /// A maybe of a type (`m…`).
  case maybe(GVariantValueType)
  /// An array of a type (`a…`).
  case array(GVariantValueType)
  /// A tuple of types (`(…)`).
  case tuple([GVariantValueType])
  /// A dictionary entry of a key and a value type (`{…}`).
  case entry(GVariantValueType, GVariantValueType)

  /// The type of a type string; nil when it is none or not one definite type.
  public init?(_ string: String) {
    guard GVariantType.isValid(string) else { return nil }
    var scalars = string.unicodeScalars[...]
    guard let type = Self.read(&scalars), scalars.isEmpty else { return nil }
    self = type
  }

  private static func read(_ scalars: inout Substring.UnicodeScalarView) -> GVariantValueType? {
    guard let first = scalars.popFirst() else { return nil }
    switch first {
    case "v": return .variant
    case "a": return read(&scalars).map { .array($0) }
    case "m": return read(&scalars).map { .maybe($0) }
    case "(":
      var items: [GVariantValueType] = []
      while let next = scalars.first, next != ")" {
        guard let item = read(&scalars) else { return nil }
        items.append(item)
      }
      guard scalars.popFirst() == ")" else { return nil }
      return .tuple(items)
    case "{":
      guard let key = read(&scalars), let value = read(&scalars), scalars.popFirst() == "}" else { return nil }
      return .entry(key, value)
    default: return .basic(first)
    }
  }

  public var description: String {
    switch self {
    case .basic(let scalar): return String(scalar)
    case .variant: return "v"
    case .maybe(let type): return "m" + type.description
    case .array(let type): return "a" + type.description
    case .tuple(let items): return "(" + items.map(\.description).joined() + ")"
    case .entry(let key, let value): return "{" + key.description + value.description + "}"
    }
  }

  /// Whether text without an annotation reads as this type (`i`, `d`, `s`, `b`, `v` and
  /// containers of them): what needs no `@type` inside a variant.
  var isInferred: Bool {
    switch self {
    case .basic(let scalar): return ["b", "i", "d", "s"].contains(scalar)
    case .variant: return true
    case .maybe(let type), .array(let type): return type.isInferred
    case .tuple(let items): return items.allSatisfy(\.isInferred)
    case .entry(let key, let value): return key.isInferred && value.isInferred
    }
  }

  /// Whether the type is a whole-number type (`y`, `n`, `q`, `i`, `u`, `x`, `t`, `h`).
  public var isInteger: Bool {
    if case .basic(let scalar) = self { return Self.integerBounds[scalar] != nil || scalar == "t" }
    return false
  }

  /// Whether the type is a string, object path or signature.
  public var isString: Bool {
    if case .basic(let scalar) = self { return ["s", "o", "g"].contains(scalar) }
    return false
  }

  /// What each whole-number type but `t` holds.
  static let integerBounds: [Unicode.Scalar: ClosedRange<Int64>] = [
    "y": 0...255, "n": Int64(Int16.min)...Int64(Int16.max), "q": 0...Int64(UInt16.max),
    "i": Int64(Int32.min)...Int64(Int32.max), "u": 0...Int64(UInt32.max), "x": Int64.min...Int64.max,
    "h": Int64(Int32.min)...Int64(Int32.max),
  ]
}

/// Why GVariant text is not a value of its type, and where: line and column count from 1, a
/// column in characters; CR LF and CR end a line as LF does.
package struct GVariantTextProblem: Error, Hashable, Sendable, CustomStringConvertible {
  package enum Reason: Hashable, Sendable {
    case endsEarly(expected: String)
    case expected(String, found: String)
    case unknownWord(String)
    case nulCharacter
    case unclosedString
    case badEscape
    case notANumber(String)
    case outOfRange(String, type: String)
    case notWhole(String)
    case wrongKind(expected: String)
    case wrongCount(expected: Int, found: Int)
    case cannotInfer
    case mixedTypes
    case trailingText
    case notAType(String)
    case tooDeep
  }

  package let reason: Reason
  package let line: Int
  package let column: Int

  package init(_ reason: Reason, line: Int, column: Int) {
    self.reason = reason
    self.line = line
    self.column = column
  }

  /// The problem in Knobs' words with its place: “Line 2, column 5: expected “,” or “)”.”
  package var description: String {
    // TRANSLATORS: %1$d and %2$d are a line and a column in typed text, %3$s what is wrong there.
    tr("Line %1$d, column %2$d: %3$s", line, column, reasonText)
  }

  /// What is wrong, without the place.
  package var reasonText: String {
    switch reason {
    case .endsEarly(let expected): return tr("the text ends where %s should follow.", expected)
    case .expected(let expected, let found): return tr("expected %1$s, found %2$s.", expected, found)
    case .unknownWord(let word): return tr("“%s” is no value here; strings need quotes.", word.escapedForMessage)
    case .nulCharacter: return tr("a NUL character (U+0000) can't be stored.")
    case .unclosedString: return tr("the string has no closing quote.")
    case .badEscape: return tr("a backslash escape that is not one of \\n, \\t, \\uXXXX and the like.")
    case .notANumber(let text): return tr("“%s” is not a number.", text.escapedForMessage)
    case .outOfRange(let text, let type):
      return tr(
        "%1$s is outside what a value of type %2$s holds (%3$s).", text.escapedForMessage, type, Self.range(type))
    case .notWhole(let text): return tr("%s is not a whole number.", text.escapedForMessage)
    case .wrongKind(let expected): return tr("expected %s here.", expected)
    case .wrongCount(let expected, let found):
      return tr("expected %1$d items in parentheses, found %2$d.", expected, found)
    case .cannotInfer:
      return tr("the type of this value can't be told; write it with its type, like @as [] or uint32 5.")
    case .mixedTypes: return tr("the items of a list must all be of one type.")
    case .trailingText: return tr("unexpected text after the value.")
    case .notAType(let type): return tr("“%s” is not a GVariant type.", type.escapedForMessage)
    case .tooDeep: return tr("the value is nested too deeply.")
    }
  }

  static func range(_ type: String) -> String {
    guard let scalar = type.unicodeScalars.first else { return "" }
    if scalar == "t" { return "0 – \(UInt64.max)" }
    if scalar == "d" { return "-\(Double.greatestFiniteMagnitude) – \(Double.greatestFiniteMagnitude)" }
    guard let bounds = GVariantValueType.integerBounds[scalar] else { return "" }
    return "\(bounds.lowerBound) – \(bounds.upperBound)"
  }
}
