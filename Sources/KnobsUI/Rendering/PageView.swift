import Gtk
import KnobsModel

/// One page of a panel: its sections as one list, centred and at most
/// `LazyRowList.maximumWidth` wide, that builds the widgets of the rows on screen only.
///
/// One GtkListView over the page's shown rows: each slot holds a row in its
/// card with its section's title, header or footer (GTK 4.8 lists have no
/// section headers). Row views are kept a while after they scroll away
/// (`RowCache`), so scrolling back finds the same widgets. GTK 4.8 binds up to
/// 200 slots whatever the screen shows and knows no height before its first
/// frame, so far slots show a placeholder (`LazyRowList`) and the list holds
/// a screenful until that frame (`rowsOnScreen`). Found rows that change are
/// spliced in where they differ, keeping the focus (`reloadFoundRows`).
/// See docs/design/rendering.md and docs/design/performance.md.
@MainActor
final class PageView {
  private(set) var page: Panel
  /// The path of the detail row that opened this page, empty for the root page.
  let path: RowPath
  let sections: [SectionView]
  private var rows: LazyRowList!
  var scroller: ScrolledWindow { rows.scroller }
  var list: ListView { rows.list }
  private weak var host: PageHost?
  /// The rows the list shows, in order: rows and sections that are hidden are left out.
  private(set) var shown: [RowAddress] = []
  private var cache = RowCache()
  /// The keys the conditions of the page's sections and rows read, which decide what is shown.
  private let visibilityKeys = KeyReads()
  /// The keys the section headers and footers on screen read.
  private let decorationKeys = KeyReads()

  init(page: Panel, path: RowPath, host: PageHost) {
    self.page = page
    self.path = path
    self.host = host
    sections = page.sections.enumerated().map { SectionView(section: $1, index: $0, pagePath: path) }
    rows = LazyRowList(label: page.title, source: self)
    list.onActivate { [weak self] position in self?.rowView(atPosition: position)?.activate() }
    let keys = KeyController(capturing: true)
    keys.onKeyPressed { [weak self] key in self?.handleKey(key) ?? false }
    list.add(keys)
    sections.forEach { $0.page = self }
    refresh(SettingsReader(host.store))
  }

  /// Updates which rows are shown, then the rows and section texts on screen;
  /// rows off screen catch up when they are bound again. With `changed`, only
  /// what shows that key is updated: visibility when a condition read it, the
  /// rows on screen that show it, and section texts that read it.
  func refresh(_ settings: SettingsReader, changed key: SettingKey? = nil) {
    if key.map(visibilityKeys.include) ?? true {
      visibilityKeys.reset()
      let recording = settings.recording(into: visibilityKeys)
      for section in sections { section.refresh(recording) }
      // Plain loops: a lazy filter and map call their closures through generic
      // code, each call checking that it runs on the main actor.
      var now: [RowAddress] = []
      now.reserveCapacity(sections.reduce(0) { $0 + $1.section.rows.count })
      for section in sections where section.isVisible {
        for row in section.section.rows.indices where section.isRowVisible(row) {
          now.append(RowAddress(section: section.index, row: row))
        }
      }
      replaceShown(with: now)
    }
    let redecorates = key.map(decorationKeys.include) ?? true
    if key == nil { decorationKeys.reset() }
    for (item, cell) in list.boundCells {
      guard let cell = cell as? SectionCell, let position = item.position, shown.indices.contains(position)
      else { continue }
      if let rowView = cellRow(cell), key.map(rowView.shows) ?? true { rowView.refresh(settings) }
      if redecorates { decorate(cell, item, at: position, settings) }
    }
  }

  /// Changes the list where `shown` changed, so unchanged slots are not rebound.
  private func replaceShown(with now: [RowAddress]) {
    let old = shown
    guard now != old else { return }
    if old.isEmpty, list.holdsBack, let host {
      list.heldBackLimit = Self.rowsOnScreen(now, height: host.expectedPageHeight)
    }
    let change = Self.difference(old, now)
    shown = now
    list.splice(at: change.start, removing: change.removing, adding: change.adding)
  }

  /// How many of `rows`, from the top, a window `height` pixels tall shows
  /// before the page's first frame: each row and each section's start at
  /// their least height below the least header bar, a row cut by the bottom
  /// edge included. Rows beyond wait for the frame to be painted.
  static func rowsOnScreen(_ rows: [RowAddress], height: Int) -> Int {
    let bottom = height - Stylesheet.minimumHeaderBarHeight
    var top = 0
    var count = 0
    var section = -1
    for address in rows {
      if address.section != section {
        section = address.section
        top += Stylesheet.minimumSectionStart
      }
      guard top < bottom else { break }
      count += 1
      top += Stylesheet.minimumRowHeight
    }
    return max(8, count)
  }

