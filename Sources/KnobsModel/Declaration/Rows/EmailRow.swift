/// A row that composes a message.
public struct EmailRow: RowDeclaration {
  public let row: Row

  public init(
    _ id: String, _ title: String, to: [String], cc: [String] = [], bcc: [String] = [],
    subject: String? = nil, body: String? = nil
  ) {
    row = Row(
      id: id, title: title, kind: .email(.init(to: to, cc: cc, bcc: bcc, subject: subject, body: body)))
  }

  public init(
    _ id: String, _ title: String, to address: String, subject: String? = nil, body: String? = nil
  ) {
    self.init(id, title, to: [address], subject: subject, body: body)
  }
}
