/// A row that composes a message.
public struct EmailRow: RowDeclaration {
  /// The row this declaration makes.
  public let row: Row

  /// A row that writes an email to `to`, copied to `cc` and `bcc`, with `subject` and `body`.
  public init(
    _ id: String, _ title: String, to: [String], cc: [String] = [], bcc: [String] = [],
    subject: String? = nil, body: String? = nil
  ) {
    row = Row(
      id: id, title: title, kind: .email(.init(to: to, cc: cc, bcc: bcc, subject: subject, body: body)))
  }

  /// A row that writes an email to one address, with `subject` and `body`.
  public init(
    _ id: String, _ title: String, to address: String, subject: String? = nil, body: String? = nil
  ) {
    self.init(id, title, to: [address], subject: subject, body: body)
  }
}
