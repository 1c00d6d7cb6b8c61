/// What a search found: the exact matches, or when there are none, close ones.
public struct SearchResults {
  /// The matching rows grouped by section, in panel order.
  public let groups: [SearchGroup]
  /// Whether nothing matched exactly and `groups` holds close matches of
  /// mistyped words ("dark stile" finding Dark Style).
  public let areCloseMatches: Bool

  /// How many rows were found.
  public var rowCount: Int { groups.reduce(0) { $0 + $1.entries.count } }
}
