import FoundationEssentials
import Gtk
import KnobsDesktop
import KnobsModel
import KnobsUI

extension FilePanels {
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
      return runCommand(command, in: session, schemaDirectories: schemaDirectories)
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
