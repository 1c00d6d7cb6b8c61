/// The address of a row or a section: the ids of the sections and rows that
/// lead to it from the panel's first page, written with “/” between them.
///
/// A row's path is pairs of section and row ids: `appearance/dark-style` on the
/// first page, `help/about/info/version` on the page the `help/about` row opens.
/// A section's path ends with the section's id (`help/about/info`), and the
/// first page's path is empty. `schema/ID/KEY` names a key of an installed
/// schema (`SchemaPath` reads it).
///
/// Every path Knobs reads goes through one parser, `init(parsing:)`, and every
/// path it writes through one printer, `description`; panels, panel files,
/// generated pages, the command line, deep links, search and the window all
/// pass paths as this value.
public struct RowPath: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringInterpolation {
  /// The path as written, without spaces or “/” at either end (but a relocatable schema's folder's last “/”).
  public let description: String

  /// The first page.
  public static let root = RowPath(checked: "")

  private init(checked text: String) {
    description = text
  }

  /// A path as a person or a file writes it: spaces around it and “/” at either
  /// end are left out, except the last “/” of `schema/ID:/FOLDER/`, which tells
  /// that schema at that folder from `schema/ID:/FOLDER/KEY`.
  public init(parsing text: String) {
    let spaceless = text.trimmingWhitespace
    let leading = spaceless.drop { $0 == "/" }
    if Self.holdsFolder(leading.utf8) {
      description = String(leading)
      return
    }
    var end = leading.endIndex
    while end > leading.startIndex, leading[leading.index(before: end)] == "/" { end = leading.index(before: end) }
    description = String(leading[..<end])
  }

  /// Whether the text holds ":/" (a relocatable schema's "schema:/folder/"), found from colon to
  /// colon with the standard library's byte search: the text search lives in a large part of
  /// its code a start need not load, and pairing every byte with the next took 35 ms (debug) for
  /// a path of 100,000 bytes, which is refused anyway.
  private static func holdsFolder(_ bytes: Substring.UTF8View) -> Bool {
    var rest = bytes[...]
    while let colon = rest.firstIndex(of: UInt8(ascii: ":")) {
      rest = rest[rest.index(after: colon)...]
      if rest.first == UInt8(ascii: "/") { return true }
    }
    return false
  }

  public init(stringLiteral text: String) {
    self.init(parsing: text)
  }

  /// The path of ids, each a section's or a row's, from the first page.
  public init<S: Sequence>(ids: S) where S.Element: StringProtocol {
    description = ids.joined(separator: "/")
  }

  /// The ids along the path, from the first page; none for the first page.
  public var ids: [Substring] {
    description.isEmpty ? [] : description.split(separator: "/", omittingEmptySubsequences: false)
  }

  /// Whether the path names nothing (the panel itself).
  public var isEmpty: Bool { description.isEmpty }

  /// The most bytes a path may have: far more than any real one (the longest are under 200).
  /// A longer path is refused at once, before it is looked up or compared with others.
  public static let longestPath = 1024

  /// Whether the path is longer than `longestPath` bytes: it names nothing, and is refused at once.
  public var isTooLong: Bool { description.utf8.count > Self.longestPath }

  /// What is said of a path longer than `longestPath` bytes; nil for one that is not.
  public var tooLongProblem: String? {
    guard isTooLong else { return nil }
    return tr(
      "“%1$s” is %2$d bytes long; no setting's path is longer than %3$d bytes, so it was not looked up.",
      description.escapedForMessage, description.utf8.count, Self.longestPath)
  }

  /// The last id: the row's, or the section's for a section's path.
  public var lastID: Substring { ids.last ?? "" }

  /// The path of `ids` below this one: a section, or a section and its row.
  public func appending(_ ids: String...) -> RowPath {
    let local = ids.joined(separator: "/")
    return RowPath(checked: isEmpty ? local : description + "/" + local)
  }

  /// This path with its last `count` ids left out.
  public func droppingLast(_ count: Int) -> RowPath {
    // From the end, without splitting: search groups its results by page and section on every keystroke.
    var end = description.endIndex
    for _ in 0..<count {
      guard let slash = description[..<end].lastIndex(of: "/") else { return .root }
      end = slash
    }
    return RowPath(checked: String(description[..<end]))
  }

  /// For a row's path, the path of the page it is on: that of the detail row that opens the page,
  /// or the first page's.
  public var pagePath: RowPath { droppingLast(2) }

  /// For a row's path, the path of its section.
  public var sectionPath: RowPath { droppingLast(1) }

  /// Whether the path names a row: it has pairs of section and row ids.
  public var namesRow: Bool { !isEmpty && ids.count.isMultiple(of: 2) }

  /// The ids after `page`'s, when this path lies below that page; nil when it does not.
  public func ids(below page: RowPath) -> [Substring]? {
    if page.isEmpty { return ids }
    guard description.hasPrefix(page.description + "/") else { return nil }
    return description.dropFirst(page.description.count + 1).split(separator: "/", omittingEmptySubsequences: false)
  }

  /// Whether `shorter` names this path with leading ids left out (`clock/show-seconds` for
  /// `desktop/top-bar/clock/show-seconds`), or is this path.
  public func ends(with shorter: RowPath) -> Bool {
    description == shorter.description || description.hasSuffix("/" + shorter.description)
  }

  /// The shorter forms a row's path may be written in, since a row's id is unique on its page:
  /// the path, the path without the sections inside detail pages, and the row ids alone.
  public var forms: [RowPath] {
    let ids = self.ids
    guard ids.count > 2 else { return [self, RowPath(ids: stride(from: 1, to: ids.count, by: 2).map { ids[$0] })] }
    let rowsBelow = stride(from: 3, to: ids.count, by: 2).map { ids[$0] }
    let rowIDs = stride(from: 1, to: ids.count, by: 2).map { ids[$0] }
    return [self, RowPath(ids: Array(ids[0..<2]) + rowsBelow), RowPath(ids: rowIDs)]
  }

  public static func < (lhs: RowPath, rhs: RowPath) -> Bool { lhs.description < rhs.description }
}
