/// Text that is either fixed or computed from the current settings.
///
/// Live text is recomputed whenever a setting changes, so a footer can show how
/// a clock will read with the switches above it.
public enum LiveText {
  /// Text that does not change.
  case fixed(String)
  /// Text computed from the current settings each time they change.
  case live(@MainActor (SettingsReader) -> String)

  /// The text for these settings.
  @MainActor
  public func text(_ settings: SettingsReader) -> String {
    switch self {
    case .fixed(let text): return text
    case .live(let compute): return compute(settings)
    }
  }

  /// The text when it does not depend on settings.
  public var fixedText: String? {
    if case .fixed(let text) = self { return text }
    return nil
  }

  /// Whether the text is computed from the settings.
  public var isLive: Bool {
    if case .live = self { return true }
    return false
  }
}

extension LiveText: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) { self = .fixed(value) }
}
