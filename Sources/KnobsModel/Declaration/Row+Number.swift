extension Row {
  /// A number typed or stepped between `minimum` and `maximum`, shown with
  /// `decimals` digits after the point and an optional unit.
  public struct Number {
    /// The number key the row edits.
    public var key: SettingKey
    /// The smallest value allowed.
    public var minimum: Double
    /// The largest value allowed.
    public var maximum: Double
    /// How much one press of the arrows changes the value.
    public var step: Double
    /// How many digits are shown after the decimal point.
    public var decimals: Int
    /// The unit shown after the number (`px`, `ms`); empty for none.
    public var unit: String
    /// A bound only convention gives, not the setting itself (an opacity counted to 255): a value past it is
    /// written only once the person says so (the window asks first, `knobs set` needs `--force`); nil when none.
    package var usualMaximum: Double?

    /// A number row over `key`, from `minimum` to `maximum`.
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

    package var format: ValueFormat { .number(decimals: decimals, unit: unit) }

    /// Whether `value` may be written: inside the range, exactly at its bounds included.
    package func contains(_ value: Double) -> Bool {
      value >= minimum && value <= maximum
    }

    /// Whether `value` lies past the usual maximum, so that it is written only once the person says so.
    package func isPastUsualMaximum(_ value: Double) -> Bool {
      usualMaximum.map { value > $0 } ?? false
    }

    /// Why `value`, typed as `text` for the row titled `title`, is asked about first: it lies past the usual
    /// maximum; nil when it does not.
    package func usualMaximumProblem(_ value: Double, text: String, title: String) -> String? {
      guard isPastUsualMaximum(value), let usualMaximum else { return nil }
      return tr(
        // TRANSLATORS: %1$s is a row's title, %2$s the most it usually takes ("255"), %3$s what was typed.
        "“%1$s” is usually at most %2$s; “%3$s” is past that.", title.escapedForMessage,
        format.string(usualMaximum), text.escapedForMessage)
    }
  }
}
