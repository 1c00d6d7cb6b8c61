import Gtk
import KnobsModel

/// The context menu of a row (secondary click, long press, Menu key or
/// Shift+F10): "Copy Link" or "Copy Address", and "Reset to Default" when the
/// row's setting differs from its default, then the row's own menu items.
@MainActor
final class RowContextMenu {
  private unowned let rowView: RowView
  private var popover: Popover?

  init(rowView: RowView) {
    self.rowView = rowView
  }

  func install(on row: ListViewRow) {
    let click = ClickGesture(button: 3)
    click.onPressed { [weak self] _, x, y in self?.open(at: (x, y)) }
    row.add(click)
    let longPress = LongPressGesture()
    longPress.onPressed { [weak self] x, y in self?.open(at: (x, y)) }
    row.add(longPress)
    let keys = KeyController()
    keys.onKeyPressed { [weak self] key in
      guard key.opensContextMenu, let self else { return false }
      return self.open(at: nil)
    }
    row.add(keys)
  }

  /// The entries the menu would show now.
  func entries() -> [(label: String, perform: @MainActor () -> Void)] {
    var entries: [(String, @MainActor () -> Void)] = []
    let row = rowView.row
    let widget = rowView.listRow
    if let copy = row.copyableText {
      entries.append((copy.label, { Clipboard.copy(copy.text, from: widget) }))
    }
    if let button = row.button {
      entries.append((button.label, { [weak rowView] in rowView?.pressButton() }))
    }
    let found = rowView.provenance
    if let store = rowView.store, rowView.canReset(store) {
      entries.append((ProvenanceText.resetLabel(found), { [weak rowView] in rowView?.resetToDefault() }))
    }
    if found != nil {
      entries.append((tr("Where This Value Comes From"), { [weak rowView] in rowView?.showProvenance() }))
    }
    for item in row.menuItems {
      entries.append((item.label, { [weak rowView] in rowView?.run(item) }))
    }
    return entries
  }

  /// Where the popovers of a dimmed row (a locked one) are attached: a dimmed widget's
  /// popovers are dimmed too, so they point at the row from the page's list instead.
  private(set) weak var anchor: Widget?

  /// The widget a popover for the row is attached to, and where in it the row is (nil: the row itself).
  func popoverParent() -> (Widget, (Double, Double)?) {
    let row = rowView.listRow
    guard !row.isSensitive, let anchor, let bounds = row.bounds(in: anchor) else { return (row, nil) }
    return (anchor, (bounds.x + bounds.width / 2, bounds.y + bounds.height))
  }

  @discardableResult
  func open(at point: (Double, Double)?, over anchor: Widget? = nil) -> Bool {
    if let anchor { self.anchor = anchor }
    let entries = entries()
    guard !entries.isEmpty else { return false }
    popover?.detach()
    let column = Box(.vertical, spacing: 0)
    let popover = Popover(child: column)
    for entry in entries {
      let button = Button(label: entry.label)
      button.hasFrame = false
      button.addCSSClass("knobs-menu-item")
      button.onClick { [weak popover] in
        popover?.popdown()
        entry.perform()
      }
      column.append(button)
    }
    let (parent, rowPoint) = popoverParent()
    popover.attach(to: parent)
    if let rowPoint {
      popover.point(at: rowPoint.0, rowPoint.1)
    } else if let point {
      popover.point(at: point.0, point.1)
    }
    popover.connect("closed") { [weak self, weak popover] in
      guard let self, let popover, self.popover === popover else { return }
      // Unparent after the click that closed it has been handled.
      Task { @MainActor in
        popover.detach()
        if self.popover === popover { self.popover = nil }
      }
    }
    self.popover = popover
    popover.popup()
    return true
  }
}
