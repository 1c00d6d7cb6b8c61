/// A whole or decimal number with a range, typed or stepped with a spin button.
public struct NumberRow: RowDeclaration {
  /// The row this declaration makes.
  public let row: Row

  /// A number in `range`, e.g. `range: 1...36`, in steps of `step`, shown with `decimals` digits after the point.
  public init(
    _ id: String, _ title: String, key: SettingKey, range: ClosedRange<Double>, step: Double = 1,
    decimals: Int = 0, unit: String = ""
  ) {
    row = Row(
      id: id, title: title,
      kind: .number(
        .init(
          key: key, minimum: range.lowerBound, maximum: range.upperBound, step: step, decimals: decimals, unit: unit)))
  }
}
