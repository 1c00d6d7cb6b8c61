import FoundationEssentials
import Glibc
import Gio
import KnobsModel
import KnobsSettings

/// `knobs history` and `knobs undo`: the changes made through Knobs, and taking one back.
extension CommandLineTool {
  /// Prints the newest `limit` entries (all without one), newest first.
  /// `-n N` reads only the end of the file.
  func printHistory(json: Bool, limit: Int?) -> Int32 {
    guard let history else { return 2 }
    let entries = Array((limit.map { history.newest($0) } ?? history.entries).reversed())
    if entries.isEmpty, limit != 0, let status = sayWhyEmpty(history, json: json) { return status }
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

  /// An empty history that is not the whole story, said (on stderr with `json`): a file that
  /// could not be read (status 1), or changes set aside earlier, and where they are (status 0,
  /// after which nothing more is printed but `[]` for `json`). Nil when there are no changes.
  private func sayWhyEmpty(_ history: ChangeHistory, json: Bool) -> Int32? {
    var info = stat()
    if lstat(history.file, &info) == 0, info.st_size > 0 {
      printError(
        "knobs: "
          + tr("The history of changes in %s could not be read, so nothing is listed.", history.file)
          .escapedForTerminal)
      return 1
    }
    let aside = history.setAsideEntries()
    guard !aside.isEmpty else { return nil }
    var lines = [tr("No changes in the history now; changes noted before were set aside:")]
    for (file, count) in aside.prefix(20) {
      lines.append("  " + trn("%1$s (%2$d change)", "%1$s (%2$d changes)", count, file, count).escapedForTerminal)
    }
    if aside.count > 20 { lines.append("  " + tr("and %d more", aside.count - 20)) }
    if json {
      for line in lines { printError("knobs: " + line) }
      print("[]")
    } else {
      for line in lines { print(line) }
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
