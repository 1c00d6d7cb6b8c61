extension Row {
  /// A message to compose: addresses and optional fields, kept typed so the
  /// `mailto:` URI can be built safely.
  public struct Email {
    /// The addresses the message is to.
    public var to: [String]
    /// The addresses the message is copied to.
    public var cc: [String]
    /// The addresses the message is copied to unseen.
    public var bcc: [String]
    /// The message's subject; nil for none.
    public var subject: String?
    /// The message's text; nil for none.
    public var body: String?
    /// Header names that a parsed `mailto:` carried and Knobs refuses to send (validation reports them).
    public var unsupportedHeaders: [String]

    /// An email link with these addresses and fields; `unsupportedHeaders` lists the `mailto:` fields
    /// it leaves out.
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
