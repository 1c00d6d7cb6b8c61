/// Types a YAML scalar as YAML 1.2's core schema does: a plain `true` or
/// `false` is a boolean, a plain whole number an integer, a plain decimal
/// number a double, anything else (and anything quoted) a string.
///
/// YAML 1.1's `yes`, `no`, `on` and `off` stay strings, so a country choice
/// can offer Norway as `no`.
enum FileScalar {
  static func value(_ scalar: Node.Scalar) -> SettingValue {
    let text = scalar.string
    guard scalar.style == .plain || scalar.style == .any else { return .string(text) }
    switch text {
    case "true", "True", "TRUE": return .bool(true)
    case "false", "False", "FALSE": return .bool(false)
    default: break
    }
    if isInteger(text), let value = Int(text.hasPrefix("+") ? String(text.dropFirst()) : text) {
      return .int(value)
    }
    if isDecimal(text), let value = Double(text), value.isFinite { return .double(value) }
    return .string(text)
  }

  /// `-12`, `+3`, `0`.
  private static func isInteger(_ text: String) -> Bool {
    var digits = Substring(text)
    if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
    return !digits.isEmpty && digits.unicodeScalars.allSatisfy(\.isASCIIDigit)
  }

  /// `1.5`, `-0.25`, `.5`, `1e3`, `2.5E-1`.
  private static func isDecimal(_ text: String) -> Bool {
    var rest = Substring(text)
    if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
    var mantissa = rest
    var exponent: Substring?
    if let e = rest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      mantissa = rest[..<e]
      var power = rest[rest.index(after: e)...]
      if power.first == "-" || power.first == "+" { power = power.dropFirst() }
      exponent = power
    }
    let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let allDigits = parts.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCIIDigit) }
    let hasDigits = parts.contains { !$0.isEmpty }
    let exponentOK = exponent.map { !$0.isEmpty && $0.unicodeScalars.allSatisfy(\.isASCIIDigit) } ?? true
    return allDigits && hasDigits && exponentOK
  }
}
