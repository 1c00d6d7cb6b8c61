internal import CGtk

/// A GtkDropDown over a list of strings.
@MainActor
public final class DropDown: Widget {
  public init(items: [String]) {
    super.init(widget: gtk_drop_down_new(nil, nil))
    setItems(items)
  }

  /// Opens the list of items, as a click on the drop-down does (GtkDropDown's `activate`, GTK 4.6).
  public func popUp() {
    gtk_widget_activate(widget)
  }

  /// Whether the list of items is open.
  public var isPoppedUp: Bool { popover.map { gtk_widget_get_visible($0) != 0 } ?? false }

  /// Closes the list of items, as Escape does.
  public func popDown() {
    guard let popover else { return }
    gtk_popover_popdown(UnsafeMutableRawPointer(popover).assumingMemoryBound(to: GtkPopover.self))
  }

  /// The drop-down's list, a popover among its children.
  private var popover: UnsafeMutablePointer<GtkWidget>? {
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      if let name = gtk_widget_get_css_name(current), String(cString: name) == "popover" { return current }
      child = gtk_widget_get_next_sibling(current)
    }
    return nil
  }

  /// Replaces the items; the selection is cleared without an `onSelect` callback.
  public func setItems(_ items: [String]) {
    var cStrings = items.map { strdup($0) }
    cStrings.append(nil)
    let list = cStrings.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
        gtk_string_list_new($0)
      }
    }
    cStrings.forEach { free($0) }
    isSuppressing = true
    gtk_drop_down_set_model(c(), list)
    gtk_drop_down_set_selected(c(), GTK_INVALID_LIST_POSITION)
    isSuppressing = false
    g_object_unref(UnsafeMutableRawPointer(list))
  }

  private var isSuppressing = false

  /// The selected index, or nil for none. Setting it emits no `onSelect` callback.
  public var selectedIndex: Int? {
    get {
      let index = gtk_drop_down_get_selected(c())
      return index == GTK_INVALID_LIST_POSITION ? nil : Int(index)
    }
    set {
      guard selectedIndex != newValue else { return }
      isSuppressing = true
      gtk_drop_down_set_selected(c(), newValue.map { guint($0) } ?? GTK_INVALID_LIST_POSITION)
      isSuppressing = false
    }
  }

  /// Picks an item as the user would: `onSelect` runs.
  public func pick(_ index: Int) {
    gtk_drop_down_set_selected(c(), guint(index))
  }

  /// Runs `handler` when the user picks an item.
  @discardableResult
  public func onSelect(_ handler: @escaping @MainActor (Int) -> Void) -> SignalConnection {
    let box = SignalBox<Trampolines.WithPointer> { [weak self] _ in
      guard let self, !self.isSuppressing, let index = self.selectedIndex else { return }
      handler(index)
    }
    return box.connect(to: gobject, signal: "notify::selected", trampoline: Trampolines.withPointer)
  }
}
