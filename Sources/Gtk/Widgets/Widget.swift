internal import CGtk
internal import CGtkGlue

/// How a widget is placed in the space its parent gives it.
public enum Align {
  case fill, start, end, center

  var gtk: GtkAlign {
    switch self {
    case .fill: return GTK_ALIGN_FILL
    case .start: return GTK_ALIGN_START
    case .end: return GTK_ALIGN_END
    case .center: return GTK_ALIGN_CENTER
    }
  }
}

/// A GtkWidget.
@MainActor
public class Widget: Object {
  var widget: UnsafeMutablePointer<GtkWidget> { cast() }

  /// Wraps an existing widget, taking a reference (see `Object`).
  init(widget: UnsafeMutablePointer<GtkWidget>) {
    super.init(retaining: widget)
  }

  public var isVisible: Bool {
    get { gtk_widget_get_visible(widget) != 0 }
    set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
  }

  public var isSensitive: Bool {
    get { gtk_widget_get_sensitive(widget) != 0 }
    set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
  }

  /// GTK answers a new tooltip on a shown widget by asking the display where
  /// the pointer is (on X11 a server grab and round trips), even when the
  /// widget is in no window yet and no tooltip can show, which delays a page's
  /// first frame. A widget in no window takes its tooltip while hidden, which
  /// GTK does not ask about.
  public var tooltip: String? {
    get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
    set {
      guard gtk_widget_get_root(widget) == nil, gtk_widget_get_visible(widget) != 0 else {
        gtk_widget_set_tooltip_text(widget, newValue)
        return
      }
      gtk_widget_set_visible(widget, 0)
      gtk_widget_set_tooltip_text(widget, newValue)
      gtk_widget_set_visible(widget, 1)
    }
  }

  public var hasFocus: Bool { gtk_widget_has_focus(widget) != 0 }

  /// The least and the most room the widget asks for across `orientation`,
  /// given `size` the other way (-1: any).
  public func measure(_ orientation: Orientation, for size: Int32 = -1) -> (minimum: Int32, natural: Int32) {
    var minimum: Int32 = 0
    var natural: Int32 = 0
    gtk_widget_measure(widget, orientation.gtk, size, &minimum, &natural, nil, nil)
    return (minimum, natural)
  }

  /// Whether the focus is on this widget or inside it.
  public var containsFocus: Bool {
    gtk_widget_has_focus(widget) != 0
      || gtk_widget_get_state_flags(widget).rawValue & GTK_STATE_FLAG_FOCUS_WITHIN.rawValue != 0
  }

  /// Whether the widget and all its ancestors are visible.
  public var isDrawable: Bool { gtk_widget_is_drawable(widget) != 0 }

