import FoundationEssentials
import Gtk
import KnobsModel

/// Search in the window: Ctrl+F, the header button or typing opens it; results
/// update on every keystroke, grouped by page and section in panel order.
///
/// Matching runs on the model; the results are drawn by a list view like a
/// page's (see `PageView`), so only the results on screen get widgets and a
/// keystroke costs the same whether it matches ten rows or thousands.
///
/// The search page joins the window's stack once and stays (hidden between
/// searches), and the list holds a screenful of results until the user moves
/// into it: GTK 4.8 builds and destroys a slot for each of up to 200 positions
/// as the list's length changes, and adding the page again would restyle and
/// realize all of it (see docs/design/performance.md).
@MainActor
final class SearchController {
  let entry = SearchEntry(placeholder: tr("Search settings"))
  let bar: SearchBar
  /// The search page, built by the first search: not before the window's
  /// first frame, and never in a window that is not searched.
  private var builtPage: Page?
  private var page: Page {
    if let builtPage { return builtPage }
    let page = makePage()
    builtPage = page
    return page
  }
  /// Whether a search has built the search page.
  var hasBuiltPage: Bool { builtPage != nil }
  /// The search page: the results' list, or the empty state.
  private var results: Box { page.results }
  private var scroller: ScrolledWindow { page.rows.scroller }
  private var list: ListView { page.rows.list }
  private var emptyState: Box { page.emptyState }
  /// Holds the "close matches" notice above the results while there is one.
  private var noticeSlot: Box { page.noticeSlot }
  private var closeMatchLabel: Label?
  private unowned let host: PanelView
  /// Built after the window's first frame (`prepare`), or by the first search.
  /// The index, made when first needed: of the panel's rows and the pages made on demand (schema pages).
  private var madeEngine: PanelSearch?
  private var engine: PanelSearch {
    if let madeEngine { return madeEngine }
    // Rows found only when their page opens (the history) are searched once it has: finding them
    // here would rebuild the page behind the search as the user types, and take the keyboard.
    let made = PanelSearch(panel: host.rootPanel, entries: host.rootPanel.searchableEntries)
    madeEngine = made
    return made
  }
  private var query = ""
  private var savedOffset = 0.0
  private var isShowingResults = false
  private var isInStack = false
  private var groups: [SearchGroup] = []
  /// The results listed, in order: group index and entry index in the group.
  private var shown: [(group: Int, entry: Int)] = []
  /// Each slot's result row, kept as the slot is rebound.
  private var slotRows: [ObjectIdentifier: SearchResultRow] = [:]
  /// Rows of slots GTK destroyed (the list got shorter), for the slots it
  /// builds when the list grows again: a keystroke from one match to a
  /// screenful builds some 20 slots, and their rows need not be built again.
  private var spareRows: [SearchResultRow] = []

  init(host: PanelView) {
    self.host = host
    bar = SearchBar(entry: entry)
    entry.setAccessibleLabel(tr("Search settings"))
    entry.onSearchChanged { [weak self] text in self?.update(text) }
    entry.onActivate { [weak self] in self?.activate(index: 0) }
    bar.onSearchModeChanged { [weak self] searching in
      if !searching { self?.end() }
    }
  }

  /// The widgets of the search page.
  @MainActor
  private struct Page {
    let results = Box(.vertical)
    let rows: LazyRowList
    let emptyState = Box(.vertical, spacing: 6)
    let noticeSlot = Box(.vertical)
  }

  private func makePage() -> Page {
    let rows = LazyRowList(
      label: tr("Search Results"), source: self, fillsAfterFirstFrame: false,
      recycle: { [weak self] cell in self?.recycle(cell) })
    let page = Page(rows: rows)
    let list: ListView = rows.list
    list.keepsSlots = true
    list.onActivate { [weak self] position in self?.activate(index: position) }
    let keys = KeyController(capturing: true)
    keys.onKeyPressed { [weak self] key in self?.handleKey(key) ?? false }
    list.add(keys)
    buildEmptyState(page.emptyState)
    page.noticeSlot.setMargins(top: 12, bottom: 0, start: 12, end: 12)
    page.results.append(page.noticeSlot)
    page.results.append(rows.scroller)
    page.results.append(page.emptyState)
    return page
  }

  var isActive: Bool { bar.isSearching }

