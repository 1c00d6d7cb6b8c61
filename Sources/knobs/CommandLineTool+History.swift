import FoundationEssentials
import Gtk
import KnobsModel
import KnobsUI

/// `knobs history` and `knobs undo`: the changes made through Knobs, and taking one back.
extension CommandLineTool {
  /// Prints the newest `limit` entries (all without one), newest first.
  func printHistory(json: Bool, limit: Int?) -> Int32 {
    guard let history else { return 2 }
    let entries = Array(history.entries.suffix(limit ?? history.entries.count).reversed())
    if json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
      print(String(decoding: (try? encoder.encode(entries)) ?? Data("[]".utf8), as: UTF8.self))
      return 0
    }
    guard !entries.isEmpty else {
      print(tr("No changes yet: what you change with Knobs is listed here."))
      return 0
    }
    let none = tr("(default)")
    for entry in entries {
      let group = entry.group.map { " [\($0)]" } ?? ""
      let line =
        "\(entry.id)\(group)  \(entry.when)  \(entry.source.label)  \(entry.address)  "
        + "\((entry.old ?? none).shortenedForMessage) → \((entry.new ?? none).shortenedForMessage)"
      print(line.escapedForTerminal)
    }
    return 0
  }

  /// Takes back the newest change, or the one with `id`, and its whole group (an import):
  /// each key gets the value it held before, unless something changed it since (then
  /// nothing is written, unless `force`). 0 done, 1 the system refused, 2 nothing to undo
  /// or changed since.
  func undo(_ id: Int?, force: Bool) -> Int32 {
    guard let history else { return 2 }
    let entries = history.entriesToUndo(id)
    guard !entries.isEmpty else {
      printError(
        "knobs: "
          + (id.map { tr("there is no change %d in the history (“knobs history” lists them).", $0) }
            ?? tr("there is nothing to undo.")))
      return 2
    }
    let store = SchemaCommands(schemaDirectories: schemaDirectories).store
    do {
      for line in try store.undo(entries, in: history, force: force) { print(line.escapedForTerminal) }
    } catch {
      printError("knobs: " + "\(error)".escapedForTerminal)
      if case .changedSince = error {
        printError("knobs: " + tr("“knobs undo --force” undoes it anyway."))
        return 2
      }
      return 1
    }
    return 0
  }
}
