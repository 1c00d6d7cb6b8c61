import Foundation
import Gtk
import KnobsModel

/// Search in the window: Ctrl+F, the header button or typing opens it; results
/// update on every keystroke, grouped by page and section in panel order.
///
/// Matching runs on the model; widgets are built only for rows that match.
@MainActor
final class SearchController {
  let entry = SearchEntry(placeholder: "Search settings")
  let bar: SearchBar
  private let results = ScrolledWindow()
  private let column = Box(.vertical, spacing: 24)
  private unowned let host: PanelWindow
  private let engine: PanelSearch
  private var query = ""
  private var savedOffset = 0.0
  private var isShowingResults = false
  /// The rows currently listed, in order, for keyboard activation and tests.
  private(set) var resultPaths: [String] = []
  private var resultRows: [ListBoxRow] = []
  private var resultLists: [ListBox] = []
  private var closeMatchLabel: Label?

  init(host: PanelWindow) {
    self.host = host
    engine = PanelSearch(panel: host.rootPanel)
    bar = SearchBar(entry: entry)
    entry.setAccessibleLabel("Search settings")
    column.setMargins(top: 24, bottom: 24, start: 12, end: 12)
    column.addCSSClass("knobs-page")
    results.setChild(column)
    results.onWidthChanged { [column] width in
      // The width changes during size allocation; margins must change after it.
      Task { @MainActor in
        let side = Int32(max(12, (width - PageView.maximumWidth) / 2))
        if side != column.marginStart { column.setMargins(top: 24, bottom: 24, start: side, end: side) }
      }
    }
    entry.onSearchChanged { [weak self] text in self?.update(text) }
    entry.onActivate { [weak self] in self?.activate(index: 0) }
    bar.onSearchModeChanged { [weak self] searching in
      if !searching { self?.end() }
    }
  }

  var isActive: Bool { bar.isSearching }

  func begin() {
    bar.isSearching = true
    entry.grabFocus()
  }

  /// Ends the search; by default returns to the page and scroll position from before.
  func end(restoring: Bool = true) {
    if bar.isSearching { bar.isSearching = false }
    entry.text = ""
    guard isShowingResults else { return }
    hideResults(transition: .crossfade)
    if restoring {
      let page = host.currentPage
      let offset = savedOffset
      Task { @MainActor in page.scroller.verticalOffset = offset }
    }
  }

  /// Opens search with `text` typed and shows its results at once, rather than
  /// after the entry's typing delay.
  func show(text: String) {
    begin()
    update(text)
    entry.text = text
  }

  /// Runs the search for `text` and shows the results, or the page when the query is empty.
  func update(_ text: String) {
    // The entry reports text already shown by `show(text:)` once its delay is over.
    if text == query && isShowingResults { return }
    run(text)
  }

  private func run(_ text: String) {
    query = text
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty {
      if isShowingResults { hideResults(transition: .none) }
      return
    }
    if !isShowingResults {
      savedOffset = host.currentPage.scroller.verticalOffset
      host.stack.addNamed(results, name: "search", title: "Search Results")
      host.stack.show(results, transition: .none)
      isShowingResults = true
    }
    let found = engine.results(for: trimmed, settings: SettingsReader(host.store))
    show(found.groups, closeTo: found.areCloseMatches ? trimmed : nil)
  }

  /// Shows the page again and, once GTK is done with them, drops the result rows.
  private func hideResults(transition: Stack.Transition) {
    isShowingResults = false
    host.stack.show(host.currentPage.scroller, transition: transition)
    host.stack.remove(results)
    // The row being activated may be one of them: let its signal finish first.
    Task { @MainActor [weak self] in
      guard let self, !self.isShowingResults else { return }
      self.column.removeAll()
      self.resultPaths = []
      self.resultRows = []
      self.resultLists = []
      self.closeMatchLabel = nil
    }
  }

  func refresh() {
    if isShowingResults { run(query) }
  }

