import KnobsModel

/// What a panel application's command line asks for: its window, its help, a check of its panel,
/// a command on its rows, or one of the app's own commands (`Own`: Knobs' `DesktopCommand`,
/// `Never` for a `PanelApplication`).
package enum ApplicationInvocation<Own> {
  case window(openPath: RowPath?)
  case help
  case checkPanel
  case command(PanelCommand)
  case own(Own)
}

// Conditional: a requirement on `Own` would have the runtime look its conformance up (a scan of
// every conformance of the program) at each start.
extension ApplicationInvocation: Equatable where Own: Equatable {}

extension ApplicationInvocation where Own == Never {
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
