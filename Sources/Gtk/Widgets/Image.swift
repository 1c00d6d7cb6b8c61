import CGtk

/// A GtkImage showing a themed icon.
@MainActor
public final class Image: Widget {
  public init(iconName: String) {
    super.init(widget: gtk_image_new_from_icon_name(iconName))
  }

  public var iconName: String? {
    get { gtk_image_get_icon_name(c()).map { String(cString: $0) } }
    set { gtk_image_set_from_icon_name(c(), newValue) }
  }
}