  /// Lists `groups`; `closeTo` is the query when they are close matches rather than exact ones.
  private func show(_ groups: [SearchGroup], closeTo query: String?) {
    column.removeAll()
    resultPaths = []
    resultRows = []
    resultLists = []
    closeMatchLabel = nil
    guard !groups.isEmpty else { return showEmptyState() }
    if let query { showCloseMatchNotice(for: query) }
    for group in groups {
      let section = Box(.vertical, spacing: 6)
      let heading = Label(
        (group.pageTitles + [group.section.title ?? ""]).filter { !$0.isEmpty }
          .joined(separator: " › "))
      heading.xAlign = 0
      heading.addCSSClass("knobs-section-title")
      section.append(heading)
      let list = ListBox()
      list.addCSSClass("knobs-list")
      list.showsSeparators = true
      list.setAccessibleLabel(heading.text)
      for entry in group.entries {
        list.append(resultRow(entry))
      }
      section.append(list)
      column.append(section)
      resultLists.append(list)
    }
    ListChain.link(resultLists) { [weak self] in self?.resultLists ?? [] }
  }

  private func resultRow(_ entry: PanelEntry) -> ListBoxRow {
    let row = ListBoxRow()
    let content = Box(.horizontal, spacing: 12)
    content.addCSSClass("knobs-row-content")
    let text = Box(.vertical, spacing: 2)
    text.expandsHorizontally = true
    let title = Label(entry.row.title)
    title.xAlign = 0
    title.addCSSClass("knobs-row-title")
    text.append(title)
    let context = (entry.pageTitles + [entry.section.title ?? ""]).filter { !$0.isEmpty }.joined(separator: " › ")
    let subtitle = Label(context)
    subtitle.xAlign = 0
    subtitle.addCSSClass("dim-label")
    subtitle.addCSSClass("knobs-row-subtitle")
    text.append(subtitle)
    content.append(text)
    let arrow = Image(iconName: "go-next-symbolic")
    arrow.addCSSClass("dim-label")
    arrow.hideFromAssistiveTechnologies(label: "Go to setting")
    content.append(arrow)
    row.setChild(content)
    row.isActivatable = true
    row.setAccessibleLabel(entry.row.title)
    row.setAccessibleDescription("In \(context)")
    let path = entry.path
    row.onActivate { [weak self] in self?.go(to: path) }
    resultPaths.append(path)
    resultRows.append(row)
    return row
  }

  /// Says the results are close matches, as an alert so screen readers announce it too.
  private func showCloseMatchNotice(for query: String) {
    let text = "No exact matches; showing close matches for “\(query)”"
    let notice = Box(alertRoleWithSpacing: 6)
    notice.setAccessibleLabel(text)
    let label = Label(text)
    label.wraps = true
    label.xAlign = 0
    label.expandsHorizontally = true
    label.addCSSClass("dim-label")
    notice.append(label)
    column.append(notice)
    closeMatchLabel = label
  }

  /// What the window says above close matches, while it shows them.
  var closeMatchNotice: String? { closeMatchLabel?.text }

  private func showEmptyState() {
    let box = Box(.vertical, spacing: 6)
    box.verticalAlignment = .center
    box.expandsVertically = true
    let icon = Image(iconName: "system-search-symbolic")
    icon.addCSSClass("knobs-empty-icon")
    icon.hideFromAssistiveTechnologies(label: "Search")
    let title = Label("No Results Found")
    title.addCSSClass("knobs-empty-title")
    let hint = Label("Try a different search.")
    hint.addCSSClass("dim-label")
    [icon, title, hint].forEach(box.append)
    column.append(box)
  }

  /// Activates the result at `index`, as a click on it would.
  func activate(index: Int) {
    guard resultRows.indices.contains(index) else { return }
    resultRows[index].activate()
  }

  private func go(to path: String) {
    end(restoring: false)
    host.open(path: path)
  }
}
