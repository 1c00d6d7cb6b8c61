internal import CGtk

/// Starts installed applications by desktop file id, through GIO.
@MainActor
public enum DesktopAppLauncher {
  /// Launches the application of `desktopID` (`org.gnome.Calculator.desktop`)
  /// with `widget`'s display's launch context; throws when it is not installed or fails to start.
  public static func launch(_ desktopID: String, from widget: Widget?) throws(GLibError) {
    guard let info = installed(desktopID) else {
      throw GLibError(message: "\(desktopID) is not installed.", ioCode: nil)
    }
    defer { g_object_unref(UnsafeMutableRawPointer(info)) }
    let context = widget?.display.flatMap { gdk_display_get_app_launch_context($0) }
    defer { if let context { g_object_unref(UnsafeMutableRawPointer(context)) } }
    var error: UnsafeMutablePointer<GError>?
    let launched = g_app_info_launch(
      info, nil,
      context.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GAppLaunchContext.self) }, &error)
    guard launched != 0 else { throw GLibError(consuming: error) }
  }

  /// The installed application with this desktop id, with a reference the caller drops.
  /// (GIO's lookup by id, `g_desktop_app_info_new`, is in gio-unix, outside GTK's headers.)
  private static func installed(_ desktopID: String) -> OpaquePointer? {
    let all = g_app_info_get_all()
    defer { g_list_free_full(all) { g_object_unref($0) } }
    var node = all
    while let current = node {
      if let info = current.pointee.data, let id = g_app_info_get_id(OpaquePointer(info)),
        String(cString: id) == desktopID
      {
        g_object_ref(info)
        return OpaquePointer(info)
      }
      node = current.pointee.next
    }
    return nil
  }
}
