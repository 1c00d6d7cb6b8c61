/// What the command line asked for, and of which panel: the app's own, or a
/// panel file (`--panel FILE|ID`) before the rest.
struct Request: Equatable {
  /// A panel file's path or an installed panel's id; nil for the app's own panel.
  var panel: String?
  var invocation: Invocation

  static func parse(_ arguments: [String]) throws(UsageError) -> Request {
    guard arguments.first == "--panel" else { return Request(panel: nil, invocation: try Invocation.parse(arguments)) }
    guard arguments.count > 1, !arguments[1].hasPrefix("-") || arguments[1].contains("/") else {
      throw UsageError("--panel needs a panel file or an installed panel's id, e.g. --panel org.example.Pizza.")
    }
    let invocation = try Invocation.parse(Array(arguments.dropFirst(2)))
    switch invocation {
    case .window, .list, .get, .set, .reset: break
    case .checkPanel(nil): return Request(panel: arguments[1], invocation: .checkPanel(file: arguments[1]))
    default: throw UsageError("--panel goes with --open, list, get, set, reset or --check-panel.")
    }
    return Request(panel: arguments[1], invocation: invocation)
  }
}

/// What the command line asked for.
enum Invocation: Equatable {
  case window(openPath: String?)
  case version
  case help
  /// Checks the app's panel, or with a file a panel file.
  case checkPanel(file: String?)
  /// Installs a panel file for the user, with a desktop entry that opens it.
  case installPanel(file: String)
  /// Removes a panel the user installed, and its desktop entry.
  case uninstallPanel(id: String)
  /// Every row of the app's panel, or with a path (`schema/SCHEMA-ID`) every row of one schema.
  case list(json: Bool, path: String?)
  case get(path: String, raw: Bool)
  case set(path: String, value: String)
  case reset(path: String)

  static let usage = """
    Usage: knobs [--panel FILE|ID] [--open PATH]
           knobs [--panel FILE|ID] list [--json] [schema/SCHEMA-ID] | get [--raw] PATH | set PATH VALUE | reset PATH
           knobs --check-panel [FILE] | --version | --help
           knobs install-panel FILE | uninstall-panel ID

    With no arguments Knobs opens its settings window.

    Options:
      --panel FILE|ID Show or change the settings of a panel file (docs/panel-format.md),
                      or of an installed panel by its id, instead of Knobs' own panel.
      --open PATH     Open the window at a row or section, e.g. clock/show-seconds.
                      A running Knobs window moves there instead.
      --check-panel [FILE]
                      Check the settings panel, or a panel file, for mistakes and exit
                      (status 2 if any, one “file:line:column: path: message” line each).
      --version       Print the version and exit.
      --help          Print this help and exit.

    Commands (no display needed; the same settings the window shows):
      list [--json]   Every row: path, kind, title and current value; with --json
                      also the schema, key and raw GVariant value of each setting.
      list [--json] schema/SCHEMA-ID
                      Every key of an installed GSettings schema, as generated rows.
      get PATH        Print a row's current value; --raw prints the GVariant text.
      set PATH VALUE  Change a setting; a value the row does not allow changes nothing.
      reset PATH      Return a setting to its default.
      install-panel FILE
                      Check a panel file and install it for this user, with a desktop
                      entry in the app list that opens it.
      uninstall-panel ID
                      Remove a panel installed with install-panel, and its desktop entry.

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
    case "--check-panel":
      let file = rest.first.flatMap { $0.hasPrefix("-") ? nil : $0 }
      if file != nil { rest.removeFirst() }
      invocation = .checkPanel(file: file)
    case "install-panel":
      guard let file = rest.popFirst() else { throw UsageError("install-panel needs a panel file.") }
      invocation = .installPanel(file: file)
    case "uninstall-panel":
      guard let id = rest.popFirst() else { throw UsageError("uninstall-panel needs a panel's id.") }
      invocation = .uninstallPanel(id: id)
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
      guard let path = rest.popFirst(), let value = rest.popFirst() else {
        throw UsageError("set needs a path and a value, e.g. knobs set fonts/text-size 1.25.")
      }
      invocation = .set(path: path, value: value)
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
