internal import CGtk
internal import CGioGlue
internal import CGtkGlue

/// A GtkSearchEntry.
@MainActor
public final class SearchEntry: Widget {
  public init(placeholder: String) {
    super.init(widget: gtk_search_entry_new())
    setProperty("placeholder-text", placeholder)
  }

  public var text: String {
    get { String(cString: gtk_editable_get_text(c())) }
    set { gtk_editable_set_text(c(), newValue) }
  }

  /// Runs on every change of the text (GtkSearchEntry delays it by a short moment).
  @discardableResult
  public func onSearchChanged(_ handler: @escaping @MainActor (String) -> Void) -> SignalConnection {
    connect("search-changed") { [weak self] in
      guard let self else { return }
      handler(self.text)
    }
  }

  /// Runs when the user presses Enter.
  @discardableResult
  public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    connect("activate", handler)
  }

  /// Presses Enter as the user would: `onActivate` handlers run.
  public func pressEnter() { knobs_signal_emit(gobject, "activate") }

  /// Runs when the user presses Escape in the entry.
  @discardableResult
  public func onStopSearch(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    connect("stop-search", handler)
  }

  /// Sends what the user types in `widget` (a list beside the entry) to the entry.
  public func captureKeys(from widget: Widget) {
    gtk_search_entry_set_key_capture_widget(c(), widget.widget)
  }
}

/// A GtkSearchBar that reveals a search entry, and opens when the user types in `keyCaptureWidget`.
@MainActor
public final class SearchBar: Widget {
  public init(entry: SearchEntry) {
    super.init(widget: gtk_search_bar_new())
    gtk_search_bar_set_child(c(), entry.widget)
    gtk_search_bar_connect_entry(c(), entry.c())
    gtk_search_bar_set_show_close_button(c(), 0)
  }

  public var isSearching: Bool {
    get { gtk_search_bar_get_search_mode(c()) != 0 }
    set { gtk_search_bar_set_search_mode(c(), newValue ? 1 : 0) }
  }

  /// Opens the bar when the user types in `widget`. Call `stopCapturingKeys()`
  /// before `widget` goes: GTK 4.8 does not forget it by itself.
  public func captureKeys(from widget: Widget) {
    gtk_search_bar_set_key_capture_widget(c(), widget.widget)
  }

  public func stopCapturingKeys() {
    gtk_search_bar_set_key_capture_widget(c(), nil)
  }

  /// Keeps the bar's open state and a toggle button's state the same, both ways.
  public func bind(to button: ToggleButton) {
    g_object_bind_property(
      button.gobject, "active", gobject, "search-mode-enabled",
      GBindingFlags(rawValue: G_BINDING_BIDIRECTIONAL.rawValue | G_BINDING_SYNC_CREATE.rawValue))
  }

  /// Runs when the bar opens or closes.
  @discardableResult
  public func onSearchModeChanged(_ handler: @escaping @MainActor (Bool) -> Void) -> SignalConnection {
    let box = SignalBox<Trampolines.WithPointer> { [weak self] _ in
      guard let self else { return }
      handler(self.isSearching)
    }
    return box.connect(to: gobject, signal: "notify::search-mode-enabled", trampoline: Trampolines.withPointer)
  }
}
