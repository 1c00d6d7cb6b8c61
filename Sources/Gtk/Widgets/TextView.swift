internal import CGtk
internal import CGtkGlue

/// A GtkTextView for text of several lines, in a monospace font, wrapping at any character.
@MainActor
public final class TextView: Widget {
  public init() {
    super.init(widget: gtk_text_view_new())
    gtk_text_view_set_monospace(c(), 1)
    gtk_text_view_set_wrap_mode(c(), GTK_WRAP_WORD_CHAR)
    gtk_text_view_set_accepts_tab(c(), 0)
  }

  private var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(c())! }

  /// The whole text.
  public var text: String {
    get {
      var start = GtkTextIter()
      var end = GtkTextIter()
      gtk_text_buffer_get_bounds(buffer, &start, &end)
      let text = gtk_text_buffer_get_text(buffer, &start, &end, 1)!
      defer { g_free(text) }
      return String(cString: text)
    }
    set {
      guard text != newValue else { return }
      gtk_text_buffer_set_text(buffer, newValue, -1)
    }
  }

  /// Runs when the text changes, typed or set.
  @discardableResult
  public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    let object = Object(retaining: UnsafeMutableRawPointer(buffer))
    return object.connect("changed", handler)
  }
}

extension Widget {
  /// Whether the accessible label screen readers hear is `label`; for tests, under GTK_A11Y=test.
  public func hasAccessibleLabel(_ label: String) -> Bool {
    knobs_accessible_label_is(widget, Label.shown(label)) != 0
  }
}
