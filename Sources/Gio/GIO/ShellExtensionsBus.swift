internal import CGio

/// GNOME Shell's extension service on the session bus (`org.gnome.Shell.Extensions` on
/// `/org/gnome/Shell`, what the Extensions app uses): what the Shell made of each extension,
/// turning one on or off, opening its preferences, and the Shell's word when an extension's
/// state changes. Calls never start a Shell (no auto-start) and give up after their timeout;
/// the asynchronous ones answer on the main loop, never blocking it.
@MainActor
public final class ShellExtensionsBus {
  /// One extension as the Shell reports it (the fields of `GetExtensionInfo` Knobs uses).
  public struct Report: Sendable, Equatable {
    public var uuid: String
    /// The Shell's `ExtensionState`: 1 enabled, 2 disabled, 3 error, 4 out of date,
    /// 5 downloading, 6 initialized, 7 disabling, 8 enabling (45 and later), 99 uninstalled.
    public var state: Int
    /// Why it failed, when its state is error (or out of date): the Shell's words.
    public var error: String
    public var hasPrefs: Bool
    public var canChange: Bool
    /// 1 installed for everyone, 2 for the user.
    public var type: Int
    public var name: String
  }

  static let name = "org.gnome.Shell"
  static let path = "/org/gnome/Shell"
  static let interface = "org.gnome.Shell.Extensions"

  private let connection: OpaquePointer
  private var subscription: guint = 0
  private var nameWatch: guint = 0

