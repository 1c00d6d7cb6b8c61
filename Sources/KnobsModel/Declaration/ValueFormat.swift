/// How a slider shows its value.
public enum ValueFormat {
  /// 1.25 reads "125%" in English, "125 %" in German.
  case percent
  /// A plain number with the given decimals and an optional unit.
  case number(decimals: Int, unit: String = "")
  /// The value as the closure writes it.
  case custom((Double) -> String)

  /// A setting's value for people, in `style`. An integer past 2^53, which a Double would print with
  /// other digits, is written exactly.
  public func string(of value: SettingValue, style: NumberStyle = .current) -> String {
    if case .int(let integer) = value, integer.magnitude >= 1 << 53, case .number(_, let unit) = self {
      return unit.isEmpty ? String(integer) : "\(integer) \(unit)"
    }
    return string(value.doubleValue ?? 0, style: style)
  }

  /// `value` for people, in `style`: the user's locale unless told otherwise.
  public func string(_ value: Double, style: NumberStyle = .current) -> String {
    switch self {
    case .percent:
      return style.percent(value)
    case .number(let decimals, let unit):
      let text = style.decimal(value, decimals: decimals)
      return unit.isEmpty ? text : "\(text) \(unit)"
    case .custom(let format):
      return format(value)
    }
  }
}
