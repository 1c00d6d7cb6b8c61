/// A row that runs a command, optionally after asking.
public struct ActionRow: RowDeclaration {
  public let row: Row

  public init(
    _ id: String, _ title: String, confirmation: Confirmation? = nil, isDestructive: Bool = false,
    perform: @escaping @MainActor (ActionContext) -> Undo?
  ) {
    row = Row(
      id: id, title: title,
      kind: .action(.init(confirmation: confirmation, isDestructive: isDestructive, perform: perform)))
  }
}
