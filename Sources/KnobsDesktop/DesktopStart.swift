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
      case .set, .reset, .importFile, .undo, .addCustomShortcut, .removeCustomShortcut, .shellExtension, .profile:
        history.holdWhileWriting()
      default: nil
      }
    if let source = request.panel, invocation != .checkPanel(file: source) {
      exit(FilePanels.run(source, invocation, schemaDirectories: schemaDirectories))
    }
    switch invocation {
    case .version:
      print("knobs \(AppInfo.version)")
    case .help:
      print(Invocation.usage)
    case .manPage:
      print(ManPage.roff(usage: Invocation.usage, version: AppInfo.version), terminator: "")
    case .complete(let words):
      print(
        Completion.run(
          words, panel: { panel }, schemaDirectories: schemaDirectories, history: history,
          environment: processEnvironment),
        terminator: "")
    case .checkPanel(let file?):
      exit(FilePanels.check(file, schemaDirectories: schemaDirectories))
    case .checkPanel(nil):
      let environment = SettingsEnvironment.make(appID: AppInfo.id, panel: panel, schemaDirectories: schemaDirectories)
      exit(PanelCheck.run(panel, store: panel.routing(environment.store)))
    case .installPanel(let file):
      exit(FilePanels.install(file, schemaDirectories: schemaDirectories))
    case .uninstallPanel(let id):
      exit(FilePanels.uninstall(id))
    case .list, .get, .set, .reset, .explain, .addCustomShortcut, .removeCustomShortcut, .export, .exportAnsible,
      .profile, .importFile, .history, .undo, .shellExtension:
      // Before any GSettings object is made: a dconf profile or database that is not a regular file
      // (a FIFO, /dev/zero) would hold libdconf forever. `explain` says the value can't be told.
      let readingOnly: Bool
      switch invocation {
      case .list, .get, .explain: readingOnly = true
      default: readingOnly = false
      }
      if let guarded = DconfProvenance.guardDconf(readingOnly: readingOnly), let why = guarded.unsafeFile {
        if case .explain = invocation {
        } else {
          printError("knobs: " + tr("Settings can't be read or changed: %s", why.escapedForTerminal))
          exit(1)
        }
      }
      let status = CommandLineTool(panel: { panel }, schemaDirectories: schemaDirectories, history: history).run(
        invocation)
      guard history.failedToNote else { exit(status) }
      // The change stands, but `knobs undo` can't know it: said, with a status of its own.
      printError(
        "knobs: "
          + tr(
            "The change was made, but not noted in the history: “knobs undo” cannot take it back (exit status %d).",
            notNotedStatus))
      exit(status == 0 ? notNotedStatus : status)
    case .window, .service:
      let environment =
        startHook?.environment
        ?? SettingsEnvironment.make(appID: AppInfo.id, panel: panel, schemaDirectories: schemaDirectories)
      // The declaration is checked before anything is shown; the store's checks follow the first frame.
      guard PanelCheck.run(panel, store: nil, quietWhenValid: true) == 0 else { exit(2) }
      // GTK would wait up to 25 s for an accessibility bus that is slow to answer.
      if let problem = AccessibilityBus.prepare(timeout: 4) {
        printError("knobs: " + tr("The accessibility bus did not answer (%s); Knobs starts without it.", problem))
      }
      guard initializeGtk() else {
        printError(Display.missingMessage())
        exit(1)
      }
      startHook?.shippedPanelShown(panel)
      // What the running Shell makes of each extension, kept up to date while the window is open.
      let shellExtensions = startHook == nil ? ShellExtensionsWatch.start(extensionRows) : nil
      ExtensionActions.connect(extensionRows, bus: shellExtensions, history: history)
      // All Settings is left out of a hook's own panels, kept with the shipped one.
      let app = KnobsApplication(
        panel: panel, allSettings: startHook?.panel == nil ? allSettings : nil,
        history: startHook?.keepsHistory ?? true ? history : nil, importPreview: startHook == nil ? importPreview : nil
      ) {
        windowSettings = environment
        return environment
      }
      if let startHook { app.onWindowPresented = { startHook.windowPresented($0) } }
      let status: Int32
      if case .window(let openPath) = invocation {
        status = app.run(openPath: openPath)
      } else {
        status = app.run(openPath: nil, service: true)
      }
      withExtendedLifetime(shellExtensions) {}
      exit(status)
    }
    exit(0)
  }
}
