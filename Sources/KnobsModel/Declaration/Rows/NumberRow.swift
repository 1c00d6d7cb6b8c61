/// A whole or decimal number with a range, typed or stepped with a spin button.
public struct NumberRow: RowDeclaration {
  public let row: Row

  public init(
    _ id: String, _ title: String, key: SettingKey, range: (min: Double, max: Double), step: Double = 1,
    decimals: Int = 0, unit: String = ""
  ) {
    row = Row(
      id: id, title: title,
      kind: .number(
        .init(key: key, minimum: range.min, maximum: range.max, step: step, decimals: decimals, unit: unit)))
  }
}
