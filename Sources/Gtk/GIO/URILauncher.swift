import CGtk

/// Opens URIs with the user's default application for their scheme, through GIO.
@MainActor
public enum URILauncher {
  /// Launches `uri` with a launch context from `widget`'s display, so the opened
  /// application gets the startup notification / activation token.
  /// `completion` runs once, with nil on success or the error.
  public static func open(
    _ uri: String, from widget: Widget, completion: @escaping @MainActor (GLibError?) -> Void
  ) {
    let context = widget.display.flatMap { gdk_display_get_app_launch_context($0) }
    let box = Unmanaged.passRetained(CompletionBox(completion)).toOpaque()
    g_app_info_launch_default_for_uri_async(
      uri, context.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GAppLaunchContext.self) }, nil,
      { _, result, data in
        let completion = Unmanaged<CompletionBox>.fromOpaque(data!).takeRetainedValue().completion
        var error: UnsafeMutablePointer<GError>?
        let launched = g_app_info_launch_default_for_uri_finish(result, &error) != 0
        // The error pointer is consumed right here, on this thread.
        nonisolated(unsafe) let failure = launched ? nil : error
        MainActor.assumeIsolated { completion(failure.map { GLibError(consuming: $0) } ?? (launched ? nil : GLibError(consuming: nil))) }
      }, box)
    if let context { g_object_unref(UnsafeMutableRawPointer(context)) }
  }

  private final class CompletionBox {
    let completion: @MainActor (GLibError?) -> Void
    init(_ completion: @escaping @MainActor (GLibError?) -> Void) { self.completion = completion }
  }
}

/// The clipboard of a widget's display.
@MainActor
public enum Clipboard {
  public static func copy(_ text: String, from widget: Widget) {
    guard let display = widget.display else { return }
    gdk_clipboard_set_text(gdk_display_get_clipboard(display), text)
  }

  /// Reads the clipboard's text; `completion` gets nil when it holds no text.
  public static func readText(from widget: Widget, completion: @escaping @MainActor (String?) -> Void) {
    guard let display = widget.display else { return completion(nil) }
    let clipboard = gdk_display_get_clipboard(display)
    let box = Unmanaged.passRetained(TextBox(completion)).toOpaque()
    gdk_clipboard_read_text_async(clipboard, nil, { source, result, data in
      let completion = Unmanaged<TextBox>.fromOpaque(data!).takeRetainedValue().completion
      let text = gdk_clipboard_read_text_finish(OpaquePointer(source), result, nil)
      let string = text.map { String(cString: $0) }
      g_free(text)
      MainActor.assumeIsolated { completion(string) }
    }, box)
  }

  private final class TextBox {
    let completion: @MainActor (String?) -> Void
    init(_ completion: @escaping @MainActor (String?) -> Void) { self.completion = completion }
  }
}
