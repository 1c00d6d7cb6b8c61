import KnobsDesktopModel
import KnobsModel
import KnobsSettings

/// What the command line asked for, and of which panel: the app's own, or a
/// panel file (`--panel FILE|ID`) before the rest.
package struct Request: Equatable {
  /// A panel file's path or an installed panel's id; nil for the app's own panel.
  package var panel: String?
  package var invocation: Invocation

  package static func parse(_ arguments: [String]) throws(UsageError) -> Request {
    guard arguments.first == "--panel" else { return Request(panel: nil, invocation: try Invocation.parse(arguments)) }
    guard arguments.count > 1, !arguments[1].hasPrefix("-") || arguments[1].contains("/") else {
      throw UsageError(tr("--panel needs a panel file or an installed panel's id, e.g. --panel org.example.Pizza."))
    }
    let invocation = try Invocation.parse(Array(arguments.dropFirst(2)))
    switch invocation {
    case .window, .command: break
    case .checkPanel: return Request(panel: arguments[1], invocation: .own(.checkPanel(file: arguments[1])))
    default: throw UsageError(tr("--panel goes with --open, list, get, set, reset, explain or --check-panel."))
    }
    return Request(panel: arguments[1], invocation: invocation)
  }
}

/// What the command line asked for: what any panel application's asks for (the window, `--help`,
/// `--check-panel`, the commands on the panel's rows), or a command of Knobs' own.
package typealias Invocation = ApplicationInvocation<DesktopCommand>

/// Knobs' own commands, beside those of every panel application (`ApplicationInvocation`).
package enum DesktopCommand: Equatable {
  /// Started by D-Bus (`--gapplication-service`, the service file's `Exec`): a window only when one is asked for.
  case service
  case version
  /// Checks a panel file (`--check-panel FILE`).
  case checkPanel(file: String)
  /// Installs a panel file for the user, with a desktop entry that opens it.
  case installPanel(file: String)
  /// Removes a panel the user installed, and its desktop entry.
  case uninstallPanel(id: String)
  /// Adds a custom keyboard shortcut; with `replace`, an accelerator another keybinding uses is taken from it.
  case addCustomShortcut(name: String, command: String, accelerator: String, replace: Bool)
  /// Removes the custom keyboard shortcut of that name.
  case removeCustomShortcut(name: String)
  /// Writes the settings that differ from their defaults (with `all`, every one) of the
  /// scopes (every installed schema when none) as a dconf keyfile, to `output` or standard
  /// output; with `locks`, a dconf locks file naming each key too.
  case export(scopes: [RowPath], all: Bool, output: String?, locks: String?)
  /// The same settings as an Ansible role in the new folder `folder` that installs them as a
  /// site database (`AnsibleRole`); with `locks`, locking each key too.
  case exportAnsible(folder: String, scopes: [RowPath], all: Bool, locks: Bool)
  /// `knobs profile …`: named sets of settings (`SettingsProfiles`).
  case profile(ProfileCommand)
  /// Writes every key a dconf keyfile sets, all or none; with `dryRun` only says what would change.
  case importFile(path: String, dryRun: Bool)
  /// Lists the history of changes, newest first; `limit` the newest only.
  case history(json: Bool, limit: Int?)
  /// Takes back the newest change (with its group), or the one with that id.
  case undo(id: Int?, force: Bool)
  /// `knobs extension …`: GNOME Shell extensions.
  case shellExtension(ExtensionCommand)
  /// Hidden: the shells' completions for the last word (`Completion`).
  case complete(words: [String])
  /// Hidden: knobs(1) in roff, made from `usage` (`ManPage`).
  case manPage
}

