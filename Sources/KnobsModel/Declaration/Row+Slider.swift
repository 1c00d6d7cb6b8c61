extension Row {
  /// A number between `minimum` and `maximum` in steps of `step`.
  public struct Slider {
    /// The number key the slider sets.
    public var key: SettingKey
    /// The value at the slider's left end.
    public var minimum: Double
    /// The value at the slider's right end.
    public var maximum: Double
    /// How much one step of the slider changes the value.
    public var step: Double
    /// How the value is shown beside the slider.
    public var format: ValueFormat

    /// A slider over `key`, from `minimum` to `maximum` in steps of `step`.
    public init(
      key: SettingKey, minimum: Double, maximum: Double, step: Double, format: ValueFormat = .number(decimals: 0)
    ) {
      self.key = key
      self.minimum = minimum
      self.maximum = maximum
      self.step = step
      self.format = format
    }

    /// What the row says when the stored value lies outside its range (another program wrote it, or
    /// the range is one a generated page assumed); nil when it lies inside.
    package static func outOfRangeNote(_ value: Double, minimum: Double, maximum: Double, format: ValueFormat)
      -> String?
    {
      guard value < minimum || value > maximum else { return nil }
      return tr(
        // TRANSLATORS: %1$s is the stored value, %2$s and %3$s the range the row offers ("150", "0", "100").
        "The stored value, %1$s, is outside %2$s to %3$s; changing it here replaces it.", format.string(value),
        format.string(minimum), format.string(maximum))
    }

    /// The value rounded to the nearest step and clamped to the range.
    package func snapped(_ value: Double) -> Double {
      guard step > 0 else { return min(max(value, minimum), maximum) }
      let steps = ((value - minimum) / step).rounded()
      return min(max(minimum + steps * step, minimum), maximum)
    }
  }
}
