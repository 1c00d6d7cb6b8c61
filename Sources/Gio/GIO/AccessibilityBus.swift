internal import CGio
import Glibc

/// The accessibility bus, asked for before GTK asks.
///
/// GTK 4.8 asks the session bus for the accessibility bus's address (`org.a11y.Bus`
/// `GetAddress`) as it makes its first window, with a blocking call and D-Bus's default
/// timeout: an accessibility launcher that is slow to start (a busy machine) or frozen
/// holds the start for 25 s. `prepare` asks first, waiting at most `timeout`: an answer is
/// handed to GTK in `AT_SPI_BUS_ADDRESS`, which GTK reads before asking; no answer in time
/// turns GTK's accessibility off for this run (`GTK_A11Y=none`), as GTK does itself after
/// its 25 s, and is said. Nothing is done when either variable is set already, or there
/// is no session bus.
public enum AccessibilityBus {
  /// Why the start goes on without accessibility, in words; nil when nothing was changed or the bus answered.
  @discardableResult
  public static func prepare(timeout: Double) -> String? {
    guard getenv("AT_SPI_BUS_ADDRESS") == nil, getenv("GTK_A11Y") == nil,
      getenv("DBUS_SESSION_BUS_ADDRESS") != nil
    else { return nil }
    var error: UnsafeMutablePointer<GError>?
    guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
      if let error { g_error_free(error) }
      return nil
    }
    defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
    let reply = g_dbus_connection_call_sync(
      connection, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", nil, nil,
      G_DBUS_CALL_FLAGS_NONE, Int32(max(1, timeout * 1000)), nil, &error)
    guard let reply else {
      let timedOut =
        error.map { $0.pointee.domain == g_io_error_quark() && $0.pointee.code == Int32(G_IO_ERROR_TIMED_OUT.rawValue) }
        ?? false
      let message = error.map { String(cString: $0.pointee.message) } ?? ""
      if let error { g_error_free(error) }
      // Any other failure (no launcher installed) is GTK's to meet, quickly, as before.
      guard timedOut else { return nil }
      setenv("GTK_A11Y", "none", 1)
      return message
    }
    defer { g_variant_unref(reply) }
    guard let child = g_variant_get_child_value(reply, 0) else { return nil }
    defer { g_variant_unref(child) }
    let address = String(cString: g_variant_get_string(child, nil))
    if !address.isEmpty { setenv("AT_SPI_BUS_ADDRESS", address, 1) }
    return nil
  }
}
