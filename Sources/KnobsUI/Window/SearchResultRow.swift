import Gtk
import KnobsModel

/// The widgets of one search result: its title, where it is, and an arrow.
/// A slot keeps one and shows whichever result it is bound to.
@MainActor
final class SearchResultRow {
  let listRow = ListViewRow()
  private let title = Label()
  private let context = Label()
  private var path = RowPath.root
  var onGo: (@MainActor (RowPath) -> Void)?

  init() {
    let content = Box(.horizontal, spacing: 12)
    content.addCSSClass("knobs-row-content")
    let text = Box(.vertical, spacing: 2)
    text.expandsHorizontally = true
    title.xAlign = 0
    title.addCSSClass("knobs-row-title")
    context.xAlign = 0
    context.addCSSClass("dim-label")
    context.addCSSClass("knobs-row-subtitle")
    text.append(title)
    text.append(context)
    content.append(text)
    let arrow = Image(iconName: "go-next-symbolic")
    arrow.addCSSClass("dim-label")
    arrow.hideFromAssistiveTechnologies(label: tr("Go to setting"))
    content.append(arrow)
    listRow.setChild(content)
    listRow.isActivatable = true
    listRow.onActivate { [weak self] in
      guard let self else { return }
      self.onGo?(self.path)
    }
  }

  var titleText: String { title.text }

  /// Texts up to this many characters fit beside the arrow in the narrowest window and don't
  /// wrap, as a page's row beside an arrow (`RowView.shortText`).
  static let shortText = 24

  func show(_ entry: PanelEntry) {
    let place = (entry.pageTitles + [entry.section.title ?? ""]).filter { !$0.isEmpty }.joined(separator: " › ")
    title.text = entry.row.title
    context.text = place
    // Long ones wrap, as a page's rows do: a schema page's title in the place asked for its
    // whole width on one line, and the results' column, then the window, grew to hold it.
    title.wrapsWhenLonger(than: Self.shortText)
    context.wrapsWhenLonger(than: Self.shortText)
    path = entry.path
    listRow.setAccessibleLabel(entry.row.title)
    listRow.setAccessibleDescription(tr("In %s", place))
  }
}
