import Gtk
import KnobsModel

/// One section of a page: which of its rows are shown, and its texts. Its
/// title, header, rows and footer are drawn by the page's list (`SectionCell`).
@MainActor
final class SectionView {
  private(set) var section: Section
  /// The section's index in its page.
  let index: Int
  /// The section's path, e.g. `clock`; its rows' paths are this and their ids.
  let path: RowPath
  weak var page: PageView?
  /// Whether the section shows: its condition holds and one of its rows shows.
  private(set) var isVisible = true
  private var rowVisible: [Bool]
  private var settings: SettingsReader?

  init(section: Section, index: Int, pagePath: RowPath) {
    self.section = section
    self.index = index
    path = pagePath.appending(section.id)
    rowVisible = Array(repeating: true, count: section.rows.count)
  }

  /// Works out which rows show; a section whose rows are all hidden hides with its title.
  func refresh(_ settings: SettingsReader) {
    self.settings = settings
    // By index: a loop over the rows would copy each whole row to read one condition.
    for index in section.rows.indices {
      rowVisible[index] = section.rows[index].visibleWhen?.holds(settings) ?? true
    }
    isVisible = rowVisible.contains(true) && (section.visibleWhen?.holds(settings) ?? true)
  }

  func isRowVisible(_ index: Int) -> Bool { rowVisible[index] }

  /// Takes the rows its source found now; `refresh` then works out which show.
  func replaceRows(_ rows: [Row]) {
    section.rows = rows
    rowVisible = Array(repeating: true, count: rows.count)
  }

  /// The section's row views, built if they are not yet (for tests and tools, not for drawing).
  var rows: [RowView] {
    guard let page else { return [] }
    return section.rows.indices.map { page.rowView(at: RowAddress(section: index, row: $0)) }
  }

  var footerText: String { settings.flatMap { section.footer?.text($0) } ?? "" }
}
