internal import CGtk

/// The clipboard of a widget's display.
@MainActor
public enum Clipboard {
  public static func copy(_ text: String, from widget: Widget) {
    guard let display = widget.display else { return }
    gdk_clipboard_set_text(gdk_display_get_clipboard(display), text)
  }
}
