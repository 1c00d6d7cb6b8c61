import KnobsModel
import KnobsSettings

extension CommandLineTool {
  /// The tool for Knobs' own panel: its stores, and changes noted in `history`. The panel is
  /// made by `panel` when a command first needs it (a path under `schema/` does not).
  package init(panel: @escaping () -> Panel, schemaDirectories: [String], history: ChangeHistory) {
    self.init(
      program: "knobs", panel: panel, schemaDirectories: schemaDirectories,
      environment: { SettingsEnvironment.make(appID: AppInfo.id, panel: $0, schemaDirectories: schemaDirectories) },
      history: history, isWindowOnly: Self.isWindowOnly)
    hintsSchemaPaths = true
  }

  /// The tool for a panel file's stores (its INI keys have no undo here).
  package init(panel: Panel, schemaDirectories: [String], environment: SettingsEnvironment) {
    self.init(program: "knobs", panel: panel, schemaDirectories: schemaDirectories, environment: environment)
    hintsSchemaPaths = true
  }

  /// The rows of the Recent Changes page (`knobs history` lists them), the Import Preview
  /// page (the window's, with `knobs import` on the command line) and the rows of the Profiles
  /// page (`knobs profile list` lists them): not listed.
  static func isWindowOnly(_ path: RowPath) -> Bool {
    path == "history/import" || path.ids(below: "history/import") != nil
      || path.ids(below: "history/recent-changes") != nil || path.ids(below: ProfileRows.pagePath) != nil
  }

  /// Runs Knobs' own command and returns the exit status: 0 done, 1 the system refused, 2 bad input.
  package func run(_ command: DesktopCommand) -> Int32 {
    switch command {
    case .addCustomShortcut(let name, let command, let accelerator, let replace):
      return addCustomShortcut(name: name, command: command, accelerator: accelerator, replacing: replace)
    case .removeCustomShortcut(let name):
      return removeCustomShortcut(named: name)
    case .export(let scopes, let all, let output, let locks):
      return export(scopes, all: all, output: output, locks: locks)
    case .exportAnsible(let folder, let scopes, let all, let locks):
      return exportAnsibleRole(to: folder, scopes, all: all, locks: locks)
    case .profile(let command):
      return runProfile(command)
    case .importFile(let path, let dryRun):
      return importFile(path, dryRun: dryRun)
    case .history(let json, let limit):
      return printHistory(json: json, limit: limit)
    case .undo(let id, let force):
      return undo(id, force: force)
    case .shellExtension(let command):
      return runExtension(command)
    case .service, .version, .checkPanel, .installPanel, .uninstallPanel, .complete, .manPage:
      return 2
    }
  }
}
