import FoundationEssentials

/// Where panel files are installed: the user's (`$XDG_DATA_HOME/knobs/panels`,
/// written by `knobs install-panel`) over the system's (`$XDG_DATA_DIRS/knobs/panels`,
/// installed by an app's packaging), and where their desktop entries go.
package struct PanelFolders: Sendable {
  package var user: String
  package var system: [String]
  /// `$XDG_DATA_HOME/applications`.
  package var userApplications: String

  package init(user: String, system: [String], userApplications: String) {
    self.user = user
    self.system = system
    self.userApplications = userApplications
  }

  package init(environment: [String: String] = LocalFiles.environment()) {
    func value(_ name: String) -> String? { environment[name].flatMap { $0.hasPrefix("/") ? $0 : nil } }
    let home =
      LocalFiles.home(environment: environment)
    let dataHome = value("XDG_DATA_HOME") ?? home + "/.local/share"
    let dataDirs = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
      .split(separator: ":").filter { $0.hasPrefix("/") }.map(String.init)
    self.init(
      user: dataHome + "/knobs/panels", system: dataDirs.map { $0 + "/knobs/panels" },
      userApplications: dataHome + "/applications")
  }

  /// The installed file of the panel `id`, the user's first; nil when none is installed.
  package func file(forID id: String) -> String? {
    guard PanelID.isValid(id) else { return nil }
    return ([user] + system).map { "\($0)/\(id).yaml" }.first { LocalFiles.exists($0) }
  }

  /// Whether `source` names a file rather than an installed panel's id.
  package static func isPath(_ source: String) -> Bool {
    source.contains("/") || source.hasSuffix(".yaml") || source.hasSuffix(".yml")
  }

  /// The application id a panel runs as and its desktop entry is named after:
  /// Knobs' own id, `Panel`, then the panel's id with `-` turned to `_` (D-Bus
  /// names are happier without dashes): `dev.knobs.Knobs.Panel.org.example.Pizza`.
  package static func applicationID(forPanel id: String, appID: String) -> String {
    "\(appID).Panel.\(id.replacingAll("-", with: "_"))"
  }
}
