internal import CGtk
internal import CGtkGlue

/// The widgets of one row shown in a `ListView` slot, activated the way a
/// GtkListBoxRow is: a click on it, or Enter or Space on its slot.
///
/// GTK 4.8's list views focus the slot (the list item widget), not what is in
/// it, and assistive technologies see the slot as the list item; so while the
/// row is in a slot (`attach(to:)`), focus, activatability and the accessible
/// name and description are the slot's.
@MainActor
public final class ListViewRow: Widget {
  private var handlers: [@MainActor () -> Void] = []
  private var label: String?
  private var accessibleDescription: String?
  private var item: ListItem?

  public init() {
    super.init(widget: gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
    addCSSClass("activatable")
    let click = ClickGesture(button: 1)
    // A press that a switch, scale or drop-down inside claims never gets here.
    click.onReleased { [weak self] presses, _, _ in
      guard let self, presses == 1, self.isActivatable, self.isSensitive else { return }
      self.grabFocus()
      self.activate()
    }
    add(click)
  }

  public func setChild(_ child: Widget) {
    while let old = gtk_widget_get_first_child(widget) { gtk_box_remove(c(), old) }
    gtk_box_append(c(), child.widget)
  }

  /// Whether a click, Enter or Space activates the row (it then has the `activatable` style class).
  public var isActivatable = true {
    didSet {
      item?.isActivatable = isActivatable
      if isActivatable { addCSSClass("activatable") } else { removeCSSClass("activatable") }
    }
  }

  /// Runs `handler` when the row is activated.
  public func onActivate(_ handler: @escaping @MainActor () -> Void) {
    handlers.append(handler)
  }

  /// Activates the row, as a click or Enter would.
  public func activate() {
    for handler in handlers { handler() }
  }

  /// Makes `item`, the slot now showing the row, stand for it.
  public func attach(to item: ListItem) {
    self.item = item
    item.isActivatable = isActivatable
    guard let slot = item.itemWidget else { return }
    if let label { slot.setAccessibleLabel(label) }
    slot.setAccessibleDescription(accessibleDescription ?? "")
  }

  /// The row left its slot.
  public func detach() { item = nil }

  /// The slot showing the row, if one does.
  public var slot: Widget? { item?.itemWidget }

  public override var hasFocus: Bool { slot?.hasFocus ?? super.hasFocus }

  @discardableResult
  public override func grabFocus() -> Bool { slot?.grabFocus() ?? false }

  public override func setAccessibleLabel(_ label: String) {
    self.label = label
    super.setAccessibleLabel(label)
    slot?.setAccessibleLabel(label)
  }

  public override func setAccessibleDescription(_ text: String) {
    accessibleDescription = text
    super.setAccessibleDescription(text)
    slot?.setAccessibleDescription(text)
  }
}

extension Widget {
  /// Tells assistive technologies this is item `position` (from 1) of `count`.
  public func setAccessiblePosition(_ position: Int, of count: Int) {
    knobs_accessible_set_position(widget, Int32(clamping: position), Int32(clamping: count))
  }
}
