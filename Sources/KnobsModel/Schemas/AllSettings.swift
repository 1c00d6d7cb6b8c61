/// The All Settings page: every installed schema, grouped by the application
/// whose desktop entry matches the schema id (else by the id's first parts),
/// each opening its generated page; and the Modified Settings page.
///
/// Nothing is read before the page is first opened; a schema's page is
/// generated when it is first opened or searched, and kept.
@MainActor
public final class AllSettings {
  public static let sectionID = "more"
  public static let rowID = "all-settings"
  /// Where the All Settings row sits on the first page.
  public static let rowPath = sectionID + "/" + rowID
  static let modifiedPath = "modified/modified"

  private let findLibrary: @MainActor () -> SchemaLibrary?
  private let apps: @MainActor () -> DesktopApps
  private let folderProblems: [String]
  private let readDconf: @MainActor () -> DconfPaths
  private lazy var dconf = readDconf()
  private var foundLibrary: SchemaLibrary?
  private var madeLayout: SchemaLayout?
  private var links: [String: PageLink] = [:]
  public private(set) lazy var panels = SchemaPanels { [weak self] id in self?.library?.describeSchema(id) }

  /// - Parameters:
  ///   - library: the installed schemas, asked for when the page is first opened
  ///     (the settings store is made with the window); nil when there are none.
  ///   - apps: read when the page is first opened.
  ///   - folderProblems: the user's schema folders that could not be read, said on the page.
  ///   - dconf: the folders of the user's dconf database, where relocatable schemas are looked for.
  public init(
    library: @escaping @MainActor () -> SchemaLibrary?, apps: @escaping @MainActor () -> DesktopApps,
    folderProblems: [String] = [], dconf: @escaping @MainActor () -> DconfPaths = { DconfPaths.read() }
  ) {
    findLibrary = library
    self.apps = apps
    self.folderProblems = folderProblems
    readDconf = dconf
  }

  private var library: SchemaLibrary? {
    if foundLibrary == nil { foundLibrary = findLibrary() }
    return foundLibrary
  }

  /// The first page's section holding the All Settings row.
  public var section: Section {
    var row = Row(
      id: Self.rowID, title: "All Settings",
      kind: .page(
        PageLink(title: "All Settings") { [weak self] in
          self?.page() ?? Panel(title: "All Settings", sections: [])
        }))
    row.iconName = "preferences-system-symbolic"
    row.subtitle = .fixed("Every installed settings schema, by application")
    row.keywords = ["schemas", "gsettings", "dconf", "advanced"]
    var section = Section(Self.sectionID) {}
    section.rows = [row]
    return section
  }

  /// The window path of a schema's page or of one of its keys; nil for a schema not installed.
  public func path(of schemaPath: SchemaPath) -> String? {
    guard let rowPath = layout.rowPaths[schemaPath.schemaID] else { return nil }
    let page = Self.rowPath + "/" + rowPath
    switch schemaPath {
    case .schema: return page
    case .key(_, let key): return page + "/" + SchemaPanel.sectionID + "/" + key
    }
  }

  var layout: SchemaLayout {
    if let madeLayout { return madeLayout }
    let layout = SchemaLayout(schemas: library?.installedSchemas ?? [], apps: apps())
    madeLayout = layout
    return layout
  }

  func page() -> Panel {
    let modifiedLink = PageLink(title: "Modified Settings", keepsPage: false) { [weak self] in
      self?.modifiedPage() ?? Panel(title: "Modified Settings", sections: [])
    }
    var modified = Row(id: "modified", title: "Modified Settings", kind: .page(modifiedLink))
    modified.subtitle = .fixed("Every setting whose value differs from its default")
    modified.iconName = "document-edit-symbolic"
    var top = Section("modified", footer: problemsText.map(LiveText.fixed)) {}
    top.rows = [modified]
    let groups = layout.groups.map { group in
      var section = Section(group.sectionID, group.title) {}
      section.rows = group.schemas.map { row(for: $0, in: group) }
      return section
    }
    return Panel(title: "All Settings", sections: [top] + groups)
  }

