import Gio
import KnobsDesktopModel
import KnobsModel
import KnobsSettings

/// `knobs __complete WORD…`: what the shells' completions (data/completions/) offer for the
/// last of the words typed after `knobs`, one candidate a line. The commands and options are
/// those of `knobs --help` (CompletionTests compares them), the paths those `knobs list`
/// prints, as each of their shorter forms, one folder at a time; `schema/ID/KEY` the installed
/// schemas' keys, and `schema/ID:/FOLDER/KEY` a relocatable schema's at the folders of the
/// settings database that hold its keys; `extension enable|disable|uninstall|prefs` the installed
/// extensions' uuids, `custom-shortcut remove` the custom shortcuts' names, and
/// `uninstall-panel` the ids of the panels installed for the user.
/// A word that names a file is answered with `filesMarker` alone: the shell completes files.
/// A candidate is one line, and shown as it is: one with a control or bidirectional control
/// character (a name another program saved) is left out.
package struct Completion {
  /// The hidden command the completion scripts call.
  static let command = "__complete"
  /// The only line printed where a file's name goes.
  static let filesMarker = ":files"
  /// At most this many candidates are printed, the first in sorted order.
  static let candidateLimit = 500
  /// A longer word to complete (in bytes), or one with a control character, is offered nothing.
  static let wordLimit = 1024

  /// What `export --format` takes.
  static let exportFormats = ["ansible"]
  /// The commands, each with its options, as `knobs --help` has them.
  static let commands: KeyValuePairs<String, [String]> = [
    "list": ["--json"], "get": ["--raw"], "set": ["--replace", "--force"], "reset": [],
    "explain": ["--json"], "custom-shortcut": [], "export": ["--all", "-o", "--locks", "--format"],
    "import": ["--dry-run"], "profile": ["--dry-run"],
    "history": ["--json", "-n"], "undo": ["--force"], "extension": [],
    "install-panel": [], "uninstall-panel": [], "help": [],
  ]
  /// The options that come first.
  static let options = ["--open", "--panel", "--check-panel", "--version", "--help"]
  /// What goes with `--panel FILE|ID`.
  static let panelCommands = ["--open", "--check-panel", "list", "get", "set", "reset", "explain"]
  static let extensionCommands = ["list", "install", "enable", "disable", "uninstall", "prefs"]
  static let extensionOptions = ["list": ["--json"], "install": ["--replace", "--json"]]
  static let customShortcutCommands = ["add", "remove"]
  static let profileCommands = ["save", "apply", "list", "delete"]

  /// Every row's path, as `knobs list` prints them.
  var paths: () -> [String]
  /// The installed schemas' ids.
  var schemaIDs: () -> [String]
  /// The installed relocatable schemas' ids.
  var relocatableIDs: () -> [String] = { [] }
  /// The folders of the settings database where a relocatable schema is saved.
  var folders: (String) -> [String] = { _ in [] }
  /// The custom shortcuts' names.
  var customShortcutNames: () -> [String] = { [] }
  /// The keys of an installed schema; empty for one that is not installed.
  var keys: (String) -> [String]
  /// The installed extensions' uuids.
  var extensionIDs: () -> [String]
  /// The saved profiles' names (`SettingsProfiles`).
  var profileNames: () -> [String] = { [] }
  /// The ids of the panels `knobs install-panel` installed (those `uninstall-panel` removes).
  var panelIDs: () -> [String] = { [] }

  /// The candidates for the last of `words` (the words after `knobs`, the last one being
  /// completed, perhaps empty), sorted, at most `candidateLimit`.
  func candidates(for words: [String]) -> [String] {
    let isControl = { (scalar: Unicode.Scalar) in scalar.properties.generalCategory == .control }
    guard let current = words.last, current.utf8.count <= Self.wordLimit,
      !current.unicodeScalars.contains(where: isControl)
    else { return [] }
    // A candidate is one line, shown as it is: a name with a line break in it (a folder's), or
    // with a character that reorders what a terminal shows, is left out.
    let found = candidates(current, after: Array(words.dropLast())).filter { $0.escapedForTerminal == $0 }
    return Array(found.sorted().prefix(Self.candidateLimit))
  }

  private func candidates(_ current: String, after typed: [String]) -> [String] {
    var before = typed[...]
    var panelFile = false
    if before.first == "--panel" {
      guard before.count > 1 else { return [Self.filesMarker] }
      before = before.dropFirst(2)
      panelFile = true
    }
    let matching = { (list: [String]) in list.filter { $0.hasPrefix(current) } }
    guard let command = before.first else {
      return matching(panelFile ? Self.panelCommands : Self.commands.map(\.key) + Self.options)
    }
    let arguments = Array(before.dropFirst())
    // A panel file's rows are its own: no path of Knobs' panel is offered for them.
    let rowPaths = { panelFile ? [] : self.rowPaths(current) }
    let options = Self.commands.first { $0.key == command }?.value ?? []
    if current.hasPrefix("-") && !options.isEmpty { return matching(options) }
    let operands = arguments.filter { !$0.hasPrefix("-") }
    switch command {
    case "--open":
      return arguments.isEmpty ? rowPaths() : []
    case "--check-panel", "install-panel":
      return arguments.isEmpty ? [Self.filesMarker] : []
    case "get", "set", "reset", "explain":
      return operands.isEmpty ? rowPaths() : []
    case "list":
      return operands.isEmpty && !panelFile ? schemaPaths(current, keys: false) : []
    case "export":
      // With --format ansible, --locks is a switch and the role's folder follows the format's name.
      let ansible = arguments.contains("--format=ansible") || arguments.contains("ansible")
      if let last = arguments.last {
        if last == "--format" { return matching(Self.exportFormats) }
        if last == "-o" || (last == "--locks" && !ansible) || last == "ansible" { return [Self.filesMarker] }
      }
      return rowPaths()
    case "import":
      return operands.isEmpty ? [Self.filesMarker] : []
    case "uninstall-panel":
      return operands.isEmpty ? matching(panelIDs()) : []
    case "extension":
      guard let subcommand = arguments.first else { return matching(Self.extensionCommands) }
      if current.hasPrefix("-") { return matching(Self.extensionOptions[subcommand] ?? []) }
      switch subcommand {
      case "install": return operands.count == 1 ? [Self.filesMarker] : []
      case "enable", "disable", "uninstall", "prefs": return operands.count == 1 ? matching(extensionIDs()) : []
      default: return []
      }
    case "profile":
      guard let subcommand = arguments.first else { return matching(Self.profileCommands) }
      switch subcommand {
      case "apply" where current.hasPrefix("-"): return matching(["--dry-run"])
      case "apply", "delete": return operands.count == 1 ? matching(profileNames()) : []
      case "save": return operands.count >= 2 ? rowPaths() : matching(profileNames())
      default: return []
      }
    case "custom-shortcut":
      guard let subcommand = arguments.first else { return matching(Self.customShortcutCommands) }
      if subcommand == "remove" { return operands.count == 1 ? matching(customShortcutNames()) : [] }
      return subcommand == "add" && current.hasPrefix("-") ? matching(["--replace"]) : []
    default:
      return []
    }
  }

  /// The rows' paths and their shorter forms (any of their ends, as `get` takes them) that
  /// start with `current`, up to the next “/” after it; `schema/…` paths the schemas' keys.
  private func rowPaths(_ current: String) -> [String] {
    if current.hasPrefix(SchemaPath.prefix) { return schemaPaths(current, keys: true) }
    var found: Set<String> = SchemaPath.prefix.hasPrefix(current) ? [SchemaPath.prefix] : []
    for path in paths() {
      let ids = path.split(separator: "/")
      // An empty word is offered the paths' first folders only, not every row's id.
      for start in current.isEmpty ? ids.indices.prefix(1) : ids.indices {
        let form = ids[start...].joined(separator: "/")
        guard form.hasPrefix(current) else { continue }
        let rest = form.dropFirst(current.count)
        if let slash = rest.firstIndex(of: "/") {
          found.insert(String(form[...slash]))
        } else {
          found.insert(form)
        }
      }
    }
    // A path that is also a folder is offered as the folder: the list under it is one Tab away.
    return found.filter { !found.contains($0 + "/") }
  }

  /// `schema/ID/` (or `schema/ID` for `list`, which takes a schema) for the schemas whose id
  /// starts as typed, `schema/ID:` for the relocatable ones; with `keys`, after `schema/ID/` that
  /// schema's keys.
  private func schemaPaths(_ current: String, keys: Bool) -> [String] {
    guard current.hasPrefix(SchemaPath.prefix) else {
      return SchemaPath.prefix.hasPrefix(current) ? [SchemaPath.prefix] : []
    }
    let rest = current.dropFirst(SchemaPath.prefix.count)
    if let colon = rest.firstIndex(of: ":"), !rest[..<colon].contains("/") {
      return relocatablePaths(id: String(rest[..<colon]), String(rest[rest.index(after: colon)...]), keys: keys)
    }
    if let slash = rest.firstIndex(of: "/") {
      guard keys else { return [] }
      let id = String(rest[..<slash])
      let key = rest[rest.index(after: slash)...]
      return self.keys(id).filter { $0.hasPrefix(key) }.map { SchemaPath.prefix + id + "/" + $0 }
    }
    let fixed = schemaIDs().filter { $0.hasPrefix(rest) }.map { SchemaPath.prefix + $0 + (keys ? "/" : "") }
    return fixed + relocatableIDs().filter { $0.hasPrefix(rest) }.map { SchemaPath.prefix + $0 + ":" }
  }

  /// After `schema/ID:`, a relocatable schema's folders that start as typed (`schema/ID:/FOLDER/`);
  /// with `keys`, after a folder its keys (`schema/ID:/FOLDER/KEY`). Any folder typed takes keys.
  private func relocatablePaths(id: String, _ typed: String, keys: Bool) -> [String] {
    let prefix = SchemaPath.prefix + id + ":"
    var found = folders(id).filter { $0.hasPrefix(typed) && $0 != typed }.map { prefix + $0 }
    if keys, let slash = typed.lastIndex(of: "/") {
      let folder = String(typed[...slash])
      let key = typed[typed.index(after: slash)...]
      if SchemaPath.isFolder(folder) {
        found += self.keys(id).filter { $0.hasPrefix(key) }.map { prefix + folder + $0 }
      }
    }
    return found
  }
}

