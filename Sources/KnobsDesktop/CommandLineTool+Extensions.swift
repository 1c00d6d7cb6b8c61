import FoundationEssentials
import Glibc
import Gio
import KnobsDesktopModel
import KnobsModel
import KnobsSettings

/// `knobs extension …`: the GNOME Shell extensions installed, installing one from its zip
/// archive, turning one on or off (the Extensions page's switches) and removing one.
extension CommandLineTool {
  func runExtension(_ command: ExtensionCommand) -> Int32 {
    let environment = LocalFiles.environment()
    switch command {
    case .list(let json):
      return listExtensions(json: json, environment: environment)
    case .install(let file, let replace, let json):
      return installExtension(file, replacing: replace, json: json, environment: environment)
    case .enable(let uuid):
      return switchExtension(uuid, on: true, environment: environment)
    case .disable(let uuid):
      return switchExtension(uuid, on: false, environment: environment)
    case .preferences(let uuid):
      return openPreferences(uuid)
    case .uninstall(let uuid):
      let installer = ShellExtensionInstaller(environment: environment)
      do {
        let path = try installer.removableFolder(uuid: uuid)
        // A running Shell that knows it removes it itself, turning it off first; one installed
        // since the Shell started is unknown to it until the next login.
        if let shell = ShellExtensionsNow(), shell.reports()?[uuid] != nil {
          guard case .success(true) = shell.bus.uninstallNow(uuid, timeout: ShellExtensionsNow.timeout),
            !LocalFiles.exists(path)
          else {
            printError("knobs: " + tr("GNOME Shell did not remove “%s”.", uuid).escapedForTerminal)
            return 1
          }
        } else {
          _ = try installer.uninstall(uuid: uuid)
        }
        print(tr("Removed %1$s (%2$s).", uuid, path).escapedForTerminal)
        return 0
      } catch {
        printError("knobs: " + error.description.escapedForTerminal)
        return error.isBadInput ? 2 : 1
      }
    }
  }

  /// One extension as `extension list --json` gives it.
  private struct ListedExtension: Encodable {
    var uuid: String
    package var name: String
    var version: String?
    /// `user` or `system`.
    var scope: String
    package var path: String
    /// Whether the Shell's lists turn it on.
    var enabled: Bool
    /// The running Shell's state (`enabled`, `disabled`, `error`, `out of date`, `initialized`…);
    /// without a Shell, `enabled`, `disabled` or `out of date` from the lists and versions.
    var state: String
    /// The Shell's words when its state is `error`.
    var error: String?
    /// Whether it has preferences, when the Shell says.
    var hasPrefs: Bool?
    /// `shell` when the running Shell gave the state, `lists` when it was read from the settings.
    var stateFrom: String
    var shellVersions: [String]

    enum CodingKeys: String, CodingKey {
      case uuid, name, version, scope, path, enabled, state, error
      case hasPrefs = "has-prefs"
      case stateFrom = "state-from"
      case shellVersions = "shell-versions"
    }
  }

