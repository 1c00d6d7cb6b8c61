internal import CGtk

/// A GtkApplication: one instance per session, `app.` actions and keyboard accelerators.
@MainActor
public final class Application: Object {
  /// - Parameter unique: false lets several processes run with the same ID (tests).
  public init(id: String, unique: Bool = true) {
    super.init(adopting: gtk_application_new(id, unique ? G_APPLICATION_DEFAULT_FLAGS : G_APPLICATION_NON_UNIQUE))
    // No resources are looked for under the app id (Knobs ships none). GTK
    // 4.8's startup would add an icon path for them to the icon theme, which
    // throws away the theme GTK has just read in a background thread; the
    // first icon drawn would then read it all again on the main thread, before
    // a window's first frame.
    g_application_set_resource_base_path(c(), nil)
  }

  /// Where GTK looks for the app's own menus and icons among the registered resources; nil for nowhere.
  public var resourceBasePath: String? {
    g_application_get_resource_base_path(c()).map { String(cString: $0) }
  }

  @discardableResult
  public func onStartup(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    connect("startup", handler)
  }

  /// Runs on launch and on each later launch of the same app in this session.
  @discardableResult
  public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    connect("activate", handler)
  }

  /// Runs on `org.freedesktop.Application.Open` (nothing on the command line opens files):
  /// with the URIs asked for. Connect before the app registers.
  @discardableResult
  public func onOpen(_ handler: @escaping @MainActor ([String]) -> Void) -> SignalConnection {
    // Without the flag GApplication refuses Open with a critical; with it and no handler, too.
    g_application_set_flags(
      c(), GApplicationFlags(rawValue: g_application_get_flags(c()).rawValue | G_APPLICATION_HANDLES_OPEN.rawValue))
    let box = SignalBox<Trampolines.WithStrings>(handler)
    return box.connect(to: gobject, signal: "open", trampoline: Trampolines.open)
  }

  /// Runs the main loop until the last window closes or `quit()`; returns the exit status.
  ///
  /// - Parameter service: run as a D-Bus service (`--gapplication-service`): registered,
  ///   not activated, and ended after `inactivityTimeout` once nothing holds it (GLib gives
  ///   a service started without a call 10 s).
  public func run(programName: String, service: Bool = false) -> Int32 {
    var argv: [UnsafeMutablePointer<CChar>?] = [strdup(programName)]
    if service { argv.append(strdup("--gapplication-service")) }
    argv.append(nil)
    defer { argv.forEach { free($0) } }
    return g_application_run(c(), Int32(argv.count - 1), &argv)
  }

  /// Milliseconds the app stays after the last `release()` when nothing else holds it (no window).
  public var inactivityTimeout: UInt32 {
    get { g_application_get_inactivity_timeout(c()) }
    set { g_application_set_inactivity_timeout(c(), newValue) }
  }

  /// Registers with the session bus; afterwards `isRemote` tells whether another instance is primary.
  public func register() throws(GLibError) {
    var error: UnsafeMutablePointer<GError>?
    if g_application_register(c(), nil, &error) == 0 {
      throw GLibError(consuming: error)
    }
  }

  public var isRemote: Bool { g_application_get_is_remote(c()) != 0 }

  public func quit() { g_application_quit(c()) }

  /// Adds an action reachable as `app.NAME`.
  public func addAction(_ action: SimpleAction) {
    g_action_map_add_action(c(), OpaquePointer(action.gobject))
  }

  /// Activates an action, in the primary instance when this one is remote.
  public func activateAction(_ name: String, string parameter: String?) {
    let variant = parameter.map { g_variant_new_string($0) }
    g_action_group_activate_action(c(), name, variant ?? nil)
    // A remote call is only queued; a process about to exit must send it first.
    if isRemote, let connection = g_application_get_dbus_connection(c()) {
      g_dbus_connection_flush_sync(connection, nil, nil)
    }
  }

  public func setAccelerators(_ accelerators: [String], for action: String) {
    var cStrings = accelerators.map { strdup($0) }
    cStrings.append(nil)
    cStrings.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
        gtk_application_set_accels_for_action(self.c(), action, $0)
      }
    }
    cStrings.forEach { free($0) }
  }

  /// Keeps the application running while no window is open (for a moment, e.g. while starting).
  public func hold() { g_application_hold(c()) }
  public func release() { g_application_release(c()) }
}

/// A GSimpleAction, with an optional string parameter.
@MainActor
public final class SimpleAction: Object {
  public init(name: String, takesString: Bool = false) {
    let type = takesString ? g_variant_type_new("s") : nil
    super.init(adopting: UnsafeMutableRawPointer(g_simple_action_new(name, type))!)
    if let type { g_variant_type_free(type) }
  }

  /// Runs with the string parameter, or nil for actions without one.
  @discardableResult
  public func onActivate(_ handler: @escaping @MainActor (String?) -> Void) -> SignalConnection {
    let box = SignalBox<Trampolines.WithPointer> { parameter in
      guard let parameter else { return handler(nil) }
      let variant = OpaquePointer(parameter)
      guard String(cString: g_variant_get_type_string(variant)) == "s" else { return handler(nil) }
      handler(String(cString: g_variant_get_string(variant, nil)))
    }
    return box.connect(to: gobject, signal: "activate", trampoline: Trampolines.withPointer)
  }
}
