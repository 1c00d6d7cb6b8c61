import FoundationEssentials

/// A desktop entry file (`.desktop`) kept line for line, so that changing one
/// key leaves comments, unknown keys, other groups, their order and spacing
/// exactly as they were.
///
/// Reading follows the Desktop Entry Specification: `[Group]` headers,
/// `Key=Value` and `Key[locale]=Value` lines, `#` comments and blank lines, the
/// first group `[Desktop Entry]`. Anything else is malformed and refused whole.
package struct DesktopEntryFile: Sendable {
  package static let mainGroup = "Desktop Entry"
  /// The lines as read, without their line breaks (a trailing `\r` is kept).
  private var lines: [String]
  private let endsWithNewline: Bool
  /// Each group's raw values by key (a trailing `\r` removed), read once: a
  /// file with translations has hundreds of lines, which each lookup would walk.
  private var values: [String: [String: String]] = [:]

  /// Parses UTF-8 bytes; throws why they are not a desktop entry.
  package init(data: Data) throws(DesktopEntryError) {
    guard let text = String(data: data, encoding: .utf8) else { throw .notUTF8 }
    try self.init(text: text)
  }

  package init(text: String) throws(DesktopEntryError) {
    guard !text.contains("\0") else { throw .notUTF8 }
    // By scalars: as Characters, "\r\n" is one and would not split at "\n".
    var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
    endsWithNewline = lines.last == ""
    if endsWithNewline { lines.removeLast() }
    self.lines = lines
    values = try Self.check(lines)
  }

  /// The file's text, with the original line breaks.
  package var text: String {
    lines.joined(separator: "\n") + (endsWithNewline || lines.isEmpty ? "\n" : "")
  }

  package var data: Data { Data(text.utf8) }

  private enum Line {
    case blank
    case comment
    case group(String)
    case entry(key: String, value: String)
    case invalid
  }

  private static func classify(_ raw: String) -> Line {
    var line = Substring(raw)
    if line.hasSuffix("\r") { line = line.dropLast() }
    let trimmed = line.drop { $0 == " " || $0 == "\t" }
    if trimmed.isEmpty { return .blank }
    if trimmed.hasPrefix("#") { return .comment }
    if trimmed.hasPrefix("[") {
      let header = trimmingBlanks(trimmed)
      guard header.hasSuffix("]"), header.count > 2 else { return .invalid }
      let name = String(header.dropFirst().dropLast())
      guard !name.contains("["), !name.contains("]"), name.unicodeScalars.allSatisfy({ $0.value >= 0x20 })
      else { return .invalid }
      return .group(name)
    }
    guard let equals = line.firstIndex(of: "=") else { return .invalid }
    let key = trimmingBlanks(line[..<equals])
    guard isKey(key) else { return .invalid }
    let value = line[line.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
    return .entry(key: key, value: String(value))
  }

  /// `text` without leading and trailing tabs and spaces (Unicode's space separators, as Foundation's
  /// `whitespaces` set has them).
  private static func trimmingBlanks(_ text: Substring) -> String {
    let isBlank = { (scalar: Unicode.Scalar) in scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isBlank($0) }), let last = scalars.lastIndex(where: { !isBlank($0) })
    else { return "" }
    return String(scalars[first...last])
  }

  /// `Name`, `X-GNOME-Autostart-enabled`, `Name[de_DE@euro]`.
  private static func isKey(_ key: String) -> Bool {
    var name = Substring(key)
    if let open = key.firstIndex(of: "[") {
      guard key.hasSuffix("]"), key.index(before: key.endIndex) > open else { return false }
      let locale = key[key.index(after: open)..<key.index(before: key.endIndex)]
      guard
        locale.unicodeScalars.allSatisfy({ ($0.isASCIILetter || $0.isASCIIDigit) || "_@.-".unicodeScalars.contains($0) }
        )
      else { return false }
      name = key[..<open]
    }
    return !name.isEmpty && name.unicodeScalars.allSatisfy { ($0.isASCIILetter || $0.isASCIIDigit) || $0 == "-" }
  }

  /// Checks the lines and returns each group's raw values by key.
  private static func check(_ lines: [String]) throws(DesktopEntryError) -> [String: [String: String]] {
    var values: [String: [String: String]] = [:]
    var group: String?
    for (index, raw) in lines.enumerated() {
      switch classify(raw) {
      case .blank, .comment: continue
      case .group(let name):
        if values.isEmpty && name != mainGroup { throw .firstGroupNotDesktopEntry(name) }
        guard values[name] == nil else { throw .duplicateGroup(name) }
        values[name] = [:]
        group = name
      case .entry(let key, let value):
        guard let group else { throw .entryBeforeGroup(line: index + 1) }
        guard values[group]?[key] == nil else { throw .duplicateKey(key, line: index + 1) }
        values[group]?[key] = withoutCR(value)
      case .invalid:
        throw .malformedLine(index + 1)
      }
    }
    guard values[mainGroup] != nil else { throw .noDesktopEntryGroup }
    return values
  }

  private static func withoutCR(_ value: String) -> String {
    value.hasSuffix("\r") ? String(value.dropLast()) : value
  }

  /// The raw value of `key` in `group`, escapes left in.
  package func rawValue(_ key: String, group: String = mainGroup) -> String? {
    values[group]?[key]
  }

  /// A string value with its escapes (`\s`, `\n`, `\t`, `\r`, `\\`) resolved.
  package func string(_ key: String, group: String = mainGroup) -> String? {
    rawValue(key, group: group).map(Self.unescape)
  }

  /// A boolean value: `true` or `false` (anything else reads as nil).
  package func bool(_ key: String, group: String = mainGroup) -> Bool? {
    switch rawValue(key, group: group).map({ Self.trimmingBlanks($0[...]) }) {
    case "true": return true
    case "false": return false
    default: return nil
    }
  }

  /// A list value such as `GNOME;KDE;`.
  package func list(_ key: String, group: String = mainGroup) -> [String] {
    guard let raw = rawValue(key, group: group) else { return [] }
    return raw.split(separator: ";").map { Self.unescape(String($0)) }.filter { !$0.isEmpty }
  }

  /// The value of `key` for the first of `languages` that has one (as
  /// `LocaleLanguages` orders them), else the unlocalized value.
  package func localizedString(_ key: String, languages: [String]) -> String? {
    for language in languages {
      if let value = string("\(key)[\(language)]") { return value }
    }
    return string(key)
  }

  /// Sets `key` in the `[Desktop Entry]` group: its line is replaced in place,
  /// or a new line is added after the group's last entry. Nothing else changes.
  package mutating func set(_ key: String, _ value: String) {
    var inGroup = false
    var lastEntry: Int?
    var groupLine: Int?
    for (index, raw) in lines.enumerated() {
      switch Self.classify(raw) {
      case .group(let name):
        inGroup = name == Self.mainGroup
        if inGroup { groupLine = index }
      case .entry(let found, _) where inGroup:
        if found == key {
          lines[index] = "\(key)=\(value)" + (raw.hasSuffix("\r") ? "\r" : "")
          remember(key, from: lines[index])
          return
        }
        lastEntry = index
      default: continue
      }
    }
    let after = lastEntry ?? groupLine ?? (lines.count - 1)
    let usesCR = lines.indices.contains(after) && lines[after].hasSuffix("\r")
    lines.insert("\(key)=\(value)" + (usesCR ? "\r" : ""), at: after + 1)
    remember(key, from: lines[after + 1])
  }

  /// Takes the line `set` wrote for `key` into the values, as reading it would.
  private mutating func remember(_ key: String, from line: String) {
    guard case .entry(let found, let value) = Self.classify(line), found == key else {
      values[Self.mainGroup]?[key] = nil
      return
    }
    values[Self.mainGroup]?[key] = Self.withoutCR(value)
  }

  static func unescape(_ value: String) -> String {
    guard value.contains("\\") else { return value }
    var result = ""
    var escaping = false
    for character in value {
      if escaping {
        switch character {
        case "s": result.append(" ")
        case "n": result.append("\n")
        case "t": result.append("\t")
        case "r": result.append("\r")
        default: result.append(character)
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return result
  }
}

/// Why a file is not a desktop entry Knobs can read.
package enum DesktopEntryError: Error, Hashable, Sendable, CustomStringConvertible {
  case notUTF8
  case noDesktopEntryGroup
  case firstGroupNotDesktopEntry(String)
  case duplicateGroup(String)
  case duplicateKey(String, line: Int)
  case entryBeforeGroup(line: Int)
  case malformedLine(Int)

  package var description: String {
    switch self {
    case .notUTF8: return tr("it is not UTF-8 text")
    case .noDesktopEntryGroup: return tr("it has no [Desktop Entry] group")
    case .firstGroupNotDesktopEntry(let name): return tr("its first group is [%s], not [Desktop Entry]", name)
    case .duplicateGroup(let name): return tr("the group [%s] appears twice", name)
    case .duplicateKey(let key, let line): return tr("%1$s appears twice (line %2$d)", key, line)
    case .entryBeforeGroup(let line): return tr("line %d comes before any group", line)
    case .malformedLine(let line): return tr("line %d is not a key, a group or a comment", line)
    }
  }
}

/// The locale names a desktop file's localized keys are looked up under, best
/// first, from `LC_ALL`, `LC_MESSAGES` or `LANG` as the specification says:
/// `de_DE.UTF-8@euro` gives `de_DE@euro`, `de_DE`, `de@euro`, `de`.
package enum LocaleLanguages {
  package static func from(environment: [String: String]) -> [String] {
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
    return names(for: locale)
  }

  package static func names(for locale: String) -> [String] {
    var rest = Substring(locale)
    var modifier: Substring?
    if let at = rest.firstIndex(of: "@") {
      modifier = rest[rest.index(after: at)...]
      rest = rest[..<at]
    }
    if let dot = rest.firstIndex(of: ".") { rest = rest[..<dot] }
    var country: Substring?
    if let underscore = rest.firstIndex(of: "_") {
      country = rest[rest.index(after: underscore)...]
      rest = rest[..<underscore]
    }
    let language = rest
    guard !language.isEmpty, language != "C", language != "POSIX" else { return [] }
    var names: [String] = []
    if let country, let modifier { names.append("\(language)_\(country)@\(modifier)") }
    if let country { names.append("\(language)_\(country)") }
    if let modifier { names.append("\(language)@\(modifier)") }
    names.append(String(language))
    return names
  }
}
