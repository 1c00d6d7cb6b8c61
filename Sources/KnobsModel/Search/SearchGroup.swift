/// The matches of a search in one section on one page.
public struct SearchGroup {
  /// Titles of the detail pages above the section, outermost first; empty on the first page.
  public let pageTitles: [String]
  /// The path of the page the section is on: empty for the first page, else its detail row's path.
  public let pagePath: RowPath
  /// The section path, e.g. `clock` or `help/about/version`.
  public let sectionPath: RowPath
  /// The section the rows are in.
  public let section: Section
  /// The matching rows, in display order.
  public internal(set) var entries: [PanelEntry]
}
