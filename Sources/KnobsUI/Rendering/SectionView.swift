import Gtk
import KnobsModel

/// One section drawn GNOME-style: a heading, an optional dim description, the
/// rows in a rounded card, and an optional dim footer that wraps.
@MainActor
final class SectionView {
  let section: Section
  let container = Box(.vertical, spacing: 6)
  let rows: [RowView]
  let list = ListBox()
  private let headerLabel = Label()
  private let footerLabel = Label()

  init(section: Section, pathPrefix: String, host: PageHost) {
    self.section = section
    rows = section.rows.map { RowView(row: $0, path: pathPrefix + section.id + "/" + $0.id, host: host) }
    container.addCSSClass("knobs-section")
    if let title = section.title {
      let titleLabel = Label(title)
      titleLabel.xAlign = 0
      titleLabel.wraps = true
      titleLabel.addCSSClass("knobs-section-title")
      container.append(titleLabel)
    }
    // An untitled section's list is named by its rows, so it is never read as "GtkListBox".
    list.setAccessibleLabel(section.title ?? section.rows.map(\.title).joined(separator: ", "))
    for label in [headerLabel, footerLabel] {
      label.xAlign = 0
      label.wraps = true
      label.addCSSClass("dim-label")
    }
    headerLabel.addCSSClass("knobs-section-header")
    footerLabel.addCSSClass("knobs-section-footer")
    container.append(headerLabel)
    list.addCSSClass("knobs-list")
    list.showsSeparators = true
    list.activatesOnSingleClick = true
    rows.forEach { list.append($0.listRow) }
    container.append(list)
    container.append(footerLabel)
  }

  /// Updates texts, rows and visibility; a section whose rows are all hidden hides with its title.
  func refresh(_ settings: SettingsReader) {
    rows.forEach { $0.refresh(settings) }
    headerLabel.text = section.header?.text(settings) ?? ""
    headerLabel.isVisible = !headerLabel.text.isEmpty
    footerLabel.text = section.footer?.text(settings) ?? ""
    footerLabel.isVisible = !footerLabel.text.isEmpty
    let anyRowVisible = rows.contains { $0.listRow.isVisible }
    container.isVisible = anyRowVisible && (section.visibleWhen?.holds(settings) ?? true)
  }

  var footerText: String { footerLabel.isVisible ? footerLabel.text : "" }
  var headerText: String { headerLabel.isVisible ? headerLabel.text : "" }
}
