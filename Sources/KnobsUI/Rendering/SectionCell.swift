import Gtk

/// One slot of a sectioned list: a row in its card, with the section's title
/// and header above it when it is the section's first row, and the footer below
/// it when it is the last. Slots are recycled as the list scrolls, so all of
/// this changes on every `bind`.
///
/// GTK 4.8's list views have no section headers (4.12 has), so a section is
/// drawn by its rows: the first and last round the card's corners.
@MainActor
final class SectionCell: ListCell {
  private let column = Box(.vertical)
  var root: Widget { column }
  private let title = Label()
  private let header = Label()
  private let slot = Box(.vertical)
  private let footer = Label()
  /// The row shown now, if any.
  private(set) var row: ListViewRow?
  /// Stands in for a row that is bound but off screen: an empty card of about its height.
  private let placeholder = Box(.vertical)
  /// The slot the cell is bound to, while it is.
  private(set) var item: ListItem?
  private let binder: @MainActor (SectionCell, ListItem) -> Void
  private let unbinder: @MainActor (SectionCell, ListItem) -> Void

  /// Where the cell's row sits in its section and page.
  struct Place: Equatable {
    var isFirstInSection: Bool
    var isLastInSection: Bool
    var isLastOnPage: Bool
  }

  init(
    bind: @escaping @MainActor (SectionCell, ListItem) -> Void,
    unbind: @escaping @MainActor (SectionCell, ListItem) -> Void
  ) {
    binder = bind
    unbinder = unbind
    column.addCSSClass("knobs-cell")
    title.addCSSClass("knobs-section-title")
    header.addCSSClass("knobs-section-header")
    footer.addCSSClass("knobs-section-footer")
    for label in [title, header, footer] {
      label.xAlign = 0
      label.wraps = true
      label.isVisible = false
    }
    header.addCSSClass("dim-label")
    footer.addCSSClass("dim-label")
    column.append(title)
    column.append(header)
    column.append(slot)
    placeholder.addCSSClass("knobs-row-card")
    placeholder.isVisible = false
    slot.append(placeholder)
    column.append(footer)
  }

  func bind(_ item: ListItem) {
    self.item = item
    binder(self, item)
  }

  func unbind(_ item: ListItem) {
    unbinder(self, item)
    self.item = nil
  }

  /// Whether the card shows a placeholder rather than a row.
  var isPlaceholder: Bool { placeholder.isVisible }

  /// Shows an empty card `height` pixels tall instead of a row.
  func showPlaceholder(height: Int32) {
    clear()
    placeholder.setSizeRequest(width: -1, height: height)
    placeholder.isVisible = true
  }

  /// Whether any of the cell is within `margin` pixels of what `viewport` shows.
  func isNear(_ viewport: Widget, height: Double, margin: Double) -> Bool {
    guard column.allocatedHeight > 0, let origin = column.origin(in: viewport) else { return false }
    return origin.y + Double(column.allocatedHeight) > -margin && origin.y < height + margin
  }

  /// Puts `row` in the card, taking it from wherever it was.
  func show(_ row: ListViewRow, in item: ListItem) {
    placeholder.isVisible = false
    if self.row !== row {
      clear()
      slot.append(row)
      self.row = row
    }
    row.addCSSClass("knobs-row-card")
    row.attach(to: item)
  }

  /// Empties the card (the row is kept by its owner for later).
  func clear() {
    guard let row else { return }
    row.detach()
    slot.remove(row)
    self.row = nil
  }

  /// Shows the section's title, header and footer where the row's place calls for them.
  func decorate(_ place: Place, title: String?, header: String?, footer: String?) {
    show(self.title, place.isFirstInSection ? title : nil)
    show(self.header, place.isFirstInSection ? header : nil)
    show(self.footer, place.isLastInSection ? footer : nil)
    toggle(column, "knobs-section-start", place.isFirstInSection)
    toggle(column, "knobs-section-end", place.isLastInSection)
    toggle(column, "knobs-page-end", place.isLastOnPage)
    for card in [row as Widget?, placeholder].compactMap({ $0 }) {
      toggle(card, "knobs-first", place.isFirstInSection)
      toggle(card, "knobs-last", place.isLastInSection)
    }
  }

  private func show(_ label: Label, _ text: String?) {
    let text = text ?? ""
    label.text = text
    label.isVisible = !text.isEmpty
  }

  private func toggle(_ widget: Widget, _ name: String, _ on: Bool) {
    if on { widget.addCSSClass(name) } else { widget.removeCSSClass(name) }
  }

  var titleText: String { title.isVisible ? title.text : "" }
  var footerText: String { footer.isVisible ? footer.text : "" }
}
