import FoundationEssentials

/// Where the desktop keeps startup entries and applications, from the XDG
/// Base Directory variables (tests pass folders of their own).
package struct DesktopFolders: Sendable {
  /// `$XDG_CONFIG_HOME/autostart`: the user's startup entries, the only folder Knobs writes.
  package var userAutostart: String
  /// `$XDG_CONFIG_DIRS/autostart`, most important first: the system's entries, never written.
  package var systemAutostart: [String]
  /// `$XDG_DATA_HOME/applications`, then each `$XDG_DATA_DIRS/applications`.
  package var applications: [String]
  /// `$XDG_CURRENT_DESKTOP`, split: entries for other desktops only are left out. Empty means any desktop.
  package var desktops: [String]
  /// Locale names for localized names and comments, best first.
  package var languages: [String]

  package init(
    userAutostart: String, systemAutostart: [String], applications: [String], desktops: [String] = [],
    languages: [String] = []
  ) {
    self.userAutostart = userAutostart
    self.systemAutostart = systemAutostart
    self.applications = applications
    self.desktops = desktops
    self.languages = languages
  }

  package init(environment: [String: String] = LocalFiles.environment()) {
    func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
    let home = LocalFiles.home(environment: environment)
    let configHome = value("XDG_CONFIG_HOME") ?? home + "/.config"
    let dataHome = value("XDG_DATA_HOME") ?? home + "/.local/share"
    let configDirs = (value("XDG_CONFIG_DIRS") ?? "/etc/xdg").split(separator: ":").map(String.init)
    let dataDirs = (value("XDG_DATA_DIRS") ?? "/usr/local/share:/usr/share").split(separator: ":").map(String.init)
    self.init(
      userAutostart: configHome + "/autostart",
      systemAutostart: configDirs.map { $0 + "/autostart" },
      applications: ([dataHome] + dataDirs).map { $0 + "/applications" },
      desktops: (value("XDG_CURRENT_DESKTOP") ?? "").split(separator: ":").map(String.init),
      languages: LocaleLanguages.from(environment: environment))
  }

  /// Whether an entry with these `OnlyShowIn` and `NotShowIn` lists is meant for the current desktop.
  package func isShown(onlyShowIn: [String], notShowIn: [String]) -> Bool {
    guard !desktops.isEmpty else { return true }
    if !onlyShowIn.isEmpty && !onlyShowIn.contains(where: desktops.contains) { return false }
    return !notShowIn.contains(where: desktops.contains)
  }
}
