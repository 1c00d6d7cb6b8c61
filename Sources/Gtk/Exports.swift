// GTK's widgets come with GLib's loop, signals and GIO's settings, which they build on.
@_exported import Gio
