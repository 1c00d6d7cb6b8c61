import Gtk
import KnobsModel

/// What a `LazyRowList` shows: the widgets of the row at a position, and what
/// stands in for them while the row is far from the screen.
@MainActor
protocol LazyRowListSource: AnyObject {
  /// Whether `position` holds a row now (GTK may still bind slots past a list that just shrank).
  func holdsRow(at position: Int) -> Bool
  /// Puts the widgets of the row at `position` in the cell.
  func show(_ cell: SectionCell, _ item: ListItem, at position: Int)
  /// The row's title, said for its placeholder, and whether the row has a subtitle (a taller card).
  func placeholder(at position: Int) -> (title: String, hasSubtitle: Bool)
  /// Draws the section's title, header and footer around the row, and tells screen readers its place.
  func decorate(_ cell: SectionCell, _ item: ListItem, at position: Int)
  /// The cell no longer shows the row it showed, if any.
  func release(_ cell: SectionCell)
}

/// A list of rows in cards, centred in a scroller and at most `maximumWidth`
/// wide, that builds the widgets of the rows on screen only: a page's rows and
/// the search results.
///
/// GTK 4.8 binds up to 200 slots whatever the screen shows, and before its first
/// frame a list does not know its height. So a slot far from the screen shows a
/// placeholder of about a row's height until it scrolls near, and until the first
/// frame (or, for a list that does not fill on its own, until `fill()`) the list
/// holds only the rows that fill the screen (see docs/design/rendering.md).
@MainActor
final class LazyRowList {
  static let maximumWidth = 600.0
  /// A placeholder card's height: as a row with a title, or with a subtitle too.
  static let placeholderHeight: (title: Int32, subtitle: Int32) = (52, 56)

  /// The least room either side of the column.
  static let minimumMargin: Int32 = 12

  let scroller = ScrolledWindow()
  /// Centres the list in the scroller, at most `maximumWidth` wide.
  let column = ScrollableColumn(maximumWidth: Int32(LazyRowList.maximumWidth), minimumMargin: LazyRowList.minimumMargin)
  private(set) var list: ListView! = nil
  private weak var source: LazyRowListSource?

  /// - Parameters:
  ///   - fillsAfterFirstFrame: whether the rows held back are added once the first frame is painted (a page),
  ///     or when the user moves into the list (search results).
  ///   - recycle: runs for a slot GTK destroys.
  init(
    label: String, source: LazyRowListSource, fillsAfterFirstFrame: Bool = true,
    recycle: (@MainActor (SectionCell) -> Void)? = nil
  ) {
    self.source = source
    list = ListView { [weak self] in
      let cell = SectionCell(
        bind: { cell, item in self?.bind(cell, item) },
        unbind: { cell, _ in
          self?.source?.release(cell)
          cell.clear()
        })
      cell.onTeardown = recycle
      return cell
    }
    list.fillsAfterFirstFrame = fillsAfterFirstFrame
    list.addCSSClass("knobs-page-list")
    list.setAccessibleLabel(label)
    // The column's margins are worked out at every allocation: the first frame has its
    // final layout, and rows are never wider than the column (see ScrollableColumn).
    column.setChild(list)
    scroller.setChild(column)
    scroller.expandsVertically = true
    scroller.onScroll { [weak self] in
      guard let self else { return }
      // The user scrolls (the program only ever scrolls to the top): every row is listed.
      if self.scroller.verticalOffset > 0 { self.list.fill() }
      self.showRowsNearby()
    }
    var watchesFrames = false
    // Weakly: the handler belongs to the list, and a strong reference would keep both alive.
    list.onMap { [weak self, weak list] in
      guard !watchesFrames, let list else { return }
      watchesFrames = list.afterEveryFrame {
        guard let self else { return false }
        self.showRowsNearby()
        return true
      }
    }
  }

  /// The cells GTK has bound, with their items.
  var boundCells: [(ListItem, SectionCell)] {
    list.boundCells.compactMap { item, cell in (cell as? SectionCell).map { (item, $0) } }
  }

  /// Shows the row at the slot's position: its widgets when it is on screen (or
  /// near, or the list holds a screenful only), else a placeholder of about its height.
  private func bind(_ cell: SectionCell, _ item: ListItem) {
    guard let source, let position = item.position, source.holdsRow(at: position) else {
      // A slot kept past the list's end (`ListView.keepsSlots`) is empty and hidden.
      if list.keepsSlots {
        source?.release(cell)
        cell.clear()
        item.itemWidget?.isVisible = false
      }
      return
    }
    if list.keepsSlots { item.itemWidget?.isVisible = true }
    if list.holdsBack || cell.isNear(scroller, height: Double(scroller.allocatedHeight), margin: nearMargin) {
      source.show(cell, item, at: position)
    } else {
      source.release(cell)
      let (title, hasSubtitle) = source.placeholder(at: position)
      cell.showPlaceholder(height: hasSubtitle ? Self.placeholderHeight.subtitle : Self.placeholderHeight.title)
      item.itemWidget?.setAccessibleLabel(title)
      item.itemWidget?.setAccessibleDescription("")
    }
    source.decorate(cell, item, at: position)
  }

  /// How far beyond the visible area rows get their widgets: one screen.
  private var nearMargin: Double { max(Double(scroller.allocatedHeight), 400) }

  /// Builds the rows that scrolled near the visible area.
  func showRowsNearby() {
    guard let source, list.isDrawable else { return }
    let height = Double(scroller.allocatedHeight)
    // Search results: the window grew taller than the rows held back fill, so every row is listed.
    // (A page holds exactly what fills it and lists the rest after its first frame.)
    if list.holdsBack, !list.fillsAfterFirstFrame, Stylesheet.rowsFilling(height: Int(height)) > list.heldBackLimit {
      list.fill()
    }
    let cells = boundCells
    // GTK 4.8 leaves slots past the screen unallocated (no place to measure from)
    // when the list is scrolled to its end: those within a screenful of rows of
    // the ones near the screen are near too.
    let nearPositions = cells.filter { $0.1.isNear(scroller, height: height, margin: nearMargin) }
      .compactMap { $0.0.position }
    let reach = Stylesheet.rowsFilling(height: Int(height))
    let nearRange = nearPositions.min().map { low in (low - reach)...(nearPositions.max()! + reach) }
    for (item, cell) in cells {
      guard cell.isPlaceholder, let position = item.position, source.holdsRow(at: position),
        cell.isNear(scroller, height: height, margin: nearMargin)
          || (!cell.isAllocated && nearRange?.contains(position) == true)
      else { continue }
      source.show(cell, item, at: position)
      source.decorate(cell, item, at: position)
    }
  }
}
