import Gtk

/// The row views a page has built: those in a list slot now, and up to
/// `keptUnbound` that scrolled away, most recent first, so scrolling back finds
/// the same widgets (focus, an open drop-down, a slider being dragged) while
/// memory stays bounded on pages of thousands of rows.
@MainActor
struct RowCache {
  static let keptUnbound = 200
  private var views: [RowAddress: RowView] = [:]
  private var addresses: [ObjectIdentifier: RowAddress] = [:]
  private var byListRow: [ObjectIdentifier: RowView] = [:]
  private var cells: [ObjectIdentifier: SectionCell] = [:]
  /// Built but in no slot, least recently used first.
  private var unbound: [RowAddress] = []

  subscript(address: RowAddress) -> RowView? { views[address] }

  var all: [RowView] { Array(views.values) }

  mutating func add(_ rowView: RowView, at address: RowAddress) {
    views[address] = rowView
    addresses[ObjectIdentifier(rowView)] = address
    byListRow[ObjectIdentifier(rowView.listRow)] = rowView
    unbound.append(address)
    trim()
  }

  func rowView(showing row: ListViewRow) -> RowView? { byListRow[ObjectIdentifier(row)] }

  func cell(showing rowView: RowView) -> SectionCell? { cells[ObjectIdentifier(rowView)] }

  mutating func bound(_ rowView: RowView, to cell: SectionCell) {
    cells[ObjectIdentifier(rowView)] = cell
    if let address = addresses[ObjectIdentifier(rowView)], let index = unbound.lastIndex(of: address) {
      unbound.remove(at: index)
    }
  }

  mutating func unbound(_ rowView: RowView) {
    cells[ObjectIdentifier(rowView)] = nil
    guard let address = addresses[ObjectIdentifier(rowView)] else { return }
    unbound.append(address)
    trim()
  }

  /// Moves the views of a section whose rows changed: the row at index `old`
  /// is now at `moves[old]`; views of rows not in `moves` are dropped.
  mutating func remap(section: Int, _ moves: [Int: Int]) {
    var moved: [RowAddress: RowView] = [:]
    for (address, rowView) in views where address.section == section {
      views[address] = nil
      let id = ObjectIdentifier(rowView)
      if let row = moves[address.row] {
        let new = RowAddress(section: section, row: row)
        moved[new] = rowView
        addresses[id] = new
      } else {
        addresses[id] = nil
        byListRow[ObjectIdentifier(rowView.listRow)] = nil
        cells[id] = nil
      }
    }
    views.merge(moved) { _, new in new }
    unbound = unbound.compactMap { address in
      guard address.section == section else { return address }
      return moves[address.row].map { RowAddress(section: section, row: $0) }
    }
  }

  private mutating func trim() {
    while unbound.count > Self.keptUnbound {
      let address = unbound.removeFirst()
      guard let rowView = views.removeValue(forKey: address) else { continue }
      addresses[ObjectIdentifier(rowView)] = nil
      byListRow[ObjectIdentifier(rowView.listRow)] = nil
    }
  }
}
