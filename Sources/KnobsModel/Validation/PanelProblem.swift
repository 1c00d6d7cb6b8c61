/// A mistake in a panel declaration, found by `Panel.validate(against:)`.
public struct PanelProblem: Hashable, Sendable, CustomStringConvertible {
  /// Where the mistake is: a row path (`appearance/dark-style`), a section path
  /// (`clock`, `help/about/version`), or empty for the panel itself.
  public var path: RowPath
  /// One sentence a developer understands.
  public var message: String
  /// The problem is an id used twice on a page, reported at its second use.
  public var isRepeatedID: Bool
  /// The declaration is fine on its own; the store's key disagrees with it (its default's type, say).
  /// Such a problem can come from the system's schemas rather than the panel.
  public var comesFromStore: Bool

  /// A problem at `path`, said in `message`.
  public init(path: RowPath, message: String, isRepeatedID: Bool = false, comesFromStore: Bool = false) {
    self.path = path
    self.message = message
    self.isRepeatedID = isRepeatedID
    self.comesFromStore = comesFromStore
  }

  /// "path: message", or just the message for the panel itself; the path cut and escaped
  /// (`escapedForMessage`) and the message escaped, as a line of a terminal takes them.
  public var description: String {
    path.isEmpty ? message.escapedForTerminal : "\(path.description.escapedForMessage): \(message.escapedForTerminal)"
  }
}
