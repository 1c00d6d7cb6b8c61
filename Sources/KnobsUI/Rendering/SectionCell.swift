import Gtk

/// One slot of a sectioned list: a row in its card, with the section's title
/// and header above it when it is the section's first row, and the footer below
/// it when it is the last. Slots are recycled as the list scrolls, so all of
/// this changes on every `bind`.
///
/// GTK 4.8's list views have no section headers (4.12 has), so a section is
/// drawn by its rows: the first and last round the card's corners.
///
/// GTK 4.8 keeps up to 200 slots, and builds and destroys them as the list's
/// length changes (every search keystroke), so a slot builds only what it
/// shows: the title, header, footer and placeholder when first needed.
@MainActor
final class SectionCell: ListCell {
  private let column = Box(.vertical)
  var root: Widget { column }
  private var title: Label?
  private var header: Label?
  private let slot = Box(.vertical)
  private var footer: Label?
  /// The row shown now, if any.
  private(set) var row: ListViewRow?
  /// Stands in for a row that is bound but off screen: an empty card of about its height.
  private var placeholder: Box?
  /// The slot the cell is bound to, while it is.
  private(set) var item: ListItem?
  private let binder: @MainActor (SectionCell, ListItem) -> Void
  private let unbinder: @MainActor (SectionCell, ListItem) -> Void
  /// Runs when GTK destroys the slot, to take back what the cell borrowed.
  var onTeardown: (@MainActor (SectionCell) -> Void)?

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
    column.append(slot)
  }

  func bind(_ item: ListItem) {
    self.item = item
    binder(self, item)
  }

  func unbind(_ item: ListItem) {
    unbinder(self, item)
    self.item = nil
  }

  func teardown() { onTeardown?(self) }

  /// Whether the card shows a placeholder rather than a row.
  var isPlaceholder: Bool { placeholder?.isVisible == true }

  /// Shows an empty card `height` pixels tall instead of a row.
  func showPlaceholder(height: Int32) {
    clear()
    let placeholder = placeholder ?? makePlaceholder()
    placeholder.setSizeRequest(width: -1, height: height)
    placeholder.isVisible = true
  }

  private func makePlaceholder() -> Box {
    let placeholder = Box(.vertical)
    placeholder.addCSSClass("knobs-row-card")
    slot.append(placeholder)
    self.placeholder = placeholder
    return placeholder
  }

  /// Whether any of the cell is within `margin` pixels of what `viewport` shows.
  /// Whether GTK has given the slot a place; one it has not cannot say where it is.
  var isAllocated: Bool { column.allocatedHeight > 0 }

  func isNear(_ viewport: Widget, height: Double, margin: Double) -> Bool {
    guard column.allocatedHeight > 0, let origin = column.origin(in: viewport) else { return false }
    return origin.y + Double(column.allocatedHeight) > -margin && origin.y < height + margin
  }

  /// Puts `row` in the card, taking it from wherever it was.
  func show(_ row: ListViewRow, in item: ListItem) {
    placeholder?.isVisible = false
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
    show(place.isFirstInSection ? title : nil, in: &self.title, after: nil, classes: ["knobs-section-title"])
    show(
      place.isFirstInSection ? header : nil, in: &self.header, after: self.title,
      classes: ["knobs-section-header", "dim-label"])
    show(
      place.isLastInSection ? footer : nil, in: &self.footer, after: slot,
      classes: ["knobs-section-footer", "dim-label"])
    toggle(column, "knobs-section-start", place.isFirstInSection)
    toggle(column, "knobs-section-end", place.isLastInSection)
    toggle(column, "knobs-page-end", place.isLastOnPage)
    for card in [row as Widget?, placeholder].compactMap({ $0 }) {
      toggle(card, "knobs-first", place.isFirstInSection)
      toggle(card, "knobs-last", place.isLastInSection)
    }
  }

  /// Shows `text` in `label`, built (right after `sibling`) the first time there is text.
  private func show(_ text: String?, in label: inout Label?, after sibling: Widget?, classes: [String]) {
    guard let text, !text.isEmpty else {
      label?.isVisible = false
      return
    }
    if let label {
      label.text = text
      label.isVisible = true
      return
    }
    let made = Label(text)
    classes.forEach(made.addCSSClass)
    made.xAlign = 0
    made.wraps = true
    column.insert(made, after: sibling)
    label = made
  }

  private func toggle(_ widget: Widget, _ name: String, _ on: Bool) {
    if on { widget.addCSSClass(name) } else { widget.removeCSSClass(name) }
  }

  var titleText: String { title.map { $0.isVisible ? $0.text : "" } ?? "" }
  var footerText: String { footer.map { $0.isVisible ? $0.text : "" } ?? "" }
}
