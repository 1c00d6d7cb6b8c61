/// A row that runs a command, optionally after asking.
public struct ActionRow: RowDeclaration {
  /// The row this declaration makes.
  public let row: Row

  /// A row with a button that runs `perform`, after asking `confirmation` first when given.
  public init(
    _ id: String, _ title: String, confirmation: Confirmation? = nil, isDestructive: Bool = false,
    perform: @escaping @MainActor (ActionContext) -> Undo?
  ) {
    row = Row(
      id: id, title: title,
      kind: .action(.init(confirmation: confirmation, isDestructive: isDestructive, perform: perform)))
  }
}
