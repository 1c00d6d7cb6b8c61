import KnobsDesktop
import FoundationEssentials
import Glibc
import Gtk
import KnobsModel
import KnobsUI

import FoundationEssentials
import Glibc
import Gtk
import KnobsModel
import KnobsUI

/// The running app: the panel's window (`WindowApplication`, as every `PanelApplication` runs it)
/// with what Knobs adds: the history of changes, other programs' changes, the main menu, the
/// desktop entry's actions and the Shell's search provider.
@MainActor
final class KnobsApplication {
  private let core: WindowApplication
  private var application: Application { core.application }
  private let panel: Panel
  private let allSettings: AllSettings?
  private var window: PanelWindow? { core.window }
  /// Where the window notes changes; nil for a panel file's window.
  private let history: ChangeHistory?
  private var recording: RecordingStore?
  private var otherPrograms: OtherProgramChanges?
  /// The changes of a file chosen with Import…, shown before they are written; nil for a panel file's window.
  let importPreview: ImportPreviewRows?
  /// The open Export… or Import… file chooser, if any.
  var chooser: FileChooser?
  /// Runs once the window is first presented (the benchmark hook uses it).
  var onWindowPresented: ((PanelWindow) -> Void)? {
    get { core.onWindowPresented }
    set { core.onWindowPresented = newValue }
  }
  /// The Shell's search provider, on the session bus while the app runs; nil for a panel file's app.
  private var searchProvider: (provider: SearchProvider, object: DBusObject)?

  /// - Parameter appID: the application id; a panel file runs as one of its own, so two panels can be open at once.
  init(
    appID: String = AppInfo.id, panel: Panel, allSettings: AllSettings?, history: ChangeHistory? = nil,
    importPreview: ImportPreviewRows? = nil, environment: @escaping () -> SettingsEnvironment
  ) {
    core = WindowApplication(appID: appID, panel: panel, program: "knobs", environment: environment)
    self.history = history
    self.importPreview = importPreview
    self.panel = panel
    self.allSettings = allSettings
  }

  /// Runs until the window closes; with `openPath`, a running instance is asked to open it instead.
  /// As a `service` (started by D-Bus, `--gapplication-service`) no window opens until one is asked
  /// for, and the process ends a while after its last call when it has none.
  func run(openPath: RowPath?, service: Bool = false) -> Int32 {
    core.prepare = { [weak self] application in
      guard let self else { return }
      // The desktop entry's actions: each opens its page, in the running window if there is one.
      for page in DesktopAction.all(of: panel) {
        let action = SimpleAction(name: page.name)
        action.onActivate { [weak self] _ in self?.presentWindow().open(page.path) }
        application.addAction(action)
      }
      if allSettings != nil { exportSearchProvider() }
    }
    core.windowStore = { [weak self] settings in self?.windowStore(settings) ?? settings.store }
    core.windowMade = { [weak self] window, settings in self?.windowMade(window, settings) }
    // The history is written and the copy of the settings the next start compares with is kept.
    core.finish = { [weak self] in
      self?.recording?.flush()
      self?.otherPrograms?.stop()
    }
    return core.run(openPath: openPath, service: service)
  }

  /// Puts the Shell's search provider on the session bus before the app takes its name, so a call
  /// that started Knobs finds it. Without a session bus there is no Shell to ask.
  private func exportSearchProvider() {
    let provider = SearchProvider { [unowned self] in
      if let window { return (window.rootPanel, window.store) }
      // Before there is a window (a service started for the Shell's search): the store the window will have.
      return (panel, core.settings.store)
    }
    provider.onActivateResult = { [weak self] id in
      // An id that names no row any more opens the window, which says so.
      self?.presentWindow().open(RowPath(parsing: id))
    }
    provider.onLaunchSearch = { [weak self] query in
      self?.presentWindow().showSearchResults(for: query)
    }
    let application = application
    do {
      let object = try DBusObject(sessionBusPath: SearchProvider.objectPath, interfaceXML: SearchProvider.interfaceXML)
      {
        [weak provider] call in
        // Each call restarts a service's time to live.
        application.hold()
        defer { application.release() }
        provider?.handle(call)
      }
      searchProvider = (provider, object)
    } catch {
      searchProvider = nil
    }
  }

  @discardableResult
  private func presentWindow() -> PanelWindow { core.presentWindow() }

  /// Changes are noted only where they are kept: not in a memory backend.
  private func windowStore(_ settings: SettingsEnvironment) -> any SettingsStore {
    // An import writes the GSettings the window shows, past its history (the import notes itself).
    importPreview?.importsInto(settings.gsettings)
    guard let history, settings.store.storage.isPersistent else { return settings.store }
    // A second after the last change, on the main loop (no thread keeps the time).
    let saving = MainLoopTimer()
    let recording = RecordingStore(base: settings.store, history: history, source: .window) { save in
      saving.schedule(after: 1, save)
    }
    self.recording = recording
    return recording
  }

  private func windowMade(_ window: PanelWindow, _ settings: SettingsEnvironment) {
    // Made with the window, not with its store (which the search may make first): only a window
    // that compared the settings with the last copy keeps a new one when it quits.
    if let history, recording != nil, let gsettings = settings.gsettings, gsettings.storage.backend == "dconf" {
      otherPrograms = OtherProgramChanges(
        history: history, store: gsettings, snapshotFile: history.folder + "/dconf-snapshot.ini",
        ignoredSchemas: [AppInfo.id])
    }
    recording?.onProblem = { [weak window] problem in window?.view.showMessage(problem, undo: nil) }
    history?.onProblem = { [weak window] problem in
      printError("knobs: " + problem.escapedForTerminal)
      window?.view.showMessage(problem, undo: nil)
    }
    otherPrograms?.onProblem = { [weak window] problem in window?.view.showMessage(problem, undo: nil) }
    // After the first frame: reading the whole database is no work for the start.
    if let otherPrograms {
      if !window.window.afterNextFrame({ runWhenIdle { otherPrograms.start() } }) { otherPrograms.start() }
    }
    window.schemaPages = allSettings
    addMainMenu(to: window, gsettings: settings.gsettings)
  }
}
