/// A test on the current settings that decides whether a row or section is
/// sensitive or visible.
public struct Condition: Sendable {
  private let test: @MainActor @Sendable (SettingsReader) -> Bool

  /// A condition that holds when `test` says so of the current settings.
  public init(_ test: @escaping @MainActor @Sendable (SettingsReader) -> Bool) {
    self.test = test
  }

  /// Whether the condition holds for these settings.
  @MainActor
  public func holds(_ settings: SettingsReader) -> Bool {
    test(settings)
  }

  /// True while a boolean key is on.
  public static func isOn(_ key: SettingKey) -> Condition {
    Condition { $0.bool(key) }
  }

  /// True while a key holds the given value.
  public static func equals(_ key: SettingKey, _ value: SettingValue) -> Condition {
    Condition { $0[key] == value }
  }

  /// The condition that holds when `condition` does not.
  public static prefix func ! (condition: Condition) -> Condition {
    Condition { !condition.holds($0) }
  }
}