  @discardableResult
  public func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }

  public func addCSSClass(_ name: String) { gtk_widget_add_css_class(widget, name) }
  public func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(widget, name) }
  public func hasCSSClass(_ name: String) -> Bool { gtk_widget_has_css_class(widget, name) != 0 }

  public var horizontalAlignment: Align {
    get { .fill }
    set { gtk_widget_set_halign(widget, newValue.gtk) }
  }

  public var verticalAlignment: Align {
    get { .fill }
    set { gtk_widget_set_valign(widget, newValue.gtk) }
  }

  public var expandsHorizontally: Bool {
    get { gtk_widget_get_hexpand(widget) != 0 }
    set { gtk_widget_set_hexpand(widget, newValue ? 1 : 0) }
  }

  public var expandsVertically: Bool {
    get { gtk_widget_get_vexpand(widget) != 0 }
    set { gtk_widget_set_vexpand(widget, newValue ? 1 : 0) }
  }

  /// Sets the four margins at once.
  public func setMargins(top: Int32, bottom: Int32, start: Int32, end: Int32) {
    gtk_widget_set_margin_top(widget, top)
    gtk_widget_set_margin_bottom(widget, bottom)
    gtk_widget_set_margin_start(widget, start)
    gtk_widget_set_margin_end(widget, end)
  }

  public func setSizeRequest(width: Int32, height: Int32) {
    gtk_widget_set_size_request(widget, width, height)
  }

  public var allocatedHeight: Int32 { gtk_widget_get_height(widget) }
  public var allocatedWidth: Int32 { gtk_widget_get_width(widget) }

  /// Whether the widget is laid out right to left (Hebrew, Arabic), as GTK decides from the locale unless set.
  public var isRightToLeft: Bool {
    get { gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL }
    set { gtk_widget_set_direction(widget, newValue ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR) }
  }

  /// The widget's position in `ancestor`'s coordinates, if it is inside it.
  public func origin(in ancestor: Widget) -> (x: Double, y: Double)? {
    var x = 0.0
    var y = 0.0
    guard gtk_widget_translate_coordinates(widget, ancestor.widget, 0, 0, &x, &y) != 0 else { return nil }
    return (x, y)
  }

  /// The widget's box as allocated, in `ancestor`'s coordinates: where it is drawn (its
  /// margins left out), if it is inside `ancestor`.
  public func bounds(in ancestor: Widget) -> (x: Double, y: Double, width: Double, height: Double)? {
    var rect = graphene_rect_t()
    guard gtk_widget_compute_bounds(widget, ancestor.widget, &rect) != 0 else { return nil }
    return (Double(rect.origin.x), Double(rect.origin.y), Double(rect.size.width), Double(rect.size.height))
  }

  // Accessibility: the name and description assistive technologies read.

  public func setAccessibleLabel(_ label: String) { knobs_accessible_set_label(widget, Label.shown(label)) }
  public func setAccessibleDescription(_ text: String) {
    knobs_accessible_set_description(widget, Label.shown(text))
  }

  /// Hides a decorative widget (an icon that repeats what its row says) from assistive technologies.
  public func hideFromAssistiveTechnologies(label: String) {
    knobs_accessible_set_label(widget, label)
    knobs_accessible_set_hidden(widget, 1)
  }

  /// Names the parts GTK builds inside this widget, which would otherwise be read by their type names.
  public func setAccessibleLabelOfParts(_ label: String) {
    knobs_accessible_label_parts(widget, label)
  }

  public func add(_ controller: EventController) {
    gtk_widget_add_controller(widget, controller.controller)
    // The widget now owns a reference; ours is dropped when `controller` goes.
  }

  /// Activates an action by its full name, e.g. `win.close`.
  @discardableResult
  public func activateAction(_ name: String) -> Bool {
    gtk_widget_activate_action_variant(widget, name, nil) != 0
  }

  /// Activates the widget as the keyboard would (Enter or Space): flips a
  /// switch, clicks a button, activates a row.
  public func activateAsUser() { gtk_widget_activate(widget) }

  /// The widget as a `GtkWidget*`, for code written against GTK's C API or other bindings.
  public var gtkWidgetPointer: OpaquePointer { OpaquePointer(widget) }

  /// The window the widget is in, if it is in one.
  public var rootWindow: Window? {
    guard let root = gtk_widget_get_root(widget) else { return nil }
    let instance = UnsafeMutableRawPointer(root)
    guard g_type_check_instance_is_a(instance.assumingMemoryBound(to: GTypeInstance.self), gtk_window_get_type()) != 0
    else { return nil }
    return Window(wrapping: instance.assumingMemoryBound(to: GtkWidget.self))
  }

  /// The display the widget is on, once it is realized in a window.
  var display: OpaquePointer? { gtk_widget_get_display(widget) }

  /// Runs `handler` whenever the widget is mapped (about to be drawn on screen).
  @discardableResult
  public func onMap(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    connect("map", handler)
  }

  /// Runs `handler` once, after the next frame of the widget's window has been
  /// painted; false (and `handler` never runs) when the widget is in no shown window.
  @discardableResult
  public func afterNextFrame(_ handler: @escaping @MainActor () -> Void) -> Bool {
    guard let clock = gtk_widget_get_frame_clock(widget) else { return false }
    let instance = UnsafeMutableRawPointer(clock).assumingMemoryBound(to: GObject.self)
    var connection: SignalConnection?
    connection = SignalBox<Trampolines.Plain> {
      guard let once = connection else { return }
      connection = nil
      once.disconnect()
      handler()
    }.connect(to: instance, signal: "after-paint", trampoline: Trampolines.plain)
    return true
  }

  /// Runs `handler` after every frame of the widget's window is painted, for as
  /// long as it returns true (it should hold its owner weakly and return false once
  /// the owner is gone, so that nothing is left behind on the window); false when the
  /// widget is in no shown window.
  @discardableResult
  public func afterEveryFrame(_ handler: @escaping @MainActor () -> Bool) -> Bool {
    guard let clock = gtk_widget_get_frame_clock(widget) else { return false }
    let instance = UnsafeMutableRawPointer(clock).assumingMemoryBound(to: GObject.self)
    var connection: SignalConnection?
    connection = SignalBox<Trampolines.Plain> {
      guard !handler(), let done = connection else { return }
      connection = nil
      done.disconnect()
    }.connect(to: instance, signal: "after-paint", trampoline: Trampolines.plain)
    return true
  }

  /// Runs `handler` whenever the widget is put in a parent or taken out of one.
  @discardableResult
  public func onParentChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    let box = SignalBox<Trampolines.WithPointer> { _ in handler() }
    return box.connect(to: gobject, signal: "notify::parent", trampoline: Trampolines.withPointer)
  }

  /// Whether the widget is in a parent (a box, a window).
  public var hasParent: Bool { gtk_widget_get_parent(widget) != nil }

  /// Runs `handler` when the widget is destroyed.
  @discardableResult
  public func onDestroy(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    connect("destroy", handler)
  }
}
