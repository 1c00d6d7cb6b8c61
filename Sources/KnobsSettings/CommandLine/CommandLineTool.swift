import FoundationEssentials
import Gio
import KnobsModel

/// `list/get/set/reset`: the panel's rows on the command line, through the same
/// stores and validation as the window. No display is needed. Knobs and every
/// `PanelApplication` run it; Knobs adds commands of its own in extensions.
///
/// Paths starting `schema/` address the generated rows of any installed
/// schema (`schema/SCHEMA-ID/KEY`), through a GSettings store of their own.
@MainActor
package struct CommandLineTool {
  /// The program's name, which starts each message and names the commands in them.
  package let program: String
  /// The panel, with the rows its sources find through `store`.
  package var panel: Panel { parts.panel }
  package let schemaDirectories: [String]
  package var environment: SettingsEnvironment { parts.environment }
  /// The environment's store, with the keys of found rows that have a store of their own sent there.
  package var store: any SettingsStore { parts.store }
  /// The panel, its environment and store, each made when a command first needs it: a
  /// `schema/…` path needs none of them, and `--version` nothing at all.
  private let parts: Parts
  /// Where changes are noted (Knobs' own panel only: a panel file's INI keys have no undo here).
  package let history: ChangeHistory?
  /// Rows only the window shows (Knobs' Recent Changes and Import Preview pages): not listed.
  package let isWindowOnly: (RowPath) -> Bool
  /// Whether a path that names nothing is answered with the hint that `schema/SCHEMA-ID` names
  /// any installed schema: Knobs' own command line, whose panel is the desktop's.
  package var hintsSchemaPaths = false

  /// - Parameter environment: the stores (Knobs' own panel's, a panel file's, an application's).
  /// - Parameter history: where changes are noted (Knobs' own panel: the process's one history).
  package init(
    program: String, panel: Panel, schemaDirectories: [String], environment: SettingsEnvironment,
    history: ChangeHistory? = nil, isWindowOnly: @escaping (RowPath) -> Bool = { _ in false }
  ) {
    self.init(
      program: program, panel: { panel }, schemaDirectories: schemaDirectories, environment: { _ in environment },
      history: history, isWindowOnly: isWindowOnly)
  }

  /// The tool for a panel made only when a command first needs it (`panel` and `environment`
  /// are called once at most): a path under `schema/` reads and writes through a store of its own.
  /// - Parameter environment: the stores for the panel it is given.
  package init(
    program: String, panel: @escaping () -> Panel, schemaDirectories: [String],
    environment: @escaping (Panel) -> SettingsEnvironment, history: ChangeHistory? = nil,
    isWindowOnly: @escaping (RowPath) -> Bool = { _ in false }
  ) {
    self.program = program
    self.schemaDirectories = schemaDirectories
    self.history = history
    self.isWindowOnly = isWindowOnly
    // Whatever the history sets aside (a damaged file, a folder in its place) is said on stderr.
    self.history?.onProblem = { printError("\(program): " + $0.escapedForTerminal) }
    parts = Parts(panel: panel, environment: environment) { [history] in
      Self.recording($0, in: history, program: program)
    }
  }

  /// What `panel`, `environment` and `store` are made of, each made once, when first asked for.
  @MainActor
  private final class Parts {
    private let makePanel: () -> Panel
    private let makeEnvironment: (Panel) -> SettingsEnvironment
    private let recording: (any SettingsStore) -> any SettingsStore

    init(
      panel: @escaping () -> Panel, environment: @escaping (Panel) -> SettingsEnvironment,
      recording: @escaping (any SettingsStore) -> any SettingsStore
    ) {
      makePanel = panel
      makeEnvironment = environment
      self.recording = recording
    }

    /// The panel as declared, its row sources not yet connected.
    private lazy var declared = makePanel()
    lazy var environment = makeEnvironment(declared)
    /// The row sources connected to the store, once, before their rows are found.
    lazy var store: any SettingsStore = declared.connectRowSources(to: recording(environment.store))
    lazy var panel: Panel = {
      _ = store
      return declared.withFoundRows()
    }()
  }

  /// A row found for a path, with the store it reads and writes through.
  private struct Target {
    let entry: PanelEntry
    let store: any SettingsStore
    /// Why changes would not be kept, when they would not.
    let notice: String?
  }

  /// Runs the command and returns the exit status: 0 done, 1 the system refused, 2 bad input.
  package func run(_ command: PanelCommand) -> Int32 {
    // A path longer than any real one is refused before it is looked up or compared with any.
    if let problem = command.path?.tooLongProblem {
      printError("\(program): " + problem)
      return 2
    }
    switch command {
    case .list(let json, nil):
      let settings = SettingsReader(store)
      let provenance = json ? provenanceReader : nil
      let rows = panel.entries.filter { !isWindowOnly($0.path) }.map {
        ListedRow(
          $0, path: $0.path, settings, style: json ? .c : .current,
          provenance: provenance.flatMap(provenanceOf($0.row.key, in: store)))
      }
      print(json ? ListedRow.json(rows) : ListedRow.table(rows))
      return 0
    case .list(let json, let path?):
      return listSchema(path, json: json)
    case .get(let path, let raw):
      // Looked up once, for the page or section it may name and the row it may name.
      let lookup = path.description.hasPrefix(SchemaPath.prefix) ? nil : panel.resolve(path)
      if !raw, let lookup, let rows = rowsShown(lookup) {
        let settings = SettingsReader(store)
        print(ListedRow.table(rows.map { ListedRow($0, path: $0.path, settings, style: .current) }))
        return 0
      }
      guard let target = resolve(path, lookup: lookup) else { return 2 }
      if case .page = target.entry.row.kind.form {
        printError(
          "\(program): "
            + tr(
              // TRANSLATORS: %2$s is the program's name, e.g. knobs; keep “list schema/SCHEMA-ID” as it is.
              "“%1$s” is a page made when it is opened; “%2$s list schema/SCHEMA-ID” lists the keys of a schema.",
              target.entry.row.title.escapedForMessage, program))
        return 2
      }
      guard raw else {
        print(target.entry.row.currentValueText(SettingsReader(target.store)).escapedForMessage)
        return 0
      }
      guard let key = boundKey(target.entry) else { return 2 }
      guard let value = target.store.value(for: key) else {
        printError("\(program): \(SettingsError.unavailable(target.store.availability(of: key)))")
        return 1
      }
      print(value.gvariantText)
      return 0
    case .set(let path, let text, let replace, let force):
      guard let target = resolve(path), let key = boundKey(target.entry) else { return 2 }
      return set(text, key: key, target, replacing: replace, force: force)
    case .explain(let path, let json):
      guard let target = resolve(path), let key = boundKey(target.entry) else { return 2 }
      guard let found = provenanceOf(key, in: target.store)(provenanceReader) else {
        printError(
          "\(program): "
            + tr(
              "“%s” is not kept in GSettings: it has no layers to explain.", target.entry.row.title.escapedForMessage))
        return 1
      }
      if json {
        // Off GNOME, the same readings of the files GTK reads there as the text gives.
        let files = GSettingsStore.mirror?.readings(of: key, value: target.store.value(for: key))
        print(ExplainedValue(found, files: files).json)
      } else {
        print(found.explanation)
        // Off GNOME, the files GTK reads there too, and whether they say the same.
        if let files = GSettingsStore.mirror?.explanation(of: key, value: target.store.value(for: key)) {
          print(files)
        }
      }
      return 0
    case .reset(let path):
      guard let target = resolve(path), let key = boundKey(target.entry) else { return 2 }
      do throws(SettingEdit.Refusal) {
        try SettingEdit(key, in: target.store, requiresPersistence: true).reset()
      } catch .notPersistent {
        sayNotPersistent(notice: target.notice)
        return 1
      } catch .refused {
        printError(
          "\(program): "
            + tr("“%s” is managed by the system and cannot be changed.", target.entry.row.title.escapedForMessage))
        return 1
      } catch {
        printError("\(program): \(error)")
        return 1
      }
      Settings.sync()
      return 0
    }
  }

  /// `set`: the row's text parsed, then written through the one write every change takes (`SettingEdit`).
  private func set(_ text: String, key: SettingKey, _ target: Target, replacing: Bool, force: Bool) -> Int32 {
    let row = target.entry.row
    var edit = SettingEdit(key, in: target.store, requiresPersistence: true)
    if case .shortcut(let shortcut) = row.kind.form {
      edit.conflicts = .of(shortcut, in: { keybindings }, replacing: replacing)
    }
    do throws(SettingEdit.Refusal) {
      try edit.write { current throws(SettingEdit.Refusal) in
        let value: SettingValue
        do {
          value = try row.parseValue(text, like: current)
        } catch {
          throw .badInput("\(error) " + tr("Nothing was changed."))
        }
        // Past what only convention bounds (an opacity over 255): written when the person says so.
        if !force, case .number(let number) = row.kind.form, let amount = value.doubleValue,
          let said = number.usualMaximumProblem(amount, text: text.trimmingSpaces, title: row.title)
        {
          throw .badInput("\(said) " + tr("Nothing was changed; --force sets it anyway."))
        }
        return value
      }
    } catch .badInput(let said) {
      printError("\(program): \(said)")
      return 2
    } catch .refused(let error) {
      // GVariant text that does not parse, or a value of the wrong type or range: the input's fault.
      printError("\(program): \(error)" + (error.isBadValue ? " " + tr("Nothing was changed.") : ""))
      return error.isBadValue ? 2 : 1
    } catch .notPersistent {
      sayNotPersistent(notice: target.notice)
      return 1
    } catch .conflicts(let conflicts) {
      conflicts.forEach { printError("\(program): \($0) " + tr("Nothing was changed; --replace takes it from there.")) }
      return 2
    } catch {
      printError("\(program): \(error)")
      return 1
    }
    Settings.sync()
    return 0
  }

  /// What a path that could name several rows is told.
  package static func ambiguity(_ path: RowPath, _ candidates: [RowPath], program: String = "knobs") -> String {
    "\(program): " + (PathLookup.ambiguous(candidates).problem(about: path) ?? "")
  }

  /// `store`, noting each change made through it in `history` when there is one.
  package static func recording(
    _ store: any SettingsStore, in history: ChangeHistory?, program: String = "knobs"
  ) -> any SettingsStore {
    guard let history else { return store }
    let recording = RecordingStore(base: store, history: history, source: .commandLine)
    recording.onProblem = { printError("\(program): " + $0) }
    return recording
  }

  /// The desktop's keybindings, named as the panel names them.
  package var keybindings: KeybindingIndex {
    KeybindingIndex(library: GSettingsStore(source: SchemaSource(extraDirectories: schemaDirectories))).named(by: panel)
  }

  /// The rows of the section or detail page a path found, for `get`; nil when it names a row of another kind.
  private func rowsShown(_ lookup: PathLookup) -> [PanelEntry]? {
    switch lookup {
    case .section(let sectionPath, _, _):
      return panel.entries.filter { $0.sectionPath == sectionPath }
    case .row(let entry):
      guard case .detail = entry.row.kind.form else { return nil }
      return panel.entries.filter { $0.pagePath == entry.path }
    case .ambiguous, .notFound:
      return nil
    }
  }

  /// The row `path` names, with its store; `lookup` is what the panel found for it, when looked up already.
  private func resolve(_ path: RowPath, lookup: PathLookup? = nil) -> Target? {
    if path.description.hasPrefix(SchemaPath.prefix) { return resolveSchemaKey(path) }
    let lookup = lookup ?? panel.resolve(path)
    switch lookup {
    case .row(let entry):
      return Target(entry: entry, store: store, notice: environment.notice)
    case .section(let sectionPath, _, _):
      printError(
        "\(program): "
          + tr(
            "“%1$s” is a section; name one of its rows (“%2$s get %3$s” lists them).",
            path.description.escapedForMessage,
            program, sectionPath.description.escapedForMessage))
      return nil
    case .ambiguous:
      printError("\(program): " + (lookup.problem(about: path) ?? ""))
      return nil
    case .notFound:
      printError(notFound(lookup, path))
      return nil
    }
  }

  /// What is said of a path that names no row: the lookup's words and suggestions, and where to look.
  package func notFound(_ lookup: PathLookup, _ path: RowPath) -> String {
    "\(program): " + (lookup.problem(about: path) ?? "") + " "
      + (hintsSchemaPaths
        // TRANSLATORS: %s is the program's name, e.g. knobs; keep schema/SCHEMA-ID as it is.
        ? tr("“%s list” shows every path; schema/SCHEMA-ID names a schema.", program)
        : tr("“%s list” shows every path.", program))
  }

  private func resolveSchemaKey(_ path: RowPath) -> Target? {
    guard case .key(let schemaID, let key)? = SchemaPath(path) else {
      printError(
        "\(program): "
          + (path.description.contains(":")
            ? tr(
              "“%s” is not a key's path; write schema/SCHEMA-ID/KEY, or schema/SCHEMA-ID:/FOLDER/KEY for a relocatable schema.",
              path.description.escapedForMessage)
            : tr("“%s” is not a key's path; write schema/SCHEMA-ID/KEY.", path.description.escapedForMessage)))
      return nil
    }
    let schemas = SchemaCommands(schemaDirectories: schemaDirectories, program: program, oneSchema: true)
    guard let panel = schemas.panel(schemaID) else { return nil }
    guard let entry = SchemaPanel.path(ofKey: key, in: panel).flatMap(panel.entry(at:)), entry.row.key != nil else {
      let keys = panel.entries.map(\.row.id)
      let suggestions = Suggestions.closest(to: key, among: keys).map {
        SchemaPath.key(schema: schemaID, key: $0).text.escapedForMessage
      }
      var message =
        "\(program): " + tr("the schema %s has no key “%s”.", schemaID.escapedForMessage, key.escapedForMessage)
      if !suggestions.isEmpty { message += " " + tr("Did you mean %s?", String.listed(suggestions)) }
      printError(message + " " + tr("“%1$s list schema/%2$s” shows every key.", program, schemaID.escapedForMessage))
      return nil
    }
    return Target(entry: entry, store: Self.recording(schemas.store, in: history, program: program), notice: nil)
  }

  private func listSchema(_ path: RowPath, json: Bool) -> Int32 {
    // `schema/ID:/FOLDER` without its last “/” still names the schema at that folder.
    let schemaPath = SchemaPath(path).flatMap { found -> SchemaPath? in
      if case .key = found, path.description.contains(":/") { return SchemaPath(RowPath(parsing: "\(path)/")) }
      return found
    }
    guard case .schema(let schemaID)? = schemaPath else {
      printError(
        "\(program): "
          + tr(
            "list takes a schema's path, e.g. schema/org.gnome.desktop.interface or schema/SCHEMA-ID:/FOLDER/ for a relocatable one, not “%s”.",
            path.description.escapedForMessage))
      return 2
    }
    let schemas = SchemaCommands(schemaDirectories: schemaDirectories, program: program, oneSchema: true)
    guard let panel = schemas.panel(schemaID) else { return 2 }
    let settings = SettingsReader(schemas.store)
    let provenance = json ? DconfProvenance(store: schemas.store) : nil
    let rows = panel.entries.filter { $0.row.key != nil }.map { entry in
      ListedRow(
        entry, path: SchemaPath.key(schema: schemaID, key: entry.row.id).path, settings, style: json ? .c : .current,
        provenance: entry.row.key.flatMap { provenance?.provenance(of: $0) })
    }
    print(json ? ListedRow.json(rows) : ListedRow.table(rows))
    return 0
  }

  /// Where values of GSettings keys come from, read through a store of the installed schemas.
  private var provenanceReader: DconfProvenance {
    DconfProvenance(store: GSettingsStore(source: SchemaSource(extraDirectories: schemaDirectories)))
  }

  /// The layers of `key` when `store` keeps it in GSettings (not in an INI file or the autostart folder).
  private func provenanceOf(_ key: SettingKey?, in store: any SettingsStore) -> (DconfProvenance) -> ValueProvenance? {
    { reader in
      guard let key, !["autostart folder", "INI file"].contains(store.storage(for: key).backend) else { return nil }
      return reader.provenance(of: key)
    }
  }

  private func boundKey(_ entry: PanelEntry) -> SettingKey? {
    guard let key = entry.row.key else {
      printError(
        "\(program): "
          + tr("“%s” is a %s row and has no setting to change.", entry.row.title.escapedForMessage, entry.row.kindName))
      return nil
    }
    return key
  }

  /// Whether a change of `key` would be kept; says why not when it would not.
  package func isPersistent(_ key: SettingKey, in store: (any SettingsStore)? = nil, notice: String? = nil) -> Bool {
    guard (store ?? self.store).storage(for: key).isPersistent else {
      sayNotPersistent(notice: notice)
      return false
    }
    return true
  }

  /// Says that changes can't be saved here, and why.
  private func sayNotPersistent(notice: String?) {
    printError(
      "\(program): "
        + tr(
          "settings can't be saved here: %s",
          notice ?? environment.notice ?? tr("there is no settings database (is a D-Bus session running?).")))
  }
}