  /// Whether the panel is indexed now. The first search builds the index, after the entry's
  /// typing delay, once a burst of keys has arrived (built as search opened, it held up the keys
  /// typed right after Ctrl+F, and a space among them was lost); a window nobody searched in has none.
  var isIndexed: Bool { madeEngine != nil }

  /// The paths of the rows listed, in order, for keyboard activation and tests.
  var resultPaths: [RowPath] { shown.indices.map(resultPath(at:)) }

  /// How many rows are found.
  var resultCount: Int { shown.count }

  private func resultPath(at position: Int) -> RowPath {
    groups[shown[position].group].entries[shown[position].entry].path
  }

  /// Whether results beyond a screenful are held back until the user moves into the list.
  var holdsBackResults: Bool { list.holdsBack }

  /// How many results the list holds now.
  var listedResultCount: Int { list.heldCount }

  /// The height of the results' scrolled list.
  var resultsHeight: Int32 { scroller.allocatedHeight }

  /// The list's slots (GTK's), and those of them shown: a shorter list keeps the rest hidden.
  var resultSlots: (made: Int, shown: Int) {
    (list.slotCount, list.boundCells.filter { $0.item.itemWidget?.isVisible == true }.count)
  }

  /// The result rows made so far, in slots or spare: as many as the list has
  /// had slots at once, however often it shrinks and grows.
  var resultRowsMade: Int { slotRows.count + spareRows.count }

  /// The title each drawn result shows, by position.
  var drawnResultTitles: [Int: String] {
    var titles: [Int: String] = [:]
    for (item, cell) in list.boundCells {
      guard let cell = cell as? SectionCell, !cell.isPlaceholder, let position = item.position,
        let row = slotRows[ObjectIdentifier(cell)], cell.row === row.listRow
      else { continue }
      titles[position] = row.titleText
    }
    return titles
  }

  /// The drawn results' rows (their cards), for tests of where they are.
  var drawnResultRows: [Widget] {
    list.boundCells.compactMap { _, cell in
      guard let cell = cell as? SectionCell, !cell.isPlaceholder, let row = slotRows[ObjectIdentifier(cell)],
        cell.row === row.listRow
      else { return nil }
      return row.listRow
    }
  }

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
    host.returnFreeMemory()
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

  /// How many times a query ran (for tests).
  private(set) var runs = 0

  private func run(_ text: String) {
    runs += 1
    query = text
    let trimmed = text.trimmingSpaces
    if trimmed.isEmpty {
      if isShowingResults { hideResults(transition: .none) }
      return
    }
    if !isShowingResults {
      savedOffset = host.currentPage.scroller.verticalOffset
      // The search page joins the stack once and stays, hidden between searches:
      // adding it again would style and realize all its widgets anew.
      if !isInStack {
        host.stack.addNamed(results, name: "search", title: tr("Search Results"))
        isInStack = true
      }
      results.isVisible = true
      host.stack.show(results, transition: .none)
      isShowingResults = true
    }
    let found = engine.results(for: trimmed, settings: SettingsReader(host.store))
    show(found.groups, closeTo: found.areCloseMatches ? trimmed : nil)
  }

  func refresh() {
    if isShowingResults { run(query) }
  }

  /// Shows the page search was opened on. The hidden search page is neither
  /// laid out nor seen by assistive technologies.
  private func hideResults(transition: Stack.Transition) {
    isShowingResults = false
    host.stack.show(host.currentPage.scroller, transition: transition)
    results.isVisible = false
  }

  /// Indexes the panel again after rows found at run time changed (a startup app added, say):
  /// at once while results show, else at the next search.
  func panelChanged() {
    madeEngine = nil
    refresh()
  }

  /// Replaces the listed results: a screenful at once, the rest when the user
  /// scrolls or the keyboard moves into the list, so a keystroke costs the same
  /// whatever the number of matches. (GTK 4.8 builds a slot for each of up to
  /// 200 positions, and destroys them when the next keystroke shortens the list,
  /// so listing every result even after a pause in typing would not pay.)
  /// `closeTo` is the query when the results are close matches rather than exact ones.
  private func show(_ groups: [SearchGroup], closeTo query: String?) {
    showCloseMatchNotice(for: groups.isEmpty ? nil : query)
    self.groups = groups
    shown = groups.enumerated().flatMap { group, found in found.entries.indices.map { (group, $0) } }
    // A screenful: each slot GTK builds for a keystroke costs its layout before the results show.
    let screen = scroller.allocatedHeight > 0 ? Int(scroller.allocatedHeight) : host.expectedPageHeight
    list.heldBackLimit = Stylesheet.rowsFilling(height: screen)
    list.replaceAll(count: shown.count)
    scroller.isVisible = !shown.isEmpty
    emptyState.isVisible = shown.isEmpty
    if !shown.isEmpty { scroller.verticalOffset = 0 }
  }

