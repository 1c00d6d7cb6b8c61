extension Row {
  /// A color kept as text in a string key, or as doubles in a `(ddd)` or `(dddd)` key, chosen
  /// with GTK's color chooser.
  public struct Color {
    /// The key that holds the color as text.
    public var key: SettingKey
    /// How the color is written; nil writes it the way the key's default is written.
    public var format: ColorFormat?

    /// A color row; `format` is how the key writes colors, or nil to keep the format of the value there.
    public init(key: SettingKey, format: ColorFormat? = nil) {
      self.key = key
      self.format = format
    }

    /// The format to write: the declared one, else the default's, else `#rrggbb`.
    package func format(default defaultValue: SettingValue?) -> ColorFormat {
      if let format { return format }
      return Self.text(of: defaultValue).flatMap(ColorFormat.init(of:)) ?? .hex
    }

    /// The color's text in a value: a string's, or the GVariant text of doubles; nil for other values.
    package static func text(of value: SettingValue?) -> String? {
      switch value {
      case .string(let text)?: text
      case .variant(let type, let text)? where type == "(ddd)" || type == "(dddd)": text
      default: nil
      }
    }

    /// The value that keeps `color` in `format`: a string, or GVariant text of doubles.
    package static func value(_ color: RGBColor, in format: ColorFormat) -> SettingValue {
      let text = color.text(in: format)
      return format.variantType.map { .variant(type: $0, text: text) } ?? .string(text)
    }
  }
}
