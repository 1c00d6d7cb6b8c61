internal import CGtk

/// Application-wide style: a stylesheet and the dark-style preference.
@MainActor
public enum Style {
  /// Adds a stylesheet for every window on the default display, above the theme.
  public static func addStylesheet(_ css: String) {
    guard let display = gdk_display_get_default() else { return }
    let provider = gtk_css_provider_new()
    gtk_css_provider_load_from_data(provider, css, -1)
    gtk_style_context_add_provider_for_display(
      display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    g_object_unref(provider)
  }

  /// Whether GTK animates widgets (switch flips, page slides); GTK 4.8 reads the
  /// desktop's `enable-animations` only through XSettings, so Knobs sets it.
  public static var animationsEnabled: Bool {
    get { boolSetting("gtk-enable-animations") }
    set { setBoolSetting("gtk-enable-animations", newValue) }
  }

  /// Asks the theme for its dark variant (GTK 4.8 does not follow `color-scheme` by itself).
  public static var prefersDark: Bool {
    get { boolSetting("gtk-application-prefer-dark-theme") }
    set { setBoolSetting("gtk-application-prefer-dark-theme", newValue) }
  }

  private static var gtkSettings: UnsafeMutablePointer<GObject>? {
    gtk_settings_get_default().map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GObject.self) }
  }

  private static func boolSetting(_ name: String) -> Bool {
    guard let settings = gtkSettings else { return false }
    var value = GValue()
    g_value_init(&value, GType(5 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_BOOLEAN
    defer { g_value_unset(&value) }
    g_object_get_property(settings, name, &value)
    return g_value_get_boolean(&value) != 0
  }

  private static func setBoolSetting(_ name: String, _ enabled: Bool) {
    guard let settings = gtkSettings else { return }
    var value = GValue()
    g_value_init(&value, GType(5 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_BOOLEAN
    g_value_set_boolean(&value, enabled ? 1 : 0)
    g_object_set_property(settings, name, &value)
    g_value_unset(&value)
  }

  /// The resource folders the default display's icon theme looks for icons in.
  public static var iconResourcePaths: [String] {
    guard let display = gdk_display_get_default(), let theme = gtk_icon_theme_get_for_display(display),
      let paths = gtk_icon_theme_get_resource_path(theme)
    else { return [] }
    defer { g_strfreev(paths) }
    return stringArray(paths)
  }

  /// The running GTK version, e.g. "4.8.3".
  public static var gtkVersion: String {
    "\(gtk_get_major_version()).\(gtk_get_minor_version()).\(gtk_get_micro_version())"
  }
}

/// Starts GTK; false when there is no display to show windows on.
@MainActor
public func initializeGtk() -> Bool {
  gtk_init_check() != 0
}
