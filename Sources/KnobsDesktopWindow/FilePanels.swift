import KnobsDesktop
import FoundationEssentials
import Gtk
import KnobsModel
import KnobsUI

/// Panel files on the command line: found by path or installed id, read and
/// checked against the installed schemas; every problem is printed as
/// `file:line:column: path: message`.
@MainActor
enum FilePanels {
  /// The file `source` names: a path, or an installed panel's id.
  static func locate(
    _ source: String, folders: PanelFolders = PanelFolders(), problems: (String) -> Void = printError
  ) -> String? {
    if PanelFolders.isPath(source) || LocalFiles.exists(source) { return source }
    if let file = folders.file(forID: source) { return file }
    problems(
      "knobs: "
        + tr(
          // TRANSLATORS: %2$s lists folders.
          "there is no panel file or installed panel “%1$s” (installed panels are in %2$s).",
          source.escapedForMessage, ([folders.user] + folders.system).joined(separator: ", ")))
    return nil
  }

  /// The panel file, checked; nil after handing each reason it can't be used to `problems`
  /// (which prints it unless told otherwise).
  static func load(
    _ source: String, store: any SettingsStore, launcher: @escaping ApplicationLauncher = PanelFile.cannotLaunch,
    problems: (String) -> Void = printError
  ) -> PanelFile? {
    guard let path = locate(source, problems: problems) else { return nil }
    do {
      return try PanelFile.load(path: path, store: store, launcher: launcher, variantProblem: variantProblem)
    } catch {
      String.boundedLines(error.errors.map(\.description)).forEach(problems)
      return nil
    }
  }

  /// `knobs --check-panel FILE`: 0 when the file is a valid panel, 2 when it is not.
  static func check(_ source: String, schemaDirectories: [String]) -> Int32 {
    let store = GSettingsStore(source: SchemaSource(extraDirectories: schemaDirectories))
    guard let file = load(source, store: store) else { return 2 }
    let rows = file.panel.entryCount
    print(trn("The panel %1$s is valid: %2$d row.", "The panel %1$s is valid: %2$d rows.", rows, file.id, rows))
    return 0
  }

  /// Why GVariant text is not a value of `type`, in Knobs' words with its line and column; nil when it is one.
  static func variantProblem(_ text: String, _ type: String) -> String? {
    GVariantCheck.problem(text, type: type)
  }

  /// A panel file ready to show or change: the panel, and its stores (GSettings, and its INI file).
  struct Session {
    let file: PanelFile
    let environment: SettingsEnvironment
    let ini: IniStore?
    /// The application id the panel's window runs as.
    var appID: String { PanelFolders.applicationID(forPanel: file.id, appID: AppInfo.id) }
  }

  /// Loads `source` and opens its stores; nil after handing `problems` why it can't be used.
  static func open(
    _ source: String, schemaDirectories: [String], launcher: @escaping ApplicationLauncher,
    problems: (String) -> Void = printError
  ) -> Session? {
    let gsettings = GSettingsStore(source: SchemaSource(extraDirectories: schemaDirectories))
    guard let file = load(source, store: gsettings, launcher: launcher, problems: problems) else { return nil }
    guard let iniFile = file.iniFile, let schema = file.iniSchema else {
      return Session(file: file, environment: environment(gsettings, file: file), ini: nil)
    }
    let ini: IniStore
    do {
      ini = try IniStore(
        schema: schema, relativePath: iniFile, configHome: ConfigFile.home(), defaults: file.iniDefaults,
        dialect: file.iniDialect, variantProblem: variantProblem)
    } catch {
      problems("\(file.source): \(error)")
      return nil
    }
    var environment = environment(file.routing(gsettings, ini: ini), file: file)
    if let problem = ini.problem {
      environment = SettingsEnvironment(store: environment.store, ownSettings: nil, notice: problem)
    }
    return Session(file: file, environment: environment, ini: ini)
  }

  private static func environment(_ store: any SettingsStore, file: PanelFile) -> SettingsEnvironment {
    SettingsEnvironment(store: store, ownSettings: nil, notice: nil)
  }