extension Completion {
  /// The candidates for `words` from Knobs' panel (its rows as `knobs list` finds them), the
  /// installed schemas and extensions, each read only when the word needs it (the panel too,
  /// made by `panel` for a row's path only); one a line.
  @MainActor
  package static func run(
    _ words: [String], panel: @escaping () -> Panel, schemaDirectories: [String], history: ChangeHistory,
    environment: [String: String]
  ) -> String {
    let schemas = { GSettingsStore(source: SchemaSource(extraDirectories: schemaDirectories)) }
    let completion = Completion(
      paths: {
        CommandLineTool(panel: panel, schemaDirectories: schemaDirectories, history: history).panel.entries
          .filter { !CommandLineTool.isWindowOnly($0.path) }.map(\.path.description)
      },
      schemaIDs: { schemas().schemaIDs },
      relocatableIDs: { schemas().source.relocatableSchemaIDs },
      folders: { id in
        let keys = Set(schemas().keyNames(of: id))
        return keys.isEmpty ? [] : DconfPaths.read().folders(matching: keys).filter { $0 != "/" }
      },
      customShortcutNames: { CustomShortcuts.read(from: schemas()).map(\.name) },
      keys: { schemas().keyNames(of: $0) },
      extensionIDs: { ShellExtensions.installed(environment: environment).all.map(\.uuid) },
      profileNames: { SettingsProfiles(folder: SettingsProfiles.defaultFolder(environment: environment)).names() },
      panelIDs: { installedPanelIDs(in: PanelFolders(environment: environment).user) })
    return completion.candidates(for: words).map { $0 + "\n" }.joined()
  }

  /// The ids of the panel files in `folder` (`ID.yaml`), valid ids only.
  static func installedPanelIDs(in folder: String) -> [String] {
    (LocalFiles.names(in: folder) ?? []).compactMap { name in
      guard name.hasSuffix(".yaml") else { return nil }
      let id = String(name.dropLast(".yaml".count))
      return PanelID.isValid(id) ? id : nil
    }
  }
}