  private var problemsText: String? {
    let problems = folderProblems + (library?.problems ?? [])
    return problems.isEmpty ? nil : problems.joined(separator: "\n")
  }

  private func row(for schema: SchemaLayout.Entry, in group: SchemaLayout.Group) -> Row {
    let id = schema.schema.id
    var row: Row
    if schema.schema.path == nil {
      row = relocatableRow(id, rowID: schema.rowID)
    } else {
      let link = links[id] ?? PageLink(title: id) { [weak self] in self?.schemaPage(id) ?? Self.missingPage(id) }
      links[id] = link
      row = Row(id: schema.rowID, title: id, kind: .page(link))
      let count = schema.schema.keyCount
      row.subtitle = .fixed(count == 1 ? "1 setting" : "\(count) settings")
    }
    row.keywords = [id] + (group.appName.map { [$0] } ?? [])
    row.iconName = group.iconName
    return row
  }

  /// A relocatable schema: a page of the dconf folders that hold its keys, or a note when none do.
  private func relocatableRow(_ id: String, rowID: String) -> Row {
    let keys = Set(library?.keyNames(of: id) ?? [])
    let folders = keys.isEmpty ? [] : dconf.folders(matching: keys).filter { $0 != "/" }
    guard !folders.isEmpty else {
      var row = Row(id: rowID, title: id, kind: .value(.fixed("Relocatable")))
      row.subtitle = .fixed("Apps keep these settings at paths of their own; none are saved yet")
      return row
    }
    let link = PageLink(title: id) { [weak self] in
      var used: Set<String> = []
      let rows = folders.map { folder in
        let full = id + ":" + folder
        var row = Row(
          id: SchemaLayout.unique(SchemaLayout.identifier(folder), in: &used), title: folder,
          kind: .page(PageLink(title: full) { self?.schemaPage(full) ?? Self.missingPage(full) }))
        row.keywords = [full]
        return row
      }
      var section = Section(
        "paths", "Saved At",
        footer: "The folders of your settings whose keys all belong to this relocatable schema."
      ) {}
      section.rows = rows
      return Panel(title: id, sections: [section])
    }
    var row = Row(id: rowID, title: id, kind: .page(link))
    row.subtitle = .fixed(
      folders.count == 1 ? "Relocatable, saved at 1 path" : "Relocatable, saved at \(folders.count) paths")
    return row
  }

  /// A schema's generated page, ending with a reset of the whole schema.
  func schemaPage(_ id: String) -> Panel {
    guard var panel = panels.panel(for: id) else { return Self.missingPage(id) }
    let generated = panel
    let reset = Section("reset", footer: .fixed("Returns every key of \(id) to its default.")) {
      ActionRow(
        "reset-schema", "Reset All in This Schema",
        confirmation: Confirmation(
          title: "Reset All in \(id)?",
          message: "Every key of this schema returns to its default. You can undo this right after.",
          confirmLabel: "Reset"),
        isDestructive: true
      ) { context in
        generated.resetAll(in: context.store)
      }
    }
    panel.sections.append(reset)
    return panel
  }

  static func missingPage(_ id: String) -> Panel {
    Panel(id) {
      Section(SchemaPanel.sectionID) {
        ValueRow("missing", "Not Installed", value: "")
          .subtitle("The schema \(id) is no longer installed")
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
      section.rows = keys.compactMap { panel.entry(at: SchemaPanel.sectionID + "/" + $0)?.row }
      if !section.rows.isEmpty { sections.append(section) }
    }
    if sections.isEmpty {
      sections = [
        Section("none") {
          ValueRow("none", "No Modified Settings", value: "")
            .subtitle("Every setting has its default value")
        }
      ]
    }
    return Panel(title: "Modified Settings", sections: sections)
  }
}
