/// What the command line asked for.
enum Invocation: Equatable {
  case window(openPath: String?)
  case version
  case help
  case checkPanel
  /// Every row of the app's panel, or with a path (`schema/SCHEMA-ID`) every row of one schema.
  case list(json: Bool, path: String?)
  case get(path: String, raw: Bool)
  /// With `replace`, a shortcut another keybinding uses is taken from it instead of refused.
  case set(path: String, value: String, replace: Bool)
  case reset(path: String)

  static let usage = """
    Usage: knobs [--open PATH]
           knobs list [--json] [schema/SCHEMA-ID] | get [--raw] PATH | set [--replace] PATH VALUE | reset PATH
           knobs --check-panel | --version | --help

    With no arguments Knobs opens its settings window.

    Options:
      --open PATH     Open the window at a row or section, e.g. clock/show-seconds.
                      A running Knobs window moves there instead.
      --check-panel   Check the settings panel for mistakes and exit (status 2 if any).
      --version       Print the version and exit.
      --help          Print this help and exit.

    Commands (no display needed; the same settings the window shows):
      list [--json]   Every row: path, kind, title and current value; with --json
                      also the schema, key and raw GVariant value of each setting.
      list [--json] schema/SCHEMA-ID
                      Every key of an installed GSettings schema, as generated rows.
      get PATH        Print a row's current value; --raw prints the GVariant text.
      set PATH VALUE  Change a setting; a value the row does not allow changes nothing.
                      A shortcut takes one accelerator (<Super>h) or a list
                      (['<Super>h', '<Alt>F9']); one already used by another
                      keybinding is refused (status 2) unless --replace is given,
                      which takes it from the other keybinding.
      reset PATH      Return a setting to its default.

    Every key of every installed schema with a fixed path has a path of its own,
    schema/SCHEMA-ID/KEY, e.g. schema/org.gnome.desktop.interface/clock-format.
    An enum takes a nick; keys of other types take GVariant text, e.g. "(1, 2)".
    """

  /// Parses the arguments after the program name; throws a message for a usage error.
  static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    var rest = arguments[...]
    guard let first = rest.popFirst() else { return .window(openPath: nil) }
    let invocation: Invocation
    switch first {
    case "--version", "-v": invocation = .version
    case "--help", "-h": invocation = .help
    case "--check-panel": invocation = .checkPanel
    case "--open":
      guard let path = rest.popFirst() else { throw UsageError("--open needs a path, e.g. clock/show-seconds.") }
      invocation = .window(openPath: path)
    case "list":
      var json = false
      var path: String?
      while let next = rest.first, next == "--json" ? !json : path == nil && !next.hasPrefix("-") {
        if next == "--json" { json = true } else { path = next }
        rest.removeFirst()
      }
      invocation = .list(json: json, path: path)
    case "get":
      let raw = rest.first == "--raw"
      if raw { rest.removeFirst() }
      guard let path = rest.popFirst() else { throw UsageError("get needs a path, e.g. knobs get clock/show-seconds.") }
      invocation = .get(path: path, raw: raw)
    case "set":
      let replace = rest.first == "--replace"
      if replace { rest.removeFirst() }
      guard let path = rest.popFirst(), let value = rest.popFirst() else {
        throw UsageError("set needs a path and a value, e.g. knobs set fonts/text-size 1.25.")
      }
      invocation = .set(path: path, value: value, replace: replace)
    case "reset":
      guard let path = rest.popFirst() else {
        throw UsageError("reset needs a path, e.g. knobs reset appearance/dark-style.")
      }
      invocation = .reset(path: path)
    default:
      throw UsageError("Unknown argument “\(first)”.")
    }
    if let extra = rest.first { throw UsageError("Unexpected argument “\(extra)”.") }
    return invocation
  }
}

/// A mistake on the command line, said in one sentence.
struct UsageError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
