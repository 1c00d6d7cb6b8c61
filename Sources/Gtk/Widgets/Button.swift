internal import CGtk
internal import CGtkGlue

/// A GtkButton with a label or an icon.
@MainActor
public class Button: Widget {
  public init(label: String) {
    super.init(widget: gtk_button_new_with_label(label))
  }

  public init(iconName: String) {
    super.init(widget: gtk_button_new_from_icon_name(iconName))
  }

  /// A button showing `child`, e.g. a label that ellipsizes.
  public init(child: Widget) {
    super.init(widget: gtk_button_new())
    gtk_button_set_child(c(), child.widget)
  }

  init(wrapping widget: UnsafeMutablePointer<GtkWidget>) {
    super.init(widget: widget)
  }

  public var label: String? {
    get { gtk_button_get_label(c()).map { String(cString: $0) } }
    set { gtk_button_set_label(c(), newValue) }
  }

  public var hasFrame: Bool {
    get { gtk_button_get_has_frame(c()) != 0 }
    set { gtk_button_set_has_frame(c(), newValue ? 1 : 0) }
  }

  @discardableResult
  public func onClick(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    connect("clicked", handler)
  }

  /// Clicks the button as the user would, shown or not.
  public func click() { knobs_button_emit_clicked(widget) }
}

/// A GtkToggleButton, such as the search button in a header bar.
@MainActor
public final class ToggleButton: Button {
  public init(toggleIconName iconName: String) {
    super.init(wrapping: gtk_toggle_button_new())
    gtk_button_set_icon_name(c(), iconName)
  }

  public var isActive: Bool {
    get { gtk_toggle_button_get_active(c()) != 0 }
    set { gtk_toggle_button_set_active(c(), newValue ? 1 : 0) }
  }
}
