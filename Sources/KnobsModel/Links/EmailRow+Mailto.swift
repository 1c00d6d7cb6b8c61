extension EmailRow {
  /// A row declared with a `mailto:` URI, read with `Row.Email.parse(mailto:)`.
  ///
  /// Headers Knobs does not send (such as `attach`) are kept as unsupported,
  /// so a panel declaring them fails validation instead of dropping them quietly.
  public init(_ id: String, _ title: String, mailto: String) {
    row = Row(id: id, title: title, kind: .email(Row.Email.parse(mailto: mailto)))
  }
}
