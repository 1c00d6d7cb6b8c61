extension Row {
  /// A number typed or stepped between `minimum` and `maximum`, shown with
  /// `decimals` digits after the point and an optional unit.
  public struct Number {
    public var key: SettingKey
    public var minimum: Double
    public var maximum: Double
    public var step: Double
    public var decimals: Int
    public var unit: String

    public init(
      key: SettingKey, minimum: Double, maximum: Double, step: Double = 1, decimals: Int = 0, unit: String = ""
    ) {
      self.key = key
      self.minimum = minimum
      self.maximum = maximum
      self.step = step
      self.decimals = decimals
      self.unit = unit
    }

    public var format: ValueFormat { .number(decimals: decimals, unit: unit) }

    /// Whether `value` may be written: inside the range, exactly at its bounds included.
    public func contains(_ value: Double) -> Bool {
      value >= minimum && value <= maximum
    }
  }
}
