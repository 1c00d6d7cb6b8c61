import FoundationEssentials
import KnobsModel

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
    case .uninstall(let uuid):
      do {
        let path = try ShellExtensionInstaller(environment: environment).uninstall(uuid: uuid)
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
    var name: String
    var version: String?
    /// `user` or `system`.
    var scope: String
    var path: String
    /// Whether the Shell's lists turn it on.
    var enabled: Bool
    /// `enabled`, `disabled` or `out of date`.
    var state: String
    var shellVersions: [String]

    enum CodingKeys: String, CodingKey {
      case uuid, name, version, scope, path, enabled, state
      case shellVersions = "shell-versions"
    }
  }

  private func listExtensions(json: Bool, environment: [String: String]) -> Int32 {
    let installed = ShellExtensions.installed(environment: environment)
    let folders = ShellExtensions.folders(environment: environment)
    let shellVersion = installed.all.isEmpty ? nil : try? ShellVersion.find().get()
    let anyVersion = store.value(for: ShellExtensionSwitches.anyVersionKey) == .bool(true)
    let listed = installed.all.sorted(by: Self.byName).map { shellExtension -> ListedExtension in
      let enabled = store.value(for: ShellExtensionSwitches.key(shellExtension.uuid)) == .bool(true)
      let outOfDate =
        !anyVersion && shellVersion.map { !ShellVersion.supports(shellExtension.shellVersions, version: $0) } == true
      let folder = shellExtension.isUsers ? folders[0] : Self.systemFolder(of: shellExtension.uuid, in: folders)
      return ListedExtension(
        uuid: shellExtension.uuid, name: shellExtension.name, version: shellExtension.version,
        scope: shellExtension.isUsers ? "user" : "system", path: folder + "/" + shellExtension.uuid,
        enabled: enabled, state: outOfDate ? "out of date" : enabled ? "enabled" : "disabled",
        shellVersions: shellExtension.shellVersions)
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
    for item in listed {
      let scope = item.scope == "user" ? tr("yours") : tr("everyone's")
      let state =
        item.state == "out of date" ? tr("out of date") : item.enabled ? tr("enabled") : tr("disabled")
      print("\(item.uuid)  \(state)  \(scope)  \(item.name)".escapedForTerminal)
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
    var name: String
    var path: String
    var compiledSchemas: Bool
    var replaced: Bool

    enum CodingKeys: String, CodingKey {
      case uuid, name, path, replaced
      case compiledSchemas = "compiled-schemas"
    }
  }

  /// Turns the extension's switch on the Extensions page, as `knobs set` would.
  private func switchExtension(_ uuid: String, on: Bool, environment: [String: String]) -> Int32 {
    let key = ShellExtensionSwitches.key(uuid)
    guard let entry = panel.entries.first(where: { $0.row.key == key }) else {
      printError(
        "knobs: " + tr("No extension “%s” is installed; “knobs extension list” shows them.", uuid).escapedForTerminal)
      return 2
    }
    return run(.set(path: entry.path, value: on ? "true" : "false", replace: false))
  }
}
