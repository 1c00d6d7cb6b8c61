internal import CGtk
internal import CGtkGlue

public enum Orientation {
  case horizontal, vertical

  var gtk: GtkOrientation {
    self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
  }
}

/// A GtkBox: children in a row or a column.
@MainActor
public final class Box: Widget {
  public init(_ orientation: Orientation, spacing: Int32 = 0) {
    super.init(widget: gtk_box_new(orientation.gtk, spacing))
  }

  /// A horizontal box that assistive technologies treat as an alert: its text is
  /// announced when it appears.
  public init(alertRoleWithSpacing spacing: Int32) {
    super.init(widget: knobs_alert_box_new(spacing))
  }

  public func append(_ child: Widget) { gtk_box_append(c(), child.widget) }
  /// Puts `child` right after `sibling`, or first when `sibling` is nil.
  public func insert(_ child: Widget, after sibling: Widget?) {
    gtk_box_insert_child_after(c(), child.widget, sibling?.widget)
  }
  public func remove(_ child: Widget) { gtk_box_remove(c(), child.widget) }

  /// Removes every child.
  public func removeAll() {
    while let child = gtk_widget_get_first_child(widget) {
      gtk_box_remove(c(), child)
    }
  }
}

/// The horizontal line of a settings row: children that don't expand get their
/// natural width and the expanding ones share the rest. A GtkBox measures a row
/// with a wrapping subtitle many times over (Sources/CGtkGlue/row_box.c); this
/// measures each child once per width. Styled as `box`.
@MainActor
public final class RowBox: Widget {
  public init(spacing: Int32) {
    super.init(widget: knobs_row_box_new(spacing))
  }

  public func append(_ child: Widget) { knobs_row_box_append(widget, child.widget) }
  /// Puts `child` right after `sibling`, or first when `sibling` is nil.
  public func insert(_ child: Widget, after sibling: Widget?) {
    gtk_widget_insert_after(child.widget, widget, sibling?.widget)
  }
}
