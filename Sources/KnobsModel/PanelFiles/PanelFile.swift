import FoundationEssentials
import Glibc

/// A settings panel declared in a YAML file (docs/panel-format.md): what
/// identifies it to the desktop, and the same `Panel` a Swift declaration gives.
///
/// Reading a file checks its structure (`parse`); `problems(against:)` then runs
/// the panel validator and checks every bound key exists, placing each problem
/// at its row's line and column.
public struct PanelFile {
  /// Panel files are small; anything bigger is refused before it is parsed.
  package static let sizeLimit = 1024 * 1024
  package static let topKeys = [
    "id", "name", "icon", "comment", "keywords", "ini-file", "ini-format", "gettext-domain", "locale-dir", "sections",
  ]

  /// Reverse-DNS, such as `org.example.Pizza`.
  public var id: String
  /// The panel's title, and its name in the desktop's app list.
  public var name: String
  /// The panel's icon name, for the desktop entry.
  public var icon: String?
  /// What the panel is for, in a sentence, for the desktop entry.
  public var comment: String?
  /// Words the desktop's search finds the panel by.
  public var keywords: [String]
  /// The INI file rows with `ini:` settings read and write, relative to `$XDG_CONFIG_HOME`.
  public var iniFile: String?
  /// How the INI file writes its values (`ini-format`); GKeyFile's unless the file says otherwise.
  public var iniDialect: IniDialect = .keyfile
  /// The panel the file declares.
  public var panel: Panel
  /// The name and comment in other languages (`name[de]`), for the desktop entry.
  public var nameTranslations: [String: String] = [:]
  /// The comment in other languages, for the desktop entry.
  public var commentTranslations: [String: String] = [:]
  /// The keywords in other languages, for the desktop entry.
  public var keywordTranslations: [String: [String]] = [:]
  /// The panel's own gettext domain, if it names one.
  public var gettextDomain: String?
  /// The file's name in messages.
  public var source: String
  /// The bytes this panel was read from, so that what is installed is what was checked.
  public var bytes: Data?
  /// The INI keys the rows bind, with their declared defaults.
  public var iniDefaults: [SettingKey: SettingValue]
  private var visited: [(path: RowPath, position: FilePosition)]

  /// The row kinds a file may declare.
  package static var rowKinds: [String] { PanelFileReader.rowKinds }

  /// The keys a row of `kind` takes: every row's, then the kind's own.
  package static func rowKeys(of kind: String) -> [String] {
    PanelFileReader.commonRowKeys + (PanelFileReader.kindKeys(kind) ?? [])
  }

  package static var sectionKeys: [String] { PanelFileReader.sectionKeys }
  /// The keys a file may translate with `KEY[LANGUAGE]` wherever they are allowed.
  package static var translatableKeys: [String] { PanelFileReader.translatableKeys }

  /// The keys of a mapping with `keys` that take translations.
  package static func translatableKeys(among keys: [String]) -> [String] {
    PanelFileReader.translatableKeys(among: keys)
  }
  package static var settingKeys: [String] { PanelFileReader.settingKeys }

  /// The schema name of the INI file's keys: `ini:` and the file's path.
  public var iniSchema: String? { iniFile.map(Self.iniSchema) }

  static func iniSchema(_ file: String) -> String { "ini:" + file }

  /// Reads and parses the file at `path`; too big, unreadable or malformed files throw.
  public static func read(
    path: String, launcher: @escaping ApplicationLauncher = PanelFile.cannotLaunch,
    languages: [String] = UserLanguages.preferred()
  ) throws(PanelFileErrors) -> PanelFile {
    func refuse(_ message: String) -> PanelFileErrors {
      PanelFileErrors([PanelFileError(file: path, line: 1, column: 1, path: "", message: message)])
    }
    var status = stat()
    if stat(path, &status) == 0, Int(status.st_size) > sizeLimit {
      throw refuse(
        tr("The file is %1$d bytes; a panel file may be at most %2$d bytes.", Int(status.st_size), sizeLimit))
    }
    let data: Data
    do {
      data = try SafeFiles.read(path, followingLinks: true, limit: sizeLimit)
    } catch {
      throw refuse(tr("The file can't be read: %s.", String(describing: error)))
    }
    guard let text = String(data: data, encoding: .utf8) else { throw refuse(tr("The file is not UTF-8 text.")) }
    var file = try parse(text, file: path, launcher: launcher, languages: languages)
    file.bytes = data
    return file
  }

