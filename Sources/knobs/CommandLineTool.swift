import Foundation
import Gtk
import KnobsModel
import KnobsUI

/// `knobs list/get/set/reset`: the panel's rows on the command line, through
/// the same stores and validation as the window. No display is needed.
@MainActor
struct CommandLineTool {
  let panel: Panel
  let schemaDirectories: [String]

  /// Runs the command and returns the exit status: 0 done, 1 the system refused, 2 bad input.
  func run(_ invocation: Invocation) -> Int32 {
    let environment = SettingsEnvironment.make(
      appID: AppInfo.id, panel: panel, schemaDirectories: schemaDirectories)
    let store = panel.routing(environment.store)
    let settings = SettingsReader(store)
    switch invocation {
    case .list(let json):
      let rows = panel.entries.map { ListedRow($0, settings) }
      print(json ? ListedRow.json(rows) : ListedRow.table(rows))
      return 0
    case .get(let path, let raw):
      guard let entry = resolve(path) else { return 2 }
      guard raw else {
        print(entry.row.currentValueText(settings))
        return 0
      }
      guard let key = boundKey(entry) else { return 2 }
      guard let value = store.value(for: key) else {
        printError("knobs: \(SettingsError.unavailable(store.availability(of: key)))")
        return 1
      }
      print(value.gvariantText)
      return 0
    case .set(let path, let text):
      guard let entry = resolve(path), let key = boundKey(entry) else { return 2 }
      let value: SettingValue
      do {
        value = try entry.row.parseValue(text, like: store.value(for: key))
      } catch {
        printError("knobs: \(error) Nothing was changed.")
        return 2
      }
      guard ensurePersistent(environment, key: key, in: store) else { return 1 }
      do {
        try store.write(value, for: key)
      } catch {
        printError("knobs: \(error)")
        return 1
      }
      Settings.sync()
      return 0
    case .reset(let path):
      guard let entry = resolve(path), let key = boundKey(entry) else { return 2 }
      guard ensurePersistent(environment, key: key, in: store) else { return 1 }
      guard store.isWritable(key) else {
        printError("knobs: “\(entry.row.title)” is managed by the system and cannot be changed.")
        return 1
      }
      store.reset(key)
      Settings.sync()
      return 0
    case .window, .version, .help, .checkPanel:
      return 2
    }
  }

  private func resolve(_ path: String) -> PanelEntry? {
    if let entry = panel.entry(at: path) { return entry }
    let suggestions = panel.closestPaths(to: path, limit: 3)
    var message = "knobs: there is no row at “\(path)”."
    if !suggestions.isEmpty { message += " Did you mean \(suggestions.joined(separator: ", "))?" }
    printError(message + " “knobs list” shows every path.")
    return nil
  }

  private func boundKey(_ entry: PanelEntry) -> SettingKey? {
    guard let key = entry.row.key else {
      printError("knobs: “\(entry.row.title)” is a \(entry.row.kindName) row and has no setting to change.")
      return nil
    }
    return key
  }

  /// A change that would be lost when this process exits is refused, not silently dropped.
  private func ensurePersistent(_ environment: SettingsEnvironment, key: SettingKey, in store: any SettingsStore)
    -> Bool
  {
    guard store.storage(for: key).isPersistent else {
      printError(
        "knobs: settings can't be saved here: "
          + (environment.notice ?? "there is no settings database (is a D-Bus session running?)."))
      return false
    }
    return true
  }
}

/// One line of `knobs list`.
struct ListedRow: Encodable {
  let path: String
  let kind: String
  let title: String
  let value: String
  /// The GSettings schema and key the row is bound to; nil for rows without a setting.
  let schema: String?
  let key: String?
  /// The setting's value in GVariant text format (`'Cantarell 11'`, `['a', 'b']`), for scripts; nil for rows without one.
  let raw: String?

  @MainActor
  init(_ entry: PanelEntry, _ settings: SettingsReader) {
    path = entry.path
    kind = entry.row.kindName
    title = entry.row.title
    value = entry.row.currentValueText(settings)
    schema = entry.row.key?.schema
    key = entry.row.key?.key
    raw = entry.row.key.flatMap { settings[$0] }?.gvariantText
  }

  static func table(_ rows: [ListedRow]) -> String {
    let header = ["PATH", "KIND", "TITLE", "VALUE"]
    let cells = [header] + rows.map { [$0.path, $0.kind, $0.title, $0.value] }
    let widths = (0..<3).map { column in cells.map { $0[column].count }.max() ?? 0 }
    return cells.map { line in
      (0..<3).map { line[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ")
        + "  " + line[3]
    }.joined(separator: "\n")
  }

  static func json(_ rows: [ListedRow]) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
    let data = (try? encoder.encode(rows)) ?? Data("[]".utf8)
    return String(decoding: data, as: UTF8.self)
  }
}
