/// What else a write of the desktop's settings goes to, beside the settings store: off GNOME,
/// the files GTK reads there (`GtkFilesMirror`). The GSettings store asks it before every
/// write, reset and import, so the window, `knobs set`, `reset`, import, profiles and undo all
/// write the same places.
@MainActor
package protocol SettingsMirror: AnyObject {
  /// Throws when `value` must not be written for `key` at all (a name that would break
  /// other programs' files); looks at nothing on disk.
  func check(_ value: SettingValue, for key: SettingKey) throws(SettingsError)
  /// Writes `changes` (nil: a reset) where else they are read, all or none; `reading` gives the
  /// store's current values. Returns how to take the writes back, for when the store's own write
  /// then fails; nil when nothing was written.
  func mirror(_ changes: [(key: SettingKey, value: SettingValue?)], reading: (SettingKey) -> SettingValue?)
    throws(SettingsError) -> (() -> Void)?
  /// Where else the value of `key` is read on this desktop and what it says there, for `explain`;
  /// nil when nowhere.
  func explanation(of key: SettingKey, value: SettingValue?) -> String?
  /// The same readings as `explanation`, for `explain --json`; nil when nowhere.
  func readings(of key: SettingKey, value: SettingValue?) -> GtkFilesReport?
}

/// What the files GTK reads off GNOME say of one setting (`explain`): each file's line beside
/// what it would say for GSettings' value, and whether xsettingsd's values win over settings.ini.
package struct GtkFilesReport: Sendable, Equatable {
  /// The desktop the files are read for (never GNOME).
  package var desktop: GtkDesktop
  /// Each file's reading, in the order the files are written.
  package var readings: [GtkFiles.Reading]
  /// Whether xsettingsd's file is among them: its values win over settings.ini over X.
  package var xsettingsdWins: Bool
}

/// Off GNOME, writes appearance settings to the files GTK reads there as well (`GtkFiles`);
/// on GNOME, only checks names. The desktop is found at the first write, not at start.
@MainActor
package final class GtkFilesMirror: SettingsMirror {
  private let environment: [String: String]
  private let findDesktop: () -> GtkDesktop
  private var found: GtkDesktop?

  /// - Parameter desktop: finds the desktop; asked once, at the first write of a key the files hold.
  package init(environment: [String: String], desktop: @escaping () -> GtkDesktop) {
    self.environment = environment
    self.findDesktop = desktop
  }

  /// The desktop, found once.
  package var desktop: GtkDesktop {
    if let found { return found }
    let desktop = findDesktop()
    found = desktop
    return desktop
  }

  package func readings(of key: SettingKey, value: SettingValue?) -> GtkFilesReport? {
    guard GtkFiles.mirrors(key), let value, !desktop.isGNOME else { return nil }
    let files = GtkFiles(
      environment: environment, xsettingsdRuns: !GtkDesktop.processes(named: ["xsettingsd"]).isEmpty)
    return GtkFilesReport(
      desktop: desktop, readings: files.readings(of: key, value: value), xsettingsdWins: files.xsettingsd != nil)
  }

  package func explanation(of key: SettingKey, value: SettingValue?) -> String? {
    guard let report = readings(of: key, value: value) else { return nil }
    let home = LocalFiles.home(environment: environment)
    var lines = [tr("This desktop is not GNOME: GTK also reads this setting from files.")]
    for reading in report.readings {
      let path = reading.path.hasPrefix(home + "/") ? "~" + reading.path.dropFirst(home.count) : reading.path
      guard let found = reading.found else {
        lines.append("  " + tr("%1$s: no %2$s line", String(path).escapedForTerminal, reading.key))
        continue
      }
      let line = "  \(path): \(reading.key) \(found)".escapedForTerminal
      lines.append(
        reading.agrees
          ? line
          : line + " " + tr("(differs from GSettings, which says %s)", reading.expected.escapedForTerminal))
    }
    if report.xsettingsdWins {
      lines.append("  " + tr("xsettingsd's values win over settings.ini for applications over X."))
    }
    return lines.joined(separator: "\n")
  }

  package func check(_ value: SettingValue, for key: SettingKey) throws(SettingsError) {
    if let problem = GtkFiles.problem(with: value, for: key) {
      throw .unparsable(key, text: value.stringValue ?? "", reason: problem)
    }
  }

  package func mirror(_ changes: [(key: SettingKey, value: SettingValue?)], reading: (SettingKey) -> SettingValue?)
    throws(SettingsError) -> (() -> Void)?
  {
    let relevant = changes.filter { GtkFiles.mirrors($0.key) }
    guard let first = relevant.first else { return nil }
    for change in relevant { if let value = change.value { try check(value, for: change.key) } }
    guard !desktop.isGNOME else { return nil }
    let files = GtkFiles(
      environment: environment, xsettingsdRuns: !GtkDesktop.processes(named: ["xsettingsd"]).isEmpty)
    let applied: (undo: @Sendable () -> Void, changedXSettings: Bool)?
    do {
      applied = try files.apply(files.edits(for: relevant, reading: reading))
    } catch {
      throw .failed(first.key, reason: error.description)
    }
    guard let applied else { return nil }
    if applied.changedXSettings { GtkFiles.reloadXSettingsd() }
    return {
      applied.undo()
      if applied.changedXSettings { GtkFiles.reloadXSettingsd() }
    }
  }
}
