import Gtk
import KnobsModel

/// One page of a panel: its sections in a scrolled column, centred and at most
/// `maximumWidth` wide.
@MainActor
final class PageView {
  static let maximumWidth = 600.0
  let page: Panel
  /// The path of the detail row that opened this page, "" for the root page.
  let path: String
  let scroller = ScrolledWindow()
  let sections: [SectionView]
  private let column = Box(.vertical, spacing: 24)

  init(page: Panel, path: String, host: PageHost) {
    self.page = page
    self.path = path
    let prefix = path.isEmpty ? "" : path + "/"
    sections = page.sections.map { SectionView(section: $0, pathPrefix: prefix, host: host) }
    column.addCSSClass("knobs-page")
    column.setMargins(top: 24, bottom: 24, start: 12, end: 12)
    sections.forEach { column.append($0.container) }
    ListChain.link(sections.map(\.list)) { [weak self] in self?.sections.map(\.list) ?? [] }
    scroller.setChild(column)
    scroller.expandsVertically = true
    scroller.onWidthChanged { [weak self] width in
      // The width changes during size allocation; margins must change after it.
      Task { @MainActor in self?.fit(width: width) }
    }
    refresh(SettingsReader(host.store))
  }

  /// Keeps the column centred and no wider than `maximumWidth`, with a comfortable margin.
  private func fit(width: Double) {
    let side = Int32(max(12, (width - Self.maximumWidth) / 2))
    guard side != column.marginStart else { return }
    column.setMargins(top: 24, bottom: 24, start: side, end: side)
  }

  func refresh(_ settings: SettingsReader) {
    sections.forEach { $0.refresh(settings) }
  }

  var rows: [RowView] { sections.flatMap(\.rows) }

  func rowView(path: String) -> RowView? { rows.first { $0.path == path } }

  /// Scrolls so `widget` (a row or a section) is in view, with some room above it.
  func scroll(to widget: Widget) {
    guard let origin = widget.origin(in: column) else { return }
    let visibleTop = scroller.verticalOffset
    let visibleBottom = visibleTop + scroller.pageSize
    if origin.y < visibleTop || origin.y + Double(widget.allocatedHeight) > visibleBottom {
      scroller.verticalOffset = max(0, origin.y - 48)
    }
  }
}
