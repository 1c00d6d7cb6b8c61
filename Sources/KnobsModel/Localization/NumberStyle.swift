import FoundationEssentials
import Glibc
import Synchronization

/// How numbers are written for people in a locale: the decimal separator and
/// where the percent sign goes. German writes 1,25 and "125 %" (with a no-break
/// space), English and Hebrew 1.25 and "125%".
///
/// Values for people (the window, `knobs get`, the `knobs list` table) use
/// `current`, the C library's numeric locale that `Translation.setUp` set from
/// the environment; machine output (`list --json`, `get --raw`) uses `c`.
/// Numbers are written without thousands separators, as GTK's spin buttons do,
/// so a typed number never has to tell a grouping mark from a decimal one.
public struct NumberStyle: Sendable, Hashable {
  /// The decimal separator.
  public var decimalSeparator: String
  /// The grouping (thousands) separator, which Knobs never writes; typing it where
  /// it could also mean the decimal point is ambiguous.
  public var groupingSeparator: String
  /// What comes before and after the digits of a percentage.
  public var percentPrefix: String
  /// What comes after the digits of a percentage.
  public var percentSuffix: String

  /// A style with these separators and percent texts.
  public init(decimalSeparator: String, groupingSeparator: String, percentPrefix: String, percentSuffix: String) {
    self.decimalSeparator = decimalSeparator
    self.groupingSeparator = groupingSeparator
    self.percentPrefix = percentPrefix
    self.percentSuffix = percentSuffix
  }

  /// The C locale: scripts and files.
  public static let c = NumberStyle(
    decimalSeparator: ".", groupingSeparator: "", percentPrefix: "", percentSuffix: "%")

  /// The conventions of a locale named as the C library or CLDR names it:
  /// `de_DE.UTF-8`, `he_IL`, `C`.
  public init(locale name: String) {
    let identifier = Self.identifier(ofLocale: name)
    guard let identifier else {
      self = .c
      return
    }
    let percent = PercentPatterns.pattern(for: identifier)
    var separators = (decimal: ".", grouping: "")
    // The C library's own conventions for the locale, when it is installed.
    if let locale = newlocale(LC_NUMERIC_MASK, name, nil) {
      separators.decimal = String(cString: nl_langinfo_l(nl_item(RADIXCHAR), locale))
      separators.grouping = String(cString: nl_langinfo_l(nl_item(THOUSEP), locale))
      freelocale(locale)
    }
    self.init(
      decimalSeparator: separators.decimal.isEmpty ? "." : separators.decimal, groupingSeparator: separators.grouping,
      percentPrefix: percent.prefix, percentSuffix: percent.suffix)
  }

  /// The CLDR identifier of a C library locale name (`de_DE.UTF-8@euro` → `de_DE`), nil for C and POSIX.
  static func identifier(ofLocale name: String) -> String? {
    let base = String(name.prefix { $0 != "." && $0 != "@" })
    guard !base.isEmpty, base != "C", base != "POSIX" else { return nil }
    return base
  }

  private static let known = Mutex([String: NumberStyle]())

  /// The style of the C library's numeric locale (`LC_NUMERIC`), as `setlocale` left it.
  public static var current: NumberStyle {
    let name = setlocale(LC_NUMERIC, nil).map { String(cString: $0) } ?? "C"
    if let style = known.withLock({ $0[name] }) { return style }
    let style = NumberStyle(locale: name)
    known.withLock { $0[name] = style }
    return style
  }

  /// `value` with `decimals` digits after the separator: 1.25 with 2 reads "1,25" in German.
  public func decimal(_ value: Double, decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<max(decimals, 0) { scale *= 10 }
    // Past 10^15 a Double has no digits after the point to show, and Int(value) could trap.
    guard value.isFinite, abs(value) < 1e15, abs(value) * scale < 1e18 else { return plain(value) }
    guard decimals > 0 else { return String(Int((value).rounded())) }
    let scaled = Int((abs(value) * scale).rounded())
    let whole = scaled / Int(scale)
    var fraction = String(scaled % Int(scale))
    while fraction.count < decimals { fraction = "0" + fraction }
    return (value < 0 && scaled != 0 ? "-" : "") + String(whole) + decimalSeparator + fraction
  }

  /// A fraction as a whole percentage: 1.25 reads "125 %" in German, "125%" in English.
  public func percent(_ value: Double) -> String {
    percentPrefix + decimal(value * 100, decimals: 0) + percentSuffix
  }

  /// A number without a trailing zero fraction: 2 reads "2", 1.25 reads "1,25" in German.
  public func plain(_ value: Double) -> String {
    if value.isWhole, abs(value) < 1e15 { return String(Int(value)) }
    let text = String(value)
    return decimalSeparator == "." ? text : text.replacingAll(".", with: decimalSeparator)
  }

  /// The number `text` spells: digits with an optional sign, at most one
  /// decimal separator (this style's or a point, which GTK and scripts use in
  /// every locale) and an optional exponent (`1e15`, `2.5E-3`). Grouping
  /// separators are not taken; nil for anything else, and for numbers too
  /// large for a Double.
  public func number(from text: String) -> Double? {
    var digits = text.trimmingWhitespace.replacingAll("\u{2212}", with: "-")
    if decimalSeparator != "." { digits = digits.replacingAll(decimalSeparator, with: ".") }
    return ExactNumber.double(digits)
  }

  /// Whether a person may have meant `text`'s point as a thousands separator,
  /// as in German "1.000": a point followed by exactly three digits, in a style
  /// that groups with a point. `number(from:)` reads it as a decimal point.
  public func isAmbiguous(_ text: String) -> Bool {
    guard groupingSeparator == ".", decimalSeparator != "." else { return false }
    let trimmed = text.trimmingWhitespace
    let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, !trimmed.contains(decimalSeparator) else { return false }
    return parts[1].count == 3 && parts[1].allSatisfy(\.isASCIIDigit) && !parts[0].isEmpty
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
