/// Text that is either fixed or computed from the current settings.
///
/// Live text is recomputed whenever a setting changes, so a footer can show how
/// a clock will read with the switches above it.
public enum LiveText {
  case fixed(String)
  case live(@MainActor (SettingsReader) -> String)

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

  public var isLive: Bool {
    if case .live = self { return true }
    return false
  }
}

extension LiveText: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) { self = .fixed(value) }
}
