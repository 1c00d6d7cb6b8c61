/// One row of a panel as seen from the panel's first page: the row, where it
/// sits, and the detail pages a person opens to reach it.
///
/// A value type over shared immutable storage, so search results copy entries
/// for the price of one reference.
public struct PanelEntry {
  private let storage: Storage

  init(
    path: RowPath, row: Row, section: Section, pageTitles: [String], page: Panel,
    visibilityConditions: [Condition]
  ) {
    storage = Storage(
      path: path, row: row, section: section, pageTitles: pageTitles, page: page,
      visibilityConditions: visibilityConditions)
  }

  /// `section/row` on the first page; `section/row/subsection/subrow` inside detail pages.
  public var path: RowPath { storage.path }
  /// The row at the entry's path.
  public var row: Row { storage.row }
  /// The section holding the row.
  public var section: Section { storage.section }
  /// Titles of the detail pages above the row, outermost first; empty on the first page.
  public var pageTitles: [String] { storage.pageTitles }
  /// The page the row is on.
  public var page: Panel { storage.page }

  /// The path of the page the row is on: empty for the first page, else the detail row's path.
  public var pagePath: RowPath { path.pagePath }

  /// The path of the row's section, e.g. `clock` or `help/about/version`.
  public var sectionPath: RowPath { path.sectionPath }

  /// Whether the row's visibility depends on settings at all.
  var hasVisibilityConditions: Bool { !storage.visibilityConditions.isEmpty }

  /// Whether a person can see the row now: it, its section and every detail row
  /// and section leading to its page are visible.
  @MainActor
  public func isVisible(_ settings: SettingsReader) -> Bool {
    storage.visibilityConditions.allSatisfy { $0.holds(settings) }
  }

  private final class Storage {
    let path: RowPath
    let row: Row
    let section: Section
    let pageTitles: [String]
    let page: Panel
    /// Conditions of the row, its section, and every detail row and section above it.
    let visibilityConditions: [Condition]

    init(
      path: RowPath, row: Row, section: Section, pageTitles: [String], page: Panel,
      visibilityConditions: [Condition]
    ) {
      self.path = path
      self.row = row
      self.section = section
      self.pageTitles = pageTitles
      self.page = page
      self.visibilityConditions = visibilityConditions
    }
  }
}