  /// Where two lists differ: the first position that differs, and how many
  /// items go and come there (the common prefix and suffix stay).
  static func difference<T: Equatable>(_ old: [T], _ new: [T]) -> (start: Int, removing: Int, adding: Int) {
    let prefix = zip(old, new).prefix { $0 == $1 }.count
    let limit = min(old.count, new.count) - prefix
    var suffix = 0
    while suffix < limit, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
    return (prefix, old.count - prefix - suffix, new.count - prefix - suffix)
  }

  /// Takes the rows that sections with a row source have now, keeping the
  /// widgets of rows found again (same id and texts) and splicing the list
  /// only where the section's shown rows differ; a focused row that went
  /// passes the focus to the row that took its place.
  func reloadFoundRows(_ settings: SettingsReader) {
    var refocus: RowAddress?
    for section in sections {
      guard let source = section.section.rowSource else { continue }
      let old = section.section.rows
      let new = source.rows
      let oldIdentities = old.map(RowView.identity)
      let newIdentities = new.map(RowView.identity)
      guard oldIdentities != newIdentities else { continue }
      var newIndex: [String: Int] = [:]
      for (index, identity) in newIdentities.enumerated() where newIndex[identity] == nil { newIndex[identity] = index }
      var moves: [Int: Int] = [:]
      for (index, identity) in oldIdentities.enumerated() { moves[index] = newIndex[identity] }
      for index in old.indices where moves[index] == nil {
        if cache[RowAddress(section: section.index, row: index)]?.listRow.containsFocus == true {
          refocus = RowAddress(section: section.index, row: min(index, new.count - 1))
        }
      }
      let oldPositions = shown.indices.filter { shown[$0].section == section.index }
      let oldShown = oldPositions.map { oldIdentities[shown[$0].row] }
      section.replaceRows(new)
      page.sections[section.index].rows = new
      cache.remap(section: section.index, moves)
      section.refresh(settings)
      let nowShown = section.isVisible ? new.indices.filter { section.isRowVisible($0) } : []
      let start = oldPositions.first ?? shown.firstIndex { $0.section > section.index } ?? shown.count
      shown.replaceSubrange(
        start..<start + oldPositions.count, with: nowShown.map { RowAddress(section: section.index, row: $0) })
      let change = Self.difference(oldShown, nowShown.map { newIdentities[$0] })
      if change.removing > 0 || change.adding > 0 {
        list.splice(at: start + change.start, removing: change.removing, adding: change.adding)
      }
    }
    refresh(settings)
    if let refocus, refocus.row >= 0 { Task { await focus(refocus) } }
  }

  private func show(_ cell: SectionCell, _ item: ListItem, at position: Int, _ settings: SettingsReader) {
    let rowView = rowView(at: shown[position])
    if let other = cache.cell(showing: rowView), other !== cell { other.clear() }
    if let bound = cellRow(cell), bound !== rowView { cache.unbound(bound) }
    rowView.refresh(settings)
    cell.show(rowView.listRow, in: item)
    cache.bound(rowView, to: cell)
  }

  private func cellRow(_ cell: SectionCell) -> RowView? {
    guard let row = cell.row else { return nil }
    return cache.rowView(showing: row)
  }

  private func decorate(_ cell: SectionCell, _ item: ListItem, at position: Int, _ settings: SettingsReader) {
    let address = shown[position]
    let section = sections[address.section]
    let place = SectionCell.Place(
      isFirstInSection: position == 0 || shown[position - 1].section != address.section,
      isLastInSection: position == shown.count - 1 || shown[position + 1].section != address.section,
      isLastOnPage: position == shown.count - 1)
    let recording = settings.recording(into: decorationKeys)
    cell.decorate(
      place, title: section.section.title, header: section.section.header?.text(recording),
      footer: section.section.footer?.text(recording))
    item.itemWidget?.setAccessiblePosition(position + 1, of: shown.count)
  }

