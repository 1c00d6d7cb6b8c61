import Gio
import KnobsDesktopModel
import KnobsModel
import KnobsSettings

/// The window's Profiles page (History › Profiles): the profiles `knobs profile` keeps
/// (`SettingsProfiles`), a page each with Apply, which shows the profile's changes and resets
/// on the Import Preview before anything is written, and Delete, asked first; and a row that
/// saves the settings the user set as a new profile, its name asked and checked as the
/// command line checks it. The folder is read when the page first opens, then again when it
/// changes (a `knobs profile save` elsewhere) and when the window comes back.
@MainActor
package final class ProfileRows: RowSource {
  /// The page's path, and the section the profiles are listed in.
  static let pagePath = RowPath("history/profiles")
  static let sectionID = "saved"
  /// What opens the page: its first row, Save Current Settings as Profile….
  package static let saveRowPath = pagePath.appending("save", "save")
  let profiles: SettingsProfiles
  package private(set) var rows: [Row] = []
  /// The profiles listed, by name, with their row ids.
  private(set) var rowIDs: [String: String] = [:]
  private let preview: ImportPreviewRows
  /// The GSettings the window shows, which a profile is saved from and applied to: the Import Preview's.
  private var store: GSettingsStore? { preview.gsettings }
  private var panel: Panel?
  private var prepared = false
  private var shown: [String: String] = [:]
  private let observers = ChangeObservers()

  package init(profiles: SettingsProfiles, preview: ImportPreviewRows) {
    self.profiles = profiles
    self.preview = preview
    rows = [emptyRow]
  }

  /// Where a profile's scopes that name rows (`appearance`) are looked up.
  package func name(by panel: Panel) { self.panel = panel }

  package func observeRows(_ handler: @escaping @MainActor () -> Void) -> Observation {
    observers.add { _ in handler() }
  }

  package var watchedFolders: [String] { [profiles.folder] }

  /// The pages a new profile keeps (their paths, `desktop/appearance`); none chosen, every setting
  /// the user set. The window's choice while it is open, kept nowhere else.
  static let pagesKey = SettingKey(schema: "knobs-window:profiles", key: "pages")
  private let choices = MemoryStore(defaults: [ProfileRows.pagesKey: .strings([])])
  /// The pages that can be chosen, by path, with their titles.
  private(set) var pages: [(path: String, title: String)] = []

  func offer(_ pages: [(path: String, title: String)]) { self.pages = pages }

  /// The pages chosen now that are still offered, in the order they are offered.
  var chosenPages: [(path: String, title: String)] {
    let chosen = Set(choices.value(for: Self.pagesKey)?.stringsValue ?? [])
    return pages.filter { chosen.contains($0.path) }
  }

  package func connect(to store: any SettingsStore) -> (schema: String, store: any SettingsStore)? {
    (Self.pagesKey.schema, choices)
  }

  package func prepareRows() {
    guard !prepared else { return }
    prepared = true
    rebuild()
  }

  package func reload() {
    guard prepared else { return }
    rebuild()
  }

  /// The path of a profile's page, when it is listed.
  package func path(of name: String) -> RowPath? {
    rowIDs[name].map { Self.pagePath.appending(Self.sectionID).appending($0) }
  }

  /// Reads the folder again; the rows are made anew only when a profile came, went or changed.
  func rebuild() {
    let names = profiles.names()
    var summaries: [String: String] = [:]
    for name in names { summaries[name] = summary(of: name) }
    guard summaries != shown || rows.isEmpty else { return }
    shown = summaries
    rowIDs = FoundRowIDs.unique(names) { FoundRowIDs.slug($0, fallback: "profile") }
    rows = names.isEmpty ? [emptyRow] : names.map { row($0, summary: summaries[$0] ?? "") }
    observers.notify(.wholeSchema("profiles"))
  }

  private var emptyRow: Row {
    ValueRow("none", tr("No Profiles Yet"), value: "")
      .subtitle(tr("Save the settings you set as a profile to switch back to them later."))
  }

  /// How many settings the profile holds and of what, or why it can't be read.
  private func summary(of name: String) -> String {
    let profile: SettingsProfiles.Profile
    do {
      profile = try profiles.read(name)
    } catch {
      return tr("Can't be applied: %s", error.description.escapedForMessage)
    }
    let count = DconfKeyfile.parse(profile.keyfile).lines.count
    let settings = trn("%d setting", "%d settings", count, count)
    guard !profile.scopes.isEmpty else { return settings }
    return settings + " · " + profile.scopes.joined(separator: ", ").escapedForMessage
  }

  private func row(_ name: String, summary: String) -> Row {
    let id = rowIDs[name] ?? "profile"
    let title = name.escapedForMessage
    return DetailRow(id, title) {
      Section("profile", header: .fixed(summary)) {
        ActionRow("apply", tr("Apply Profile…")) { [weak self] context in
          self?.showChanges(of: name, context.presenter)
          return nil
        }
        .subtitle(tr("Shows what it changes and resets before anything is written"))
        .icon("document-open-symbolic")
        ActionRow(
          "delete", tr("Delete Profile"),
          confirmation: Confirmation(
            title: tr("Delete the Profile “%s”?", title),
            message: tr("Its file is removed. Your settings stay as they are."), confirmLabel: tr("Delete")),
          isDestructive: true
        ) { [weak self] context in
          self?.delete(name, context.presenter)
        }
        .icon("user-trash-symbolic")
      }
    }
    .subtitle(summary)
    .icon("document-properties-symbolic")
    .keywords(tr("profile"))
  }

  // MARK: Saving

  /// Why `name` can't name a new profile, in words: the command line's checks, and a name in use.
  func problem(withNewName name: String) -> String? {
    if let problem = SettingsProfiles.problem(withName: name) { return problem }
    if LocalFiles.exists(profiles.file(of: name)) {
      return tr("There is a profile “%s” already: choose another name, or delete that one first.", name)
    }
    return nil
  }

  /// Asks for a name, then saves the settings the user set under it: on the pages chosen, or
  /// of every installed schema when none is.
  func askToSave(_ presenter: (any ActionPresenter)?) {
    guard let presenter else { return }
    guard store != nil else {
      presenter.showMessage(tr("Only settings kept in GSettings can be saved as a profile."), undo: nil)
      return
    }
    let chosen = chosenPages
    presenter.askForText(
      TextRequest(
        title: tr("Save Current Settings as Profile"),
        message: chosen.isEmpty
          ? tr("The settings you set yourself are kept under this name, to switch back to later.")
          : tr(
            "The settings you set yourself on %s are kept under this name, to switch back to later.",
            chosen.map(\.title).joined(separator: ", ")),
        fieldLabel: tr("Profile Name"), placeholder: tr("Work"), confirmLabel: tr("Save"),
        check: { [weak self] name in
          guard let self else { return tr("Profiles can't be saved now.") }
          return self.problem(withNewName: name)
        })
    ) { [weak self, weak presenter] name in
      self?.save(name, presenter)
    }
  }

  /// Saves the profile, of the pages chosen (its scopes, as `knobs profile save NAME PAGE…`
  /// writes them), and says so only once it is stored; else says why, nothing written.
  func save(_ name: String, _ presenter: (any ActionPresenter)?) {
    guard let store else { return }
    let scopes = chosenPages.map(\.path)
    let entries: [DconfEntry]
    switch entriesSetNow(in: scopes, store) {
    case .success(let found): entries = found
    case .failure(let error):
      presenter?.showMessage(tr("The profile was not saved: %s", error.description), undo: nil)
      return
    }
    let profile = SettingsProfiles.Profile(scopes: scopes, keyfile: DconfKeyfile.text(entries))
    if let problem = profiles.save(name, profile) {
      presenter?.showMessage(tr("The profile was not saved: %s", problem), undo: nil)
      return
    }
    prepared = true
    rebuild()
    if let path = path(of: name) { presenter?.open(path) }
    presenter?.showMessage(
      trn(
        "The profile %1$s holds %2$d setting.", "The profile %1$s holds %2$d settings.", entries.count, name,
        entries.count), undo: nil)
  }

  // MARK: Applying and deleting

  /// The profile's changes, and the resets of what is set now in its scopes and was not then,
  /// checked whole as `knobs profile apply` checks them; or why it can't be applied, in words.
  func plan(of name: String) -> Result<ImportPlan, ProfileError> {
    guard let store else { return .failure(ProfileError(tr("Only settings kept in GSettings can be imported."))) }
    let profile: SettingsProfiles.Profile
    do {
      profile = try profiles.read(name)
    } catch {
      return .failure(error)
    }
    let parsed = DconfKeyfile.parse(profile.keyfile)
    var plan = store.importPlan(parsed.lines)
    let setNow: [DconfEntry]
    switch entriesSetNow(in: profile.scopes, store) {
    case .success(let entries): setNow = entries
    case .failure(let error): return .failure(error)
    }
    store.addResets(of: setNow, keeping: parsed.lines, to: &plan)
    plan.problems = (parsed.problems + plan.problems).sorted { $0.line < $1.line }
    guard plan.problems.isEmpty else {
      let shown = plan.problems.prefix(3).map { problem in
        problem.line > 0 ? tr("Line %1$d: %2$s", problem.line, problem.message) : problem.message
      }
      let more = plan.problems.count - shown.count
      var message = shown.joined(separator: " ")
      if more > 0 { message += " " + trn("(%d more problem)", "(%d more problems)", more, more) }
      return .failure(ProfileError(message))
    }
    return .success(plan)
  }

  /// Shows the profile's changes on the Import Preview page, or says why there are none.
  func showChanges(of name: String, _ presenter: (any ActionPresenter)?) {
    switch plan(of: name) {
    case .failure(let error):
      presenter?.showMessage(
        tr("Nothing was changed: the profile %1$s can't be applied. %2$s", name.escapedForMessage, error.description),
        undo: nil)
    case .success(let plan) where plan.changes.isEmpty:
      presenter?.showMessage(tr("Nothing to change: every setting is already as the profile has it."), undo: nil)
    case .success(let plan):
      preview.show(plan, named: "“" + name.escapedForMessage + "”")
      presenter?.open("history/import/changes")
    }
  }

  /// Deletes the profile's file; its Undo writes the file back as it was.
  func delete(_ name: String, _ presenter: (any ActionPresenter)?) -> Undo? {
    let file = profiles.file(of: name)
    let kept = try? DconfKeyfile.read(path: file)
    if let problem = profiles.delete(name) {
      presenter?.showMessage(tr("The profile was not deleted: %s", problem), undo: nil)
      return nil
    }
    rebuild()
    presenter?.open(Self.saveRowPath)
    let message = tr("The profile %s was deleted", name.escapedForMessage)
    guard let kept else {
      // Not readable before (a damaged file): gone, and nothing to bring back.
      presenter?.showMessage(message, undo: nil)
      return nil
    }
    return Undo(message: message) { [weak self, weak presenter] in
      if let problem = DconfKeyfile.save(kept, to: file) {
        presenter?.showMessage(tr("The profile was not saved: %s", problem), undo: nil)
      }
      self?.rebuild()
    }
  }

  /// The entries set now in the profile's scopes (every installed schema's when it has none).
  private func entriesSetNow(in scopes: [String], _ store: GSettingsStore) -> Result<[DconfEntry], ProfileError> {
    guard !scopes.isEmpty else {
      return .success(store.exportEntries(all: false, ownSchema: AppInfo.id, dconf: DconfPaths.read()))
    }
    var entries: [DconfEntry] = []
    var seen: Set<String> = []
    for scope in scopes {
      guard let found = scopeEntries(RowPath(parsing: scope), store) else {
        return .failure(
          ProfileError(tr("Its scope “%s” names no page, row or installed schema now.", scope.escapedForMessage)))
      }
      entries += found.filter { seen.insert($0.path).inserted }
    }
    return .success(entries)
  }

  /// A scope's entries as `knobs profile apply` finds them: a schema or one of its keys, or the
  /// settings of the rows of a page, a section or one row; nil when it names none of these.
  private func scopeEntries(_ scope: RowPath, _ store: GSettingsStore) -> [DconfEntry]? {
    if let schemaPath = SchemaPath(scope) {
      guard store.hasSchema(schemaPath.schemaID) else { return nil }
      var keys: Set<String>?
      if case .key(_, let key) = schemaPath { keys = [key] }
      return store.exportEntries(ofSchema: schemaPath.schemaID, keys: keys, all: false, ownSchema: AppInfo.id)
    }
    guard let panel = panel?.withFoundRows() else { return nil }
    let rows: [PanelEntry]
    switch panel.resolve(scope) {
    case .row(let entry):
      // A page's row stands for the rows below it.
      rows = panel.entries.filter { $0.path == entry.path || $0.path.ids(below: entry.path) != nil }
    case .section(let sectionPath, _, _):
      rows = panel.entries.filter { $0.sectionPath == sectionPath || $0.path.ids(below: sectionPath) != nil }
    case .ambiguous, .notFound:
      return nil
    }
    var keysBySchema: [String: Set<String>] = [:]
    for row in rows {
      guard let key = row.row.key, store.hasSchema(key.schema) else { continue }
      keysBySchema[key.schema, default: []].insert(key.key)
    }
    return keysBySchema.keys.sorted().flatMap { schema in
      store.exportEntries(ofSchema: schema, keys: keysBySchema[schema], all: false, ownSchema: AppInfo.id)
    }
  }
}

