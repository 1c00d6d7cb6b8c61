/// A value a settings store holds: the shapes GSettings keys take in Knobs.
///
/// Enum keys (such as `color-scheme`) are read and written as their nick, a
/// string; flags keys (such as a set of options) as their nicks, a list of strings.
public enum SettingValue: Hashable, Sendable {
  /// A boolean.
  case bool(Bool)
  /// An integer.
  case int(Int)
  /// A floating-point number.
  case double(Double)
  /// A string.
  case string(String)
  /// A string array (`as`) or the nicks of a flags key.
  case strings([String])
  /// Any other GVariant (`(ii)`, `a{sv}`, `mb`, `ay` …), held as its GVariant text;
  /// `type` is its GVariant type string. The store parses and checks the text before writing.
  case variant(type: String, text: String)

  /// The boolean, or nil for any other value.
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The value as a number, for sliders: integers and doubles both qualify.
  public var doubleValue: Double? {
    switch self {
    case .double(let value): return value
    case .int(let value): return Double(value)
    case .bool, .string, .strings, .variant: return nil
    }
  }

  /// The integer, or nil for any other value.
  public var intValue: Int? {
    if case .int(let value) = self { return value }
    return nil
  }

  /// The string, or nil for any other value.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The string list, or nil for any other value.
  public var stringsValue: [String]? {
    if case .strings(let value) = self { return value }
    return nil
  }

  /// The name of the value's type, for messages.
  public var typeName: String {
    switch self {
    case .bool: return "boolean"
    case .int: return "integer"
    case .double: return "number"
    case .string: return "string"
    case .strings: return "list of strings"
    case .variant(let type, _): return "value of type \(type)"
    }
  }

  /// The value in GVariant text format, as `gsettings get` prints it:
  /// `true`, `24`, `1.25`, `'Cantarell 11'`, `['a', 'b']`.
  public var gvariantText: String {
    switch self {
    case .bool(let value): return value ? "true" : "false"
    case .int(let value): return String(value)
    case .double(let value):
      let text = String(value)
      return value.isFinite && !text.contains(".") && !text.contains("e") ? text + ".0" : text
    case .string(let value): return GVariantText.quote(value)
    case .strings(let values): return "[" + values.map(GVariantText.quote).joined(separator: ", ") + "]"
    case .variant(_, let text): return text
    }
  }
}

extension SettingValue: CustomStringConvertible {
  /// The value as a person would type it on the command line.
  public var description: String {
    switch self {
    case .bool(let value): return value ? "true" : "false"
    case .int(let value): return String(value)
    case .double(let value): return String(value)
    case .string(let value): return value
    case .strings(let values): return values.joined(separator: ", ")
    case .variant(_, let text): return text
    }
  }
}

extension SettingValue: ExpressibleByBooleanLiteral {
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension SettingValue: ExpressibleByIntegerLiteral {
  public init(integerLiteral value: Int) { self = .int(value) }
}

extension SettingValue: ExpressibleByFloatLiteral {
  public init(floatLiteral value: Double) { self = .double(value) }
}

extension SettingValue: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) { self = .string(value) }
}