extension Invocation {
  /// `knobs --help`, in the user's language: one text per paragraph, for translators.
  package static var usage: String {
    [
      tr(
        // TRANSLATORS: keep the command names, options and PATH, SCHEMA-ID and VALUE as they are.
        "Usage: knobs [--panel FILE|ID] [--open PATH]\n       knobs [--panel FILE|ID] list [--json] [schema/SCHEMA-ID] | get [--raw] PATH | set [--replace] [--force] PATH VALUE | reset PATH\n       knobs [--panel FILE|ID] explain [--json] PATH\n       knobs custom-shortcut add [--replace] NAME COMMAND ACCELERATOR | custom-shortcut remove NAME\n       knobs export [--all] [-o FILE] [--locks FILE] [SCOPE...] | import [--dry-run] FILE\n       knobs export --format ansible [--all] [--locks] FOLDER [SCOPE...]\n       knobs profile save NAME [SCOPE...] | profile apply [--dry-run] NAME | profile list | profile delete NAME\n       knobs history [--json] [-n N] | undo [--force] [ID]\n       knobs extension list [--json] | install [--replace] [--json] FILE.zip | enable|disable|uninstall|prefs UUID\n       knobs --check-panel [FILE] | --version | --help\n       knobs install-panel FILE | uninstall-panel ID"
      ),
      tr("With no arguments Knobs opens its settings window."),
      tr(
        // TRANSLATORS: translate the descriptions and keep them aligned; the options stay as they are.
        "Options:\n  --open PATH     Open the window at a row or section, e.g. clock/show-seconds.\n                  A running Knobs window moves there instead.\n  --check-panel   Check the settings panel for mistakes and exit (status 2 if any).\n  --version       Print the version and exit.\n  --help          Print this help and exit."
      ),
      tr(
        // TRANSLATORS: translate the descriptions and keep them aligned; the commands stay as they are.
        "Commands (no display needed; the same settings the window shows):\n  list [--json]   Every row: path, kind, title and current value; with --json\n                  also the schema, key and raw GVariant value of each setting,\n                  where it comes from (source), and \"problems\" when the dconf\n                  profile or one of its databases could not be read.\n  list [--json] schema/SCHEMA-ID\n                  Every key of an installed GSettings schema, as generated rows.\n  get PATH        Print a row's current value; --raw prints the GVariant text.\n  set PATH VALUE  Change a setting; a value the row does not allow changes nothing.\n                  A number past what such a setting usually takes (an opacity\n                  over 255) is refused unless --force is given.\n  reset PATH      Return a setting to its default."
      ),
      tr(
        // TRANSLATORS: translate the descriptions and keep them aligned; the command, the option and the shortcuts stay as they are.
        "Shortcuts:\n  set [--replace] PATH VALUE\n                  A shortcut takes one accelerator (<Super>h) or a list\n                  (['<Super>h', '<Alt>F9']); one already used by another\n                  keybinding is refused (status 2) unless --replace is given,\n                  which takes it from the other keybinding."
      ),
      tr(
        // TRANSLATORS: translate the descriptions and keep them aligned; the commands, NAME, COMMAND and ACCELERATOR stay as they are.
        "Custom shortcuts (kept where GNOME Settings keeps them):\n  custom-shortcut add [--replace] NAME COMMAND ACCELERATOR\n                  Add a shortcut that runs COMMAND, e.g.\n                  knobs custom-shortcut add \"Open Terminal\" gnome-terminal \"<Super>t\".\n                  An accelerator another keybinding uses is refused unless\n                  --replace is given; \"\" adds it without one.\n  custom-shortcut remove NAME\n                  Remove the custom shortcut of that name."
      ),
      tr(
        // TRANSLATORS: translate the descriptions and keep them aligned; the commands, options, FILE, FOLDER, NAME and SCOPE stay as they are.
        "Carrying settings to another machine:\n  export [--all] [-o FILE] [--locks FILE] [SCOPE...]\n                  Write every value you set yourself (even one equal to the default\n                  or hidden by a lock), across every installed schema, as a dconf\n                  keyfile (what “dconf load /” reads);\n                  --all writes the defaults too. A SCOPE (a row, a page or\n                  schema/SCHEMA-ID) narrows it. -o writes to FILE instead of\n                  the standard output; --locks also writes a dconf locks file\n                  naming every key written, for a site database.\n  export --format ansible [--all] [--locks] FOLDER [SCOPE...]\n                  The same settings as an Ansible role in the new FOLDER: it\n                  installs them as the dconf site database of the machines it\n                  runs on, with --locks locking every key, and runs dconf update.\n  import [--dry-run] FILE\n                  Set every key a dconf keyfile sets (an export), printing each\n                  change; a line that does not fit an installed schema changes\n                  nothing (status 2). --dry-run only prints the changes.\n  profile save NAME [SCOPE...]\n                  Keep the values you set, in the SCOPEs or everywhere, as the\n                  profile NAME (work, presentation…), replacing one of that name.\n  profile apply [--dry-run] NAME\n                  Switch to the profile: set what it holds and reset what is set\n                  now in its scopes and was not then, checked as an import is and\n                  taken back by one undo. --dry-run only prints the changes.\n  profile list | profile delete NAME\n                  The saved profiles; delete one.\n  history [--json] [-n N]\n                  The changes made through Knobs, newest first: when, how,\n                  the key, its value before and after. A change made while\n                  the history can't note it (a full disk) exits with status 3.\n  undo [--force] [ID]\n                  Take back the newest change (a whole import at once), or\n                  the one with that ID. A setting changed since is left alone\n                  and nothing is undone (status 2); --force undoes it anyway."
      ),
      tr(
        // TRANSLATORS: translate the descriptions and keep them aligned; the commands, options, FILE and UUID stay as they are.
        "GNOME Shell extensions:\n  extension list [--json]\n                  Every installed extension: uuid, state (the running Shell's word, else\n                  the lists'), yours or everyone's, name.\n  extension install [--replace] [--json] FILE.zip\n                  Check an extension's zip archive and install it for you; an archive\n                  that would write outside its folder, holds links, or is too large\n                  is refused whole. --replace replaces one already installed.\n  extension enable UUID | extension disable UUID\n                  Turn an installed extension on or off.\n  extension uninstall UUID\n                  Remove an extension you installed.\n  extension prefs UUID\n                  Open the extension's own preferences, through the running GNOME Shell."
      ),
      tr(
        // TRANSLATORS: translate the descriptions and keep them aligned; the options and commands stay as they are.
        "Panel files (docs/panel-format.md):\n  --panel FILE|ID Show or change the settings of a panel file, or of an installed\n                  panel by its id, instead of Knobs' own panel.\n  --check-panel FILE\n                  Check a panel file and exit (status 2 if it has mistakes, one\n                  “file:line:column: path: message” line each).\n  install-panel FILE\n                  Check a panel file and install it for this user, with a desktop\n                  entry in the app list that opens it.\n  uninstall-panel ID\n                  Remove a panel installed with install-panel, and its desktop entry."
      ),
      tr(
        "Every key of every installed schema with a fixed path has a path of its own,\nschema/SCHEMA-ID/KEY, e.g. schema/org.gnome.desktop.interface/clock-format.\nAn enum takes a nick; keys of other types take GVariant text, e.g. \"(1, 2)\"."
      ),
      tr(
        "A relocatable schema is reached at a folder of your settings:\nschema/SCHEMA-ID:/FOLDER/KEY, e.g.\nschema/org.gnome.desktop.app-folders.folder:/org/gnome/desktop/app-folders/folders/Utilities/name."
      ),
    ].joined(separator: "\n\n")
  }

