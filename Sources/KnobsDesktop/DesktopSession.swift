import FoundationEssentials
import Gio
import Glibc
import KnobsDesktopModel
import KnobsModel
import KnobsSettings

/// What every start of `knobs` has, whether it runs a command or opens the window: the parsed
/// arguments, the schema folders, the one history of the process, and the desktop's panel, made
/// only when a command or the window first needs it. The commands that need no window run here,
/// in a process without GTK (`CommandStart`); the window's start (`DesktopStart`, in the window
/// program) adds the window to the same session.
@MainActor
package final class DesktopSession {
  /// The process's environment, read once: each read builds a dictionary of every variable.
  package let processEnvironment: [String: String]
  package let request: Request
  package let schemaDirectories: [String]
  package let extensionRows: ShellExtensionRows
  package let allSettings: AllSettings
  /// One history for the window and the commands of this process.
  package let history: ChangeHistory
  package let importPreview: ImportPreviewRows
  /// The settings the window shows, once it has them (All Settings reads its schemas through them).
  package var windowSettings: SettingsEnvironment?
  /// A panel shown instead of the desktop's (bench/run's); set before the panel is first asked for.
  package var customPanel: Panel?
  /// The GTK version the About page names, asked only when that row is read.
  package var gtkVersion: @MainActor () -> String = { GtkLibrary.version ?? tr("Unknown") }
  private let recentChanges: RecentChangesRows
  private let profileRows: ProfileRows

  /// A writing command's hold on `history.jsonl.writers`, until the process ends. Kept in a static
  /// property, since a local one that is never read again may be freed (and the hold let go) right
  /// away in an optimized build.
  private static var writingHold: WritingHold?

  /// The exit status of a command whose change was made but could not be noted in the history.
  package static let notNotedStatus: Int32 = 3

  /// The process's environment, read once, with Knobs' texts set up in the user's language.
  package static func processSetUp() -> [String: String] {
    let environment = LocalFiles.environment()
    Translation.setUp(directory: Translation.directory(executable: CommandLine.arguments[0], environment: environment))
    return environment
  }

  /// The process's arguments, parsed; a usage error is said, and the process ends with status 2.
  package static func parseArguments() -> Request {
    do {
      return try Request.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
      printError("knobs: \(error.message)\n" + tr("Try “knobs --help”."))
      exit(2)
    }
  }

  package init(request: Request, processEnvironment: [String: String]) {
    self.processEnvironment = processEnvironment
    self.request = request
    // Nothing is asked of the desktop until a write or a page needs to know it.
    CurrentDesktop.start(environment: processEnvironment)
    let userSchemas = UserSchemaFolders.find(environment: processEnvironment)
    userSchemas.bindTextDomains()
    schemaDirectories =
      SettingsEnvironment.schemaDirectories(executable: CommandLine.arguments[0]) + userSchemas.compiledFolders
    let environment = processEnvironment
    extensionRows = ShellExtensionRows(
      find: { ShellExtensions.installed(environment: environment) },
      folders: ShellExtensions.folders(environment: processEnvironment))
    history = ChangeHistory(file: ChangeHistory.defaultFile(environment: processEnvironment))
    recentChanges = RecentChangesRows(history: history)
    importPreview = ImportPreviewRows(history: history)
    profileRows = ProfileRows(
      profiles: SettingsProfiles(folder: SettingsProfiles.defaultFolder(environment: processEnvironment)),
      preview: importPreview)
    weak var session: DesktopSession?
    let extensions = extensionRows
    allSettings = AllSettings(
      library: { session?.windowSettings?.store.capabilities.schemaLibrary }, apps: { DesktopApps.installed() },
      extensions: { extensions.extensions },
      folderProblems: userSchemas.problems)
    session = self
    // A command that may write settings says so until it ends, so that an open window hearing its
    // writes from dconf waits for their history entries instead of noting them as another program's.
    Self.writingHold =
      switch request.invocation {
      case .command(.set), .command(.reset), .own(.importFile), .own(.undo), .own(.addCustomShortcut),
        .own(.removeCustomShortcut), .own(.shellExtension), .own(.profile):
        history.holdWhileWriting()
      default: nil
      }
  }

  package var invocation: Invocation { request.invocation }

  /// The panel commands and the window read: `customPanel`, or the desktop's, made when first asked for.
  package private(set) lazy var panel: Panel = {
    let panel =
      customPanel
      ?? referencePanel(
        extensions: extensionRows, recentChanges: recentChanges, importPreview: importPreview, profiles: profileRows,
        allSettings: allSettings.section, gtkVersion: gtkVersion)
    recentChanges.name(by: panel)
    importPreview.name(by: panel)
    profileRows.name(by: panel)
    return panel
  }()

  /// Runs a command through Knobs' command line tool, which makes the panel only if the command needs it.
  package func runTool(readingOnly: Bool = false, _ run: (CommandLineTool) -> Int32) -> Int32 {
    // Before any GSettings object is made: a dconf profile or database that is not a regular file
    // (a FIFO, /dev/zero) would hold libdconf forever. `explain` says the value can't be told.
    if let guarded = DconfProvenance.guardDconf(readingOnly: readingOnly), let why = guarded.unsafeFile {
      if case .command(.explain) = request.invocation {
      } else {
        printError("knobs: " + tr("Settings can't be read or changed: %s", why.escapedForTerminal))
        return 1
      }
    }
    let status = run(CommandLineTool(panel: { self.panel }, schemaDirectories: schemaDirectories, history: history))
    guard history.failedToNote else { return status }
    // The change stands, but `knobs undo` can't know it: said, with a status of its own.
    printError(
      "knobs: "
        + tr(
          "The change was made, but not noted in the history: “knobs undo” cannot take it back (exit status %d).",
          Self.notNotedStatus))
    return status == 0 ? Self.notNotedStatus : status
  }

  /// `knobs --check-panel`: Knobs' own panel checked against this system's settings, through
  /// the store the window shows it through.
  package func checkPanel() -> Int32 {
    let environment = SettingsEnvironment.make(appID: AppInfo.id, panel: panel, schemaDirectories: schemaDirectories)
    return PanelCheck.run(
      panel, store: panel.connectRowSources(to: environment.store), checks: ValidationChecks(), program: "knobs")
  }

  /// `list`, `get`, `explain`, `set` and `reset` on the panel's rows.
  package func runCommand(_ command: PanelCommand) -> Int32 {
    switch command {
    case .list, .get, .explain: runTool(readingOnly: true) { $0.run(command) }
    case .set, .reset: runTool { $0.run(command) }
    }
  }

  /// Knobs' own commands that need no window; nil for the one that does (a D-Bus start).
  package func runOwn(_ command: DesktopCommand) -> Int32? {
    switch command {
    case .service:
      return nil
    case .checkPanel(let file):
      return FilePanels.check(file, schemaDirectories: schemaDirectories)
    case .installPanel(let file):
      return FilePanels.install(file, schemaDirectories: schemaDirectories)
    case .uninstallPanel(let id):
      return FilePanels.uninstall(id)
    case .version:
      print("knobs \(AppInfo.version)")
    case .manPage:
      print(ManPage.roff(usage: Invocation.usage, version: AppInfo.version), terminator: "")
    case .complete(let words):
      print(
        Completion.run(
          words, panel: { self.panel }, schemaDirectories: schemaDirectories, history: history,
          environment: processEnvironment),
        terminator: "")
    case .addCustomShortcut, .removeCustomShortcut, .export, .exportAnsible, .profile, .importFile, .history, .undo,
      .shellExtension:
      return runTool { $0.run(command) }
    }
    return 0
  }
}

extension Request {
  /// Whether it needs the window program (GTK): a window, Knobs' own or a panel file's, and a
  /// D-Bus start, which opens one when asked.
  package var needsWindowProgram: Bool {
    switch invocation {
    case .window, .own(.service): true
    default: false
    }
  }
}