/// The installed schemas for `schema/…` paths: a GSettings store and the panels generated from it.
@MainActor
package struct SchemaCommands {
  package let store: GSettingsStore
  package let panels: SchemaPanels
  package let program: String

  /// - Parameter oneSchema: whether one schema is described (a key's path, `list schema/…`): its
  ///   texts are then read from its own file, not from every file of its folder.
  package init(schemaDirectories: [String], program: String = "knobs", oneSchema: Bool = false) {
    self.program = program
    let source = SchemaSource(extraDirectories: schemaDirectories)
    source.readsTextsFromOwnFiles = oneSchema
    store = GSettingsStore(source: source)
    panels = store.schemaPanels()
  }

  /// The schema's generated panel; nil, with a message said, when it is not installed or relocatable.
  package func panel(_ schemaID: String) -> Panel? {
    if let panel = panels.panel(for: schemaID) { return panel }
    let (id, folder) = SchemaPath.split(schemaID)
    if let schema = store.source.schema(id) {
      if folder != nil, let own = schema.path {
        printError(
          "\(program): "
            + tr(
              "the schema %1$s has a folder of its own, %2$s; write schema/%1$s/KEY.", id.escapedForMessage,
              own.escapedForMessage))
      } else {
        printError(
          "\(program): "
            + tr(
              "the schema %1$s is relocatable: it has no folder of its own. Name the folder its app keeps it at: schema/%1$s:/FOLDER/KEY.",
              id.escapedForMessage))
      }
      return nil
    }
    var message = "\(program): " + tr("there is no installed settings schema “%s”.", id.escapedForMessage)
    let suggestions = Suggestions.closest(to: id, among: store.schemaIDs).map(\.escapedForMessage)
    if !suggestions.isEmpty { message += " " + tr("Did you mean %s?", String.listed(suggestions)) }
    printError(message)
    return nil
  }
}

