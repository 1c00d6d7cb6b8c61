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

  private mutating func trim() {
    while unbound.count > Self.keptUnbound {
      let address = unbound.removeFirst()
      guard let rowView = views.removeValue(forKey: address) else { continue }
      addresses[ObjectIdentifier(rowView)] = nil
      byListRow[ObjectIdentifier(rowView.listRow)] = nil
    }
  }
}
