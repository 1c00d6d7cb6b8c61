internal import CGio

/// Whether dconf can take a write: its writer (`ca.desrt.dconf`) is reached
/// over the session bus. Without one, GSettings' dconf backend drops every
/// write after printing a warning and the process carries on, so a write must
/// be refused before it is made.
@MainActor
public enum SessionBus {
  private static var checked: String??

  /// Why dconf can't store values now, in words; nil when its writer can be reached. Asked once per process.
  public static var dconfWriterProblem: String? {
    if let checked { return checked }
    let problem = findDconfWriterProblem()
    checked = .some(problem)
    return problem
  }

  /// Whether `name` has an owner on the session bus now; false without a bus. One round trip.
  public static func nameHasOwner(_ name: String) -> Bool {
    guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return false }
    defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
    return hasOwner(connection, name)
  }

  private static func findDconfWriterProblem() -> String? {
    var error: UnsafeMutablePointer<GError>?
    guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
      let reason = error.map { String(cString: $0.pointee.message) } ?? "no session bus"
      if let error { g_error_free(error) }
      return reason
    }
    defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
    if hasOwner(connection, "ca.desrt.dconf") || isActivatable(connection, "ca.desrt.dconf") { return nil }
    return "the session bus has no dconf service (ca.desrt.dconf)"
  }

  private static func call(_ connection: OpaquePointer, _ method: String, _ parameters: OpaquePointer?)
    -> OpaquePointer?
  {
    g_dbus_connection_call_sync(
      connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", method, parameters, nil,
      G_DBUS_CALL_FLAGS_NONE, 5000, nil, nil)
  }

  private static func hasOwner(_ connection: OpaquePointer, _ name: String) -> Bool {
    guard let reply = call(connection, "NameHasOwner", g_variant_new_tuple([g_variant_new_string(name)], 1)) else {
      return false
    }
    defer { g_variant_unref(reply) }
    guard let answer = g_variant_get_child_value(reply, 0) else { return false }
    defer { g_variant_unref(answer) }
    return g_variant_get_boolean(answer) != 0
  }

  private static func isActivatable(_ connection: OpaquePointer, _ name: String) -> Bool {
    guard let reply = call(connection, "ListActivatableNames", nil) else { return false }
    defer { g_variant_unref(reply) }
    guard let names = g_variant_get_child_value(reply, 0) else { return false }
    defer { g_variant_unref(names) }
    for index in 0..<g_variant_n_children(names) {
      guard let child = g_variant_get_child_value(names, index) else { continue }
      defer { g_variant_unref(child) }
      if String(cString: g_variant_get_string(child, nil)) == name { return true }
    }
    return false
  }
}
