import FoundationEssentials

/// An installed application as its desktop entry names it.
package struct DesktopApp: Hashable, Sendable {
  /// The desktop file's name without `.desktop`, e.g. `org.gnome.tweaks`.
  package var id: String
  package var name: String
  /// A freedesktop icon name; nil when the entry has none or names a file.
  package var iconName: String?

  package init(id: String, name: String, iconName: String? = nil) {
    self.id = id
    self.name = name
    self.iconName = iconName
  }
}

/// The applications of the desktop entries in `$XDG_DATA_HOME/applications`
/// and `$XDG_DATA_DIRS/*/applications`, and which one a schema belongs to.
package struct DesktopApps: Sendable {
  /// Keyed by lowercased desktop id; the user's entries win over the system's.
  private var byID: [String: DesktopApp] = [:]

  package init(_ apps: [DesktopApp]) {
    for app in apps where byID[app.id.lowercased()] == nil { byID[app.id.lowercased()] = app }
  }

  /// Reads the desktop entries found through the XDG environment variables.
  package static func installed(environment: [String: String] = LocalFiles.environment()) -> DesktopApps {
    let home = LocalFiles.home(environment: environment)
    let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
    let dataDirs = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
      .split(separator: ":").map(String.init)
    var apps: [DesktopApp] = []
    for folder in [dataHome] + dataDirs {
      let applications = folder + "/applications"
      let names = LocalFiles.names(in: applications) ?? []
      for name in names.sorted() where name.hasSuffix(".desktop") {
        guard let text = LocalFiles.text(at: applications + "/" + name),
          let app = app(id: String(name.dropLast(".desktop".count)), entry: text)
        else { continue }
        apps.append(app)
      }
    }
    return DesktopApps(apps)
  }

  /// The app of a desktop entry's text; nil for hidden entries and entries without a name.
  package static func app(id: String, entry: String) -> DesktopApp? {
    var inMainGroup = false
    var name: String?
    var icon: String?
    for line in entry.split(whereSeparator: \.isNewline) {
      let trimmed = line.trimmingSpaces
      if trimmed.hasPrefix("[") {
        inMainGroup = trimmed == "[Desktop Entry]"
        continue
      }
      guard inMainGroup, let equals = trimmed.firstIndex(of: "=") else { continue }
      let key = trimmed[..<equals].trimmingSpaces
      let value = trimmed[trimmed.index(after: equals)...].trimmingSpaces
      switch key {
      case "Name": name = value
      case "Icon": icon = value
      case "Hidden" where value == "true": return nil
      default: break
      }
    }
    guard let name, !name.isEmpty else { return nil }
    // An icon given as a file path is not a name the icon theme knows.
    let iconName = icon.flatMap { $0.isEmpty || $0.contains("/") ? nil : $0 }
    return DesktopApp(id: id, name: name, iconName: iconName)
  }

  /// The app whose desktop id is the schema id or the longest leading part of it
  /// (`org.gnome.nautilus.preferences` belongs to `org.gnome.Nautilus`), ignoring case.
  package func app(forSchema schemaID: String) -> DesktopApp? {
    var parts = schemaID.lowercased().split(separator: ".").map(String.init)
    // Two parts (`org.gnome`) name a vendor, not an app.
    while parts.count >= 2 {
      if let app = byID[parts.joined(separator: ".")] { return app }
      parts.removeLast()
    }
    return nil
  }
}
