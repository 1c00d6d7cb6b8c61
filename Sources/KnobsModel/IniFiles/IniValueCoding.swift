/// Typed values in an INI file's dialect: read as the app reads them, written
/// so the app reads back the same value, in the style the file already uses
/// (quotes, `yes`/`no`, a list's trailing separator).
package enum IniValueCoding {
  /// The value `raw` holds, typed like `sample`; nil when it can't be read as that type
  /// (the row then shows the default, as the app would use it).
  package static func read(_ raw: IniRawValue, like sample: SettingValue, dialect: IniDialect) -> SettingValue? {
    switch sample {
    case .bool: return text(raw, dialect).flatMap { boolean($0, dialect) }.map(SettingValue.bool)
    case .int:
      return text(raw, dialect).flatMap { ExactNumber.integer($0.trimmingWhitespace) }.map(SettingValue.int)
    case .double:
      return text(raw, dialect).flatMap { ExactNumber.double($0.trimmingWhitespace) }.map(SettingValue.double)
    case .string: return text(raw, dialect).map(SettingValue.string)
    case .strings: return list(raw, dialect).map(SettingValue.strings)
    case .variant(let type, _): return text(raw, dialect).map { .variant(type: type, text: $0) }
    }
  }

  /// The bytes that stand for `value` in the file; `previous` (the value there now) keeps its style.
  /// Throws why the dialect can't hold the value (a line break in a plain file, say).
  package static func write(_ value: SettingValue, dialect: IniDialect, previous: IniRawValue?) throws(IniValueError)
    -> [UInt8]
  {
    let quoted = previous?.quoted ?? false
    // A quoted number or boolean stays quoted, as the file wrote it.
    func keepingQuotes(_ text: String) -> [UInt8] { Array((quoted ? "\"" + text + "\"" : text).utf8) }
    switch value {
    case .bool(let on): return keepingQuotes(booleanWord(on, dialect: dialect, previous: previous))
    case .int(let number): return keepingQuotes(String(number))
    case .double(let number):
      guard number.isFinite else { throw .notFinite }
      return keepingQuotes(ExactNumber.shortest(number))
    case .string(let text), .variant(_, let text):
      return try string(text, dialect: dialect, quoted: quoted)
    case .strings(let items):
      return try strings(items, dialect: dialect, quoted: quoted, previous: previous)
    }
  }

  // MARK: Reading

  /// The value as text: GKeyFile escapes undone in a keyfile; nil for bytes that are not UTF-8
  /// or (keyfile) an escape GKeyFile refuses.
  static func text(_ raw: IniRawValue, _ dialect: IniDialect) -> String? {
    guard dialect == .keyfile else { return String(validating: raw.bytes, as: UTF8.self) }
    guard let unescaped = unescape(raw.bytes[...], separator: nil) else { return nil }
    return String(validating: unescaped, as: UTF8.self)
  }

  private static func unescape(_ bytes: ArraySlice<UInt8>, separator: UInt8?) -> [UInt8]? {
    var result: [UInt8] = []
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\\") else {
        result.append(byte)
        index += 1
        continue
      }
      guard index + 1 < bytes.endIndex else { return nil }
      switch bytes[index + 1] {
      case UInt8(ascii: "s"): result.append(0x20)
      case UInt8(ascii: "n"): result.append(0x0A)
      case UInt8(ascii: "t"): result.append(0x09)
      case UInt8(ascii: "r"): result.append(0x0D)
      case UInt8(ascii: "\\"): result.append(UInt8(ascii: "\\"))
      case let next where next == separator: result.append(next)
      default: return nil
      }
      index += 2
    }
    return result
  }

  private static let booleanWords: [(on: String, off: String)] = [
    ("true", "false"), ("yes", "no"), ("on", "off"), ("1", "0"),
  ]

  static func boolean(_ text: String, _ dialect: IniDialect) -> Bool? {
    if dialect == .keyfile {
      // GKeyFile's own words.
      switch text {
      case "true", "1": return true
      case "false", "0": return false
      default: return nil
      }
    }
    let word = text.trimmingWhitespace.lowercased()
    for pair in booleanWords {
      if word == pair.on { return true }
      if word == pair.off { return false }
    }
    return nil
  }

  static func list(_ raw: IniRawValue, _ dialect: IniDialect) -> [String]? {
    let separator = dialect.listSeparator
    switch dialect {
    case .keyfile:
      // GKeyFile: items end at an unescaped `;`; `\;` is a `;` inside an item.
      var items: [String] = []
      var start = raw.bytes.startIndex
      var index = start
      while index < raw.bytes.endIndex {
        if raw.bytes[index] == UInt8(ascii: "\\") {
          index += 2
          continue
        }
        if raw.bytes[index] == separator {
          guard let item = unescape(raw.bytes[start..<index], separator: separator) else { return nil }
          guard let text = String(validating: item, as: UTF8.self) else { return nil }
          items.append(text)
          start = index + 1
        }
        index += 1
      }
      if start < raw.bytes.endIndex {
        guard let item = unescape(raw.bytes[start...], separator: separator),
          let text = String(validating: item, as: UTF8.self)
        else { return nil }
        items.append(text)
      }
      return items
    case .plain, .systemd:
      guard let text = String(validating: raw.bytes, as: UTF8.self) else { return nil }
      return text.unicodeScalars.split(separator: Unicode.Scalar(separator))
        .map { String(String.UnicodeScalarView($0)).trimmingWhitespace }
        .filter { !$0.isEmpty }
    }
  }

  // MARK: Writing

  private static func booleanWord(_ on: Bool, dialect: IniDialect, previous: IniRawValue?) -> String {
    guard dialect != .keyfile, let previous, let text = String(validating: previous.bytes, as: UTF8.self) else {
      return on ? "true" : "false"
    }
    let word = text.trimmingWhitespace
    guard let pair = booleanWords.first(where: { $0.on == word.lowercased() || $0.off == word.lowercased() }) else {
      return on ? "true" : "false"
    }
    let chosen = on ? pair.on : pair.off
    // The file's capitals: TRUE, True or true.
    if word.count > 1, word == word.uppercased() { return chosen.uppercased() }
    if let first = word.first, first.isUppercase { return chosen.prefix(1).uppercased() + chosen.dropFirst() }
    return chosen
  }

  private static func string(_ text: String, dialect: IniDialect, quoted: Bool) throws(IniValueError) -> [UInt8] {
    switch dialect {
    case .keyfile:
      return try keyfileEscaped(text, separator: nil)
    case .plain:
      if let control = text.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
        throw .controlCharacter(control.value)
      }
      // A final backslash would continue the value on the next line, quoted or not.
      guard text.last != "\\" else { throw .blankAtEdge }
      let needsQuotes =
        quoted || text.first == " " || text.last == " " || text.first == "\""
        || text.contains("#") || text.contains(";")
      guard needsQuotes else { return Array(text.utf8) }
      guard !text.contains("\"") else { throw .quoteInQuotedValue }
      return Array(("\"" + text + "\"").utf8)
    case .systemd:
      if let control = text.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
        throw .controlCharacter(control.value)
      }
      guard text.first != " ", text.last != " ", text.last != "\\" else { throw .blankAtEdge }
      return Array(text.utf8)
    }
  }

  /// GKeyFile's escapes: `\s` for leading and trailing spaces (a line's blanks around its value are not
  /// part of it), `\n`, `\t`, `\r`, `\\`, and `\;` inside a list's item.
  private static func keyfileEscaped(_ text: String, separator: UInt8?) throws(IniValueError) -> [UInt8] {
    var result: [UInt8] = []
    var leading = true
    let bytes = Array(text.utf8)
    let trailing = (bytes.lastIndex { $0 != 0x20 } ?? -1) + 1
    for (index, byte) in bytes.enumerated() {
      switch byte {
      case 0x20 where leading || index >= trailing: result += [UInt8(ascii: "\\"), UInt8(ascii: "s")]
      case 0x0A: result += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case 0x09: result += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case 0x0D: result += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      case UInt8(ascii: "\\"): result += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case let byte where byte == separator: result += [UInt8(ascii: "\\"), byte]
      case let byte where byte < 0x20 || byte == 0x7F: throw .controlCharacter(UInt32(byte))
      default: result.append(byte)
      }
      if byte != 0x20 { leading = false }
    }
    return result
  }

  private static func strings(_ items: [String], dialect: IniDialect, quoted: Bool, previous: IniRawValue?)
    throws(IniValueError) -> [UInt8]
  {
    let separator = dialect.listSeparator
    switch dialect {
    case .keyfile:
      var result: [UInt8] = []
      for item in items { result += try keyfileEscaped(item, separator: separator) + [separator] }
      // GKeyFile ends a list with `;`; a file whose list does not keeps it that way.
      if let previous, !previous.bytes.isEmpty, previous.bytes.last != separator, !result.isEmpty {
        result.removeLast()
      }
      return result
    case .plain, .systemd:
      for item in items {
        if item.utf8.contains(separator) || item.trimmingWhitespace != item || item.isEmpty {
          throw .separatorInItem(item, separator: Character(Unicode.Scalar(separator)))
        }
      }
      let joined = items.joined(separator: dialect == .plain ? ", " : " ")
      return try string(joined, dialect: dialect, quoted: quoted)
    }
  }
}

/// Why a value can't be written in an INI file's dialect.
package enum IniValueError: Error, Hashable, Sendable, CustomStringConvertible {
  case controlCharacter(UInt32)
  case quoteInQuotedValue
  case blankAtEdge
  case separatorInItem(String, separator: Character)
  case notFinite

  package var description: String {
    switch self {
    case .controlCharacter(let value):
      return tr("The file can't hold the control character U+%s.", String(value, radix: 16, uppercase: true))
    case .quoteInQuotedValue: return tr("The file can't hold a double quote in this value.")
    case .blankAtEdge: return tr("The file can't hold spaces at the start or end of this value, or a final backslash.")
    case .separatorInItem(let item, let separator):
      return tr("The file separates items with “%1$s”, so it can't hold the item “%2$s”.", String(separator), item)
    case .notFinite: return tr("The file can only hold finite numbers.")
    }
  }
}
