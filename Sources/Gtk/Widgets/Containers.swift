internal import CGtk
internal import CGtkGlue

/// A scrollable widget (a list view) centred in a column at most `maximumWidth` wide,
/// with at least `minimumMargin` either side: the child of a `ScrolledWindow`, which
/// passes its scrolling on to the column's child. Worked out at every allocation, so a
/// page's first frame has its final layout (Sources/CGtkGlue/column.c says why not
/// margins on the list). Styled as `clamp`.
@MainActor
public final class ScrollableColumn: Widget {
  public init(maximumWidth: Int32, minimumMargin: Int32) {
    super.init(widget: knobs_column_new(maximumWidth, minimumMargin))
  }

  public func setChild(_ child: Widget) { knobs_column_set_child(widget, child.widget) }
}

/// A GtkScrolledWindow that scrolls its child vertically.
@MainActor
public final class ScrolledWindow: Widget {
  public init() {
    super.init(widget: gtk_scrolled_window_new())
    gtk_scrolled_window_set_policy(c(), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    // GTK builds the scroll bars; without names they are read as "GtkScrollbar".
    for (scrollbar, name) in [
      (gtk_scrolled_window_get_vscrollbar(c()), "Vertical scroll bar"),
      (gtk_scrolled_window_get_hscrollbar(c()), "Horizontal scroll bar"),
    ] {
      guard let scrollbar else { continue }
      knobs_accessible_set_label(scrollbar, name)
      knobs_accessible_label_parts(scrollbar, name)
    }
  }

  public func setChild(_ child: Widget) { gtk_scrolled_window_set_child(c(), child.widget) }

  /// The vertical scroll offset in pixels.
  public var verticalOffset: Double {
    get { gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(c())) }
    set { gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(c()), newValue) }
  }

  /// Limits the height the scrolled area asks for; with `propagates`, it asks
  /// for its content's natural height up to `maximum` (-1 for no limit).
  public func setContentHeight(minimum: Int32, maximum: Int32, propagates: Bool) {
    gtk_scrolled_window_set_min_content_height(c(), minimum)
    gtk_scrolled_window_set_max_content_height(c(), maximum)
    gtk_scrolled_window_set_propagate_natural_height(c(), propagates ? 1 : 0)
  }

  /// Runs whenever the vertical scroll offset changes.
  @discardableResult
  public func onScroll(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    let adjustment = gtk_scrolled_window_get_vadjustment(c())!
    let instance = UnsafeMutableRawPointer(adjustment).assumingMemoryBound(to: GObject.self)
    return SignalBox<Trampolines.Plain>(handler).connect(
      to: instance, signal: "value-changed", trampoline: Trampolines.plain)
  }

  /// Whether the scrolled area asks for its content's natural width.
  public func setPropagatesNaturalWidth(_ propagates: Bool) {
    gtk_scrolled_window_set_propagate_natural_width(c(), propagates ? 1 : 0)
  }
}

/// A GtkStack that slides between named pages.
@MainActor
public final class Stack: Widget {
  public enum Transition {
    case none, slideLeft, slideRight, crossfade

    var gtk: GtkStackTransitionType {
      switch self {
      case .none: return GTK_STACK_TRANSITION_TYPE_NONE
      case .slideLeft: return GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT
      case .slideRight: return GTK_STACK_TRANSITION_TYPE_SLIDE_RIGHT
      case .crossfade: return GTK_STACK_TRANSITION_TYPE_CROSSFADE
      }
    }
  }

  public init() {
    super.init(widget: gtk_stack_new())
    gtk_stack_set_transition_duration(c(), 200)
  }

  /// Adds a page; `title` is what assistive technologies call it.
  public func addNamed(_ child: Widget, name: String, title: String) {
    _ = gtk_stack_add_named(c(), child.widget, name)
    knobs_stack_set_page_label(widget, child.widget, title)
  }
  public func remove(_ child: Widget) { gtk_stack_remove(c(), child.widget) }
  /// Whether `child` is the page shown.
  public func isShowing(_ child: Widget) -> Bool { gtk_stack_get_visible_child(c()) == child.widget }

  /// Shows `child` and hides every other page from assistive technologies.
  ///
  /// GTK 4.8 keeps the widgets of pages not shown VISIBLE over AT-SPI, so a
  /// screen reader could walk a page behind the one on screen. The hidden
  /// state takes a page's whole subtree out of the tree; drawing, and so the
  /// transition, is unaffected.
  public func show(_ child: Widget, transition: Transition) {
    gtk_stack_set_transition_type(c(), transition.gtk)
    gtk_stack_set_visible_child(c(), child.widget)
    var page = gtk_widget_get_first_child(widget)
    while let current = page {
      knobs_accessible_set_hidden(current, current == child.widget ? 0 : 1)
      page = gtk_widget_get_next_sibling(current)
    }
  }

}

/// A GtkOverlay: a main child with widgets floating above it (toasts).
@MainActor
public final class Overlay: Widget {
  public init() {
    super.init(widget: gtk_overlay_new())
  }

  public func setChild(_ child: Widget) { gtk_overlay_set_child(c(), child.widget) }
  public func addOverlay(_ child: Widget) { gtk_overlay_add_overlay(c(), child.widget) }
}

/// A GtkPopover attached to a widget, used for row context menus.
@MainActor
public final class Popover: Widget {
  public init(child: Widget) {
    super.init(widget: gtk_popover_new())
    gtk_popover_set_child(c(), child.widget)
    gtk_popover_set_has_arrow(c(), 1)
  }

  /// Makes `parent` the widget the popover points at; GTK unparents it when the parent goes.
  public func attach(to parent: Widget) { gtk_widget_set_parent(widget, parent.widget) }

  public func detach() {
    if gtk_widget_get_parent(widget) != nil { gtk_widget_unparent(widget) }
  }

  /// Points the popover at a spot in its parent, e.g. where the pointer was pressed.
  public func point(at x: Double, _ y: Double) {
    var rect = GdkRectangle(x: Int32(x), y: Int32(y), width: 1, height: 1)
    gtk_popover_set_pointing_to(c(), &rect)
  }

  public func popup() { gtk_popover_popup(c()) }
  public func popdown() { gtk_popover_popdown(c()) }

}
