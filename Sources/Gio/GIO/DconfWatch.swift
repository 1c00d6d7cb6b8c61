internal import CGio

/// Hears the dconf writer announce a change to the user's settings database
/// (`ca.desrt.dconf.Writer` `Notify` on the session bus): every change, whoever made
/// it, unlike GSettings, which tells only of the schemas a process opened.
@MainActor
public final class DconfWatch {
  private let connection: OpaquePointer
  private var subscription: guint = 0

  /// Nil when there is no session bus.
  public init?(onChange: @escaping @MainActor () -> Void) {
    guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return nil }
    self.connection = connection
    let box = Unmanaged.passRetained(ChangeHandler(onChange)).toOpaque()
    subscription = g_dbus_connection_signal_subscribe(
      connection, nil, "ca.desrt.dconf.Writer", "Notify", nil, nil, G_DBUS_SIGNAL_FLAGS_NONE,
      { _, _, _, _, _, _, data in
        guard let data else { return }
        let handler = Unmanaged<ChangeHandler>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { handler.run() }
      }, box,
      { data in
        guard let data else { return }
        Unmanaged<ChangeHandler>.fromOpaque(data).release()
      })
  }

  isolated deinit {
    g_dbus_connection_signal_unsubscribe(connection, subscription)
    g_object_unref(UnsafeMutableRawPointer(connection))
  }

  private final class ChangeHandler {
    let run: @MainActor () -> Void
    init(_ run: @escaping @MainActor () -> Void) { self.run = run }
  }
}
