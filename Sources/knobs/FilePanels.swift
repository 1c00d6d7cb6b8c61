import Foundation
import Gtk
import KnobsModel
import KnobsUI

/// Panel files on the command line: found by path or installed id, read and
/// checked against the installed schemas; every problem is printed as
/// `file:line:column: path: message`.
@MainActor
enum FilePanels {
  /// The file `source` names: a path, or an installed panel's id.
  static func locate(_ source: String, folders: PanelFolders = PanelFolders()) -> String? {
    if PanelFolders.isPath(source) || FileManager.default.fileExists(atPath: source) { return source }
    if let file = folders.file(forID: source) { return file }
    printError(
      "knobs: there is no panel file or installed panel “\(source)” (installed panels are in "
        + "\(([folders.user] + folders.system).joined(separator: ", "))).")
    return nil
  }

  /// The panel file, checked; nil after printing why it can't be used.
  static func load(
    _ source: String, store: any SettingsStore, launcher: @escaping ApplicationLauncher = PanelFile.cannotLaunch
  ) -> PanelFile? {
    guard let path = locate(source) else { return nil }
    do {
      return try PanelFile.load(path: path, store: store, launcher: launcher)
    } catch {
      error.errors.forEach { printError($0.description) }
      return nil
    }
  }

  /// `knobs --check-panel FILE`: 0 when the file is a valid panel, 2 when it is not.
  static func check(_ source: String, schemaDirectories: [String]) -> Int32 {
    let store = GSettingsStore(source: SchemaSource(extraDirectories: schemaDirectories))
    guard let file = load(source, store: store) else { return 2 }
    print("The panel \(file.id) is valid: \(file.panel.entryCount) rows.")
    return 0
  }
}
