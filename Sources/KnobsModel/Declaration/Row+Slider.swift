extension Row {
  /// A number between `minimum` and `maximum` in steps of `step`.
  public struct Slider {
    public var key: SettingKey
    public var minimum: Double
    public var maximum: Double
    public var step: Double
    public var format: ValueFormat

    public init(
      key: SettingKey, minimum: Double, maximum: Double, step: Double, format: ValueFormat = .number(decimals: 0)
    ) {
      self.key = key
      self.minimum = minimum
      self.maximum = maximum
      self.step = step
      self.format = format
    }

    /// The value rounded to the nearest step and clamped to the range.
    public func snapped(_ value: Double) -> Double {
      guard step > 0 else { return min(max(value, minimum), maximum) }
      let steps = ((value - minimum) / step).rounded()
      return min(max(minimum + steps * step, minimum), maximum)
    }
  }
}
