internal import CGtk

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
        MainActor.assumeIsolated {
          completion(failure.map { GLibError(consuming: $0) } ?? (launched ? nil : GLibError(consuming: nil)))
        }
      }, box)
    if let context { g_object_unref(UnsafeMutableRawPointer(context)) }
  }

  private final class CompletionBox {
    let completion: @MainActor (GLibError?) -> Void
    init(_ completion: @escaping @MainActor (GLibError?) -> Void) { self.completion = completion }
  }
}
