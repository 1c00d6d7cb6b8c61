/// Collects the rows of a section, in order, from a declaration block.
@resultBuilder
public enum RowBuilder {
  /// A row declaration, as its row.
  public static func buildExpression(_ row: some RowDeclaration) -> [Row] { [row.row] }
  /// Rows made elsewhere, passed on as they are: `Section("all", "All") { rows }`.
  public static func buildExpression(_ rows: [Row]) -> [Row] { rows }
  /// One part (a loop, say) is passed on as it is, not copied.
  public static func buildBlock(_ part: [Row]) -> [Row] { part }
  public static func buildBlock(_ parts: [Row]...) -> [Row] { parts.flatMap { $0 } }
  /// The rows of an `if` without `else`, none when its condition fails.
  public static func buildOptional(_ part: [Row]?) -> [Row] { part ?? [] }
  /// The rows of an `if`'s first branch.
  public static func buildEither(first part: [Row]) -> [Row] { part }
  /// The rows of an `if`'s `else` branch.
  public static func buildEither(second part: [Row]) -> [Row] { part }
  /// The rows of a `for` loop, in order.
  public static func buildArray(_ parts: [[Row]]) -> [Row] {
    var all: [Row] = []
    all.reserveCapacity(parts.reduce(0) { $0 + $1.count })
    for part in parts { all.append(contentsOf: part) }
    return all
  }
}

/// Collects the sections of a panel, in order, from a declaration block.
@resultBuilder
public enum SectionBuilder {
  /// A section, as itself.
  public static func buildExpression(_ section: Section) -> [Section] { [section] }
  /// One part (a loop, say) is passed on as it is, not copied.
  public static func buildBlock(_ part: [Section]) -> [Section] { part }
  public static func buildBlock(_ parts: [Section]...) -> [Section] { parts.flatMap { $0 } }
  /// The sections of an `if` without `else`, none when its condition fails.
  public static func buildOptional(_ part: [Section]?) -> [Section] { part ?? [] }
  /// The sections of an `if`'s first branch.
  public static func buildEither(first part: [Section]) -> [Section] { part }
  /// The sections of an `if`'s `else` branch.
  public static func buildEither(second part: [Section]) -> [Section] { part }
  /// The sections of a `for` loop, in order.
  public static func buildArray(_ parts: [[Section]]) -> [Section] {
    var all: [Section] = []
    all.reserveCapacity(parts.reduce(0) { $0 + $1.count })
    for part in parts { all.append(contentsOf: part) }
    return all
  }
}
