package import CGio

/// The C entry points for signals. Each type matches its signal's C signature
/// exactly (`gboolean` is `Int32`; signals that return one return one) and calls
/// the boxed Swift handler on the main actor, where GTK emits every signal.
package enum Trampolines {
  package typealias Plain = @MainActor () -> Void
  package typealias WithPointer = @MainActor (UnsafeMutableRawPointer?) -> Void
  package typealias WithBool = @MainActor (Bool) -> Bool
  package typealias Stop = @MainActor () -> Bool
  package typealias WithString = @MainActor (String) -> Void
  package typealias Press = @MainActor (Int32, Double, Double) -> Void
  package typealias Point = @MainActor (Double, Double) -> Void
  package typealias WithInt = @MainActor (Int32) -> Void
  package typealias WithIndex = @MainActor (Int) -> Void
  package typealias WithStrings = @MainActor ([String]) -> Void

  /// `void (*)(GObject *, gpointer)`: clicked, activate, changed, value-changed, destroy, startup…
  package static let plain: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
    let handler = SignalBox<Plain>.from(data)
    MainActor.assumeIsolated { handler() }
  }

  /// `void (*)(GObject *, gpointer arg, gpointer)`: row-activated, notify, GAction activate.
  package static let withPointer: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
    let handler = SignalBox<WithPointer>.from(data)
    // The pointer is only used on this thread, inside this call.
    nonisolated(unsafe) let argument = argument
    MainActor.assumeIsolated { handler(argument) }
  }

  /// `gboolean (*)(GtkSwitch *, gboolean state, gpointer)`: state-set.
  package static let withBool: @convention(c) (gpointer?, gboolean, gpointer?) -> gboolean = { _, state, data in
    let handler = SignalBox<WithBool>.from(data)
    return MainActor.assumeIsolated { handler(state != 0) } ? 1 : 0
  }

  /// `gboolean (*)(GtkWindow *, gpointer)`: close-request.
  package static let stop: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
    let handler = SignalBox<Stop>.from(data)
    return MainActor.assumeIsolated { handler() } ? 1 : 0
  }

  /// `void (*)(GSettings *, const char *key, gpointer)`: changed.
  package static let withString: @convention(c) (gpointer?, UnsafePointer<CChar>?, gpointer?) -> Void = {
    _, text, data in
    let handler = SignalBox<WithString>.from(data)
    let string = text.map { String(cString: $0) } ?? ""
    MainActor.assumeIsolated { handler(string) }
  }

  /// `void (*)(GtkGestureClick *, gint n_press, double x, double y, gpointer)`: pressed.
  package static let press: @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void = {
    _, count, x, y, data in
    let handler = SignalBox<Press>.from(data)
    MainActor.assumeIsolated { handler(count, x, y) }
  }

  /// `void (*)(GtkListView *, guint position, gpointer)`: activate.
  package static let withIndex: @convention(c) (gpointer?, guint, gpointer?) -> Void = { _, position, data in
    let handler = SignalBox<WithIndex>.from(data)
    MainActor.assumeIsolated { handler(Int(position)) }
  }

  /// `void (*)(GtkGestureLongPress *, double x, double y, gpointer)`: pressed.
  package static let point: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> Void = { _, x, y, data in
    let handler = SignalBox<Point>.from(data)
    MainActor.assumeIsolated { handler(x, y) }
  }

  /// `void (*)(GFileMonitor *, GFile *file, GFile *other_file, GFileMonitorEvent, gpointer)`: changed.
  package static let fileChanged:
    @convention(c) (gpointer?, gpointer?, gpointer?, GFileMonitorEvent, gpointer?) -> Void = {
      _, _, _, _, data in
      let handler = SignalBox<Plain>.from(data)
      MainActor.assumeIsolated { handler() }
    }

  /// `void (*)(GtkNativeDialog *, int response_id, gpointer)`: response.
  package static let withInt: @convention(c) (gpointer?, gint, gpointer?) -> Void = { _, value, data in
    let handler = SignalBox<WithInt>.from(data)
    MainActor.assumeIsolated { handler(value) }
  }

  /// `void (*)(GApplication *, GFile **files, gint n_files, gchar *hint, gpointer)`: open, with the files' URIs.
  package static let open:
    @convention(c) (gpointer?, UnsafeMutablePointer<OpaquePointer?>?, gint, UnsafePointer<CChar>?, gpointer?)
      -> Void = { _, files, count, _, data in
        let handler = SignalBox<WithStrings>.from(data)
        var uris: [String] = []
        for index in 0..<Int(max(count, 0)) {
          guard let file = files?[index], let uri = g_file_get_uri(file) else { continue }
          uris.append(String(cString: uri))
          g_free(uri)
        }
        MainActor.assumeIsolated { handler(uris) }
      }
}
