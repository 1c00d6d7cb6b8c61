extension Row {
  /// A Pango font description, chosen with GTK's font chooser.
  public struct Font {
    public var key: SettingKey
    /// Offer only fixed-width fonts.
    public var monospaceOnly: Bool

    public init(key: SettingKey, monospaceOnly: Bool = false) {
      self.key = key
      self.monospaceOnly = monospaceOnly
    }
  }
}
