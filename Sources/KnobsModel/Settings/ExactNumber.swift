/// Numbers that come from outside (files, the command line, dconf, another
/// program) read and compared without ever trapping: `Int(someDouble)` traps
/// past 2^63, and a Double holds integers exactly only up to 2^53.
package enum ExactNumber {
  /// A whole number in decimal digits with an optional sign; nil past Int64 or for anything else.
  package static func integer(_ text: String) -> Int? {
    let body = text.hasPrefix("+") ? text.dropFirst() : text[...]
    guard !body.isEmpty, body != "-" else { return nil }
    return Int(body)
  }

  /// A finite number: digits with an optional sign, point and exponent (`1e15`, `2.5E-3`); nil for
  /// infinities, NaN, hexadecimal and numbers too large for a Double.
  package static func double(_ text: String) -> Double? {
    var sawDigit = false
    var sawPoint = false
    var sawExponent = false
    var previous: Character = " "
    for (offset, character) in text.enumerated() {
      switch character {
      case "0"..."9": sawDigit = true
      case "+", "-":
        guard offset == 0 || previous == "e" || previous == "E" else { return nil }
      case ".":
        guard !sawPoint, !sawExponent else { return nil }
        sawPoint = true
      case "e", "E":
        guard sawDigit, !sawExponent else { return nil }
        sawExponent = true
      default: return nil
      }
      previous = character
    }
    guard sawDigit, previous.isASCII, previous.isNumber || previous == "." else { return nil }
    guard let value = Double(text), value.isFinite else { return nil }
    return value
  }

  /// The Int a Double holds exactly, or nil (a fraction, or outside Int64): never traps.
  package static func integer(exactly value: Double) -> Int? { Int(exactly: value) }

  /// The nearest Int to `value`, clamped to Int's range: never traps.
  package static func clampedInteger(_ value: Double) -> Int {
    guard !value.isNaN else { return 0 }
    if value >= 9_223_372_036_854_775_807.0 { return Int.max }
    if value <= -9_223_372_036_854_775_808.0 { return Int.min }
    return Int(value.rounded())
  }

  /// Whether the integer `value` lies in `minimum...maximum`, compared exactly (no rounding of `value` to a Double).
  package static func contains(_ value: Int, minimum: Double, maximum: Double) -> Bool {
    compare(value, minimum) >= 0 && compare(value, maximum) <= 0
  }

  /// -1, 0 or 1 as the integer `value` is below, at or above `bound`, exactly.
  package static func compare(_ value: Int, _ bound: Double) -> Int {
    if bound.isNaN { return 0 }
    if bound >= 9_223_372_036_854_775_808.0 { return -1 }
    if bound < -9_223_372_036_854_775_808.0 { return 1 }
    // `bound` is inside Int64's range: compare its whole part exactly, then its fraction.
    let whole = Int(bound.rounded(.down))
    if value < whole { return -1 }
    if value > whole { return 1 }
    return bound == bound.rounded(.down) ? 0 : -1
  }

  /// `value` moved to the nearest whole step from `minimum` and kept inside the range, in integer arithmetic
  /// (a Double loses the last digits of integers past 2^53).
  package static func snapped(_ value: Int, minimum: Double, maximum: Double, step: Double) -> Int {
    var result = value
    // Steps up to 2^50: the arithmetic below then never overflows (a larger step is a declaration's oddity).
    if step > 1, step.isWhole, step <= 1_125_899_906_842_624, let size = Int(exactly: step),
      let base = Int(exactly: minimum.rounded(.up))
    {
      // (value - base) mod size, without forming value - base, which can overflow.
      let remainder = (((value % size) - (base % size)) % size + size) % size
      let (down, downOverflow) = value.subtractingReportingOverflow(remainder)
      let (up, upOverflow) = down.addingReportingOverflow(size)
      if !downOverflow {
        result = remainder * 2 >= size && !upOverflow && compare(up, maximum) <= 0 ? up : down
      }
    }
    if compare(result, minimum) < 0, let low = Int(exactly: minimum.rounded(.up)) { result = low }
    if compare(result, maximum) > 0, let high = Int(exactly: maximum.rounded(.down)) { result = high }
    return result
  }

  /// The shortest text that reads back as `value`: `0.3`, not `0.29999999999999999`; whole numbers with `.0`.
  package static func shortest(_ value: Double) -> String {
    String(value)
  }
}