  /// Nil when there is no session bus.
  public init?() {
    guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return nil }
    self.connection = connection
  }

  isolated deinit {
    if subscription != 0 { g_dbus_connection_signal_unsubscribe(connection, subscription) }
    if nameWatch != 0 { g_bus_unwatch_name(nameWatch) }
    g_object_unref(UnsafeMutableRawPointer(connection))
  }

  /// Every extension the Shell knows, by uuid; waits at most `timeout` seconds. For the command
  /// line, which has no main loop: the window uses `listExtensions(timeout:completion:)`.
  public func listExtensionsNow(timeout: Double) -> Result<[Report], GLibError> {
    var error: UnsafeMutablePointer<GError>?
    let reply = g_dbus_connection_call_sync(
      connection, Self.name, Self.path, Self.interface, "ListExtensions", nil, nil, G_DBUS_CALL_FLAGS_NO_AUTO_START,
      Self.milliseconds(timeout), nil, &error)
    guard let reply else { return .failure(GLibError(consuming: error)) }
    defer { g_variant_unref(reply) }
    return .success(Self.reports(inListReply: reply))
  }

  /// Turns an extension on or off through the Shell and waits at most `timeout` seconds: true
  /// when the Shell says it did. For the command line.
  public func setEnabledNow(_ uuid: String, _ on: Bool, timeout: Double) -> Result<Bool, GLibError> {
    var error: UnsafeMutablePointer<GError>?
    let reply = g_dbus_connection_call_sync(
      connection, Self.name, Self.path, Self.interface, on ? "EnableExtension" : "DisableExtension",
      g_variant_new_tuple([g_variant_new_string(uuid)], 1), nil, G_DBUS_CALL_FLAGS_NO_AUTO_START,
      Self.milliseconds(timeout), nil, &error)
    guard let reply else { return .failure(GLibError(consuming: error)) }
    defer { g_variant_unref(reply) }
    return .success(Self.firstBool(reply))
  }

  /// Removes an extension the user installed through the Shell (`UninstallExtension`), which
  /// turns it off first; true when the Shell says it did. For the command line.
  public func uninstallNow(_ uuid: String, timeout: Double) -> Result<Bool, GLibError> {
    var error: UnsafeMutablePointer<GError>?
    let reply = g_dbus_connection_call_sync(
      connection, Self.name, Self.path, Self.interface, "UninstallExtension",
      g_variant_new_tuple([g_variant_new_string(uuid)], 1), nil, G_DBUS_CALL_FLAGS_NO_AUTO_START,
      Self.milliseconds(timeout), nil, &error)
    guard let reply else { return .failure(GLibError(consuming: error)) }
    defer { g_variant_unref(reply) }
    return .success(Self.firstBool(reply))
  }

  /// `ListExtensions`, answered on the main loop.
  public func listExtensions(
    timeout: Double, completion: @escaping @MainActor (Result<[Report], GLibError>) -> Void
  ) {
    call("ListExtensions", nil, timeout: timeout) { result in completion(result.map(Self.reports(inListReply:))) }
  }

  /// `EnableExtension` or `DisableExtension`, answered on the main loop with the Shell's yes or no.
  public func setEnabled(
    _ uuid: String, _ on: Bool, timeout: Double, completion: @escaping @MainActor (Result<Bool, GLibError>) -> Void
  ) {
    call(
      on ? "EnableExtension" : "DisableExtension", g_variant_new_tuple([g_variant_new_string(uuid)], 1),
      timeout: timeout
    ) { result in completion(result.map(Self.firstBool)) }
  }

  /// `UninstallExtension`, answered on the main loop with the Shell's yes or no.
  public func uninstall(
    _ uuid: String, timeout: Double, completion: @escaping @MainActor (Result<Bool, GLibError>) -> Void
  ) {
    call("UninstallExtension", g_variant_new_tuple([g_variant_new_string(uuid)], 1), timeout: timeout) { result in
      completion(result.map(Self.firstBool))
    }
  }

  /// `OpenExtensionPrefs`, waiting at most `timeout` seconds; the error, if any. For the command line.
  public func openPreferencesNow(_ uuid: String, timeout: Double) -> GLibError? {
    let parameters = Self.preferencesParameters(uuid)
    var error: UnsafeMutablePointer<GError>?
    let reply = g_dbus_connection_call_sync(
      connection, Self.name, Self.path, Self.interface, "OpenExtensionPrefs", parameters, nil,
      G_DBUS_CALL_FLAGS_NO_AUTO_START, Self.milliseconds(timeout), nil, &error)
    guard let reply else { return GLibError(consuming: error) }
    g_variant_unref(reply)
    return nil
  }

  /// `OpenExtensionPrefs`' parameters: the uuid, no parent window, no options.
  private static func preferencesParameters(_ uuid: String) -> OpaquePointer? {
    let optionsType = g_variant_type_new("a{sv}")
    let options = g_variant_new_array(g_variant_type_element(optionsType), nil, 0)
    g_variant_type_free(optionsType)
    let parameters = g_variant_new_tuple([g_variant_new_string(uuid), g_variant_new_string(""), options], 3)
    return parameters
  }

  /// `OpenExtensionPrefs`: the Shell starts the extension's preferences window.
  public func openPreferences(
    _ uuid: String, timeout: Double, completion: @escaping @MainActor (GLibError?) -> Void
  ) {
    call("OpenExtensionPrefs", Self.preferencesParameters(uuid), timeout: timeout) { result in
      if case .failure(let error) = result { completion(error) } else { completion(nil) }
    }
  }

  /// Calls `handler` with the Shell's report each time an extension's state changes
  /// (`ExtensionStateChanged`). One handler per bus object.
  public func onStateChanged(_ handler: @escaping @MainActor (Report) -> Void) {
    guard subscription == 0 else { return }
    let box = Unmanaged.passRetained(ReportHandler(handler)).toOpaque()
    subscription = g_dbus_connection_signal_subscribe(
      connection, Self.name, Self.interface, "ExtensionStateChanged", Self.path, nil, G_DBUS_SIGNAL_FLAGS_NONE,
      { _, _, _, _, _, parameters, data in
        guard let data, let parameters, g_variant_n_children(parameters) == 2,
          let uuidValue = g_variant_get_child_value(parameters, 0)
        else { return }
        defer { g_variant_unref(uuidValue) }
        guard let fields = g_variant_get_child_value(parameters, 1) else { return }
        defer { g_variant_unref(fields) }
        let report = ShellExtensionsBus.report(uuid: ShellExtensionsBus.string(uuidValue), fields: fields)
        let handler = Unmanaged<ReportHandler>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { handler.run(report) }
      }, box,
      { data in
        guard let data else { return }
        Unmanaged<ReportHandler>.fromOpaque(data).release()
      })
  }

  /// Calls `handler` with true each time a Shell takes its name on the bus, false each time it
  /// leaves it (stopped, crashed, restarting); once at the start too, with whether one has it now.
  /// One handler per bus object.
  public func onPresence(_ handler: @escaping @MainActor (_ present: Bool) -> Void) {
    guard nameWatch == 0 else { return }
    let box = Unmanaged.passRetained(PresenceHandler(handler)).toOpaque()
    nameWatch = g_bus_watch_name_on_connection(
      connection, Self.name, G_BUS_NAME_WATCHER_FLAGS_NONE,
      { _, _, _, data in
        guard let data else { return }
        let handler = Unmanaged<PresenceHandler>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { handler.run(true) }
      },
      { _, _, data in
        guard let data else { return }
        let handler = Unmanaged<PresenceHandler>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { handler.run(false) }
      }, box,
      { data in
        guard let data else { return }
        Unmanaged<PresenceHandler>.fromOpaque(data).release()
      })
  }

  private final class PresenceHandler {
    let run: @MainActor (Bool) -> Void
    init(_ run: @escaping @MainActor (Bool) -> Void) { self.run = run }
  }

  private final class ReportHandler {
    let run: @MainActor (Report) -> Void
    init(_ run: @escaping @MainActor (Report) -> Void) { self.run = run }
  }

  /// A reply handed from GIO's callback to the main actor; its variant is owned by the box.
  private final class Reply: @unchecked Sendable {
    let variant: OpaquePointer?
    init(_ variant: OpaquePointer?) { self.variant = variant }
    deinit { if let variant { g_variant_unref(variant) } }
  }

  private final class CallBox {
    let completion: @MainActor (Result<Reply, GLibError>) -> Void
    init(_ completion: @escaping @MainActor (Result<Reply, GLibError>) -> Void) { self.completion = completion }
  }

  /// Calls `method` and hands its reply (valid during `convert` only) to `convert` on the main loop.
  private func call(
    _ method: String, _ parameters: OpaquePointer?, timeout: Double,
    then convert: @escaping @MainActor (Result<OpaquePointer, GLibError>) -> Void
  ) {
    let box = Unmanaged.passRetained(
      CallBox { result in
        switch result {
        case .success(let reply):
          guard let variant = reply.variant else { return convert(.failure(GLibError(consuming: nil))) }
          convert(.success(variant))
        case .failure(let error): convert(.failure(error))
        }
      }
    ).toOpaque()
    g_dbus_connection_call(
      connection, Self.name, Self.path, Self.interface, method, parameters, nil, G_DBUS_CALL_FLAGS_NO_AUTO_START,
      Self.milliseconds(timeout), nil,
      { source, result, data in
        let box = Unmanaged<CallBox>.fromOpaque(data!).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        let reply = Reply(g_dbus_connection_call_finish(OpaquePointer(source), result, &error))
        nonisolated(unsafe) let failure = error
        MainActor.assumeIsolated {
          if reply.variant != nil {
            box.completion(.success(reply))
          } else {
            box.completion(.failure(GLibError(consuming: failure)))
          }
        }
      }, box)
  }

  private static func milliseconds(_ seconds: Double) -> Int32 {
    Int32(max(1, min(seconds, 600)) * 1000)
  }

  private static func firstBool(_ reply: OpaquePointer) -> Bool {
    guard g_variant_n_children(reply) > 0, let value = g_variant_get_child_value(reply, 0) else { return false }
    defer { g_variant_unref(value) }
    return String(cString: g_variant_get_type_string(value)) == "b" && g_variant_get_boolean(value) != 0
  }

  private static func string(_ value: OpaquePointer) -> String {
    let type = String(cString: g_variant_get_type_string(value))
    guard type == "s" || type == "o" else { return "" }
    return String(cString: g_variant_get_string(value, nil))
  }

  /// The reports of a `ListExtensions` reply, `(a{sa{sv}})`, in the Shell's order.
  static func reports(inListReply reply: OpaquePointer) -> [Report] {
    guard String(cString: g_variant_get_type_string(reply)) == "(a{sa{sv}})",
      let all = g_variant_get_child_value(reply, 0)
    else { return [] }
    defer { g_variant_unref(all) }
    var reports: [Report] = []
    for index in 0..<g_variant_n_children(all) {
      guard let entry = g_variant_get_child_value(all, index) else { continue }
      defer { g_variant_unref(entry) }
      guard let key = g_variant_get_child_value(entry, 0), let fields = g_variant_get_child_value(entry, 1) else {
        continue
      }
      reports.append(report(uuid: string(key), fields: fields))
      g_variant_unref(key)
      g_variant_unref(fields)
    }
    return reports
  }

  /// A report from an `a{sv}` of the Shell's fields; a field missing or of another type reads as empty.
  static func report(uuid: String, fields: OpaquePointer) -> Report {
    var report = Report(uuid: uuid, state: 0, error: "", hasPrefs: false, canChange: false, type: 0, name: "")
    guard String(cString: g_variant_get_type_string(fields)) == "a{sv}" else { return report }
    for index in 0..<g_variant_n_children(fields) {
      guard let entry = g_variant_get_child_value(fields, index) else { continue }
      defer { g_variant_unref(entry) }
      guard let keyValue = g_variant_get_child_value(entry, 0), let boxed = g_variant_get_child_value(entry, 1) else {
        continue
      }
      let key = string(keyValue)
      g_variant_unref(keyValue)
      guard let value = g_variant_get_variant(boxed) else {
        g_variant_unref(boxed)
        continue
      }
      g_variant_unref(boxed)
      defer { g_variant_unref(value) }
      let type = String(cString: g_variant_get_type_string(value))
      let number = type == "d" ? g_variant_get_double(value) : nil
      let whole = number.flatMap { $0.isFinite && abs($0) < 1e6 ? Int($0) : nil } ?? 0
      switch key {
      case "state": report.state = whole
      case "type": report.type = whole
      case "error": report.error = string(value)
      case "name": report.name = string(value)
      case "hasPrefs": report.hasPrefs = type == "b" && g_variant_get_boolean(value) != 0
      case "canChange": report.canChange = type == "b" && g_variant_get_boolean(value) != 0
      default: break
      }
    }
    return report
  }
}
