internal import CGtk

/// A GtkListBox of rows, with no selection: Knobs' rows are activated, not selected.
@MainActor
public final class ListBox: Widget {
  public init() {
    super.init(widget: gtk_list_box_new())
    gtk_list_box_set_selection_mode(c(), GTK_SELECTION_NONE)
  }

  public func append(_ row: ListBoxRow) { gtk_list_box_append(c(), row.widget) }

  /// Runs with the row's index when a row is activated: a click, Enter or Space on it.
  @discardableResult
  public func onRowActivated(_ handler: @escaping @MainActor (Int) -> Void) -> SignalConnection {
    let box = SignalBox<Trampolines.WithPointer> { row in
      guard let row else { return }
      handler(Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self))))
    }
    return box.connect(to: gobject, signal: "row-activated", trampoline: Trampolines.withPointer)
  }

  /// Which way arrow-key navigation was going.
  public enum Direction { case up, down }

  /// Runs when the arrow keys would move the focus past the first or last row;
  /// the handler returns whether it moved the focus itself. (GTK 4.8 otherwise
  /// rings the bell and keeps the focus where it is.)
  @discardableResult
  public func onKeynavFailed(_ handler: @escaping @MainActor (Direction) -> Bool) -> SignalConnection {
    let box = SignalBox<Trampolines.Direction> { direction in
      switch direction {
      case GTK_DIR_UP: return handler(.up)
      case GTK_DIR_DOWN: return handler(.down)
      default: return false
      }
    }
    return box.connect(to: gobject, signal: "keynav-failed", trampoline: Trampolines.direction)
  }

  /// Focuses the first visible row, or the last one; false when there is none.
  @discardableResult
  public func focusRow(last: Bool) -> Bool {
    var rows: [UnsafeMutablePointer<GtkWidget>] = []
    var index: Int32 = 0
    while let row = gtk_list_box_get_row_at_index(c(), index) {
      let widget = UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkWidget.self)
      if gtk_widget_get_visible(widget) != 0 { rows.append(widget) }
      index += 1
    }
    guard let row = last ? rows.last : rows.first else { return false }
    return gtk_widget_grab_focus(row) != 0
  }
  public func remove(_ row: ListBoxRow) { gtk_list_box_remove(c(), row.widget) }

  /// Removes every row.
  public func removeAll() {
    while let row = gtk_list_box_get_row_at_index(c(), 0) {
      gtk_list_box_remove(c(), UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkWidget.self))
    }
  }

  /// How many rows the list holds, shown or not.
  public var rowCount: Int {
    var count: Int32 = 0
    while gtk_list_box_get_row_at_index(c(), count) != nil { count += 1 }
    return Int(count)
  }

  public var showsSeparators: Bool {
    get { gtk_list_box_get_show_separators(c()) != 0 }
    set { gtk_list_box_set_show_separators(c(), newValue ? 1 : 0) }
  }

  /// Whether a single click activates a row (the GNOME way for settings lists).
  public var activatesOnSingleClick: Bool {
    get { gtk_list_box_get_activate_on_single_click(c()) != 0 }
    set { gtk_list_box_set_activate_on_single_click(c(), newValue ? 1 : 0) }
  }
}

/// A GtkListBoxRow holding one child widget.
@MainActor
public final class ListBoxRow: Widget {
  public init() {
    super.init(widget: gtk_list_box_row_new())
  }

  public func setChild(_ child: Widget) { gtk_list_box_row_set_child(c(), child.widget) }

  public var isActivatable: Bool {
    get { gtk_list_box_row_get_activatable(c()) != 0 }
    set { gtk_list_box_row_set_activatable(c(), newValue ? 1 : 0) }
  }

  /// Runs `handler` when the row is activated (click, Enter, Space or assistive technology).
  @discardableResult
  public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    connect("activate", handler)
  }

  /// Emits `activate`, as a click or Enter would.
  public func activate() { gtk_widget_activate(widget) }
}
