internal import CGtk

/// A GtkImage showing a themed icon.
@MainActor
public final class Image: Widget {
  public init(iconName: String) {
    super.init(widget: gtk_image_new_from_icon_name(iconName))
  }

  /// An application's icon: a themed icon name, or an absolute path to an
  /// image; `fallback` (a themed name) when the theme has no such icon.
  public init(applicationIcon icon: String, fallback: String, pixelSize: Int32) {
    var error: UnsafeMutablePointer<GError>?
    let gicon: OpaquePointer
    if icon.hasPrefix("/"), g_file_test(icon, G_FILE_TEST_IS_REGULAR) != 0,
      let fileIcon = g_icon_new_for_string(icon, &error)
    {
      gicon = fileIcon
    } else {
      if let error { g_error_free(error) }
      gicon = g_themed_icon_new(icon.hasPrefix("/") || icon.isEmpty ? fallback : icon)
      g_themed_icon_append_name(gicon, fallback)
    }
    super.init(widget: gtk_image_new_from_gicon(gicon))
    g_object_unref(UnsafeMutableRawPointer(gicon))
    gtk_image_set_pixel_size(c(), pixelSize)
  }

  public var iconName: String? {
    get { gtk_image_get_icon_name(c()).map { String(cString: $0) } }
    set { gtk_image_set_from_icon_name(c(), newValue) }
  }
}
