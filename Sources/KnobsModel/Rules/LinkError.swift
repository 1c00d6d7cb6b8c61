/// Why a link row's URL will not be opened.
public enum LinkError: Error, Hashable, Sendable, CustomStringConvertible {
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

  public var description: String {
    switch self {
    case .missingScheme(let url):
      return "The link \(url.quotedForMessage) has no scheme such as https:, so it is not a complete URL."
    case .invalidCharacters(let url):
      return "The link \(url.quotedForMessage) contains spaces or control characters."
    case .forbiddenScheme(let scheme):
      return "Links with the \(scheme): scheme are never opened."
    case .schemeNotAllowed(let scheme):
      return "Links with the \(scheme): scheme are not opened unless the row allows that scheme."
    case .missingHost(let url):
      return "The link \(url.quotedForMessage) has no host name."
    case .malformed(let url):
      return "The link \(url.quotedForMessage) is not a valid URL."
    }
  }
}
