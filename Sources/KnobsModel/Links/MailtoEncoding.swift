/// Percent-encoding for `mailto:` fields (RFC 6068), done by hand because
/// Foundation's URLComponents leaves `+`, `?` and `&` in values.
enum MailtoEncoding {
  /// Keeps only unreserved characters (`A-Z a-z 0-9 - . _ ~`), plus `@` when
  /// `keepingAt`; every other UTF-8 byte becomes `%XX`, uppercase.
  static func encode(_ text: String, keepingAt: Bool = false) -> String {
    var result: [UInt8] = []
    result.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      if isUnreserved(byte) || (keepingAt && byte == UInt8(ascii: "@")) {
        result.append(byte)
      } else {
        result.append(UInt8(ascii: "%"))
        result.append(hexDigits[Int(byte >> 4)])
        result.append(hexDigits[Int(byte & 0x0F)])
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// The body with every line break (CRLF, CR or LF) written as CRLF, as RFC 6068 asks.
  static func normalizingLineBreaks(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\r":
        result.append(contentsOf: "\r\n".unicodeScalars)
        previousWasCR = true
        continue
      case "\n":
        if !previousWasCR { result.append(contentsOf: "\r\n".unicodeScalars) }
      default:
        result.append(scalar)
      }
      previousWasCR = false
    }
    return String(result)
  }

  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
      UInt8(ascii: "~"):
      return true
    default:
      return false
    }
  }
}
