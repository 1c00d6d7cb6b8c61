import FoundationEssentials
import Gio
import KnobsModel

/// Where an app keeps values on this system, decided once at start-up: the
/// store, the app's own schema (for the window size), and a notice for the window
/// when changes won't be kept.
///
/// Desktop settings are edited for real whenever their schemas are installed;
/// only the window size needs Knobs' own schema.
@MainActor
package struct SettingsEnvironment {
  package let store: any SettingsStore
  /// Knobs' own settings, or nil when its schema is not installed.
  package let ownSettings: Settings?
  /// Said in the window when values won't survive a restart.
  package let notice: String?
  /// The GSettings store `store` is, when the environment made one (`make`): what the desktop's
  /// features that only GSettings has (export, the changes of other programs) write and read.
  package let gsettings: GSettingsStore?

  package init(store: any SettingsStore, ownSettings: Settings?, notice: String?, gsettings: GSettingsStore? = nil) {
    self.store = store
    self.ownSettings = ownSettings
    self.notice = notice
    self.gsettings = gsettings
  }

  /// Folders searched for Knobs' compiled schema beyond the system's: beside the
  /// executable (a source-tree build) and the install prefix's share folder.
  package static func schemaDirectories(executable: String) -> [String] {
    let binDirectory = LocalFiles.programFolder(executable)
    return [binDirectory + "/schemas", PathText.parent(binDirectory) + "/share/glib-2.0/schemas"]
  }

  /// Looks up the schemas without ever aborting. Without Knobs' own schema the
  /// window size is not remembered; everything else works as usual.
  package static func make(appID: String, panel: Panel, schemaDirectories: [String]) -> SettingsEnvironment {
    let source = SchemaSource(extraDirectories: schemaDirectories)
    let gsettings = GSettingsStore(source: source)
    let own = source.lookup(appID)
    let notice = memoryNotice(gsettings, schemas: [appID] + panel.boundKeys.map(\.schema), appName: panel.title)
    return SettingsEnvironment(store: gsettings, ownSettings: own, notice: notice, gsettings: gsettings)
  }

  /// What the window says when GSettings keeps values in memory only (no settings database),
  /// naming the app the panel is (its title: “Knobs”, “Pizza”); nil when they are kept.
  package static func memoryNotice(_ gsettings: GSettingsStore, schemas: [String], appName: String) -> String? {
    // Every schema writes through the same backend: any installed one tells which it is.
    guard schemas.contains(where: { gsettings.hasSchema($0) }), !gsettings.storage.isPersistent else { return nil }
    return tr(
      // TRANSLATORS: %s is the app's name, e.g. Knobs.
      "Settings are kept in memory only, so changes won't be kept after %s closes.", appName)
  }
}
