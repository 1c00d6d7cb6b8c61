extension Row {
  /// A message to compose: addresses and optional fields, kept typed so the
  /// `mailto:` URI can be built safely.
  public struct Email {
    public var to: [String]
    public var cc: [String]
    public var bcc: [String]
    public var subject: String?
    public var body: String?
    /// Header names that a parsed `mailto:` carried and Knobs refuses to send (validation reports them).
    public var unsupportedHeaders: [String]

    public init(
      to: [String], cc: [String] = [], bcc: [String] = [], subject: String? = nil, body: String? = nil,
      unsupportedHeaders: [String] = []
    ) {
      self.to = to
      self.cc = cc
      self.bcc = bcc
      self.subject = subject
      self.body = body
      self.unsupportedHeaders = unsupportedHeaders
    }

    /// Every address, in order: to, cc, bcc.
    package var allAddresses: [String] { to + cc + bcc }
  }
}