/// The Profiles page: save the current settings as a profile, of every page or of the `pages`
/// chosen (paths and titles), and the saved ones, each with Apply (through the Import Preview)
/// and Delete.
@MainActor
func profilesPage(_ profiles: ProfileRows, pages: [(path: String, title: String)] = []) -> Row {
  profiles.offer(pages)
  return DetailRow("profiles", tr("Profiles")) {
    Section(
      "save",
      footer: .fixed(
        tr("A profile keeps the settings you set yourself. Applying it sets them again and resets the others."))
    ) {
      ActionRow("save", tr("Save Current Settings as Profile…")) { context in
        profiles.askToSave(context.presenter)
        return nil
      }
      .icon("document-save-as-symbolic")
      if !pages.isEmpty {
        MultiSelectRow("pages", tr("Keep Only These Pages"), key: ProfileRows.pagesKey, options: pages)
          .subtitle(tr("With none chosen, a new profile keeps every setting you set"))
          .icon("view-list-bullet-symbolic")
      }
    }
    Section(ProfileRows.sectionID, tr("Saved Profiles"), rows: profiles)
  }
  .icon("view-list-symbolic")
  .subtitle(tr("Named sets of settings to switch between"))
  .keywords(tr("profile"), tr("work"), tr("presentation"))
}
