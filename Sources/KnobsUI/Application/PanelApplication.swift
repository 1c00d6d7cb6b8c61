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
    let invocation: ApplicationInvocation
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
    // The app's own keys must be there: a schema not installed is a mistake, said before anything is shown.
    let checks = ValidationChecks(requiresKeys: true)
    switch invocation {
    case .help:
      print(ApplicationInvocation.usage(program: program))
      return 0
    case .checkPanel:
      return PanelCheck.run(panel, store: panel.routing(environment.store), checks: checks, program: program)
    case .command(let command):
      let tool = CommandLineTool(program: program, panel: panel, schemaDirectories: [], environment: environment)
      return tool.run(command)
    case .window(let openPath):
      // Nothing is shown of a panel with mistakes, or one this system's settings don't fit.
      guard
        PanelCheck.run(
          panel, store: panel.routing(environment.store), checks: checks, quietWhenValid: true, program: program) == 0
      else { return 2 }
      // GTK would wait up to 25 s for an accessibility bus that is slow to answer.
      if let problem = AccessibilityBus.prepare(timeout: 4) {
        printError(
          "\(program): " + tr("The accessibility bus did not answer (%s); the window opens without it.", problem))
      }
      guard initializeGtk() else {
        printError(Display.missingMessage(program: program))
        return 1
      }
      let window = WindowApplication(appID: id, panel: panel, program: program) { environment }
      return window.run(openPath: openPath)
    }
  }
}

/// What a `PanelApplication`'s command line asks for.
package enum ApplicationInvocation: Equatable {
  case window(openPath: RowPath?)
  case help
  case checkPanel
  case command(PanelCommand)

  /// Parses the arguments after the program name; throws a message for a usage error.
  package static func parse(
    _ arguments: [String], program: String, examples: PanelCommand.Examples
  ) throws(UsageError) -> ApplicationInvocation {
    var rest = arguments[...]
    guard let first = rest.popFirst() else { return .window(openPath: nil) }
    let invocation: ApplicationInvocation
    switch first {
    case "--help", "-h", "help": invocation = .help
    case "--check-panel": invocation = .checkPanel
    case "--open":
      guard let path = rest.popFirst() else {
        throw UsageError(tr("--open needs a path, e.g. %1$s --open %2$s.", program, examples.get))
      }
      let openPath = RowPath(parsing: path)
      // Refused here, before a running window is asked to look it up.
      if let problem = openPath.tooLongProblem { throw UsageError(problem) }
      invocation = .window(openPath: openPath)
    default:
      guard let command = try PanelCommand.parse(first, &rest, program: program, examples: examples) else {
        throw UsageError(tr("Unknown argument “%s”.", first.escapedForMessage))
      }
      invocation = .command(command)
    }
    if let extra = rest.first { throw UsageError(tr("Unexpected argument “%s”.", extra.escapedForMessage)) }
    return invocation
  }

  /// `PROGRAM --help`, in the user's language.
  package static func usage(program: String) -> String {
    tr(
      // TRANSLATORS: %s is the program's name; keep the commands, options, PATH and VALUE as they are, translate the descriptions and keep them aligned.
      "Usage: %1$s [--open PATH]\n       %1$s list [--json] | get [--raw] PATH | set PATH VALUE | reset PATH\n       %1$s --check-panel | --help\n\nWith no arguments %1$s opens its settings window; a running window comes forward.\n\n  --open PATH     Open the window at a row or section; a running window moves there.\n  list [--json]   Every row: path, kind, title and current value; with --json\n                  also the schema, key and raw GVariant value of each setting.\n  get PATH        Print a row's current value; --raw prints the GVariant text.\n  set PATH VALUE  Change a setting; a value the row does not allow changes nothing.\n  reset PATH      Return a setting to its default.\n  --check-panel   Check the settings panel against this system's settings and exit\n                  (status 2 if it has mistakes).\n  --help          Print this help and exit.",
      program)
  }
}
