/// Checks text that a string key keeps as JSON (an extension's per-monitor settings, `{}` by
/// default) before it is written, and says where it goes wrong by line and column.
///
/// It only checks, a byte at a time with a stack of open brackets (no recursion, so deep nesting
/// can't exhaust the stack), and never builds the value.
enum JSONText {
  /// Deeper nesting than this is refused.
  static let maximumDepth = 512

  /// What is wrong with JSON text.
  enum Problem: Equatable {
    /// A character no JSON value has there, at a line and column counted from 1.
    case unexpected(line: Int, column: Int)
    /// The text ends before its value does.
    case unfinished(line: Int, column: Int)
    /// Brackets nested deeper than `maximumDepth`.
    case tooDeep

    /// The problem in a sentence.
    var description: String {
      switch self {
      case .unexpected(let line, let column):
        return tr("It is not valid JSON: something unexpected at line %1$d, column %2$d.", line, column)
      case .unfinished(let line, let column):
        return tr("It is not valid JSON: it ends at line %1$d, column %2$d before its value is complete.", line, column)
      case .tooDeep: return tr("It is not valid JSON: it nests deeper than %d levels.", maximumDepth)
      }
    }
  }

  private enum Expect { case value, valueOrClose, key, keyOrClose, colon, commaOrClose }

  /// Why `text` is not one JSON value; nil when it is.
  static func problem(in text: String) -> Problem? {
    let bytes = Array(text.utf8)
    var index = 0
    var open: [UInt8] = []
    var expect = Expect.value
    func position(_ at: Int) -> (Int, Int) {
      var line = 1
      var column = 1
      for byte in bytes[..<min(at, bytes.count)] {
        if byte == 0x0A {
          line += 1
          column = 1
        } else if byte & 0xC0 != 0x80 {
          column += 1
        }
      }
      return (line, column)
    }
    func unexpected(_ at: Int) -> Problem {
      let (line, column) = position(at)
      return at >= bytes.count ? .unfinished(line: line, column: column) : .unexpected(line: line, column: column)
    }
    while true {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
      if expect == .commaOrClose, open.isEmpty {
        return index == bytes.count ? nil : unexpected(index)
      }
      guard index < bytes.count else { return unexpected(index) }
      let byte = bytes[index]
      switch expect {
      case .value, .valueOrClose:
        if expect == .valueOrClose, byte == UInt8(ascii: "]") {
          open.removeLast()
          index += 1
          expect = .commaOrClose
          continue
        }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          guard open.count < maximumDepth else { return .tooDeep }
          open.append(byte)
          index += 1
          expect = byte == UInt8(ascii: "{") ? .keyOrClose : .valueOrClose
        case UInt8(ascii: "\""):
          guard let end = stringEnd(from: index, in: bytes) else { return unexpected(firstBad(from: index, in: bytes)) }
          index = end
          expect = .commaOrClose
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          let end = numberEnd(from: index, in: bytes)
          guard end.valid else { return unexpected(end.index) }
          index = end.index
          expect = .commaOrClose
        default:
          let word = ["true", "false", "null"].first { bytes[index...].starts(with: $0.utf8) }
          guard let word else { return unexpected(index) }
          index += word.utf8.count
          expect = .commaOrClose
        }
      case .key, .keyOrClose:
        if expect == .keyOrClose, byte == UInt8(ascii: "}") {
          open.removeLast()
          index += 1
          expect = .commaOrClose
        } else if byte == UInt8(ascii: "\"") {
          guard let end = stringEnd(from: index, in: bytes) else { return unexpected(firstBad(from: index, in: bytes)) }
          index = end
          expect = .colon
        } else {
          return unexpected(index)
        }
      case .colon:
        guard byte == UInt8(ascii: ":") else { return unexpected(index) }
        index += 1
        expect = .value
      case .commaOrClose:
        let top = open[open.count - 1]
        if byte == UInt8(ascii: ",") {
          expect = top == UInt8(ascii: "{") ? .key : .value
        } else if (byte == UInt8(ascii: "}") && top == UInt8(ascii: "{"))
          || (byte == UInt8(ascii: "]") && top == UInt8(ascii: "["))
        {
          open.removeLast()
        } else {
          return unexpected(index)
        }
        index += 1
      }
    }
  }

  /// The index after a string's closing quote; nil when the string is bad or unfinished.
  private static func stringEnd(from start: Int, in bytes: [UInt8]) -> Int? {
    let bad = firstBad(from: start, in: bytes)
    guard bad < bytes.count, bytes[bad] == UInt8(ascii: "\"") else { return nil }
    return bad + 1
  }

  /// The index of a string's closing quote, or of the first byte that can't be in it (or the end).
  private static func firstBad(from start: Int, in bytes: [UInt8]) -> Int {
    var index = start + 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") || byte < 0x20 { return index }
      if byte == UInt8(ascii: "\\") {
        guard index + 1 < bytes.count else { return bytes.count }
        let escaped = bytes[index + 1]
        if escaped == UInt8(ascii: "u") {
          for offset in 2...5 {
            guard index + offset < bytes.count else { return bytes.count }
            guard isHex(bytes[index + offset]) else { return index + offset }
          }
          index += 6
          continue
        }
        guard Array("\"\\/bfnrt".utf8).contains(escaped) else { return index + 1 }
        index += 2
        continue
      }
      index += 1
    }
    return bytes.count
  }

  private static func isHex(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
  }

  /// Where a number ends, and whether it is one: `-`, `0` or digits not starting with 0, a
  /// fraction, an exponent.
  private static func numberEnd(from start: Int, in bytes: [UInt8]) -> (index: Int, valid: Bool) {
    var index = start
    func isDigit(_ at: Int) -> Bool { at < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]) }
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard isDigit(index) else { return (index, false) }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      while isDigit(index) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard isDigit(index) else { return (index, false) }
      while isDigit(index) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard isDigit(index) else { return (index, false) }
      while isDigit(index) { index += 1 }
    }
    return (index, true)
  }

  /// The text with every control character, bidirectional control (U+202E…) and line or paragraph separator
  /// inside a JSON string written as its `\u` escape, which a JSON reader takes for the same string: such a
  /// value is shown, and written, without turning the text around it backwards or breaking its line. Outside
  /// strings, spaces, tabs and line breaks stay (JSON's own whitespace); any other such character, which no JSON
  /// value has there, is escaped too, so that it shows before the check refuses it.
  static func escapingInvisibles(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { isInvisible($0) }) else { return text }
    var result = String.UnicodeScalarView()
    var inString = false
    var escaped = false
    for scalar in text.unicodeScalars {
      let whitespace = !inString && (scalar == "\n" || scalar == "\r" || scalar == "\t")
      if isInvisible(scalar), !whitespace {
        let hex = String(scalar.value, radix: 16)
        result.append(contentsOf: "\\u".unicodeScalars)
        result.append(contentsOf: (String(repeating: "0", count: max(0, 4 - hex.count)) + hex).unicodeScalars)
        escaped = false
        continue
      }
      result.append(scalar)
      if escaped {
        escaped = false
      } else if inString, scalar == "\\" {
        escaped = true
      } else if scalar == "\"" {
        inString.toggle()
      }
    }
    return String(result)
  }

  /// A character that shows as something else, or as nothing: a control character, a bidirectional control, or a
  /// line or paragraph separator.
  private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    String.isEscaped(scalar) || scalar == "\u{2028}" || scalar == "\u{2029}"
  }
}
