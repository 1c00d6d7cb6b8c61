/// Finds a section's rows at run time, such as one row per startup
/// application, and says when they change.
///
/// A section declared with a source starts with the rows the source has when
/// the panel is built; `Panel.withFoundRows()` takes the current ones, and the
/// window shows new ones as the source announces them.
@MainActor
public protocol RowSource: AnyObject {
  /// The rows as found now; ids must be valid and unique on their page.
  var rows: [Row] { get }
  /// Calls `handler` after `rows` changed.
  func observeRows(_ handler: @escaping @MainActor () -> Void) -> Observation
  /// Looks again, e.g. when the window comes back to the front.
  func reload()
  /// Folders whose changes may change the rows; the window watches them.
  var watchedFolders: [String] { get }
  /// Hands the source the panel's store, which its rows may read from now on, and
  /// returns the store that keeps the rows' own keys with the schema name they use;
  /// nil when the rows' keys live in the panel's store.
  func connect(to store: any SettingsStore) -> (schema: String, store: any SettingsStore)?
  /// Called before the page showing the rows opens: a source that finds its rows only then
  /// (the history, which can be long and which a start does not need) finds them now.
  func prepareRows()
}

extension RowSource {
  /// Most sources find their rows at once.
  public func prepareRows() {}
}

extension Section {
  /// A section whose rows `source` finds at run time.
  @MainActor
  public init(
    _ id: String, _ title: String? = nil, header: LiveText? = nil, footer: LiveText? = nil,
    rows source: any RowSource
  ) {
    self.init(id, title, header: header, footer: footer) {}
    self.rows = source.rows
    self.rowSource = source
  }
}

extension Panel {
  /// The panel with every found section's rows as its source has them now, on every page.
  @MainActor
  package func withFoundRows() -> Panel {
    var copy = self
    for index in copy.sections.indices {
      if let source = copy.sections[index].rowSource { copy.sections[index].rows = source.rows }
      for rowIndex in copy.sections[index].rows.indices {
        guard case .detail(let page) = copy.sections[index].rows[rowIndex].kind.form, page.hasRowSources else {
          continue
        }
        copy.sections[index].rows[rowIndex].kind = .detail(page.withFoundRows())
      }
    }
    return copy
  }

  /// The page with the rows of its own found sections (not its pages') as their sources have them,
  /// after each was asked to find them (`prepareRows`): what a page shows as it opens.
  @MainActor
  package func preparingFoundRows() -> Panel {
    var copy = self
    for index in copy.sections.indices {
      guard let source = copy.sections[index].rowSource else { continue }
      source.prepareRows()
      copy.sections[index].rows = source.rows
    }
    return copy
  }

  /// Every row source of the panel and its pages, each once.
  @MainActor
  package var rowSources: [any RowSource] {
    var found: [any RowSource] = []
    for section in sections {
      if let source = section.rowSource, !found.contains(where: { $0 === source }) { found.append(source) }
      for row in section.rows {
        guard case .detail(let page) = row.kind.form else { continue }
        for source in page.rowSources where !found.contains(where: { $0 === source }) { found.append(source) }
      }
    }
    return found
  }

  var hasRowSources: Bool {
    sections.contains { section in
      section.rowSource != nil
        || section.rows.contains { row in
          if case .detail(let page) = row.kind.form { return page.hasRowSources }
          return false
        }
    }
  }

  /// Connects every row source of the panel to `store`, the one store its rows are read and
  /// written through: done once, by whoever owns that store (the window's `WindowApplication`,
  /// a command line's tool, a `PanelView` made for an app). Returns `store` with the keys of
  /// found rows that have a store of their own sent there; `withFoundRows()` after this gives
  /// the rows the sources find through it.
  @MainActor
  package func connectRowSources(to store: any SettingsStore) -> any SettingsStore {
    let routes = rowSources.compactMap { $0.connect(to: store) }
    guard !routes.isEmpty else { return store }
    return RoutedStore(base: store, routes: Dictionary(routes, uniquingKeysWith: { first, _ in first }))
  }
}
