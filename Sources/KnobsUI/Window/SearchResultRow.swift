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

  func show(_ entry: PanelEntry) {
    let place = (entry.pageTitles + [entry.section.title ?? ""]).filter { !$0.isEmpty }.joined(separator: " › ")
    title.text = entry.row.title
    context.text = place
    path = entry.path
    listRow.setAccessibleLabel(entry.row.title)
    listRow.setAccessibleDescription(tr("In %s", place))
  }
}
