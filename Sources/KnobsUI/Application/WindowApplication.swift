import FoundationEssentials
import Glibc
import Gtk
import KnobsModel

/// A panel's running window: one GtkApplication per session, one window, and the
/// `app.open-row` action that deep links and later launches use. `PanelApplication`
/// runs one; Knobs runs one with its history, menu and search provider added through the hooks.
@MainActor
package final class WindowApplication {
  package let application: Application
  private let panel: Panel
  private let program: String
  private let environment: () -> SettingsEnvironment
  package private(set) var window: PanelWindow?
  private var style: DesktopStyle?
  private var pendingPath: RowPath?
  /// Applications that handed their path to a running instance.
  private static var handedOver: [WindowApplication] = []

  /// The window's settings and the store it reads and writes through (`windowStore`'s, else the
  /// environment's), with the panel's row sources connected to it: made once, when the window, a
  /// check before it or the app's search first needs it.
  package private(set) lazy var settings: (environment: SettingsEnvironment, store: any SettingsStore) = {
    let settings = environment()
    return (settings, panel.connectRowSources(to: windowStore?(settings) ?? settings.store))
  }()

  /// Before the application registers: actions and D-Bus objects of the app's own.
  package var prepare: ((Application) -> Void)?
  /// The store the window writes through, made from the environment's (one that notes changes, say);
  /// set before `settings` is first asked for.
  package var windowStore: ((SettingsEnvironment) -> any SettingsStore)?
  /// Runs once the window is made, before it is shown: its menu, its notices.
  package var windowMade: ((PanelWindow, SettingsEnvironment) -> Void)?
  /// Runs once the window is first presented (the benchmark hook uses it).
  package var onWindowPresented: ((PanelWindow) -> Void)?
  /// Runs when the app quits (Ctrl+Q, a signal) and after its main loop ends: writes what is pending.
  package var finish: (() -> Void)?

  /// - Parameter appID: the application id; the first instance of it runs the window, later ones ask it to.
  /// - Parameter program: the program's name, which starts the messages it prints.
  package init(
    appID: String, panel: Panel, program: String, environment: @escaping () -> SettingsEnvironment
  ) {
    application = Application(id: appID)
    self.panel = panel
    self.program = program
    self.environment = environment
  }

  /// Runs until the window closes; with `openPath`, a running instance is asked to open it instead.
  /// As a `service` (started by D-Bus, `--gapplication-service`) no window opens until one is asked
  /// for, and the process ends a while after its last call when it has none.
  package func run(openPath: RowPath?, service: Bool = false) -> Int32 {
    MainLoopBridge.install()
    application.onStartup { [weak self] in self?.startUp() }
    application.onActivate { [weak self] in self?.presentWindow() }
    // `Open` over D-Bus: a panel opens no files, so it shows its window.
    application.onOpen { [weak self] _ in self?.presentWindow() }
    if service { application.inactivityTimeout = 10_000 }
    prepare?(application)
    let openRow = SimpleAction(name: "open-row", takesString: true)
    openRow.onActivate { [weak self] path in
      guard let self, let path else { return }
      self.presentWindow().open(RowPath(parsing: path))
    }
    application.addAction(openRow)
    let quit = SimpleAction(name: "quit")
    quit.onActivate { [weak self] _ in self?.quit() }
    application.addAction(quit)
    // Ended by the session (SIGTERM), a terminal (SIGINT, SIGHUP): quit as Ctrl+Q does, so
    // pending writes are made.
    onUnixSignals([SIGTERM, SIGINT, SIGHUP]) { [weak self] _ in self?.quit() }

    if let openPath {
      do {
        try application.register()
      } catch {
        printError("\(program): " + tr("couldn't start: %s", "\(error)"))
        return 1
      }
      if application.isRemote {
        application.activateAction("open-row", string: openPath.description)
        // GLib warns when a registered application is destroyed other than by g_application_run:
        // the one that handed the path over lives until the process ends.
        Self.handedOver.append(self)
        return 0
      }
      pendingPath = openPath
    }
    let status = application.run(programName: program, service: service)
    finish?()
    return status
  }

  private func startUp() {
    Stylesheet.install()
    application.setAccelerators(["<Control>q"], for: "app.quit")
    application.setAccelerators(["<Control>w"], for: "win.close")
    application.setAccelerators(["<Control>f"], for: "win.search")
    application.setAccelerators(["F10"], for: "win.show-menu")
  }

  @discardableResult
  package func presentWindow() -> PanelWindow {
    if let window {
      window.present()
      return window
    }
    let (settings, store) = settings
    style = DesktopStyle(following: settings.store)
    let window = PanelWindow(
      application: application, panel: panel, store: store, windowSettings: settings.ownSettings)
    windowMade?(window, settings)
    window.keybindingSchemas = settings.store.capabilities.schemaLibrary
    window.provenance = settings.store.capabilities.provenance
    if let notice = settings.notice { window.showNotice(notice) }
    // The panel against this system's schemas, once the window is on screen: the declaration was checked before.
    let panel = panel
    let program = program
    let checkStore: @MainActor () -> Void = { [weak window] in
      guard let window else { return }
      let problems = PanelCheck.storeProblems(panel, store: window.store)
      guard let first = problems.first else { return }
      String.boundedLines(problems.map(\.description)).forEach { printError("\(program): \($0)") }
      let mismatch = trn(
        "%1$d setting does not match this system: %2$s", "%1$d settings do not match this system, such as %2$s",
        problems.count, problems.count, first.description)
      window.showNotice([settings.notice, mismatch].compactMap { $0 }.joined(separator: " "))
    }
    if !window.window.afterNextFrame({ runWhenIdle(checkStore) }) { runWhenIdle(checkStore) }
    self.window = window
    window.present()
    onWindowPresented?(window)
    if let path = pendingPath {
      pendingPath = nil
      window.open(path)
    }
    return window
  }

  private func quit() {
    finish?()
    window?.window.close()
    application.quit()
  }
}
