/// How a row shows and changes one part of a key's value, e.g. whether the
/// titlebar's `button-layout` string holds a maximize button.
///
/// A toggle's part reads and writes `.bool`; a choice's part reads and writes
/// one of its option values. `write` gets the part's new value and the key's
/// current value, and returns the key's new value.
public struct ValuePart: Sendable {
  /// The part's value within the key's value (nil when there is none).
  public let read: @Sendable (SettingValue?) -> SettingValue?
  /// The key's new value for a new part value, given the key's current value.
  public let write: @Sendable (SettingValue, SettingValue?) -> SettingValue

  /// A part read by `read` and written by `write`.
  public init(
    read: @escaping @Sendable (SettingValue?) -> SettingValue?,
    write: @escaping @Sendable (SettingValue, SettingValue?) -> SettingValue
  ) {
    self.read = read
    self.write = write
  }
}

extension Row.Toggle {
  /// Whether the switch shows on for the key's `value`.
  package func isOn(_ value: SettingValue?) -> Bool {
    guard let part else { return value == on }
    return part.read(value) == .bool(true)
  }

  /// The key's value after the user turns the switch on or off.
  package func value(turning isOn: Bool, from current: SettingValue?) -> SettingValue {
    guard let part else { return isOn ? on : off }
    return part.write(.bool(isOn), current)
  }
}

extension Row.Choice {
  /// The option value the key's `value` shows as.
  package func shownValue(_ value: SettingValue?) -> SettingValue? {
    guard let part else { return value }
    return part.read(value)
  }

  /// The key's value after the user picks the option holding `option`.
  package func value(choosing option: SettingValue, from current: SettingValue?) -> SettingValue {
    guard let part else { return option }
    return part.write(option, current)
  }
}