  /// Starts installed applications for `launch` rows, and says in the window when one can't start.
  static let desktopLauncher: ApplicationLauncher = { desktopID, context in
    do {
      try DesktopAppLauncher.launch(desktopID, from: nil)
    } catch {
      context.presenter?.showMessage(tr("Couldn't start %1$s: %2$s", desktopID, String(describing: error)), undo: nil)
    }
    return nil
  }
}

extension FilePanels {
  /// `knobs --panel FILE|ID …`: the window, or list, get, set and reset, on a panel file.
  static func run(_ source: String, _ invocation: Invocation, schemaDirectories: [String]) -> Int32 {
    var problems: [String] = []
    let session = open(source, schemaDirectories: schemaDirectories, launcher: desktopLauncher) { problem in
      printError(problem)
      problems.append(problem)
    }
    guard let session else {
      // An installed panel opened by id is started from the desktop's app list, where nobody reads
      // stderr: a window says it too. A file named by path is someone at a terminal, who reads it there.
      if case .window = invocation, !PanelFolders.isPath(source), initializeGtk() {
        showProblems(problems, source: source)
      }
      return 2
    }
    guard case .window(let openPath) = invocation else {
      guard case .command(let command) = invocation else { return 2 }
      // Values shown from a file that can't be read are the defaults: say so (a write says it itself).
      if let problem = session.ini?.problem, case .list = command {
        printError("knobs: " + problem)
      } else if let problem = session.ini?.problem, case .get = command {
        printError("knobs: " + problem)
      }
      let tool = CommandLineTool(
        panel: session.file.panel, schemaDirectories: schemaDirectories, environment: session.environment)
      return tool.run(command)
    }
    guard initializeGtk() else {
      printError(Display.missingMessage())
      return 1
    }
    session.ini?.watch()
    let app = KnobsApplication(appID: session.appID, panel: session.file.panel, allSettings: nil) {
      session.environment
    }
    // The INI file turning unreadable later (a symlink out of the config folder swapped in) is said in the window.
    app.onWindowPresented = { window in
      session.ini?.onProblemChanged = { [weak window] problem in
        if let problem { window?.showNotice(problem) } else { window?.hideNotice() }
      }
    }
    return app.run(openPath: openPath)
  }

  /// A window with the problems of a panel that can't open, until it is closed.
  private static func showProblems(_ problems: [String], source: String) {
    MainLoopBridge.install()
    let application = Application(id: AppInfo.id + ".PanelProblems", unique: false)
    var shown: PanelProblemsWindow?
    application.onStartup { Stylesheet.install() }
    application.onActivate {
      if shown == nil { shown = PanelProblemsWindow(application: application, source: source, lines: problems) }
      shown?.present()
    }
    _ = application.run(programName: "knobs")
  }
}

extension FilePanels {
  /// `knobs install-panel FILE`: checks the file, then installs it and its desktop entry.
  static func install(_ path: String, schemaDirectories: [String]) -> Int32 {
    let store = GSettingsStore(source: SchemaSource(extraDirectories: schemaDirectories))
    guard let file = load(path, store: store) else {
      printError("knobs: " + tr("nothing was installed."))
      return 2
    }
    // The bytes checked, not the file read again: it may have changed since.
    guard let bytes = file.bytes else {
      printError("knobs: " + tr("%s can't be read.", path))
      return 1
    }
    let installation = PanelInstallation(folders: PanelFolders(), appID: AppInfo.id)
    let executable = LocalFiles.resolvingLinks("/proc/self/exe")
    do {
      try installation.install(file, bytes: bytes, executable: executable)
    } catch {
      printError("knobs: \(error)")
      return 1
    }
    print(tr("Installed %1$s: %2$s", file.id, installation.panelPath(file.id)))
    print(tr("Desktop entry: %s", installation.entryPath(file.id)))
    return 0
  }

  /// `knobs uninstall-panel ID`: removes the user's panel file and its desktop entry.
  static func uninstall(_ id: String) -> Int32 {
    let installation = PanelInstallation(folders: PanelFolders(), appID: AppInfo.id)
    do {
      let removed = try installation.uninstall(id)
      removed.forEach { print(tr("Removed %s", $0)) }
      return 0
    } catch {
      printError("knobs: \(error)")
      if case .notInstalled = error { return 2 }
      return 1
    }
  }
}
