import Gtk
import KnobsModel
import KnobsUI

extension ShellExtensionLive {
  /// The model's view of the Shell's report.
  init(_ report: ShellExtensionsBus.Report) {
    self.init(
      uuid: report.uuid, state: ShellExtensionState(rawValue: report.state), error: report.error,
      hasPrefs: report.hasPrefs, canChange: report.canChange)
  }
}

/// The running Shell's word on extensions, for the command line (which has no main loop):
/// each call waits at most `timeout` seconds, and never starts a Shell.
@MainActor
struct ShellExtensionsNow {
  static let timeout = 3.0
  let bus: ShellExtensionsBus

  /// Nil when no Shell answers on the session bus.
  init?() {
    guard let bus = ShellExtensionsBus(), case .success = bus.listExtensionsNow(timeout: Self.timeout) else {
      return nil
    }
    self.bus = bus
  }

  /// Every extension the Shell knows, by uuid; nil when it stopped answering.
  func reports() -> [String: ShellExtensionLive]? {
    guard case .success(let reports) = bus.listExtensionsNow(timeout: Self.timeout) else { return nil }
    return Dictionary(reports.map { ($0.uuid, ShellExtensionLive($0)) }, uniquingKeysWith: { first, _ in first })
  }
}

/// Keeps the Extensions page's rows told of what the running Shell makes of each extension:
/// one `ListExtensions` at the start (answered on the main loop, never blocking the window),
/// then each `ExtensionStateChanged`. With no Shell the rows keep reading the lists.
@MainActor
enum ShellExtensionsWatch {
  /// Generous: nothing waits for the answer, the rows just take it when it comes.
  static let timeout = 10.0

  /// The bus to keep for the window's life; nil without a session bus.
  static func start(_ rows: ShellExtensionRows) -> ShellExtensionsBus? {
    guard let bus = ShellExtensionsBus() else { return nil }
    rows.openPreferences = { [weak bus] uuid in
      bus?.openPreferences(uuid, timeout: timeout) { error in
        if let error {
          printError("knobs: " + tr("GNOME Shell did not open the extension's preferences: %s", error.message))
        }
      }
    }
    rows.switchThroughShell = { [weak bus] uuid, on, otherwise in
      guard let bus else { return otherwise() }
      bus.setEnabled(uuid, on, timeout: timeout) { result in
        if case .success(true) = result { return }
        otherwise()
      }
    }
    // The Shell announces changes of state, not of what may change (canChange): the whole list
    // is asked for again a moment after each announcement and after every extension is turned
    // on or off, once the Shell has acted on it.
    let again = MainLoopTimer()
    let askAgain: @MainActor () -> Void = { [weak bus, weak rows] in
      again.schedule(after: 0.5) {
        guard let bus, let rows else { return }
        refresh(bus, rows)
      }
    }
    rows.askShellAgain = askAgain
    bus.onStateChanged { [weak bus, weak rows] report in
      guard let rows else { return }
      // A Shell that started after the window: its first word brings the whole list.
      if rows.live == nil, let bus {
        refresh(bus, rows)
      } else {
        rows.updateLive(ShellExtensionLive(report))
        askAgain()
      }
    }
    refresh(bus, rows)
    return bus
  }

  static func refresh(_ bus: ShellExtensionsBus, _ rows: ShellExtensionRows) {
    bus.listExtensions(timeout: timeout) { [weak rows] result in
      let reports = try? result.get()
      rows?.setLive(
        reports.map {
          Dictionary($0.map { ($0.uuid, ShellExtensionLive($0)) }, uniquingKeysWith: { first, _ in first })
        })
    }
  }
}