/// One line of `knobs list`.
package struct ListedRow: Encodable {
  package let path: String
  package let kind: String
  package var title: String
  package var value: String
  /// The GSettings schema and key the row is bound to; nil for rows without a setting.
  package let schema: String?
  package let key: String?
  /// The setting's value in GVariant text format (`'Cantarell 11'`, `['a', 'b']`), for scripts; nil for rows without one.
  package let raw: String?
  /// Whether the setting differs from its default; nil (left out) for rows without a setting.
  package let modified: Bool?
  /// Where the value comes from (`default`, `vendor`, `system`, `user`, `locked`), whether a
  /// database locks it, and the user's own value (kept under a lock); for GSettings keys only.
  /// With `problems` when the dconf profile or one of its databases could not be read as it
  /// should (the value and source are then dconf's own answer, never a guess).
  package let provenance: ValueProvenance?

  /// Numbers in the value are written in `style`: the user's locale for the table, `.c` for JSON.
  @MainActor
  package init(
    _ entry: PanelEntry, path: RowPath, _ settings: SettingsReader, style: NumberStyle,
    provenance: ValueProvenance? = nil
  ) {
    self.provenance = provenance
    self.path = path.description
    kind = entry.row.kindName
    title = entry.row.title
    value = entry.row.currentValueText(settings, style: style, englishKeys: style == .c)
    schema = entry.row.key?.schema
    key = entry.row.key?.key
    raw = entry.row.key.flatMap { settings[$0] }?.gvariantText
    modified = entry.row.isModified(in: settings.store)
  }

  private enum CodingKeys: String, CodingKey {
    case path, kind, title, value, schema, key, raw, modified, source, locked, userValue, sourceFile, sourceDatabase
    case problems
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(path, forKey: .path)
    try container.encode(kind, forKey: .kind)
    try container.encode(title, forKey: .title)
    try container.encode(value, forKey: .value)
    try container.encodeIfPresent(schema, forKey: .schema)
    try container.encodeIfPresent(key, forKey: .key)
    try container.encodeIfPresent(raw, forKey: .raw)
    try container.encodeIfPresent(modified, forKey: .modified)
    guard let provenance else { return }
    try container.encode(provenance.source.name, forKey: .source)
    try container.encode(provenance.isLocked, forKey: .locked)
    try container.encode(provenance.userValue, forKey: .userValue)
    switch provenance.source {
    case .vendor(let file): try container.encode(file, forKey: .sourceFile)
    case .system(let database): try container.encode(database, forKey: .sourceDatabase)
    case .locked(let database, _): try container.encode(database, forKey: .sourceDatabase)
    case .schemaDefault, .user, .unknown: break
    }
    if !provenance.problems.isEmpty { try container.encode(provenance.problems, forKey: .problems) }
  }

  package static func table(_ rows: [ListedRow]) -> String {
    let header = ["PATH", "KIND", "TITLE", "VALUE"]
    // Titles and values can come from other programs: their control characters are escaped, never sent raw.
    let cells = [header] + rows.map { [$0.path, $0.kind, $0.title.escapedForMessage, $0.value.escapedForMessage] }
    let widths = (0..<3).map { column in cells.map { $0[column].count }.max() ?? 0 }
    return cells.map { line in
      (0..<3).map { line[$0] + String(repeating: " ", count: max(0, widths[$0] - line[$0].count)) }
        .joined(separator: "  ")
        + "  " + line[3]
    }.joined(separator: "\n")
  }

  /// The row with its title and value as the English texts they translate:
  /// scripts read the JSON listing, whatever the user's language.
  package var untranslated: ListedRow {
    var row = self
    row.title = Translation.englishTexts(of: title).first ?? title
    row.value = Translation.englishTexts(of: value).first ?? value
    return row
  }

  package static func json(_ rows: [ListedRow]) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
    let data = (try? encoder.encode(rows.map(\.untranslated))) ?? Data("[]".utf8)
    return String(decoding: data, as: UTF8.self)
  }
}

