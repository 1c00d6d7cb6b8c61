import FoundationEssentials
import Glibc
import Gtk
import KnobsModel

/// A settings app made of one panel: its window, and a command line on the same declaration.
///
/// ```swift
/// import Glibc
/// import KnobsUI
///
/// let bacon = SettingKey(schema: "org.example.pizza", key: "bacon")
/// let panel = Panel("Pizza") {
///   Section("toppings", "Toppings") { ToggleRow("bacon", "Bacon", key: bacon) }
/// }
/// exit(PanelApplication(id: "org.example.Pizza", panel: panel).run())
/// ```
///
/// `run()` reads the program's arguments. With none it opens the window; a second start asks the
/// running window to come forward (`--open PATH` moves it to a row or section). `list [--json]`,
/// `get`, `set`, `reset`, `--check-panel` and `help` need no display: the same rows, read and
/// written through the same store and checks.
@MainActor
public final class PanelApplication {
  /// The application id: a D-Bus name, e.g. `org.example.Pizza`.
  public let id: String
  /// The panel the window shows and the command line reads and writes.
  public let panel: Panel
  private let store: (any SettingsStore)?

  /// - Parameters:
  ///   - id: the application id: a D-Bus name, e.g. `org.example.Pizza`; one instance runs per id.
  ///   - panel: the settings, declared; checked against the store before anything is shown.
  ///   - store: where the settings are kept; nil for GSettings (the schemas the system
  ///     has installed, and those in `GSETTINGS_SCHEMA_DIR`). An `IniStore` keeps them in an INI file.
  public init(id: String, panel: Panel, store: (any SettingsStore)? = nil) {
    self.id = id
    self.panel = panel
    self.store = store
  }

  /// Does what the arguments ask and returns the exit status: 0 done, 1 the system refused
  /// (no display, a value it would not keep), 2 a mistake in the arguments or the panel.
  ///
  /// - Parameter arguments: the program's name, then its arguments.
  public func run(_ arguments: [String] = CommandLine.arguments) -> Int32 {
    let program = PathText.lastComponent(arguments.first ?? id)
    // Knobs' own texts (the window's buttons, the messages) in the user's language, where they are installed.
    _ = Translation.setUp(directory: Translation.directory(executable: arguments.first ?? ""))
    let invocation: ApplicationInvocation<Never>
    do {
      invocation = try ApplicationInvocation.parse(
        Array(arguments.dropFirst()), program: program, examples: PanelCommand.Examples(panel: panel))
    } catch {
      printError("\(program): \(error.message)\n" + tr("Try “%s --help”.", program))
      return 2
    }
    // GTK refuses an id that is not a D-Bus name with a critical and no application: said first, in words.
    guard PanelID.isValid(id) || invocation == .help else {
      printError(
        "\(program): "
          + tr(
            "“%s” is not an application id: write a name such as org.example.Pizza, two or more parts of letters, digits, “_” and “-” joined by dots, none starting with a digit.",
            id.escapedForMessage))
      return 2
    }
    let environment =
      store.map { SettingsEnvironment(store: $0, ownSettings: nil, notice: nil) }
      ?? SettingsEnvironment.make(appID: id, panel: panel, schemaDirectories: [])
    let panel = panel
    let id = id
    let start = Start<Never>(
      program: program, usage: { ApplicationInvocation<Never>.usage(program: program) }, panel: { panel },
      environment: { _ in environment },
      // The app's own keys must be there: a schema not installed is a mistake, said before anything is shown.
      checks: ValidationChecks(requiresKeys: true),
      runCommand: {
        CommandLineTool(program: program, panel: panel, schemaDirectories: [], environment: environment).run($0)
      },
      runOwn: noOwnCommand
    ) { openPath in
      // Nothing is shown of a panel with mistakes, or one this system's settings don't fit: it is
      // checked through the store the window will show it through.
      let window = WindowApplication(appID: id, panel: panel, program: program) { environment }
      return (window.settings.store, { window.run(openPath: openPath) })
    }
    return start.run(invocation)
  }
}

extension PanelApplication {
  /// How a panel application starts once its arguments are parsed: `run()` starts through it, and
  /// so does Knobs (`DesktopStart`), with its own panel and its own commands (`Own`) added. Each
  /// closure runs only when the invocation needs it: `--help` makes no panel, and `runCommand`
  /// may make it only for a path that names one of its rows.
  @MainActor
  package struct Start<Own> {
    package let program: String
    /// What `--help` prints, made only then.
    package let usage: () -> String
    package let panel: () -> Panel
    /// The panel's settings, for `--check-panel`.
    package let environment: (Panel) -> SettingsEnvironment
    /// What `--check-panel` and the check before the window ask of the panel.
    package let checks: ValidationChecks
    package let runCommand: (PanelCommand) -> Int32
    package var runOwn: (Own) -> Int32
    /// The window at a path, or at the panel's first page; made before GTK starts.
    package let window: (RowPath?) -> StartingWindow
    /// What is said after the program's name when the accessibility bus did not answer (the reason given).
    package let accessibilityNotice: (String) -> String

    package init(
      program: String, usage: @escaping () -> String, panel: @escaping () -> Panel,
      environment: @escaping (Panel) -> SettingsEnvironment, checks: ValidationChecks,
      runCommand: @escaping (PanelCommand) -> Int32, runOwn: @escaping (Own) -> Int32,
      accessibilityNotice: @escaping (String) -> String = {
        tr("The accessibility bus did not answer (%s); the window opens without it.", $0)
      }, window: @escaping (RowPath?) -> StartingWindow
    ) {
      self.program = program
      self.usage = usage
      self.panel = panel
      self.environment = environment
      self.checks = checks
      self.runCommand = runCommand
      self.runOwn = runOwn
      self.accessibilityNotice = accessibilityNotice
      self.window = window
    }

    /// Does what the invocation asks and returns the exit status.
    package func run(_ invocation: ApplicationInvocation<Own>) -> Int32 {
      switch invocation {
      case .help:
        print(usage())
        return 0
      case .checkPanel:
        let panel = panel()
        return PanelCheck.run(
          panel, store: panel.connectRowSources(to: environment(panel).store), checks: checks, program: program)
      case .command(let command):
        return runCommand(command)
      case .own(let command):
        return runOwn(command)
      case .window(let openPath):
        return open(window(openPath))
      }
    }

    /// Checks the panel, then starts GTK and runs the window; 2 for a panel with mistakes, 1 without a display.
    package func open(_ window: StartingWindow) -> Int32 {
      guard
        PanelCheck.run(panel(), store: window.checkedStore, checks: checks, quietWhenValid: true, program: program)
          == 0
      else { return 2 }
      // GTK would wait up to 25 s for an accessibility bus that is slow to answer.
      if let problem = AccessibilityBus.prepare(timeout: 4) {
        printError("\(program): " + accessibilityNotice(problem))
      }
      guard initializeGtk() else {
        printError(Display.missingMessage(program: program))
        return 1
      }
      return window.run()
    }
  }

  /// A window about to open: the store the panel is checked against before anything is shown (the
  /// one the window shows it through; nil to check only its declaration, the store's checks
  /// following the first frame), and what runs the window once GTK has started, until it closes.
  package typealias StartingWindow = (checkedStore: (any SettingsStore)?, run: () -> Int32)
}

/// A panel app's own commands when it has none: never called (a `switch` over `Never` in a
/// closure is warned of as code never run).
private func noOwnCommand(_ never: Never) -> Int32 {}