  private func listExtensions(json: Bool, environment: [String: String]) -> Int32 {
    let installed = ShellExtensions.installed(environment: environment)
    let folders = ShellExtensions.folders(environment: environment)
    let shellVersion = installed.all.isEmpty ? nil : try? ShellVersion.find().get()
    let anyVersion = store.value(for: ShellExtensionSwitches.anyVersionKey) == .bool(true)
    let live = ShellExtensionsNow()?.reports()
    let listed = installed.all.sorted(by: Self.byName).map { shellExtension -> ListedExtension in
      let enabled = store.value(for: ShellExtensionSwitches.key(shellExtension.uuid)) == .bool(true)
      let outOfDate =
        !anyVersion && shellVersion.map { !ShellVersion.supports(shellExtension.shellVersions, version: $0) } == true
      let folder = shellExtension.isUsers ? folders[0] : Self.systemFolder(of: shellExtension.uuid, in: folders)
      var listed = ListedExtension(
        uuid: shellExtension.uuid, name: shellExtension.name, version: shellExtension.version,
        scope: shellExtension.isUsers ? "user" : "system", path: folder + "/" + shellExtension.uuid,
        enabled: enabled, state: outOfDate ? "out of date" : enabled ? "enabled" : "disabled",
        stateFrom: "lists", shellVersions: shellExtension.shellVersions)
      if let report = live?[shellExtension.uuid] {
        listed.state = report.state?.name ?? "unknown"
        listed.error = report.error.isEmpty ? nil : report.error
        listed.hasPrefs = report.hasPrefs
        listed.stateFrom = "shell"
      }
      return listed
    }
    if json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
      print(String(decoding: (try? encoder.encode(listed)) ?? Data("[]".utf8), as: UTF8.self))
      return 0
    }
    guard !listed.isEmpty else {
      print(tr("No GNOME Shell extensions are installed."))
      return 0
    }
    if live == nil {
      // Without a running Shell the states are what the settings say, not what a Shell made of them.
      printError(
        "knobs: "
          + tr("GNOME Shell is not running here: these states are read from the settings, not from the Shell."))
    }
    for item in listed {
      let scope = item.scope == "user" ? tr("yours") : tr("everyone's")
      let error = item.error.map { "  (\($0))" } ?? ""
      print("\(item.uuid)  \(item.state)  \(scope)  \(item.name)\(error)".escapedForTerminal)
    }
    return 0
  }

  /// Sorted by name as people read names (case and accents aside), then by uuid.
  static func byName(_ first: ShellExtension, _ second: ShellExtension) -> Bool {
    let (a, b) = (first.name.lowercased(), second.name.lowercased())
    return a == b ? first.uuid < second.uuid : a < b
  }

  private static func systemFolder(of uuid: String, in folders: [String]) -> String {
    folders.dropFirst().first { LocalFiles.isFolder($0 + "/" + uuid) } ?? folders.last ?? ""
  }

  private func installExtension(_ file: String, replacing: Bool, json: Bool, environment: [String: String]) -> Int32 {
    let installed: ShellExtensionInstaller.Installed
    do {
      installed = try ShellExtensionInstaller(environment: environment).install(file: file, replacing: replacing)
    } catch {
      printError("knobs: " + error.description.escapedForTerminal)
      return error.isBadInput ? 2 : 1
    }
    if json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
      let object = InstalledExtension(
        uuid: installed.uuid, name: installed.name, path: installed.path,
        compiledSchemas: installed.compiledSchemas, replaced: installed.replaced)
      print(String(decoding: (try? encoder.encode(object)) ?? Data("{}".utf8), as: UTF8.self))
      return 0
    }
    print(tr("Installed “%1$s” (%2$s) in %3$s.", installed.name, installed.uuid, installed.path).escapedForTerminal)
    if installed.compiledSchemas { print(tr("Its settings schemas were compiled.")) }
    print(
      tr(
        "GNOME Shell loads a new extension when you log in again (on X11, restarting GNOME Shell is enough); “knobs extension enable %s” turns it on.",
        installed.uuid
      ).escapedForTerminal)
    return 0
  }

  /// What `extension install --json` prints.
  private struct InstalledExtension: Encodable {
    var uuid: String
    package var name: String
    package var path: String
    var compiledSchemas: Bool
    var replaced: Bool

    enum CodingKeys: String, CodingKey {
      case uuid, name, path, replaced
      case compiledSchemas = "compiled-schemas"
    }
  }

  /// Opens the extension's own preferences window: the running Shell starts it
  /// (`OpenExtensionPrefs`), so without a Shell, or for an extension without preferences, it says why.
  private func openPreferences(_ uuid: String) -> Int32 {
    guard let shell = ShellExtensionsNow(), let reports = shell.reports() else {
      printError("knobs: " + tr("GNOME Shell is not running here; it opens an extension's preferences."))
      return 1
    }
    guard let report = reports[uuid] else {
      printError(
        "knobs: "
          + tr("GNOME Shell knows no extension “%s”; “knobs extension list” shows them.", uuid).escapedForTerminal)
      return 2
    }
    guard report.hasPrefs else {
      printError("knobs: " + tr("“%s” has no preferences of its own.", uuid).escapedForTerminal)
      return 2
    }
    if let error = shell.bus.openPreferencesNow(uuid, timeout: ShellExtensionsNow.timeout) {
      printError(
        "knobs: " + tr("GNOME Shell did not open the extension's preferences: %s", error.message).escapedForTerminal)
      return 1
    }
    return 0
  }

  /// Turns the extension on or off: through the running Shell when one answers (it runs the
  /// extension's enable() or disable() and keeps its lists), else with the Extensions page's
  /// switch, as `knobs set` would.
  private func switchExtension(_ uuid: String, on: Bool, environment: [String: String]) -> Int32 {
    if let shell = ShellExtensionsNow(), let reports = shell.reports(), let report = reports[uuid] {
      let before = shellLists()
      if case .failure(let error) = shell.bus.setEnabledNow(uuid, on, timeout: ShellExtensionsNow.timeout) {
        printError("knobs: " + tr("GNOME Shell did not answer: %s", error.message).escapedForTerminal)
        return 1
      }
      noteShellWrites(since: before, uuid: uuid, on: on)
      let now = shell.reports()?[uuid] ?? report
      if let problem = now.problem {
        printError("knobs: " + "\(uuid): \(problem)".escapedForTerminal)
        return 1
      }
      return 0
    }
    let key = ShellExtensionSwitches.key(uuid)
    guard let entry = panel.entries.first(where: { $0.row.key == key }) else {
      printError(
        "knobs: " + tr("No extension “%s” is installed; “knobs extension list” shows them.", uuid).escapedForTerminal)
      return 2
    }
    return run(PanelCommand.set(path: entry.path, value: on ? "true" : "false", replace: false))
  }

  /// The Shell's two lists as GVariant text (nil for a default), to note what the Shell writes.
  private func shellLists() -> [SettingKey: String?] {
    var lists: [SettingKey: String?] = [:]
    for key in [ShellExtensionSwitches.disabledKey, ShellExtensionSwitches.enabledKey] {
      let value = store.value(for: key)
      lists[key] = value == store.defaultValue(for: key) ? nil : value?.gvariantText
    }
    return lists
  }

  /// How long the Shell's writes of its lists are waited for, and how often they are read meanwhile.
  static let shellWritesPatience = 2.0
  static let shellWritesPoll = 0.02

  /// The Shell writes its lists itself, a moment after it answers: they are read until they say
  /// the extension is on (or off) as asked, or for `shellWritesPatience`, and what changed is
  /// noted as this command's change (an open window, hearing the writes, then knows them as Knobs').
  private func noteShellWrites(since before: [SettingKey: String?], uuid: String, on: Bool) {
    guard let history else { return }
    let listed = { (key: SettingKey) in self.store.value(for: key)?.stringsValue?.contains(uuid) == true }
    var waited = 0.0
    while waited < Self.shellWritesPatience,
      listed(ShellExtensionSwitches.enabledKey) != on || listed(ShellExtensionSwitches.disabledKey) == on
    {
      usleep(useconds_t(Self.shellWritesPoll * 1e6))
      waited += Self.shellWritesPoll
    }
    let after = shellLists()
    let changes = before.keys.sorted { $0.key > $1.key }.compactMap { key -> RecordedChange? in
      let old = before[key] ?? nil
      let new = after[key] ?? nil
      return old == new ? nil : RecordedChange(key: key, old: old, new: new)
    }
    do {
      try history.record(changes, source: .commandLine)
    } catch {
      printError("knobs: " + error.description)
    }
  }
}
