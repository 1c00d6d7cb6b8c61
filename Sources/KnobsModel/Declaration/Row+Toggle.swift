extension Row {
  /// A switch. `on` and `off` are the values written; any other value reads as
  /// off. With a `part`, the switch shows and changes one part of the key's value.
  public struct Toggle {
    /// The key the switch writes.
    public var key: SettingKey
    /// The value written when the switch is turned on.
    public var on: SettingValue
    /// The value written when the switch is turned off.
    public var off: SettingValue
    /// Set when the switch shows one part of the key's value rather than the whole of it.
    public var part: ValuePart?
    /// Drawn as a check box rather than a switch: for choosing items of a list (an import's changes).
    public var isCheckBox = false

    /// A switch over `key` writing `on` and `off` (true and false unless given).
    public init(key: SettingKey, on: SettingValue = true, off: SettingValue = false) {
      self.key = key
      self.on = on
      self.off = off
    }

    /// A switch over one part of a key whose values are like `sample` (a string, say).
    public init(key: SettingKey, part: ValuePart, sample: SettingValue) {
      self.key = key
      self.on = sample
      self.off = sample
      self.part = part
    }
  }
}