/// `knobs explain --json`: a key's layers, bottom to top, for scripts.
package struct ExplainedValue: Encodable {
  struct Layer: Encodable {
    let kind: String
    let origin: String
    let value: String?
    let locks: Bool
    let wins: Bool
    let note: String?

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(kind, forKey: .kind)
      try container.encode(origin, forKey: .origin)
      try container.encode(value, forKey: .value)
      try container.encode(locks, forKey: .locks)
      try container.encode(wins, forKey: .wins)
      try container.encodeIfPresent(note, forKey: .note)
    }

    enum CodingKeys: String, CodingKey { case kind, origin, value, locks, wins, note }
  }

  let schema: String
  let key: String
  let path: String
  let source: String
  let locked: Bool
  let value: String?
  let userValue: String?
  let resetValue: String?
  let resetSource: String
  let profile: String
  let layers: [Layer]
  let problems: [String]
  /// Off GNOME, what the files GTK reads there say (`gtkFiles`); absent on GNOME.
  let files: Files?

  /// `gtkFiles`: the desktop, each file's line beside GSettings' value, and whether xsettingsd wins.
  struct Files: Encodable {
    struct Reading: Encodable {
      /// The file's whole path.
      let file: String
      /// The file's name for the setting (`gtk-font-name`, `Gtk/FontName`).
      let key: String
      /// The value as the file writes it; null when it has no such line.
      let value: String?
      /// What the file would say for GSettings' value.
      let gsettings: String
      let agrees: Bool

      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(key, forKey: .key)
        try container.encode(value, forKey: .value)
        try container.encode(gsettings, forKey: .gsettings)
        try container.encode(agrees, forKey: .agrees)
      }

      enum CodingKeys: String, CodingKey { case file, key, value, gsettings, agrees }
    }

    let desktop: String
    let readings: [Reading]
    let xsettingsdWins: Bool
    /// Whether every file says what GSettings says.
    let agree: Bool
  }

  package init(_ provenance: ValueProvenance, files: GtkFilesReport? = nil) {
    schema = provenance.key.schema
    key = provenance.key.key
    path = provenance.path
    source = provenance.source.name
    locked = provenance.isLocked
    value = provenance.value
    userValue = provenance.userValue
    resetValue = provenance.resetValue
    resetSource = provenance.resetSource.name
    profile = provenance.profile
    layers = provenance.layers.map {
      Layer(kind: $0.kind.rawValue, origin: $0.origin, value: $0.value, locks: $0.locks, wins: $0.wins, note: $0.note)
    }
    problems = provenance.problems
    self.files = files.map { report in
      Files(
        desktop: report.desktop.rawValue,
        readings: report.readings.map {
          Files.Reading(file: $0.path, key: $0.key, value: $0.found, gsettings: $0.expected, agrees: $0.agrees)
        },
        xsettingsdWins: report.xsettingsdWins, agree: report.readings.allSatisfy(\.agrees))
    }
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(schema, forKey: .schema)
    try container.encode(key, forKey: .key)
    try container.encode(path, forKey: .path)
    try container.encode(source, forKey: .source)
    try container.encode(locked, forKey: .locked)
    try container.encode(value, forKey: .value)
    try container.encode(userValue, forKey: .userValue)
    try container.encode(resetValue, forKey: .resetValue)
    try container.encode(resetSource, forKey: .resetSource)
    try container.encode(profile, forKey: .profile)
    try container.encode(layers, forKey: .layers)
    try container.encode(problems, forKey: .problems)
    try container.encodeIfPresent(files, forKey: .files)
  }

  enum CodingKeys: String, CodingKey {
    case schema, key, path, source, locked, value, userValue, resetValue, resetSource, profile, layers, problems
    case files = "gtkFiles"
  }

  package var json: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes, .sortedKeys]
    let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }
}
