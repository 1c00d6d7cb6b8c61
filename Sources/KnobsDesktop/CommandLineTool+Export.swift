import FoundationEssentials
import Gio
import KnobsDesktopModel
import KnobsModel
import KnobsSettings

/// `knobs export`: the settings that differ from their defaults as a dconf keyfile,
/// and a locks file for a site database.
extension CommandLineTool {
  /// 0 written, 1 a file could not be written (or `dconf dump /` wrote without end), 2 a scope names nothing.
  func export(_ scopes: [RowPath], all: Bool, output: String?, locks: String?) -> Int32 {
    let entries: [DconfEntry]
    do {
      entries = try exportedEntries(scopes, all: all)
    } catch {
      return error.status
    }
    let text = DconfKeyfile.text(entries)
    guard let output else {
      print(text, terminator: "")
      return 0
    }
    // The keyfile and its locks are written both or neither: a site database needs the pair.
    let files = [(text, output)] + (locks.map { [(DconfKeyfile.locks(entries), $0)] } ?? [])
    if let problem = DconfKeyfile.save(files.map { (text: $0.0, path: Self.absolute($0.1)) }) {
      printError("knobs: " + problem.escapedForTerminal)
      return 1
    }
    return 0
  }

  /// `export --format ansible FOLDER`: the same settings as a role installing a site database.
  /// 0 written, 1 the folder could not be written (or is already there), 2 a scope names nothing.
  func exportAnsibleRole(to folder: String, _ scopes: [RowPath], all: Bool, locks: Bool) -> Int32 {
    let entries: [DconfEntry]
    do {
      entries = try exportedEntries(scopes, all: all)
    } catch {
      return error.status
    }
    let role = AnsibleRole(keyfile: DconfKeyfile.text(entries), locks: locks ? DconfKeyfile.locks(entries) : nil)
    if let problem = role.save(to: Self.absolute(folder)) {
      printError("knobs: " + problem.escapedForTerminal + " " + tr("Nothing was exported."))
      return 1
    }
    print(tr("The role %1$s installs %2$d settings as the site database.", folder.escapedForTerminal, entries.count))
    return 0
  }

  /// How an export ended before anything was written: its exit status (the message is said).
  struct ExportStop: Error {
    let status: Int32
  }

  /// The entries of the scopes, or of every installed schema when there are none.
  func exportedEntries(_ scopes: [RowPath], all: Bool) throws(ExportStop) -> [DconfEntry] {
    let schemas = SchemaCommands(schemaDirectories: schemaDirectories)
    guard scopes.isEmpty else {
      var entries: [DconfEntry] = []
      var seen: Set<String> = []
      for scope in scopes {
        guard let found = exportEntries(of: scope, schemas, all: all) else { throw ExportStop(status: 2) }
        entries += found.filter { seen.insert($0.path).inserted }
      }
      return entries
    }
    // The folders of relocatable schemas are found in `dconf dump /`: without them the export is not whole.
    let dumped = DconfPaths.dumped()
    if case .failure(.problem(let problem)) = dumped {
      printError("knobs: " + problem.escapedForTerminal + " " + tr("Nothing was exported."))
      throw ExportStop(status: 1)
    }
    let dconf = DconfPaths(dump: (try? dumped.get()) ?? "")
    return schemas.store.exportEntries(all: all, ownSchema: AppInfo.id, dconf: dconf)
  }

  private static func absolute(_ path: String) -> String {
    LocalFiles.absolute(path)
  }

