import Gtk
import KnobsModel

/// A modal window listing installed applications with their icons, searched
/// as you type. Enter or a click on an application chooses it; Escape or
/// Cancel closes the window. The focus starts in the search field; Down moves
/// into the list, and typing in the list goes on searching.
@MainActor
final class ApplicationChooser: Dialog {
  let search = SearchEntry(placeholder: tr("Search apps"))
  let list = ListBox()
  private let scroller = ScrolledWindow()
  private let empty = Label()
  private let applications: [DesktopApplication]
  private var rows: [ListBoxRow] = []
  private let onChoose: @MainActor (DesktopApplication) -> Void

  init(title: String, applications: [DesktopApplication], onChoose: @escaping @MainActor (DesktopApplication) -> Void) {
    self.applications = applications
    self.onChoose = onChoose
    super.init(title: title, heading: nil, width: 420, height: 560)
    buildHeader(title)
    search.setAccessibleLabel(tr("Search apps"))
    search.setMargins(top: 12, bottom: 12, start: 12, end: 12)
    column.append(search)
    list.addCSSClass("knobs-app-list")
    list.activatesOnSingleClick = true
    list.setAccessibleLabel(tr("Apps"))
    for application in applications {
      let row = row(for: application)
      rows.append(row)
      list.append(row)
    }
    scroller.setChild(list)
    scroller.expandsVertically = true
    column.append(scroller)
    empty.addCSSClass("dim-label")
    empty.wraps = true
    empty.setMargins(top: 24, bottom: 24, start: 24, end: 24)
    empty.expandsVertically = true
    column.append(empty)
    connect()
    filter("")
    initialFocus = search
  }

  private func buildHeader(_ title: String) {
    let header = HeaderBar()
    let cancel = Button(label: tr("Cancel"))
    cancel.setAccessibleLabel(tr("Cancel"))
    cancel.onClick { [weak self] in self?.close() }
    header.packStart(cancel)
    let titleLabel = Label(title)
    titleLabel.addCSSClass("title")
    header.setTitleWidget(titleLabel)
    window.setTitlebar(header)
  }

  private func row(for application: DesktopApplication) -> ListBoxRow {
    let row = ListBoxRow()
    let line = Box(.horizontal, spacing: 12)
    line.setMargins(top: 8, bottom: 8, start: 12, end: 12)
    let icon = Image(applicationIcon: application.iconName ?? "", fallback: "application-x-executable", pixelSize: 32)
    icon.hideFromAssistiveTechnologies(label: "")
    line.append(icon)
    let text = Box(.vertical, spacing: 2)
    text.verticalAlignment = .center
    text.expandsHorizontally = true
    let name = Label(application.name)
    name.xAlign = 0
    name.ellipsizesEnd = true
    text.append(name)
    if !application.comment.isEmpty {
      let comment = Label(application.comment)
      comment.xAlign = 0
      comment.ellipsizesEnd = true
      comment.addCSSClass("dim-label")
      comment.addCSSClass("knobs-row-subtitle")
      text.append(comment)
    }
    line.append(text)
    row.setChild(line)
    row.setAccessibleLabel(application.name)
    row.setAccessibleDescription(application.comment)
    row.tooltip = application.comment.isEmpty ? nil : application.comment
    return row
  }

  private func connect() {
    list.onRowActivated { [weak self] index in self?.choose(at: index) }
    search.onSearchChanged { [weak self] text in self?.filter(text) }
    // Enter chooses the first match once something is typed (or only one app is listed).
    search.onActivate { [weak self] in
      guard let self, let first = self.visibleIndices.first else { return }
      guard !self.search.text.trimmingSpaces.isEmpty || self.visibleIndices.count == 1
      else { return }
      self.choose(at: first)
    }
    search.onStopSearch { [weak self] in self?.close() }
    search.captureKeys(from: list)
    let searchKeys = KeyController()
    searchKeys.onKeyPressed { [weak self] key in
      guard key.isDown, let self else { return false }
      return self.list.focusRow(last: false)
    }
    search.add(searchKeys)
    list.onKeynavFailed { [weak self] direction in
      guard direction == .up, let self else { return false }
      return self.search.grabFocus()
    }
  }

  /// Shows the applications matching `text`, or says that none does.
  func filter(_ text: String) {
    for (row, application) in zip(rows, applications) { row.isVisible = application.matches(text) }
    let count = visibleIndices.count
    scroller.isVisible = count > 0
    empty.isVisible = count == 0
    empty.text =
      applications.isEmpty
      ? tr("No other apps are installed.")
      : tr("No apps match “%s”.", text.trimmingSpaces)
    list.setAccessibleDescription(count == 1 ? "1 app" : "\(count) apps")
  }

  /// The indices of the applications shown now.
  var visibleIndices: [Int] { rows.indices.filter { rows[$0].isVisible } }

  /// The names of the applications shown now, for tests.
  var visibleNames: [String] { visibleIndices.map { applications[$0].name } }

  /// Chooses the application at `index`, as Enter or a click on it does.
  func choose(at index: Int) {
    guard isOpen, applications.indices.contains(index) else { return }
    close()
    onChoose(applications[index])
  }
}