  /// Parses the arguments after the program name; throws a message for a usage error.
  package static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    var rest = arguments[...]
    guard let first = rest.popFirst() else { return .window(openPath: nil) }
    let invocation: Invocation
    switch first {
    case "--version", "-v": invocation = .own(.version)
    case "--help", "-h", "help": invocation = .help
    case Completion.command: return .own(.complete(words: Array(rest)))
    case ManPage.command: invocation = .own(.manPage)
    case "--check-panel":
      let file = rest.first.flatMap { $0.hasPrefix("-") ? nil : $0 }
      if file != nil { rest.removeFirst() }
      invocation = file.map { .own(.checkPanel(file: $0)) } ?? .checkPanel
    case "install-panel":
      guard let file = rest.popFirst() else { throw UsageError(tr("install-panel needs a panel file.")) }
      invocation = .own(.installPanel(file: file))
    case "uninstall-panel":
      guard let id = rest.popFirst() else { throw UsageError(tr("uninstall-panel needs a panel's id.")) }
      invocation = .own(.uninstallPanel(id: id))
    case "--gapplication-service": invocation = .own(.service)
    case "--open":
      guard let path = rest.popFirst() else { throw UsageError(tr("--open needs a path, e.g. clock/show-seconds.")) }
      let openPath = RowPath(parsing: path)
      // Refused here, before a running window is asked to look it up.
      if let problem = openPath.tooLongProblem { throw UsageError(problem) }
      invocation = .window(openPath: openPath)
    case "list", "get", "set", "reset", "explain":
      guard let command = try PanelCommand.parse(first, &rest, program: "knobs", examples: Self.examples) else {
        throw UsageError(tr("Unknown argument “%s”.", first.escapedForMessage))
      }
      invocation = .command(command)
    case "custom-shortcut":
      invocation = .own(try parseCustomShortcut(&rest))
    case "export":
      invocation = .own(try parseExport(&rest))
    case "history":
      var json = false
      var limit: Int?
      while let next = rest.first, next == "--json" || next == "-n" {
        rest.removeFirst()
        if next == "--json" {
          json = true
        } else {
          guard let count = rest.popFirst().flatMap({ Int($0) }), count > 0 else {
            throw UsageError(tr("-n takes how many changes to list, e.g. knobs history -n 20."))
          }
          limit = count
        }
      }
      invocation = .own(.history(json: json, limit: limit))
    case "undo":
      var id: Int?
      let force = rest.first == "--force"
      if force { rest.removeFirst() }
      if let next = rest.first, !next.hasPrefix("-") {
        guard let number = Int(next) else {
          throw UsageError(tr("undo takes a change's number, as “knobs history” lists it, e.g. knobs undo 12."))
        }
        id = number
        rest.removeFirst()
      }
      invocation = .own(.undo(id: id, force: force))
    case "extension":
      invocation = .own(.shellExtension(try parseExtension(&rest)))
    case "profile":
      invocation = .own(.profile(try parseProfile(&rest)))
    case "import":
      let dryRun = rest.first == "--dry-run"
      if dryRun { rest.removeFirst() }
      guard let file = rest.popFirst() else {
        throw UsageError(tr("import needs a file, e.g. knobs import my-desktop.ini."))
      }
      invocation = .own(.importFile(path: file, dryRun: dryRun))
    default:
      throw UsageError(tr("Unknown argument “%s”.", first.escapedForMessage))
    }
    if let extra = rest.first { throw UsageError(tr("Unexpected argument “%s”.", extra.escapedForMessage)) }
    return invocation
  }
}

