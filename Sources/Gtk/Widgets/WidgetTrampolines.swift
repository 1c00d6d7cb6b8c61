internal import CGtk

/// The C entry points of GTK's own signals, beside GLib's (Gio's `Trampolines`).
extension Trampolines {
  typealias Key = @MainActor (UInt32, GdkModifierType) -> Bool
  typealias Direction = @MainActor (GtkDirectionType) -> Bool

  /// `gboolean (*)(GtkEventControllerKey *, guint keyval, guint keycode, GdkModifierType, gpointer)`: key-pressed.
  static let key: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
    _, keyval, _, state, data in
    let handler = SignalBox<Key>.from(data)
    return MainActor.assumeIsolated { handler(keyval, state) } ? 1 : 0
  }

  /// `gboolean (*)(GtkWidget *, GtkDirectionType, gpointer)`: keynav-failed.
  static let direction: @convention(c) (gpointer?, GtkDirectionType, gpointer?) -> gboolean = { _, direction, data in
    let handler = SignalBox<Direction>.from(data)
    return MainActor.assumeIsolated { handler(direction) } ? 1 : 0
  }
}
