import Gio
import KnobsDesktopModel
import KnobsModel

/// What the Extensions page does beyond its switches: installs an extension from an archive,
/// removes one the user installed (through the running Shell when it knows the extension, so
/// it is turned off first), and tells who turned every extension off.
@MainActor
package enum ExtensionActions {
  /// Generous: the window never waits for the answer.
  static let timeout = 10.0

  package static func connect(_ rows: ShellExtensionRows, bus: ShellExtensionsBus?, history: ChangeHistory?) {
    let environment = LocalFiles.environment()
    rows.install = { [weak rows] file, done in
      // Chosen in the window, so an extension already installed is replaced: an update.
      let installed: ShellExtensionInstaller.Installed
      do {
        installed = try ShellExtensionInstaller(environment: environment).install(file: file, replacing: true)
      } catch {
        let nothing = tr("Nothing was installed.")
        let problem = "\(error)"
        return done(problem.contains(nothing) ? problem : problem + " " + nothing)
      }
      rows?.reload()
      let what =
        installed.replaced
        ? tr("“%s” was replaced by the version in the file.", installed.name.escapedForMessage)
        : tr("“%s” is installed.", installed.name.escapedForMessage)
      done(what + " " + tr("GNOME Shell loads it when you log in again (on X11, restarting GNOME Shell is enough)."))
    }
    rows.uninstall = { [weak rows, weak bus] uuid, done in
      let installer = ShellExtensionInstaller(environment: environment)
      let name = rows?.extensions.all.first { $0.uuid == uuid }?.name ?? uuid
      let removed = tr("“%s” is removed.", name.escapedForMessage)
      let folder: String
      do {
        folder = try installer.removableFolder(uuid: uuid)
      } catch {
        return done("\(error)")
      }
      // One installed since the Shell started is unknown to it until the next login: removed here.
      guard let bus, rows?.live?[uuid] != nil else {
        do {
          _ = try installer.uninstall(uuid: uuid)
          done(removed)
        } catch {
          done("\(error)")
        }
        return
      }
      bus.uninstall(uuid, timeout: timeout) { result in
        if case .success(true) = result, !LocalFiles.exists(folder) {
          done(removed)
        } else {
          done(tr("GNOME Shell did not remove “%s”.", name.escapedForMessage))
        }
      }
    }
    if let history {
      rows.turnedOffElsewhere = {
        history.entries.last { $0.settingKey == ShellExtensionSwitches.disableAllKey }?.source == .otherProgram
      }
    }
  }
}