  /// Space activates the focused row, the Menu key opens its menu and Delete
  /// presses its button (Remove); GTK's list item would take Space for
  /// selection, which Knobs' lists don't have. The slot has the focus, not the
  /// row in it, so the row's own key handlers would not hear these.
  private func handleKey(_ key: Key) -> Bool {
    guard key.isSpace || key.opensContextMenu || key.isDelete else { return false }
    for (_, cell) in list.boundCells {
      guard let cell = cell as? SectionCell, let rowView = cellRow(cell), rowView.listRow.hasFocus else { continue }
      if key.isSpace {
        rowView.activate()
        return true
      }
      if key.isDelete {
        guard rowView.row.button != nil else { return false }
        rowView.pressButton()
        return true
      }
      return rowView.menu.open(at: nil, over: list)
    }
    return false
  }

  // MARK: Rows

  /// The widgets of the row at `address`, built if they are not yet.
  func rowView(at address: RowAddress) -> RowView {
    if let rowView = cache[address] {
      // A row in no slot missed the updates since it left; catch it up.
      if cache.cell(showing: rowView) == nil, let host { rowView.refresh(SettingsReader(host.store)) }
      return rowView
    }
    let section = sections[address.section]
    let row = section.section.rows[address.row]
    let rowView = RowView(row: row, path: section.path.appending(row.id), host: host!)
    cache.add(rowView, at: address)
    return rowView
  }

  private func rowView(atPosition position: Int) -> RowView? {
    shown.indices.contains(position) ? rowView(at: shown[position]) : nil
  }

  /// Where the row at `path` is on this page.
  func address(of path: RowPath) -> RowAddress? {
    guard let parts = path.ids(below: self.path), parts.count == 2,
      let section = sections.firstIndex(where: { $0.section.id == parts[0] }),
      let row = sections[section].section.rows.firstIndex(where: { $0.id == parts[1] })
    else { return nil }
    return RowAddress(section: section, row: row)
  }

  /// The widgets of the row at `path`, built if they are not yet.
  func rowView(path: RowPath) -> RowView? {
    address(of: path).map { rowView(at: $0) }
  }

  /// The row views built now: those on screen and those kept after scrolling away.
  var builtRows: [RowView] { cache.all }

  /// The position of the row at `address` in the list, if it is shown.
  func position(of address: RowAddress) -> Int? {
    shown.firstIndex(of: address)
  }

  /// Scrolls the row at `address` into view, then focuses it; returns its view once it is on screen.
  @discardableResult
  func focus(_ address: RowAddress) async -> RowView? {
    guard let position = position(of: address) else { return nil }
    list.scroll(to: position)
    let rowView = rowView(at: address)
    for _ in 0..<120 where rowView.listRow.slot == nil {
      if let host, let (item, cell) = boundCell(at: position) {
        show(cell, item, at: position, SettingsReader(host.store))
        decorate(cell, item, at: position, SettingsReader(host.store))
      } else {
        await sleepOnMainLoop(0.008)
      }
    }
    guard rowView.listRow.slot != nil else { return nil }
    rowView.listRow.grabFocus()
    // Before the list has its size (a deep link at start-up) GTK 4.8 scrolls
    // nowhere; once a frame has been laid out, scrolling to the row sticks.
    if list.allocatedHeight == 0 || !list.isDrawable {
      list.afterNextFrame { [list] in list.scroll(to: position) }
    }
    return rowView
  }

  private func boundCell(at position: Int) -> (ListItem, SectionCell)? {
    for (item, cell) in list.boundCells where item.position == position {
      if let cell = cell as? SectionCell { return (item, cell) }
    }
    return nil
  }

  /// Focuses the first shown row (where a keyboard user starts).
  func focusFirstRow() {
    guard let first = shown.first else { return }
    let rowView = rowView(at: first)
    if rowView.listRow.slot != nil {
      rowView.listRow.grabFocus()
    } else {
      Task { await focus(first) }
    }
  }
}

/// Where a row is in its page: its section's index and its index in the section.
struct RowAddress: Hashable {
  let section: Int
  let row: Int
}

extension PageView: LazyRowListSource {
  func holdsRow(at position: Int) -> Bool { shown.indices.contains(position) && host != nil }

  func show(_ cell: SectionCell, _ item: ListItem, at position: Int) {
    guard let host else { return }
    show(cell, item, at: position, SettingsReader(host.store))
  }

  func placeholder(at position: Int) -> (title: String, hasSubtitle: Bool) {
    let row = sections[shown[position].section].section.rows[shown[position].row]
    return (row.title, row.subtitle != nil)
  }

  func decorate(_ cell: SectionCell, _ item: ListItem, at position: Int) {
    guard let host else { return }
    decorate(cell, item, at: position, SettingsReader(host.store))
  }

  func release(_ cell: SectionCell) {
    if let rowView = cellRow(cell) { cache.unbound(rowView) }
  }
}