  func show(_ cell: SectionCell, _ item: ListItem, at position: Int) {
    let (groupIndex, entryIndex) = shown[position]
    let row = slotRows[ObjectIdentifier(cell)] ?? spareRows.popLast() ?? makeRow()
    slotRows[ObjectIdentifier(cell)] = row
    row.show(groups[groupIndex].entries[entryIndex])
    cell.show(row.listRow, in: item)
    decorate(cell, item, at: position)
  }

  private func makeRow() -> SearchResultRow {
    let row = SearchResultRow()
    row.onGo = { [weak self] path in self?.go(to: path) }
    return row
  }

  /// Takes back the row of a slot GTK destroys.
  private func recycle(_ cell: SectionCell) {
    cell.clear()
    if let row = slotRows.removeValue(forKey: ObjectIdentifier(cell)) { spareRows.append(row) }
  }

  func decorate(_ cell: SectionCell, _ item: ListItem, at position: Int) {
    let (groupIndex, entryIndex) = shown[position]
    let group = groups[groupIndex]
    let heading = (group.pageTitles + [group.section.title ?? ""]).filter { !$0.isEmpty }.joined(separator: " › ")
    let place = SectionCell.Place(
      isFirstInSection: entryIndex == 0, isLastInSection: entryIndex == group.entries.count - 1,
      isLastOnPage: position == shown.count - 1)
    cell.decorate(place, title: heading, header: nil, footer: nil)
    item.itemWidget?.setAccessiblePosition(position + 1, of: shown.count)
  }

  /// Space on a focused result goes to it, as Enter does.
  private func handleKey(_ key: Key) -> Bool {
    list.fill()
    guard key.isSpace else { return false }
    for (item, cell) in list.boundCells {
      guard let row = (cell as? SectionCell)?.row, row.hasFocus, let position = item.position else { continue }
      activate(index: position)
      return true
    }
    return false
  }

  /// Says the results are close matches, in an alert made anew each time so
  /// screen readers announce it too; nil removes it.
  private func showCloseMatchNotice(for query: String?) {
    noticeSlot.removeAll()
    closeMatchLabel = nil
    noticeSlot.isVisible = query != nil
    guard let query else { return }
    let text = tr("No exact matches; showing close matches for “%s”", query)
    let notice = Box(alertRoleWithSpacing: 6)
    notice.setAccessibleLabel(text)
    let label = Label(text)
    label.wraps = true
    label.xAlign = 0
    label.expandsHorizontally = true
    label.addCSSClass("dim-label")
    notice.append(label)
    noticeSlot.append(notice)
    closeMatchLabel = label
  }

  /// What the window says above close matches, while it shows them.
  var closeMatchNotice: String? { closeMatchLabel?.text }

  private func buildEmptyState(_ box: Box) {
    box.isVisible = false
    box.verticalAlignment = .center
    box.expandsVertically = true
    let icon = Image(iconName: "system-search-symbolic")
    icon.addCSSClass("knobs-empty-icon")
    icon.hideFromAssistiveTechnologies(label: tr("Search"))
    let title = Label(tr("No Results Found"))
    title.addCSSClass("knobs-empty-title")
    let hint = Label(tr("Try a different search."))
    hint.addCSSClass("dim-label")
    [icon, title, hint].forEach(box.append)
  }

  /// Activates the result at `index`, as a click on it would.
  func activate(index: Int) {
    guard shown.indices.contains(index) else { return }
    go(to: resultPath(at: index))
  }

  private func go(to path: RowPath) {
    end(restoring: false)
    host.open(path)
  }
}

extension SearchController: LazyRowListSource {
  func holdsRow(at position: Int) -> Bool { isShowingResults && shown.indices.contains(position) }

  func placeholder(at position: Int) -> (title: String, hasSubtitle: Bool) {
    // A result says where it is under its title.
    (groups[shown[position].group].entries[shown[position].entry].row.title, true)
  }

  /// A slot keeps its result row as it is rebound (`slotRows`).
  func release(_ cell: SectionCell) {}
}