  /// The entries a scope names: a schema or one of its keys (`schema/…`), or the settings of the
  /// rows of a page, a section or one row; nil, with a message said, when it names nothing.
  private func exportEntries(of scope: RowPath, _ schemas: SchemaCommands, all: Bool) -> [DconfEntry]? {
    if let schemaPath = SchemaPath(scope) {
      guard let panel = schemas.panel(schemaPath.schemaID) else { return nil }
      var keys: Set<String>?
      if case .key(let id, let key) = schemaPath {
        guard panel.entries.contains(where: { $0.row.key?.key == key }) else {
          printError("knobs: " + tr("the schema %s has no key “%s”.", id.escapedForMessage, key.escapedForMessage))
          return nil
        }
        keys = [key]
      }
      return schemas.store.exportEntries(ofSchema: schemaPath.schemaID, keys: keys, all: all, ownSchema: AppInfo.id)
    }
    let rows: [PanelEntry]
    let lookup = panel.resolve(scope)
    switch lookup {
    case .row(let entry):
      if case .detail = entry.row.kind.form {
        rows = panel.entries.filter { $0.path.ids(below: entry.path) != nil }
      } else {
        rows = [entry]
      }
    case .section(let sectionPath, _, _):
      rows = panel.entries.filter { $0.sectionPath == sectionPath || $0.path.ids(below: sectionPath) != nil }
    case .ambiguous(let candidates):
      printError(Self.ambiguity(scope, candidates))
      return nil
    case .notFound:
      printError(notFound(lookup, scope))
      return nil
    }
    // Settings kept in GSettings only: startup apps and extension switches are files and lists of their own.
    var keysBySchema: [String: Set<String>] = [:]
    for row in rows {
      guard let key = row.row.key, schemas.store.hasSchema(key.schema) else { continue }
      keysBySchema[key.schema, default: []].insert(key.key)
    }
    return keysBySchema.keys.sorted().flatMap { schema in
      schemas.store.exportEntries(ofSchema: schema, keys: keysBySchema[schema], all: all, ownSchema: AppInfo.id)
    }
  }
}

/// `knobs import`: a keyfile's keys, checked whole against the installed schemas first.
extension CommandLineTool {
  /// 0 imported (or nothing to change), 1 the system refused, 2 the file is wrong (nothing written).
  func importFile(_ path: String, dryRun: Bool) -> Int32 {
    let text: String
    do {
      text = try DconfKeyfile.read(path: path)
    } catch {
      printError("knobs: " + error.description.escapedForTerminal)
      return 2
    }
    let parsed = DconfKeyfile.parse(text)
    let schemas = SchemaCommands(schemaDirectories: schemaDirectories)
    var plan = schemas.store.importPlan(parsed.lines)
    plan.problems = (parsed.problems + plan.problems).sorted { $0.line < $1.line }
    guard plan.problems.isEmpty else {
      // One `file:line: message` each, as compilers say them.
      // The first few, then how many more: a file of a million mistakes is not echoed a million times.
      let lines = plan.problems.lazy.map { "\(path.escapedForTerminal):\($0.line): \($0.message.escapedForTerminal)" }
      String.boundedLines(lines).forEach(printError)
      printError("knobs: " + tr("nothing was imported."))
      return 2
    }
    // Values as their start: a value of a megabyte is not echoed whole.
    for change in plan.changes {
      print("\(change.path.escapedForTerminal): \(change.old.escapedForMessage) → \(change.new.escapedForMessage)")
    }
    if plan.changes.isEmpty { print(tr("Nothing to change: every key already holds the file's value.")) }
    guard !dryRun else { return 0 }
    return write(plan, to: schemas.store, refused: tr("Nothing was imported."))
  }

  /// Writes a checked plan whole (or nothing, saying why, `refused` after the reason), then
  /// notes it as one group of the history, which one undo takes back whole: how `import` and
  /// `profile apply` end. 0 written (or nothing to write), 1 the system refused.
  func write(_ plan: ImportPlan, to store: GSettingsStore, refused: String) -> Int32 {
    guard let first = plan.changes.first else { return 0 }
    guard isPersistent(first.key, in: store) else { return 1 }
    do {
      try store.apply(plan)
    } catch {
      printError("knobs: \(error) " + refused)
      return 1
    }
    Settings.sync()
    do {
      try history?.record(plan.recordedChanges, source: .import)
    } catch {
      printError("knobs: \(error)")
    }
    return 0
  }
}
