/// A number bound to a setting, with its shown format.
public struct SliderRow: RowDeclaration {
  public let row: Row

  public init(
    _ id: String, _ title: String, key: SettingKey, range: (min: Double, max: Double), step: Double,
    format: ValueFormat = .number(decimals: 0)
  ) {
    row = Row(
      id: id, title: title,
      kind: .slider(.init(key: key, minimum: range.min, maximum: range.max, step: step, format: format)))
  }
}

extension SliderRow {
  /// A slider over `range`, e.g. `range: 0.5...3.0`.
  public init(
    _ id: String, _ title: String, key: SettingKey, range: ClosedRange<Double>, step: Double,
    format: ValueFormat = .number(decimals: 0)
  ) {
    self.init(id, title, key: key, range: (range.lowerBound, range.upperBound), step: step, format: format)
  }
}
