import Gio
import KnobsDesktopModel
import KnobsModel
import KnobsSettings

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
/// `ListExtensions` each time a Shell takes its name on the bus (at the start too; answered on
/// the main loop, never blocking the window), then each `ExtensionStateChanged`. When the Shell
/// leaves the bus (stopped, crashed, restarting) the rows read the lists again until one answers.
@MainActor
package enum ShellExtensionsWatch {
  /// Generous: nothing waits for the answer, the rows just take it when it comes.
  static let timeout = 10.0

  /// Which answers of `ListExtensions` may still be taken: only those asked since the Shell last
  /// came or went, and none older than one already taken. A Shell that leaves mid-call, or
  /// leaves and comes back at once, never has an old answer (or its failure) undo a newer one.
  final class Answers {
    /// Whether a Shell has the name now.
    var present = false
    /// Questions asked again since the Shell came, because it did not answer.
    var retries = 0
    private var asked = 0
    private var takenUpTo = 0
    private var validFrom = 0

    /// A number for a new question.
    func ask() -> Int {
      asked += 1
      return asked
    }

    /// The Shell came or went: no answer to a question asked before counts.
    func shellChanged() { validFrom = asked + 1 }

    /// Whether the answer to question `number` is to be taken (and, if so, newer ones only after it).
    func take(_ number: Int) -> Bool {
      guard number >= validFrom, number > takenUpTo else { return false }
      takenUpTo = number
      return true
    }
  }

  /// The bus to keep for the window's life; nil without a session bus.
  package static func start(_ rows: ShellExtensionRows) -> ShellExtensionsBus? {
    guard let bus = ShellExtensionsBus() else { return nil }
    let answers = Answers()
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
        refresh(bus, rows, answers)
      }
    }
    rows.askShellAgain = askAgain
    bus.onStateChanged { [weak bus, weak rows] report in
      guard let rows else { return }
      // A Shell that answered nothing yet: its first word brings the whole list.
      if rows.live == nil, let bus {
        refresh(bus, rows, answers)
      } else {
        rows.updateLive(ShellExtensionLive(report))
        askAgain()
      }
    }
    // Told at once whether a Shell is there, then each time one comes or goes.
    bus.onPresence { [weak bus, weak rows] present in
      guard let bus, let rows else { return }
      answers.shellChanged()
      answers.present = present
      answers.retries = 0
      again.cancel()
      if present {
        refresh(bus, rows, answers, retry: again)
      } else {
        rows.setLive(nil)
      }
    }
    return bus
  }

  /// How many times, and after how long (doubling each time), a Shell that has its name but does
  /// not answer yet is asked again: GNOME Shell takes its name before it offers its extensions.
  static let retries = 5
  static let firstRetry = 0.25

  static func refresh(
    _ bus: ShellExtensionsBus, _ rows: ShellExtensionRows, _ answers: Answers, retry: MainLoopTimer? = nil
  ) {
    let question = answers.ask()
    bus.listExtensions(timeout: timeout) { [weak bus, weak rows] result in
      guard answers.take(question) else { return }
      let reports = try? result.get()
      if reports == nil, answers.present, answers.retries < retries, let retry {
        let delay = firstRetry * Double(1 << answers.retries)
        answers.retries += 1
        retry.schedule(after: delay) {
          guard let bus, let rows else { return }
          refresh(bus, rows, answers, retry: retry)
        }
        return
      }
      rows?.setLive(
        reports.map {
          Dictionary($0.map { ($0.uuid, ShellExtensionLive($0)) }, uniquingKeysWith: { first, _ in first })
        })
    }
  }
}