extension Invocation {
  /// `custom-shortcut add [--replace] NAME COMMAND ACCELERATOR` or `custom-shortcut remove NAME`.
  fileprivate static func parseCustomShortcut(_ rest: inout ArraySlice<String>) throws(UsageError) -> DesktopCommand {
    switch rest.popFirst() {
    case "add":
      let replace = rest.first == "--replace"
      if replace { rest.removeFirst() }
      guard let name = rest.popFirst(), let command = rest.popFirst(), let accelerator = rest.popFirst() else {
        throw UsageError(
          tr(
            "custom-shortcut add needs a name, a command and an accelerator, e.g. knobs custom-shortcut add \"Open Terminal\" gnome-terminal \"<Super>t\"."
          ))
      }
      return .addCustomShortcut(name: name, command: command, accelerator: accelerator, replace: replace)
    case "remove":
      guard let name = rest.popFirst() else {
        throw UsageError(tr("custom-shortcut remove needs the shortcut's name."))
      }
      return .removeCustomShortcut(name: name)
    default:
      throw UsageError(tr("custom-shortcut takes add or remove."))
    }
  }
}

extension Invocation {
  /// `export [--all] [-o FILE] [--locks FILE] [SCOPE…]`, options in any order before the scopes,
  /// or `export --format ansible [--all] [--locks] FOLDER [SCOPE…]`.
  fileprivate static func parseExport(_ rest: inout ArraySlice<String>) throws(UsageError) -> DesktopCommand {
    if let index = rest.firstIndex(where: { $0 == "--format" || $0.hasPrefix("--format=") }) {
      var format = rest[index].dropFirst("--format=".count)
      if rest[index] == "--format" {
        guard index + 1 < rest.endIndex else { throw UsageError(formatUsage) }
        format = rest[index + 1][...]
        rest.remove(at: index + 1)
      }
      rest.remove(at: index)
      switch format {
      case "ansible":
        // The folder is the word after `ansible` (`--format ansible FOLDER`), or else the first that is not an option.
        var folder: String?
        if index < rest.endIndex, !rest[index].hasPrefix("-") { folder = rest.remove(at: index) }
        return try parseAnsibleExport(&rest, folder: folder)
      default: throw UsageError(formatUsage)
      }
    }
    var all = false
    var output: String?
    var locks: String?
    var scopes: [RowPath] = []
    while let next = rest.popFirst() {
      switch next {
      case "--all": all = true
      case "-o", "--output":
        guard let file = rest.popFirst(), output == nil else {
          throw UsageError(tr("export takes one -o FILE, e.g. knobs export -o settings.ini."))
        }
        output = file
      case "--locks":
        guard let file = rest.popFirst(), locks == nil else {
          throw UsageError(tr("export takes one --locks FILE, e.g. knobs export -o site.ini --locks locks."))
        }
        locks = file
      default:
        guard !next.hasPrefix("-") else { throw UsageError(tr("Unknown argument “%s”.", next.escapedForMessage)) }
        let scope = RowPath(parsing: next)
        if let problem = scope.tooLongProblem { throw UsageError(problem) }
        scopes.append(scope)
      }
    }
    if locks != nil && output == nil {
      throw UsageError(tr("--locks goes with -o FILE: the keyfile and its locks belong together."))
    }
    return .export(scopes: scopes, all: all, output: output, locks: locks)
  }

  private static var formatUsage: String {
    tr(
      "export --format takes ansible (a role that installs a site database), e.g. knobs export --format ansible site-settings."
    )
  }