  /// Parses a panel file's text; `file` names it in messages.
  /// `languages` pick the texts' translations (`title[de]`), most wanted first.
  public static func parse(
    _ text: String, file: String, launcher: @escaping ApplicationLauncher = PanelFile.cannotLaunch,
    languages: [String] = UserLanguages.preferred()
  ) throws(PanelFileErrors) -> PanelFile {
    func refuse(_ position: FilePosition, _ message: String) -> PanelFileErrors {
      PanelFileErrors([
        PanelFileError(file: file, line: position.line, column: position.column, path: "", message: message)
      ])
    }
    guard text.utf8.count <= sizeLimit else {
      throw refuse(
        .start, tr("The file is %1$d bytes; a panel file may be at most %2$d bytes.", text.utf8.count, sizeLimit))
    }
    switch YAMLGuard.check(text) {
    case .anchor(let name, let position)?:
      throw refuse(
        position, tr("Anchors (&%s) and aliases are not allowed in a panel file; write each value out.", name))
    case .alias(let name, let position)?:
      throw refuse(position, tr("Aliases (*%s) are not allowed in a panel file; write each value out.", name))
    case .tooManyValues(let position)?:
      throw refuse(
        position, tr("The file has more than %d values; it is not a settings panel.", YAMLGuard.maximumValues))
    case nil:
      break
    }
    let root: Node?
    do {
      root = try Node.compose(text)
    } catch {
      throw refuse(Self.position(of: error), tr("The file is not valid YAML: %s.", Self.problem(of: error)))
    }
    guard let root else { throw refuse(.start, tr("The file is empty; a panel file starts with “id:”.")) }
    return try read(root, file: file, launcher: launcher, languages: languages)
  }

  private static func read(
    _ root: Node, file: String, launcher: @escaping ApplicationLauncher, languages: [String]
  ) throws(PanelFileErrors) -> PanelFile {
    let reader = PanelFileReader(file: file, launcher: launcher)
    reader.translation.languages = languages
    guard let fields = reader.fields(root, path: "", kind: .panel, known: topKeys) else {
      throw PanelFileErrors(reader.errors)
    }
    let id = reader.string(fields, "id", required: true) ?? ""
    if !id.isEmpty && !PanelID.isValid(id) {
      reader.report(
        fields.position(of: "id"), "",
        tr(
          "The panel id “%s” must be reverse-DNS, such as org.example.Pizza: two or more parts of letters, digits, “_” and “-”, separated by dots, not starting with a digit.",
          id.escapedForMessage))
    }
    reader.readDomain(fields)
    let name = reader.string(fields, "name", required: true) ?? ""
    let title = reader.text(fields, "name") ?? name
    let iniFile = reader.string(fields, "ini-file")
    if let iniFile {
      if let problem = ConfigFile.problem(with: iniFile) {
        reader.report(fields.position(of: "ini-file"), "", problem)
      } else {
        reader.ini.schema = iniSchema(iniFile)
      }
    }
    var dialect = IniDialect.keyfile
    if let format = reader.string(fields, "ini-format") {
      if let known = IniDialect(rawValue: format) {
        dialect = known
      } else {
        reader.report(
          fields.position(of: "ini-format"), "",
          tr(
            "“ini-format” is %1$s, not “%2$s”.",
            IniDialect.allCases.map { "“\($0.rawValue)”" }.joined(separator: ", "), format.escapedForMessage))
      }
      if iniFile == nil {
        reader.report(
          fields.position(of: "ini-format"), "", tr("“ini-format” is for the panel's “ini-file”, which it has not."))
      }
    }
    let sections = reader.sections(reader.sequence(fields, "sections", required: true) ?? [], pagePath: "")
    let comment = reader.text(fields, "comment")
    let keywords = reader.texts(fields, "keywords")
    // They go into the desktop entry and the app list: bounded, and without control characters.
    for (key, texts, label) in [
      ("name", [name], tr("Name")), ("comment", reader.string(fields, "comment").map { [$0] } ?? [], tr("Comment")),
      ("keywords", reader.strings(fields, "keywords") ?? [], tr("Keyword")),
    ] {
      for text in texts {
        if let problem = TextBounds.problem(with: text, label: label) {
          reader.report(fields.position(of: key), "", problem)
        }
      }
    }
    reader.reportUnusedTranslations()
    reader.references.deferred.forEach { $0() }
    guard reader.errors.isEmpty else {
      throw PanelFileErrors(reader.errors.sorted { ($0.line, $0.column) < ($1.line, $1.column) })
    }
    var panelFile = PanelFile(
      id: id, name: name, icon: reader.string(fields, "icon"), comment: reader.string(fields, "comment"),
      keywords: reader.strings(fields, "keywords") ?? [], iniFile: iniFile,
      panel: Panel(title: title, sections: sections), source: file, iniDefaults: reader.ini.defaults,
      visited: reader.visited)
    panelFile.nameTranslations = reader.writtenTranslations(fields, "name")
    panelFile.commentTranslations = comment == nil ? [:] : reader.writtenTranslations(fields, "comment")
    panelFile.keywordTranslations = keywords == nil ? [:] : reader.writtenLists(fields, "keywords")
    panelFile.gettextDomain = reader.translation.domain?.name
    panelFile.iniDialect = dialect
    return panelFile
  }

