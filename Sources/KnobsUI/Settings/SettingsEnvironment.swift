import Foundation
import Gtk
import KnobsModel

/// Where Knobs keeps values on this system, decided once at start-up: the
/// store, Knobs' own schema (for the window size), and a notice for the window
/// when changes won't be kept.
@MainActor
public struct SettingsEnvironment {
  public let store: any SettingsStore
  /// Knobs' own settings, or nil when its schema is not installed.
  public let ownSettings: Settings?
  /// Said in the window when values won't survive a restart.
  public let notice: String?

  public init(store: any SettingsStore, ownSettings: Settings?, notice: String?) {
    self.store = store
    self.ownSettings = ownSettings
    self.notice = notice
  }

  /// Folders searched for Knobs' compiled schema beyond the system's: beside the
  /// executable (a source-tree build) and the install prefix's share folder.
  public static func schemaDirectories(executable: String) -> [String] {
    let binDirectory = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
    return [
      binDirectory.appendingPathComponent("schemas").path,
      binDirectory.deletingLastPathComponent().appendingPathComponent("share/glib-2.0/schemas").path,
    ]
  }

  /// Looks up the schemas without ever aborting; falls back to memory when Knobs' own schema is missing.
  public static func make(appID: String, panel: Panel, schemaDirectories: [String]) -> SettingsEnvironment {
    let source = SchemaSource(extraDirectories: schemaDirectories)
    let gsettings = GSettingsStore(source: source)
    guard let own = source.lookup(appID) else {
      var defaults: [SettingKey: SettingValue] = [:]
      for key in panel.boundKeys {
        defaults[key] = gsettings.defaultValue(for: key)
      }
      return SettingsEnvironment(
        store: MemoryStore(defaults: defaults), ownSettings: nil,
        notice: "Knobs' settings schema \(appID) is not installed, so changes won't be kept after Knobs closes.")
    }
    _ = gsettings.hasSchema(appID)
    let notice: String?
    switch GSettingsStore.describe(backend: own.backendName).isPersistent {
    case true: notice = nil
    case false: notice = "Settings are kept in memory only, so changes won't be kept after Knobs closes."
    }
    return SettingsEnvironment(store: gsettings, ownSettings: own, notice: notice)
  }
}
