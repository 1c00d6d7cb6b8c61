/// A mistake in a panel declaration, found by `Panel.validate(against:)`.
public struct PanelProblem: Hashable, Sendable, CustomStringConvertible {
  /// Where the mistake is: a row path (`appearance/dark-style`), a section path
  /// (`clock`, `help/about/version`), or "" for the panel itself.
  public var path: String
  /// One sentence a developer understands.
  public var message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// "path: message", or just the message for the panel itself.
  public var description: String {
    path.isEmpty ? message : "\(path): \(message)"
  }
}
