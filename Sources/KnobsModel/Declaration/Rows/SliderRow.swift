/// A number bound to a setting, with its shown format.
public struct SliderRow: RowDeclaration {
  /// The row this declaration makes.
  public let row: Row

  /// A slider over `range`, e.g. `range: 0.5...3.0`, in steps of `step`.
  public init(
    _ id: String, _ title: String, key: SettingKey, range: ClosedRange<Double>, step: Double,
    format: ValueFormat = .number(decimals: 0)
  ) {
    row = Row(
      id: id, title: title,
      kind: .slider(
        .init(key: key, minimum: range.lowerBound, maximum: range.upperBound, step: step, format: format)))
  }
}
