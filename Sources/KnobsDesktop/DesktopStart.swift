import FoundationEssentials
import Glibc
import Gtk
import KnobsDesktopModel
import KnobsModel
import KnobsUI

/// What a program that runs Knobs' app with changes of its own makes of its start: bench/run's
/// knobs-bench-app (Sources/KnobsBenchApp) times the same start through it. The shipped `knobs`
/// passes none.
@MainActor
package protocol DesktopStartHook: AnyObject {
  /// A panel shown instead of the shipped one.
  var panel: Panel? { get }
  /// The settings the window uses instead of the user's.
  var environment: SettingsEnvironment? { get }
  /// Whether the window notes changes in the history as a user's does.
  var keepsHistory: Bool { get }
  /// The panel the window is about to show (the shipped one unless `panel` replaced it).
  func shippedPanelShown(_ panel: Panel)
  /// The window, once it is first presented.
  func windowPresented(_ window: PanelWindow)
}

/// The start of the `knobs` program: its command line, or its window.
@MainActor
package enum DesktopStart {
  /// The exit status of a command whose change was made but could not be noted in the history.
  static let notNotedStatus: Int32 = 3

  /// A writing command's hold on `history.jsonl.writers`, until the process ends.
  private static var writingHold: WritingHold?

  /// Runs `knobs` with the process's arguments and ends the process. `hook` is asked once, with the
  /// process's environment, before anything is shown. No default: a default argument is code of
  /// its own that only the shipped `knobs` would run, which the startup function list, following
  /// knobs-bench-app's starts, would not lay out with the rest (bench/startup-order).
  package static func run(hook: (([String: String]) -> (any DesktopStartHook)?)?) -> Never {

    // Read once: each read builds a dictionary of every variable.
    let processEnvironment = LocalFiles.environment()
    Translation.setUp(
      directory: Translation.directory(executable: CommandLine.arguments[0], environment: processEnvironment))
    let request: Request
    do {
      request = try Request.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
      printError("knobs: \(error.message)\n" + tr("Try “knobs --help”."))
      exit(2)
    }

    // Nothing is asked of the desktop until a write or a page needs to know it.
    CurrentDesktop.start(environment: processEnvironment)
    let startHook = hook?(processEnvironment)
    let userSchemas = UserSchemaFolders.find(environment: processEnvironment)
    userSchemas.bindTextDomains()
    let schemaDirectories =
      SettingsEnvironment.schemaDirectories(executable: CommandLine.arguments[0]) + userSchemas.compiledFolders
    var windowSettings: SettingsEnvironment?
    let extensionRows = ShellExtensionRows(
      find: { ShellExtensions.installed(environment: processEnvironment) },
      folders: ShellExtensions.folders(environment: processEnvironment))
    let allSettings = AllSettings(
      library: { windowSettings?.store.capabilities.schemaLibrary }, apps: { DesktopApps.installed() },
      extensions: { extensionRows.extensions },
      folderProblems: userSchemas.problems)
    // One history for the window and the commands of this process.
    let history = ChangeHistory(file: ChangeHistory.defaultFile(environment: processEnvironment))
    let recentChanges = RecentChangesRows(history: history)
    let importPreview = ImportPreviewRows(history: history)
    let profileRows = ProfileRows(
      profiles: SettingsProfiles(folder: SettingsProfiles.defaultFolder(environment: processEnvironment)),
      preview: importPreview)
    // Made when a command first needs it: `--version`, `--help`, a panel file's commands and
    // a path under `schema/` never do.
    lazy var panel: Panel = {
      let panel =
        startHook?.panel
        ?? referencePanel(
          extensions: extensionRows, recentChanges: recentChanges, importPreview: importPreview, profiles: profileRows,
          allSettings: allSettings.section
        ) { Style.gtkVersion }
      recentChanges.name(by: panel)
      importPreview.name(by: panel)
      profileRows.name(by: panel)
      return panel
    }()

    let invocation = request.invocation
    // A command that may write settings says so until it ends, so that an open window hearing its
    // writes from dconf waits for their history entries instead of noting them as another program's.
    // Kept in a static property, since a local one that is never read again may be freed (and
    // the hold let go) right away in an optimized build.
    writingHold =
      switch invocation {
      case .command(.set), .command(.reset), .own(.importFile), .own(.undo), .own(.addCustomShortcut),
        .own(.removeCustomShortcut), .own(.shellExtension), .own(.profile):
        history.holdWhileWriting()
      default: nil
      }
    if let source = request.panel, invocation != .own(.checkPanel(file: source)) {
      exit(FilePanels.run(source, invocation, schemaDirectories: schemaDirectories))
    }

    /// Runs a command through Knobs' command line tool, which makes the panel only if the command needs it.
    func runTool(readingOnly: Bool = false, _ run: (CommandLineTool) -> Int32) -> Int32 {
      // Before any GSettings object is made: a dconf profile or database that is not a regular file
      // (a FIFO, /dev/zero) would hold libdconf forever. `explain` says the value can't be told.
      if let guarded = DconfProvenance.guardDconf(readingOnly: readingOnly), let why = guarded.unsafeFile {
        if case .command(.explain) = invocation {
        } else {
          printError("knobs: " + tr("Settings can't be read or changed: %s", why.escapedForTerminal))
          return 1
        }
      }
      let status = run(CommandLineTool(panel: { panel }, schemaDirectories: schemaDirectories, history: history))
      guard history.failedToNote else { return status }
      // The change stands, but `knobs undo` can't know it: said, with a status of its own.
      printError(
        "knobs: "
          + tr(
            "The change was made, but not noted in the history: “knobs undo” cannot take it back (exit status %d).",
            notNotedStatus))
      return status == 0 ? notNotedStatus : status
    }

    /// Knobs' window, started by D-Bus as a `service` or not; its panel's declaration is checked
    /// before anything is shown, the store's checks follow the first frame.
    func window(at openPath: RowPath?, service: Bool) -> PanelApplication.StartingWindow {
      let environment =
        startHook?.environment
        ?? SettingsEnvironment.make(appID: AppInfo.id, panel: panel, schemaDirectories: schemaDirectories)
      return (
        nil,
        {
          startHook?.shippedPanelShown(panel)
          // What the running Shell makes of each extension, kept up to date while the window is open.
          let shellExtensions = startHook == nil ? ShellExtensionsWatch.start(extensionRows) : nil
          ExtensionActions.connect(extensionRows, bus: shellExtensions, history: history)
          // All Settings is left out of a hook's own panels, kept with the shipped one.
          let app = KnobsApplication(
            panel: panel, allSettings: startHook?.panel == nil ? allSettings : nil,
            history: startHook?.keepsHistory ?? true ? history : nil,
            importPreview: startHook == nil ? importPreview : nil
          ) {
            windowSettings = environment
            return environment
          }
          if let startHook { app.onWindowPresented = { startHook.windowPresented($0) } }
          let status = app.run(openPath: openPath, service: service)
          withExtendedLifetime(shellExtensions) {}
          return status
        }
      )
    }

    // PanelApplication's start, with Knobs' panel, commands and window.
    var start = PanelApplication.Start<DesktopCommand>(
      program: "knobs", usage: { Invocation.usage }, panel: { panel },
      environment: { SettingsEnvironment.make(appID: AppInfo.id, panel: $0, schemaDirectories: schemaDirectories) },
      checks: ValidationChecks(),
      runCommand: { command in
        switch command {
        case .list, .get, .explain: runTool(readingOnly: true) { $0.run(command) }
        case .set, .reset: runTool { $0.run(command) }
        }
      },
      runOwn: { _ in 2 },
      accessibilityNotice: { tr("The accessibility bus did not answer (%s); Knobs starts without it.", $0) },
      window: { window(at: $0, service: false) })
    // Set after the start is made: a service opens the window through it.
    start.runOwn = { [start] command in
      switch command {
      case .service:
        return start.open(window(at: nil, service: true))
      case .version:
        print("knobs \(AppInfo.version)")
      case .manPage:
        print(ManPage.roff(usage: Invocation.usage, version: AppInfo.version), terminator: "")
      case .complete(let words):
        print(
          Completion.run(
            words, panel: { panel }, schemaDirectories: schemaDirectories, history: history,
            environment: processEnvironment),
          terminator: "")
      case .checkPanel(let file):
        return FilePanels.check(file, schemaDirectories: schemaDirectories)
      case .installPanel(let file):
        return FilePanels.install(file, schemaDirectories: schemaDirectories)
      case .uninstallPanel(let id):
        return FilePanels.uninstall(id)
      case .addCustomShortcut, .removeCustomShortcut, .export, .exportAnsible, .profile, .importFile, .history, .undo,
        .shellExtension:
        return runTool { $0.run(command) }
      }
      return 0
    }
    exit(start.run(invocation))
  }
}
