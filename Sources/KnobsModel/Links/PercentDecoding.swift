/// Percent-decoding for mailto fields and for showing URLs.
enum PercentDecoding {
  /// Decodes every valid `%XX`; a `%` not followed by two hex digits stays as it is.
  /// Bytes that are not UTF-8 become U+FFFD.
  static func decode(_ text: String) -> String {
    let bytes = Array(text.utf8)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if let byte = escapedByte(bytes, at: index) {
        result.append(byte)
        index += 3
      } else {
        result.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// Decodes the escapes of whole UTF-8 characters that are safe to show;
  /// everything else keeps its original spelling.
  static func decodeForDisplay(_ text: String) -> String {
    let bytes = Array(text.utf8)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if let (scalarBytes, consumed) = displayableScalar(bytes, at: index) {
        result += scalarBytes
        index += consumed
      } else {
        result.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// The byte `%XX` at `index` stands for, if it is a valid escape.
  static func escapedByte(_ bytes: [UInt8], at index: Int) -> UInt8? {
    guard index + 2 < bytes.count, bytes[index] == UInt8(ascii: "%"),
      let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
    else { return nil }
    return high << 4 | low
  }

  /// The escaped UTF-8 character starting at `index` and how many text bytes it
  /// spans, when it decodes to one scalar that is safe to show.
  private static func displayableScalar(_ bytes: [UInt8], at index: Int) -> ([UInt8], Int)? {
    guard let lead = escapedByte(bytes, at: index) else { return nil }
    let length = utf8Length(lead)
    guard length > 0 else { return nil }
    var scalarBytes = [lead]
    for part in 1..<max(length, 1) {
      guard let next = escapedByte(bytes, at: index + 3 * part) else { return nil }
      scalarBytes.append(next)
    }
    guard let decoded = String(validating: scalarBytes, as: UTF8.self),
      let scalar = decoded.unicodeScalars.first, isSafeToShow(scalar)
    else { return nil }
    return (scalarBytes, 3 * length)
  }

  private static func utf8Length(_ lead: UInt8) -> Int {
    switch lead {
    case 0x00..<0x80: return 1
    case 0xC2..<0xE0: return 2
    case 0xE0..<0xF0: return 3
    case 0xF0..<0xF5: return 4
    default: return 0
    }
  }

  /// Letters, digits, marks, symbols and punctuation outside ASCII, and the
  /// unreserved ASCII characters; never delimiters, spaces, controls or
  /// invisible formatting (which could reverse or hide text).
  private static func isSafeToShow(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      return scalar.isASCIILetter || scalar.isASCIIDigit || "-._~".unicodeScalars.contains(scalar)
    }
    switch scalar.properties.generalCategory {
    case .control, .format, .surrogate, .privateUse, .unassigned,
      .spaceSeparator, .lineSeparator, .paragraphSeparator:
      return false
    default:
      return !scalar.properties.isNoncharacterCodePoint && !scalar.properties.isWhitespace
    }
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
