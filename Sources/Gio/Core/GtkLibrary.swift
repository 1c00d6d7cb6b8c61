import Glibc

/// GTK's library, asked without linking it: the command line's process links GLib and GIO alone,
/// and loads GTK only to say which version the window program would run with.
package enum GtkLibrary {
  /// `major.minor.micro` of `libgtk-4.so.1` as the loader finds it; nil when it can't be loaded.
  package static var version: String? {
    guard let library = dlopen("libgtk-4.so.1", RTLD_LAZY | RTLD_LOCAL) else { return nil }
    defer { dlclose(library) }
    typealias VersionPart = @convention(c) () -> UInt32
    let names = ["gtk_get_major_version", "gtk_get_minor_version", "gtk_get_micro_version"]
    let parts = names.compactMap { name in dlsym(library, name).map { unsafeBitCast($0, to: VersionPart.self)() } }
    guard parts.count == 3 else { return nil }
    return parts.map(String.init).joined(separator: ".")
  }
}
