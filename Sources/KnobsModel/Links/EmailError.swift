/// Why an email row's `mailto:` URI will not be built.
package enum EmailError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The message has no address in To.
  case noRecipients
  /// An address is not of the form `local@domain`, or holds characters that could smuggle in fields.
  case invalidAddress(String)
  /// An address holds a carriage return or line feed, which could inject mail headers.
  case lineBreakInAddress(String)
  /// The subject holds a carriage return or line feed, which could inject mail headers.
  case lineBreakInSubject
  /// A parsed `mailto:` carried headers other than to, cc, bcc, subject and body (e.g. `attach`).
  case unsupportedHeaders([String])

  package var description: String {
    switch self {
    case .noRecipients:
      return tr("The email has no recipient in To.")
    case .invalidAddress(let address):
      return tr("The address “%s” is not a valid email address.", address.escapedForMessage)
    case .lineBreakInAddress(let address):
      return tr("The address “%s” contains a line break.", address.escapedForMessage)
    case .lineBreakInSubject:
      return tr("The subject contains a line break, which mail headers cannot hold.")
    case .unsupportedHeaders(let names):
      let list = names.map(\.quotedForMessage).joined(separator: ", ")
      return tr(
        // TRANSLATORS: %s lists header names; to, cc, bcc, subject and body are header names too, not words.
        "The mailto link carries headers that are never sent: %s; only to, cc, bcc, subject and body are allowed.", list
      )
    }
  }
}
