/// The All Settings page: every installed schema, grouped by the application
/// whose desktop entry matches the schema id (else by the id's first parts),
/// each opening its generated page; and the Modified Settings page.
///
/// Nothing is read before the page is first opened; a schema's page is
/// generated when it is first opened or searched, and kept.
@MainActor
package final class AllSettings {
  package static let sectionID = "more"
  package static let rowID = "all-settings"
  /// Where the All Settings row sits on the first page.
  package static let rowPath = RowPath.root.appending(sectionID, rowID)

  private let findLibrary: @MainActor () -> SchemaLibrary?
  private let apps: @MainActor () -> DesktopApps
  private let findExtensions: @MainActor () -> ShellExtensions
  private let folderProblems: [String]
  private let readDconf: @MainActor () -> DconfPaths
  private lazy var dconf = readDconf()
  private var foundLibrary: SchemaLibrary?
  private var madeLayout: SchemaLayout?
  private var links: [String: PageLink] = [:]
  /// Names of schemas that have one (an extension's), by schema id; filled with the layout.
  private var titles: [String: String] = [:]
  /// The folders of the settings database each relocatable schema is saved at, once looked for
  /// (the database is read once; a row's visibility asks again at each refresh).
  private var savedFolders: [String: [String]] = [:]
  /// Folders of relocatable schemas opened by path (`schema/ID:/FOLDER/`) that the settings database does not hold.
  private var openedFolders: [String: [String]] = [:]
  package private(set) lazy var panels = SchemaPanels { [weak self] id in self?.library?.describeSchema(id) }

  /// - Parameters:
  ///   - library: the installed schemas, asked for when the page is first opened
  ///     (the settings store is made with the window); nil when there are none.
  ///   - apps: read when the page is first opened.
  ///   - extensions: the installed GNOME Shell extensions, whose schemas are named by their extension.
  ///   - folderProblems: the user's schema folders that could not be read, said on the page.
  ///   - dconf: the folders of the user's dconf database, where relocatable schemas are looked for.
  package init(
    library: @escaping @MainActor () -> SchemaLibrary?, apps: @escaping @MainActor () -> DesktopApps,
    extensions: @escaping @MainActor () -> ShellExtensions = { ShellExtensions([]) },
    folderProblems: [String] = [], dconf: @escaping @MainActor () -> DconfPaths = { DconfPaths.read() }
  ) {
    findLibrary = library
    self.apps = apps
    findExtensions = extensions
    self.folderProblems = folderProblems
    readDconf = dconf
  }

  private var library: SchemaLibrary? {
    if foundLibrary == nil { foundLibrary = findLibrary() }
    return foundLibrary
  }

  /// The first page's section holding the All Settings row.
  package var section: Section {
    var row = Row(
      id: Self.rowID, title: tr("All Settings"),
      kind: .page(
        PageLink(title: tr("All Settings")) { [weak self] in
          self?.page() ?? Panel(title: tr("All Settings"), sections: [])
        }))
    row.iconName = "preferences-system-symbolic"
    row.subtitle = .fixed(tr("Every installed settings schema, by application"))
    row.keywords = ["schemas", "gsettings", "dconf", "advanced"]
    var section = Section(Self.sectionID) {}
    section.rows = [row]
    return section
  }

  /// The window path of a schema's page or of one of its keys; nil for a schema not installed.
  package func path(of schemaPath: SchemaPath) -> RowPath? {
    let (id, folder) = SchemaPath.split(schemaPath.schemaID)
    guard let schemaRow = layout.rowPaths[id] else { return nil }
    var page = RowPath(ids: Self.rowPath.ids + schemaRow.ids)
    if let folder {
      guard let folderRowID = folderRowID(of: id, folder) else { return nil }
      page = page.appending(Self.foldersSectionID, folderRowID)
    } else if layout.isRelocatable(id) {
      // Without a folder, the schema's page lists the folders it is saved at; it has no keys.
      guard case .schema = schemaPath else { return nil }
      return page
    }
    switch schemaPath {
    case .schema: return page
    case .key(let schemaID, let key):
      // The key's section is its group's on the page; a key the page lacks is addressed in the first one.
      let section = panels.panel(for: schemaID).flatMap { SchemaPanel.path(ofKey: key, in: $0) }?.ids.first
      return page.appending(section.map(String.init) ?? SchemaPanel.sectionID, key)
    }
  }

  /// The row of a relocatable schema's folder on the schema's page; a folder
  /// the settings database does not hold yet is added to that page.
  private func folderRowID(of id: String, _ folder: String) -> String? {
    guard layout.isRelocatable(id), SchemaPath.isFolder(folder) else { return nil }
    var known = folders(of: id)
    if !known.contains(folder) {
      openedFolders[id, default: []].append(folder)
      links[id]?.forget()
      known.append(folder)
    }
    return Self.folderRowIDs(known)[known.firstIndex(of: folder)!]
  }

  static let foldersSectionID = "paths"

  /// The folders a relocatable schema is offered at: those of the settings
  /// database that hold only its keys, then those opened by path.
  private func folders(of id: String) -> [String] {
    if let known = savedFolders[id] { return known + (openedFolders[id] ?? []).filter { !known.contains($0) } }
    let keys = Set(library?.keyNames(of: id) ?? [])
    let saved = keys.isEmpty ? [] : dconf.folders(matching: keys).filter { $0 != "/" }
    savedFolders[id] = saved
    return saved + (openedFolders[id] ?? []).filter { !saved.contains($0) }
  }

  private static func folderRowIDs(_ folders: [String]) -> [String] {
    var used: Set<String> = []
    return folders.map { SchemaLayout.unique(SchemaLayout.identifier($0), in: &used) }
  }

  var layout: SchemaLayout {
    if let madeLayout { return madeLayout }
    let layout = SchemaLayout(
      schemas: library?.installedSchemas ?? [], apps: apps(), extensions: findExtensions().bySchema)
    madeLayout = layout
    for entry in layout.groups.flatMap(\.schemas) {
      if let title = entry.title { titles[entry.schema.id] = title }
    }
    return layout
  }

  func page() -> Panel {
    let modifiedLink = PageLink(title: tr("Modified Settings"), keepsPage: false) { [weak self] in
      self?.modifiedPage() ?? Panel(title: tr("Modified Settings"), sections: [])
    }
    var modified = Row(id: "modified", title: tr("Modified Settings"), kind: .page(modifiedLink))
    modified.subtitle = .fixed(tr("Every setting whose value differs from its default"))
    modified.iconName = "document-edit-symbolic"
    var top = Section("modified", footer: problemsText.map(LiveText.fixed)) {}
    top.rows = [modified]
    let groups = layout.groups.map { group in
      var section = Section(group.sectionID, group.title) {}
      section.rows = group.schemas.map { row(for: $0, in: group) }
      return section
    }
    return Panel(title: tr("All Settings"), sections: [top] + groups)
  }

  private var problemsText: String? {
    let problems = folderProblems + (library?.problems ?? [])
    return problems.isEmpty ? nil : problems.joined(separator: "\n")
  }

  private func row(for schema: SchemaLayout.Entry, in group: SchemaLayout.Group) -> Row {
    let id = schema.schema.id
    var row: Row
    if schema.schema.path == nil {
      row = relocatableRow(id, rowID: schema.rowID, owner: schema.title)
    } else {
      let title = schema.title ?? id
      let link = links[id] ?? PageLink(title: title) { [weak self] in self?.schemaPage(id) ?? Self.missingPage(id) }
      links[id] = link
      row = Row(id: schema.rowID, title: title, kind: .page(link))
      let count = schema.schema.keyCount
      let settings = trn("%d setting", "%d settings", count, count)
      row.subtitle = .fixed(schema.title == nil ? settings : id + " · " + settings)
    }
    row.keywords = [id] + (group.appName.map { [$0] } ?? [])
    row.iconName = group.iconName
    return row
  }

  /// A relocatable schema: a page of the folders of the settings database that hold its keys.
  /// An extension's is titled “Extension › Schema” (“Phone Link › Device”). One saved at no
  /// folder is hidden (it still opens by path, `schema/ID:/FOLDER/`).
  private func relocatableRow(_ id: String, rowID: String, owner: String?) -> Row {
    let title = owner.map { $0 + " › " + Self.shortName(id) } ?? id
    if owner != nil { titles[id] = title }
    let link =
      links[id]
      ?? PageLink(title: title) { [weak self] in
        self?.relocatablePage(id) ?? Self.missingPage(id)
      }
    links[id] = link
    let count = folders(of: id).count
    var row = Row(id: rowID, title: title, kind: .page(link))
    let saved =
      count == 0
      ? tr("Relocatable, not saved at any path yet")
      : trn("Relocatable, saved at %d path", "Relocatable, saved at %d paths", count, count)
    row.subtitle = .fixed(owner == nil ? saved : id + " · " + saved)
    row.visibleWhen = Condition { [weak self] _ in self?.folders(of: id).isEmpty == false }
    return row
  }

  /// The last part of a schema's id, capitalized as a title: `….phone-link.device` is “Device”.
  static func shortName(_ id: String) -> String {
    let last = (id.split(separator: ".").last ?? Substring(id)).split(separator: "-").joined(separator: " ")
    return last.prefix(1).uppercased() + last.dropFirst()
  }

  /// An instance of an extension's relocatable schema: “Phone Link › Pixel 7 › Device” for the
  /// folder `…/device/pixel-7/`, by the folder's last part; nil for a schema of no extension.
  private func instanceTitle(_ id: String, _ folder: String) -> String? {
    guard let owner = layout.groups.flatMap(\.schemas).first(where: { $0.schema.id == id })?.title else { return nil }
    let instance = folder.split(separator: "/").last.map(String.init) ?? folder
    return owner + " › " + instance + " › " + Self.shortName(id)
  }

  /// The rows of a relocatable schema's folders, each opening the schema's page there.
  private func folderRows(_ id: String) -> [Row] {
    let folders = folders(of: id)
    return zip(folders, Self.folderRowIDs(folders)).map { folder, rowID in
      let full = id + ":" + folder
      let title = instanceTitle(id, folder)
      if let title { titles[full] = title }
      var row = Row(
        id: rowID, title: title ?? folder,
        kind: .page(PageLink(title: title ?? full) { [weak self] in self?.schemaPage(full) ?? Self.missingPage(full) }))
      if title != nil { row.subtitle = .fixed(folder) }
      row.keywords = [full]
      return row
    }
  }

  private func relocatablePage(_ id: String) -> Panel {
    let rows = folderRows(id)
    let howToOpen = tr(
      // TRANSLATORS: %s is a schema's id; keep "knobs --open schema/" and "FOLDER" as they are, they are a command.
      "Apps keep the settings of this relocatable schema at folders of their own. To open it at another folder: knobs --open schema/%s:/FOLDER/",
      id)
    var section = Section(
      Self.foldersSectionID, tr("Saved At"),
      footer: .fixed(
        rows.isEmpty
          ? tr("None of your settings are saved under this schema yet.") + " " + howToOpen
          : tr("The folders of your settings whose keys all belong to this schema.") + " " + howToOpen)
    ) {}
    section.rows = rows
    if rows.isEmpty {
      var none = Row(id: "none", title: tr("Not Saved Yet"), kind: .value(.fixed("")))
      none.subtitle = .fixed(tr("No folder of your settings holds this schema's keys"))
      section.rows = [none]
    }
    return Panel(title: titles[id] ?? id, sections: [section, Self.otherFolderSection(id)])
  }

  /// Asks for a folder and opens the schema there: a folder no setting is saved at yet, say.
  private static func otherFolderSection(_ id: String) -> Section {
    var open = ActionRow("open-folder", tr("Open at Another Folder…")) { context in
      let request = TextRequest(
        title: tr(
          // TRANSLATORS: %s is a schema's id.
          "Open %s at a Folder", id),
        message: tr("The folder of your settings where its app keeps these keys, as dconf Editor shows it."),
        fieldLabel: tr("Folder"), placeholder: "/org/example/app/profiles/default/", initialText: "/",
        confirmLabel: tr("Open")
      ) { text in
        SchemaPath.isFolder(text) ? nil : tr("A folder starts and ends with “/” and has no “//”.")
      }
      context.presenter?.askForText(request) { folder in
        context.presenter?.open(SchemaPath.schema(id + ":" + folder).path)
      }
      return nil
    }.row
    open.subtitle = .fixed(tr("Edit these settings at a folder of your choice"))
    var section = Section("other") {}
    section.rows = [open]
    return section
  }

  /// On the page of an extension's schema, a section for each of the extension's relocatable
  /// schemas saved at some folder, listing those instances: its devices, its profiles. That is
  /// how the extension's row (its settings button) reaches them.
  private func instanceSections(of id: String) -> [Section] {
    guard !layout.isRelocatable(id), let owner = titles[id] else { return [] }
    let relocatable = layout.groups.flatMap(\.schemas).filter { entry in
      entry.title == owner && entry.schema.path == nil
    }
    return relocatable.compactMap { entry in
      let rows = folderRows(entry.schema.id)
      guard !rows.isEmpty else { return nil }
      var section = Section("instances-" + entry.rowID, Self.shortName(entry.schema.id)) {}
      section.rows = rows
      return section
    }
  }

  /// A schema's generated page, ending with a reset of the whole schema.
  func schemaPage(_ id: String) -> Panel {
    guard var panel = panels.panel(for: id) else { return Self.missingPage(id) }
    if let title = titles[id] { panel.title = title }
    let generated = panel
    let reset = Section("reset", footer: .fixed(tr("Returns every key of %s to its default.", id))) {
      ActionRow(
        "reset-schema", tr("Reset All in This Schema"),
        confirmation: Confirmation(
          title: tr("Reset All in %s?", id),
          message: tr("Every key of this schema returns to its default. You can undo this right after."),
          confirmLabel: tr("Reset")),
        isDestructive: true
      ) { context in
        generated.resetAll(in: context.store)
      }
    }
    panel.sections += instanceSections(of: id)
    panel.sections.append(reset)
    return panel
  }

  static func missingPage(_ id: String) -> Panel {
    Panel(id) {
      Section(SchemaPanel.sectionID) {
        ValueRow("missing", tr("Not Installed"), value: "")
          .subtitle(tr("The schema %s is no longer installed", id))
      }
    }
  }

  /// Every key, across the installed schemas, whose value differs from its default; made on every visit.
  func modifiedPage() -> Panel {
    var sections: [Section] = []
    for entry in layout.groups.flatMap(\.schemas) where entry.schema.path != nil {
      let keys = library?.modifiedKeys(in: entry.schema.id) ?? []
      guard !keys.isEmpty, let panel = panels.panel(for: entry.schema.id) else { continue }
      var section = Section(entry.rowID, entry.schema.id) {}
      section.rows = keys.compactMap { key in SchemaPanel.path(ofKey: key, in: panel).flatMap(panel.entry(at:))?.row }
      if !section.rows.isEmpty { sections.append(section) }
    }
    if sections.isEmpty {
      sections = [
        Section("none") {
          ValueRow("none", tr("No Modified Settings"), value: "")
            .subtitle(tr("Every setting has its default value"))
        }
      ]
    }
    return Panel(title: tr("Modified Settings"), sections: sections)
  }
}
