import FoundationEssentials
import Glibc
import Gtk
import KnobsModel
import KnobsUI

/// The running app: one GtkApplication per session, one window, and the
/// `app.open-row` action that deep links and later launches use.
@MainActor
final class KnobsApplication {
  private let application: Application
  private let panel: Panel
  private let allSettings: AllSettings?
  private let environment: () -> SettingsEnvironment
  private var window: PanelWindow?
  private var style: DesktopStyle?
  private var pendingPath: String?
  /// Where the window notes changes; nil for a panel file's window.
  private let history: ChangeHistory?
  private var recording: RecordingStore?
  private var otherPrograms: OtherProgramChanges?
  /// The changes of a file chosen with Import…, shown before they are written; nil for a panel file's window.
  let importPreview: ImportPreviewRows?
  /// The open Export… or Import… file chooser, if any.
  var chooser: FileChooser?
  /// Runs once the window is first presented (the benchmark hook uses it).
  var onWindowPresented: ((PanelWindow) -> Void)?
  /// The Shell's search provider, on the session bus while the app runs; nil for a panel file's app.
  private var searchProvider: (provider: SearchProvider, object: DBusObject)?
  /// The store search reads before there is a window (a service started for the Shell's search).
  private var searchStore: (any SettingsStore)?

  /// - Parameter appID: the application id; a panel file runs as one of its own, so two panels can be open at once.
  init(
    appID: String = AppInfo.id, panel: Panel, allSettings: AllSettings?, history: ChangeHistory? = nil,
    importPreview: ImportPreviewRows? = nil, environment: @escaping () -> SettingsEnvironment
  ) {
    application = Application(id: appID)
    self.history = history
    self.importPreview = importPreview
    self.panel = panel
    self.allSettings = allSettings
    self.environment = environment
  }

  /// Runs until the window closes; with `openPath`, a running instance is asked to open it instead.
  /// As a `service` (started by D-Bus, `--gapplication-service`) no window opens until one is asked
  /// for, and the process ends a while after its last call when it has none.
  func run(openPath: String?, service: Bool = false) -> Int32 {
    MainLoopBridge.install()
    application.onStartup { [weak self] in self?.startUp() }
    application.onActivate { [weak self] in self?.presentWindow() }
    // `Open` over D-Bus: Knobs opens no files, so it shows its window.
    application.onOpen { [weak self] _ in self?.presentWindow() }
    // The desktop entry's actions: each opens its page, in the running window if there is one.
    for page in DesktopAction.all(of: panel) {
      let action = SimpleAction(name: page.name)
      action.onActivate { [weak self] _ in self?.presentWindow().open(page.path) }
      application.addAction(action)
    }
    if service { application.inactivityTimeout = 10_000 }
    if allSettings != nil { exportSearchProvider() }
    let openRow = SimpleAction(name: "open-row", takesString: true)
    openRow.onActivate { [weak self] path in
      guard let self, let path else { return }
      self.presentWindow().open(path: path)
    }
    application.addAction(openRow)
    let quit = SimpleAction(name: "quit")
    quit.onActivate { [weak self] _ in self?.quit() }
    application.addAction(quit)
    // Ended by the session (SIGTERM), a terminal (SIGINT, SIGHUP): quit as Ctrl+Q does, so the
    // history is written and the copy of the settings the next start compares with is kept.
    onUnixSignals([SIGTERM, SIGINT, SIGHUP]) { [weak self] _ in self?.quit() }

    if let openPath {
      do {
        try application.register()
      } catch {
        printError("knobs: " + tr("couldn't start: %s", "\(error)"))
        return 1
      }
      if application.isRemote {
        application.activateAction("open-row", string: openPath)
        return 0
      }
      pendingPath = openPath
    }
    let status = application.run(programName: "knobs", service: service)
    recording?.flush()
    otherPrograms?.stop()
    return status
  }

  /// Puts the Shell's search provider on the session bus before the app takes its name, so a call
  /// that started Knobs finds it. Without a session bus there is no Shell to ask.
  private func exportSearchProvider() {
    let provider = SearchProvider { [unowned self] in
      if let window { return (window.rootPanel, window.store) }
      if searchStore == nil { searchStore = panel.routing(environment().store) }
      return (panel, searchStore!)
    }
    provider.onActivateResult = { [weak self] id in
      // An id that names no row any more opens the window, which says so.
      self?.presentWindow().open(path: id)
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

  private func startUp() {
    Stylesheet.install()
    application.setAccelerators(["<Control>q"], for: "app.quit")
    application.setAccelerators(["<Control>w"], for: "win.close")
    application.setAccelerators(["<Control>f"], for: "win.search")
    application.setAccelerators(["F10"], for: "win.show-menu")
  }

  @discardableResult
  private func presentWindow() -> PanelWindow {
    if let window {
      window.present()
      return window
    }
    let settings = environment()
    style = DesktopStyle(following: settings.store)
    // Changes are noted only where they are kept: not in a memory backend.
    var store = settings.store
    if let history, settings.store.storage.isPersistent {
      // A second after the last change, on the main loop (no thread keeps the time).
      let saving = MainLoopTimer()
      let recording = RecordingStore(base: settings.store, history: history, source: .window) { save in
        saving.schedule(after: 1, save)
      }
      self.recording = recording
      store = recording
      if let gsettings = settings.store as? GSettingsStore, settings.store.storage.backend == "dconf" {
        otherPrograms = OtherProgramChanges(
          history: history, store: gsettings, snapshotFile: history.folder + "/dconf-snapshot.ini",
          ignoredSchemas: [AppInfo.id])
      }
    }
    let window = PanelWindow(
      application: application, panel: panel, store: store, windowSettings: settings.ownSettings)
    recording?.onProblem = { [weak window] problem in window?.showMessage(problem, undo: nil) }
    history?.onProblem = { [weak window] problem in
      printError("knobs: " + problem.escapedForTerminal)
      window?.showMessage(problem, undo: nil)
    }
    otherPrograms?.onProblem = { [weak window] problem in window?.showMessage(problem, undo: nil) }
    // After the first frame: reading the whole database is no work for the start.
    if let otherPrograms {
      if !window.window.afterNextFrame({ runWhenIdle { otherPrograms.start() } }) { otherPrograms.start() }
    }
    window.schemaPages = allSettings
    addMainMenu(to: window, gsettings: settings.store as? GSettingsStore)
    window.keybindingSchemas = settings.store.capabilities.schemaLibrary
    if let notice = settings.notice { window.showNotice(notice) }
    // The panel against this system's schemas, once the window is on screen: the declaration was checked before.
    let panel = panel
    let checkStore: @MainActor () -> Void = { [weak window] in
      guard let window else { return }
      // The window's own store: routing again would connect the row sources to another.
      let problems = PanelCheck.storeProblems(panel, store: window.store)
      guard let first = problems.first else { return }
      problems.forEach { printError("knobs: \($0)") }
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
      window.open(path: path)
    }
    return window
  }

  private func quit() {
    recording?.flush()
    otherPrograms?.stop()
    window?.window.close()
    application.quit()
  }
}

func printError(_ message: String) {
  writeWhole(message + "\n", to: STDERR_FILENO)
}

/// Writes `text` at once to a file descriptor (standard output or error), unbuffered, so that
/// a run cut short has written it.
func writeWhole(_ text: String, to descriptor: Int32) {
  var bytes = Array(text.utf8)[...]
  while !bytes.isEmpty {
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    if written < 0 && errno == EINTR { continue }
    guard written > 0 else { return }
    bytes = bytes.dropFirst(written)
  }
}
