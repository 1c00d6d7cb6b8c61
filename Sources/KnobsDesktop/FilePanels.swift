import FoundationEssentials
import Gio
import KnobsModel
import KnobsSettings

/// Panel files on the command line: found by path or installed id, read and
/// checked against the installed schemas; every problem is printed as
/// `file:line:column: path: message`.
@MainActor
package enum FilePanels {
  /// The file `source` names: a path, or an installed panel's id.
  package static func locate(
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
  package static func load(
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
  package static func check(_ source: String, schemaDirectories: [String]) -> Int32 {
    let store = GSettingsStore(source: SchemaSource(extraDirectories: schemaDirectories))
    guard let file = load(source, store: store) else { return 2 }
    let rows = file.panel.entryCount
    print(trn("The panel %1$s is valid: %2$d row.", "The panel %1$s is valid: %2$d rows.", rows, file.id, rows))
    return 0
  }

  /// Why GVariant text is not a value of `type`, in Knobs' words with its line and column; nil when it is one.
  package static func variantProblem(_ text: String, _ type: String) -> String? {
    GVariantCheck.problem(text, type: type)
  }

  /// A panel file ready to show or change: the panel, and its stores (GSettings, and its INI file).
  package struct Session {
    package let file: PanelFile
    package let environment: SettingsEnvironment
    package let ini: IniStore?
    /// The application id the panel's window runs as.
    package var appID: String { PanelFolders.applicationID(forPanel: file.id, appID: AppInfo.id) }
  }

  /// Loads `source` and opens its stores; nil after handing `problems` why it can't be used.
  package static func open(
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
}

extension FilePanels {
  /// `knobs --panel FILE|ID list/get/set/reset/explain`: a command on a panel file's rows.
  package static func runCommand(_ source: String, _ command: PanelCommand, schemaDirectories: [String]) -> Int32 {
    guard let session = open(source, schemaDirectories: schemaDirectories, launcher: PanelFile.cannotLaunch) else {
      return 2
    }
    return runCommand(command, in: session, schemaDirectories: schemaDirectories)
  }

  /// `command` on the rows of a panel file already open.
  package static func runCommand(_ command: PanelCommand, in session: Session, schemaDirectories: [String]) -> Int32 {
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
}

extension FilePanels {
  /// `knobs install-panel FILE`: checks the file, then installs it and its desktop entry.
  package static func install(_ path: String, schemaDirectories: [String]) -> Int32 {
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
  package static func uninstall(_ id: String) -> Int32 {
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
