internal import CGio

/// Watches a folder (GFileMonitor) and says when anything in it changes,
/// including the folder being created or removed. It stops when released.
@MainActor
public final class FileMonitor: Object {
  /// Nil when the folder can't be watched (GIO said why; nothing to do about it).
  public init?(folder: String) {
    let file = g_file_new_for_path(folder)
    defer { g_object_unref(UnsafeMutableRawPointer(file)) }
    var error: UnsafeMutablePointer<GError>?
    guard let monitor = g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, nil, &error) else {
      if let error { g_error_free(error) }
      return nil
    }
    super.init(adopting: UnsafeMutableRawPointer(monitor))
  }

  isolated deinit {
    g_file_monitor_cancel(cast())
  }

  /// Runs `handler` on every change GIO reports (several for one save).
  @discardableResult
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    SignalBox<Trampolines.Plain>(handler).connect(to: gobject, signal: "changed", trampoline: Trampolines.fileChanged)
  }
}