  /// The validator's problems and every bound key `store` does not have, each
  /// at its row's position. INI keys are checked against their declared defaults.
  @MainActor
  /// `variantProblem` says why GVariant text is not a value of a type (GLib's parser, which the model has not);
  /// with it, the defaults of INI keys with a `gvariant-type` are checked too.
  public func problems(
    against store: any SettingsStore, variantProblem: (@MainActor (String, String) -> String?)? = nil
  ) -> [PanelFileError] {
    let checked = routing(store, ini: MemoryStore(defaults: iniDefaults))
    var found: [PanelFileError] = []
    var cursor = 0
    // A copy the nested function can capture: capturing `self` there fails a release build's race check.
    let visited = visited
    // The validator reports in the order the reader visited, so each problem is at the
    // first visit of its path from the last problem's on; a repeated id at its second use.
    func place(_ path: RowPath, _ message: String, isRepeatedID: Bool = false) {
      var from = cursor
      if isRepeatedID, let first = visited[from...].firstIndex(where: { $0.path == path }) {
        from = first + 1
      }
      let index =
        visited[from...].firstIndex { $0.path == path } ?? visited.firstIndex { $0.path == path }
      let position = index.map { visited[$0].position } ?? .start
      if let index { cursor = index }
      found.append(
        PanelFileError(file: source, line: position.line, column: position.column, path: path, message: message))
    }
    let checks = ValidationChecks(requiresKeys: true, variantProblem: variantProblem)
    for problem in panel.validate(against: checked, checks: checks) {
      place(problem.path, problem.message, isRepeatedID: problem.isRepeatedID)
    }
    return found.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
  }

  /// `store` for GSettings keys, `ini` for the panel's INI keys.
  @MainActor
  package func routing(_ store: any SettingsStore, ini: any SettingsStore) -> any SettingsStore {
    guard let iniSchema else { return store }
    return RoutedStore(base: store, routes: [iniSchema: ini])
  }

  /// Reads, parses and checks a file: a panel with any problem is refused whole.
  @MainActor
  public static func load(
    path: String, store: any SettingsStore, launcher: @escaping ApplicationLauncher = PanelFile.cannotLaunch,
    variantProblem: (@MainActor (String, String) -> String?)? = nil
  ) throws(PanelFileErrors) -> PanelFile {
    let file = try read(path: path, launcher: launcher)
    let problems = file.problems(against: store, variantProblem: variantProblem)
    guard problems.isEmpty else { throw PanelFileErrors(problems) }
    return file
  }

  /// The launcher where nothing can be launched (the command line): says so in the window, if any.
  public static let cannotLaunch: ApplicationLauncher = { desktopID, context in
    context.presenter?.showMessage(tr("Knobs can't start %s from here.", desktopID), undo: nil)
    return nil
  }

  private static func position(of problem: YAMLProblem) -> FilePosition {
    switch problem {
    case .syntax(_, _, let mark?), .duplicateKeys(_, let mark), .secondDocument(let mark):
      return FilePosition(line: mark.line, column: mark.column)
    case .syntax(_, _, nil):
      return .start
    }
  }

  /// libyaml's own words (untranslated, as every YAML tool shows them), or Knobs'.
  private static func problem(of problem: YAMLProblem) -> String {
    switch problem {
    case .syntax(let problem, let context, _):
      return context.map { "\(problem) \($0)" } ?? problem
    case .duplicateKeys(let duplicates, _):
      return tr(
        // TRANSLATORS: %s is a key, or keys separated by commas; ends “The file is not valid YAML: %s.”
        "the key %s appears twice in one mapping", duplicates.map(\.quotedForMessage).joined(separator: ", "))
    case .secondDocument:
      return tr(
        // TRANSLATORS: ends “The file is not valid YAML: %s.”; a document starts with “---”.
        "a second document starts here; a panel file is one document")
    }
  }
}

/// Panel ids: reverse-DNS names that are also valid application ids.
public enum PanelID {
  /// Whether `id` is a reverse-DNS name that is a valid application id.
  public static func isValid(_ id: String) -> Bool {
    let parts = id.split(separator: ".", omittingEmptySubsequences: false)
    return id.utf8.count <= 200 && parts.count >= 2
      && parts.allSatisfy { part in
        guard let first = part.unicodeScalars.first, !first.isASCIIDigit else { return false }
        return part.unicodeScalars.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == "_" || $0 == "-" }
      }
  }
}
