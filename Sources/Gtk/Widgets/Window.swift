internal import CGtk

/// A GtkHeaderBar with widgets at its start and end and a title widget.
@MainActor
public final class HeaderBar: Widget {
  public init() {
    super.init(widget: gtk_header_bar_new())
  }

  public func packStart(_ child: Widget) { gtk_header_bar_pack_start(c(), child.widget) }
  public func packEnd(_ child: Widget) { gtk_header_bar_pack_end(c(), child.widget) }
  public func setTitleWidget(_ child: Widget) { gtk_header_bar_set_title_widget(c(), child.widget) }
}

/// A GtkWindow; `ApplicationWindow` is the kind Knobs shows.
@MainActor
public class Window: Widget {
  public init() {
    super.init(widget: gtk_window_new())
  }

  init(wrapping widget: UnsafeMutablePointer<GtkWidget>) {
    super.init(widget: widget)
  }

  public var title: String {
    get { gtk_window_get_title(c()).map { String(cString: $0) } ?? "" }
    set { gtk_window_set_title(c(), newValue) }
  }

  public func setChild(_ child: Widget) { gtk_window_set_child(c(), child.widget) }
  public func setTitlebar(_ bar: Widget) { gtk_window_set_titlebar(c(), bar.widget) }

  public func setDefaultSize(width: Int32, height: Int32) { gtk_window_set_default_size(c(), width, height) }

  /// The size the window would open at now: its current size unless maximized.
  public var defaultSize: (width: Int32, height: Int32) {
    var width: Int32 = 0
    var height: Int32 = 0
    gtk_window_get_default_size(c(), &width, &height)
    return (width, height)
  }

  /// The width of the window's surface on the display, its frame included; nil before it is shown.
  public var surfaceWidth: Int32? {
    guard let surface = gtk_native_get_surface(OpaquePointer(widget)) else { return nil }
    return gdk_surface_get_width(surface)
  }

  public var isMaximized: Bool { gtk_window_is_maximized(c()) != 0 }
  public func maximize() { gtk_window_maximize(c()) }

  public var isModal: Bool {
    get { gtk_window_get_modal(c()) != 0 }
    set { gtk_window_set_modal(c(), newValue ? 1 : 0) }
  }

  /// Keeps this window above `parent`.
  ///
  /// GTK 4.8 keeps pointing at a destroyed parent while this window is still
  /// referenced (as this wrapper references it), and touches that dead parent
  /// when this window is finally disposed. So the link is cut when the parent
  /// goes, while this wrapper keeps this window alive.
  public func setTransient(for parent: Window) {
    gtk_window_set_transient_for(c(), parent.c())
    parent.onDestroy { [weak self] in
      guard let self else { return }
      gtk_window_set_transient_for(self.c(), nil)
    }
  }
  public var destroysWithParent: Bool {
    get { gtk_window_get_destroy_with_parent(c()) != 0 }
    set { gtk_window_set_destroy_with_parent(c(), newValue ? 1 : 0) }
  }

  public func present() { gtk_window_present(c()) }

  /// Whether F10 is the window's own key for a menu bar (GTK's default); a window whose
  /// F10 opens its header bar's main menu turns this off.
  public var handlesMenuBarKey: Bool {
    get { gtk_window_get_handle_menubar_accel(c()) != 0 }
    set { gtk_window_set_handle_menubar_accel(c(), newValue ? 1 : 0) }
  }
  public func close() { gtk_window_close(c()) }
  public func destroy() { gtk_window_destroy(c()) }

  public var isActive: Bool { gtk_window_is_active(c()) != 0 }

  /// Whether the keyboard focus is in a field where text is typed (an entry, a spin button's number).
  public var isFocusInTextField: Bool {
    guard let focus = gtk_window_get_focus(c()) else { return false }
    return g_type_check_instance_is_a(
      UnsafeMutableRawPointer(focus).assumingMemoryBound(to: GTypeInstance.self), gtk_editable_get_type()) != 0
  }

  /// Runs whenever the keyboard focus moves to another widget of the window.
  @discardableResult
  public func onFocusChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    let box = SignalBox<Trampolines.WithPointer> { _ in handler() }
    return box.connect(to: gobject, signal: "notify::focus-widget", trampoline: Trampolines.withPointer)
  }

  /// Runs when the window becomes the one the user works in, e.g. after another app had the focus.
  @discardableResult
  public func onBecameActive(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    let box = SignalBox<Trampolines.WithPointer> { [weak self] _ in
      guard let self, self.isActive else { return }
      handler()
    }
    return box.connect(to: gobject, signal: "notify::is-active", trampoline: Trampolines.withPointer)
  }

  /// Runs before the window closes; return true to keep it open.
  @discardableResult
  public func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) -> SignalConnection {
    SignalBox<Trampolines.Stop>(handler).connect(to: gobject, signal: "close-request", trampoline: Trampolines.stop)
  }
}

/// A GtkApplicationWindow: a window that belongs to an `Application` and carries `win.` actions.
@MainActor
public final class ApplicationWindow: Window {
  public init(application: Application) {
    super.init(wrapping: gtk_application_window_new(application.c()))
  }

  /// Adds an action reachable as `win.NAME`.
  public func addAction(_ action: SimpleAction) {
    g_action_map_add_action(c(), OpaquePointer(action.gobject))
  }
}
