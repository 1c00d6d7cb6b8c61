import KnobsDesktop
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

/// The start of the window program (`knobs-window`, which `knobs` runs for its window, a D-Bus
/// start and panel files): the window, on the same session as the commands (`DesktopSession`),
/// every command of which it still runs when asked.
@MainActor
package enum DesktopStart {
  /// Runs Knobs with the process's arguments and ends the process. `hook` is asked once, with the
  /// process's environment, before anything is shown. No default: a default argument is code of
  /// its own that only the shipped program would run, which the startup function list, following
  /// knobs-bench-app's starts, would not lay out with the rest (bench/startup-order).
  package static func run(hook: (([String: String]) -> (any DesktopStartHook)?)?) -> Never {
    let processEnvironment = DesktopSession.processSetUp()
    let request = DesktopSession.parseArguments()
    let session = DesktopSession(request: request, processEnvironment: processEnvironment)
    let startHook = hook?(processEnvironment)
    session.customPanel = startHook?.panel
    session.gtkVersion = { Style.gtkVersion }
    let schemaDirectories = session.schemaDirectories
    let history = session.history
    let extensionRows = session.extensionRows
    let invocation = request.invocation
    if let source = request.panel, invocation != .own(.checkPanel(file: source)) {
      exit(FilePanels.run(source, invocation, schemaDirectories: schemaDirectories))
    }

    /// Knobs' window, started by D-Bus as a `service` or not; its panel's declaration is checked
    /// before anything is shown, the store's checks follow the first frame.
    func window(at openPath: RowPath?, service: Bool) -> PanelApplication.StartingWindow {
      let panel = session.panel
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
            panel: panel, allSettings: startHook?.panel == nil ? session.allSettings : nil,
            history: startHook?.keepsHistory ?? true ? history : nil,
            importPreview: startHook == nil ? session.importPreview : nil
          ) {
            session.windowSettings = environment
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
      program: "knobs", usage: { Invocation.usage }, panel: { session.panel },
      environment: { SettingsEnvironment.make(appID: AppInfo.id, panel: $0, schemaDirectories: schemaDirectories) },
      checks: ValidationChecks(),
      runCommand: { session.runCommand($0) },
      runOwn: { _ in 2 },
      accessibilityNotice: { tr("The accessibility bus did not answer (%s); Knobs starts without it.", $0) },
      window: { window(at: $0, service: false) })
    // Set after the start is made: a service opens the window through it.
    start.runOwn = { [start] command in
      switch command {
      case .service:
        return start.open(window(at: nil, service: true))
      default:
        return session.runOwn(command) ?? 2
      }
    }
    exit(start.run(invocation))
  }
}
