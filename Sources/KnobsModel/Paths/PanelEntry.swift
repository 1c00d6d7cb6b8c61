/// One row of a panel as seen from the panel's first page: the row, where it
/// sits, and the detail pages a person opens to reach it.
public struct PanelEntry {
  /// `section/row` on the first page; `section/row/subsection/subrow` inside detail pages.
  public let path: String
  public let row: Row
  /// The section holding the row.
  public let section: Section
  /// Titles of the detail pages above the row, outermost first; empty on the first page.
  public let pageTitles: [String]
  /// The page the row is on.
  public let page: Panel
  /// Visibility conditions of the row, its section, and every detail row and
  /// section above it: the row can be seen only while all of them hold.
  let visibilityConditions: [Condition]

  init(
    path: String, row: Row, section: Section, pageTitles: [String], page: Panel,
    visibilityConditions: [Condition]
  ) {
    self.path = path
    self.row = row
    self.section = section
    self.pageTitles = pageTitles
    self.page = page
    self.visibilityConditions = visibilityConditions
  }

  /// The path of the page the row is on: "" for the first page, else the detail row's path.
  public var pagePath: String {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    return parts.dropLast(2).joined(separator: "/")
  }

  /// The path of the row's section, e.g. `clock` or `help/about/version`.
  public var sectionPath: String {
    String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
  }

  /// Whether a person can see the row now: it, its section and every detail row
  /// and section leading to its page are visible.
  @MainActor
  public func isVisible(_ settings: SettingsReader) -> Bool {
    visibilityConditions.allSatisfy { $0.holds(settings) }
  }
}
