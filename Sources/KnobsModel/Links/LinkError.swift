/// Why a link row's URL will not be opened.
package enum LinkError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text has no `scheme:` at the start, so it is not an absolute URL.
  case missingScheme(String)
  /// The text holds spaces or control characters, which a URL never does.
  case invalidCharacters(String)
  /// A scheme Knobs never opens, even when a row lists it: `file`, `javascript`, `data`, `vbscript`.
  case forbiddenScheme(String)
  /// A scheme other than `https` and `http` that the row does not list in `extraSchemes`.
  case schemeNotAllowed(String)
  /// An `http` or `https` URL without a host name.
  case missingHost(String)
  /// Foundation could not read the text as a URL.
  case malformed(String)

  package var description: String {
    switch self {
    case .missingScheme(let url):
      return tr("The link “%s” has no scheme such as https:, so it is not a complete URL.", url.escapedForMessage)
    case .invalidCharacters(let url):
      return tr("The link “%s” contains spaces or control characters.", url.escapedForMessage)
    case .forbiddenScheme(let scheme):
      return tr("Links with the %s: scheme are never opened.", scheme)
    case .schemeNotAllowed(let scheme):
      return tr("Links with the %s: scheme are not opened unless the row allows that scheme.", scheme)
    case .missingHost(let url):
      return tr("The link “%s” has no host name.", url.escapedForMessage)
    case .malformed(let url):
      return tr("The link “%s” is not a valid URL.", url.escapedForMessage)
    }
  }
}
