extension Row {
  /// A color kept as text in a string key, chosen with GTK's color chooser.
  public struct Color {
    public var key: SettingKey
    /// How the color is written; nil writes it the way the key's default is written.
    public var format: ColorFormat?

    public init(key: SettingKey, format: ColorFormat? = nil) {
      self.key = key
      self.format = format
    }

    /// The format to write: the declared one, else the default's, else `#rrggbb`.
    public func format(default defaultValue: SettingValue?) -> ColorFormat {
      if let format { return format }
      return defaultValue?.stringValue.flatMap(ColorFormat.init(of:)) ?? .hex
    }
  }
}
