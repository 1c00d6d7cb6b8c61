extension Row.Email {
  /// The `mailto:` URI (RFC 6068) for this message, built from the typed fields.
  ///
  /// The To addresses are joined by `,`; `cc`, `bcc`, `subject` and `body`
  /// follow after `?`, joined by `&`, empty ones left out. Every field is
  /// percent-encoded over its UTF-8 bytes, keeping only unreserved characters
  /// (and `@` in addresses); body line breaks become `%0D%0A`. Nothing is ever
  /// dropped silently: a bad address or a line break in the subject throws.
  package func mailtoURI() throws(EmailError) -> String {
    if let error = problems.first { throw error }
    var uri = "mailto:" + Self.encodedList(to)
    var fields: [String] = []
    if !cc.isEmpty { fields.append("cc=" + Self.encodedList(cc)) }
    if !bcc.isEmpty { fields.append("bcc=" + Self.encodedList(bcc)) }
    if let subject, !subject.isEmpty { fields.append("subject=" + MailtoEncoding.encode(subject)) }
    if let body, !body.isEmpty {
      fields.append("body=" + MailtoEncoding.encode(MailtoEncoding.normalizingLineBreaks(body)))
    }
    if !fields.isEmpty { uri += "?" + fields.joined(separator: "&") }
    return uri
  }

  /// The To addresses as a person reads them, joined by ", ".
  package var displayAddress: String {
    to.joined(separator: ", ")
  }

  /// Reads a `mailto:` URI into typed fields, percent-decoding each one.
  ///
  /// Headers other than to, cc, bcc, subject and body are not kept: their names
  /// go into `unsupportedHeaders`, so validation reports them. Text without a
  /// `mailto:` prefix is read as the To part.
  package static func parse(mailto text: String) -> Row.Email {
    var rest = Substring(text)
    if rest.lowercased().hasPrefix("mailto:") { rest = rest.dropFirst("mailto:".count) }
    let query = rest.firstIndex(of: "?")
    var email = Row.Email(to: decodedList(rest[..<(query ?? rest.endIndex)]))
    guard let query else { return email }
    for field in rest[rest.index(after: query)...].split(separator: "&") {
      let equals = field.firstIndex(of: "=") ?? field.endIndex
      let name = PercentDecoding.decode(String(field[..<equals])).lowercased()
      let raw = equals == field.endIndex ? "" : field[field.index(after: equals)...]
      switch name {
      case "to": email.to += decodedList(raw)
      case "cc": email.cc += decodedList(raw)
      case "bcc": email.bcc += decodedList(raw)
      case "subject": email.subject = PercentDecoding.decode(String(raw))
      case "body": email.body = PercentDecoding.decode(String(raw))
      default: email.unsupportedHeaders.append(name)
      }
    }
    return email
  }

  /// Everything wrong with the message, in field order; empty when a URI can be built.
  var problems: [EmailError] {
    var found: [EmailError] = []
    if to.isEmpty { found.append(.noRecipients) }
    for address in allAddresses {
      if EmailAddress.hasLineBreak(address) {
        found.append(.lineBreakInAddress(address))
      } else if !EmailAddress.isValid(address) {
        found.append(.invalidAddress(address))
      }
    }
    if let subject, EmailAddress.hasLineBreak(subject) { found.append(.lineBreakInSubject) }
    if !unsupportedHeaders.isEmpty { found.append(.unsupportedHeaders(unsupportedHeaders)) }
    return found
  }

  private static func encodedList(_ addresses: [String]) -> String {
    addresses.map { MailtoEncoding.encode($0, keepingAt: true) }.joined(separator: ",")
  }

  /// Addresses separated by raw or encoded commas: each one is decoded, then split.
  private static func decodedList(_ text: Substring) -> [String] {
    text.split(separator: ",").flatMap { part in
      PercentDecoding.decode(String(part)).split(separator: ",").map(String.init)
    }
  }
}
