extension Row {
  /// A Pango font description, chosen with GTK's font chooser.
  public struct Font {
    /// The key that holds the font, as a Pango font description (`Cantarell 11`).
    public var key: SettingKey
    /// Offer only fixed-width fonts.
    public var monospaceOnly: Bool

    /// A font row over `key`; `monospaceOnly` offers only fixed-width fonts.
    public init(key: SettingKey, monospaceOnly: Bool = false) {
      self.key = key
      self.monospaceOnly = monospaceOnly
    }
  }
}