  /// `--format ansible [--all] [--locks] FOLDER [SCOPE…]`, `folder` already taken when it came first.
  private static func parseAnsibleExport(_ rest: inout ArraySlice<String>, folder: String?) throws(UsageError)
    -> DesktopCommand
  {
    var all = false
    var locks = false
    var words: [String] = folder.map { [$0] } ?? []
    while let next = rest.popFirst() {
      switch next {
      case "--all": all = true
      case "--locks": locks = true
      case "-o", "--output":
        throw UsageError(
          tr("export --format ansible writes a folder, named without -o: knobs export --format ansible FOLDER."))
      default:
        guard !next.hasPrefix("-") else { throw UsageError(tr("Unknown argument “%s”.", next.escapedForMessage)) }
        if words.count > 0, let problem = RowPath(parsing: next).tooLongProblem { throw UsageError(problem) }
        words.append(next)
      }
    }
    guard let folder = words.first, !folder.isEmpty else {
      throw UsageError(
        tr("export --format ansible needs the role's folder, e.g. knobs export --format ansible site-settings."))
    }
    return .exportAnsible(folder: folder, scopes: words.dropFirst().map(RowPath.init(parsing:)), all: all, locks: locks)
  }
}

/// `knobs profile …`.
package enum ProfileCommand: Equatable {
  case save(name: String, scopes: [RowPath])
  case apply(name: String, dryRun: Bool)
  case list
  case delete(name: String)
}

extension Invocation {
  /// `profile save NAME [SCOPE…]`, `profile apply [--dry-run] NAME`, `profile list`, `profile delete NAME`.
  fileprivate static func parseProfile(_ rest: inout ArraySlice<String>) throws(UsageError) -> ProfileCommand {
    let usage = tr("profile takes save, apply, list or delete, e.g. knobs profile save presentation appearance.")
    switch rest.popFirst() {
    case "save":
      guard let name = rest.popFirst(), !name.hasPrefix("-") else { throw UsageError(usage) }
      let scopes = Array(rest).map(RowPath.init(parsing:))
      rest = []
      return .save(name: name, scopes: scopes)
    case "apply":
      let dryRun = rest.first == "--dry-run"
      if dryRun { rest.removeFirst() }
      guard let name = rest.popFirst() else { throw UsageError(usage) }
      return .apply(name: name, dryRun: dryRun)
    case "list":
      return .list
    case "delete":
      guard let name = rest.popFirst() else { throw UsageError(usage) }
      return .delete(name: name)
    default:
      throw UsageError(usage)
    }
  }
}

/// `knobs extension …`.
package enum ExtensionCommand: Equatable {
  case list(json: Bool)
  case install(file: String, replace: Bool, json: Bool)
  case enable(uuid: String)
  case disable(uuid: String)
  case uninstall(uuid: String)
  case preferences(uuid: String)
}

extension Invocation {
  /// `extension list [--json]`, `extension install [--replace] [--json] FILE`, `extension enable|disable|uninstall|prefs UUID`.
  fileprivate static func parseExtension(_ rest: inout ArraySlice<String>) throws(UsageError) -> ExtensionCommand {
    let command = rest.popFirst()
    var json = false
    var replace = false
    while let next = rest.first, next == "--json" || (next == "--replace" && command == "install") {
      if next == "--json" { json = true } else { replace = true }
      rest.removeFirst()
    }
    switch command {
    case "list":
      return .list(json: json)
    case "install":
      guard let file = rest.popFirst() else {
        throw UsageError(tr("extension install needs a zip archive, e.g. knobs extension install caffeine.zip."))
      }
      return .install(file: file, replace: replace, json: json)
    case .some(let command) where ["enable", "disable", "uninstall", "prefs"].contains(command):
      guard let uuid = rest.popFirst() else {
        throw UsageError(tr("extension %s needs an extension's uuid, as “knobs extension list” shows it.", command))
      }
      switch command {
      case "enable": return .enable(uuid: uuid)
      case "disable": return .disable(uuid: uuid)
      case "prefs": return .preferences(uuid: uuid)
      default: return .uninstall(uuid: uuid)
      }
    default:
      throw UsageError(tr("extension takes list, install, enable, disable, uninstall or prefs."))
    }
  }
}

extension Invocation {
  /// The paths the usage errors of list, get, set and reset show.
  static var examples: PanelCommand.Examples {
    PanelCommand.Examples(get: "clock/show-seconds", set: "fonts/text-size 1.25", reset: "appearance/dark-style")
  }
}
