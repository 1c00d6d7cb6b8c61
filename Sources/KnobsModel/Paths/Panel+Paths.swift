/// Row and section paths: the addresses deep links, the command line and
/// validation messages use.
extension Panel {
  /// Every row of the panel and its detail pages, depth-first in display order:
  /// a detail row comes just before the rows of its page.
  package var entries: [PanelEntry] {
    var result: [PanelEntry] = []
    collectEntries(pagePath: .root, pageTitles: [], conditions: [], into: &result)
    return result
  }

  /// The number of rows on the panel and all its detail pages.
  package var entryCount: Int {
    sections.reduce(0) { count, section in
      section.rows.reduce(count) { count, row in
        if case .detail(let page) = row.kind.form { return count + 1 + page.entryCount }
        return count + 1
      }
    }
  }

  /// The row at a path such as `appearance/dark-style` or `help/about/info/version`.
  ///
  /// Shorter forms name the same row, since a row's id is unique on its page:
  /// the sections inside detail pages may be left out (`help/about/version`),
  /// or every section (`about/version`), and leading parts may be left out of
  /// any form (`clock/show-seconds` for `desktop/top-bar/clock/show-seconds`).
  /// The first row in panel order that a form names wins; the entry carries the full path.
  package func entry(at path: RowPath) -> PanelEntry? {
    if let exact = exactEntry(at: path) { return exact }
    guard !path.isEmpty else { return nil }
    return entries.first { entry in entry.path.forms.contains { $0.ends(with: path) } }
  }

  /// The row at a full path, making pages that are made on demand on the way
  /// (the window's deep links and search results); resolves only the exact form.
  @MainActor
  package func entry(throughPagesAt path: RowPath) -> PanelEntry? {
    if let entry = exactEntry(at: path, throughPages: true) { return entry }
    return entry(at: path)
  }

  /// Every row, and those of kept pages made on demand (made now if need be), for search.
  @MainActor
  package var entriesThroughPages: [PanelEntry] {
    var result: [PanelEntry] = []
    collectEntries(pagePath: .root, pageTitles: [], conditions: [], throughPages: true, into: &result)
    return result
  }

  /// What search in the window covers: every row, and those of kept pages made on demand
  /// except rows of a key that a row of the panel's own already sets (the friendlier row wins).
  @MainActor
  package var searchableEntries: [PanelEntry] {
    let own = entries
    let ownPaths = Set(own.map(\.path))
    let ownKeys = Set(own.compactMap(\.row.key))
    return entriesThroughPages.filter { entry in
      guard let key = entry.row.key, ownKeys.contains(key) else { return true }
      return ownPaths.contains(entry.path)
    }
  }

  /// The page a row opens: its detail page, or with `throughPages` a page made on
  /// demand (only a kept one with `keptOnly`, so search leaves out pages that change).
  package static func subpage(of row: Row, throughPages: Bool, keptOnly: Bool = false) -> Panel? {
    switch row.kind.form {
    case .detail(let page): return page
    case .page(let link) where throughPages:
      // Only the window passes throughPages, from the main actor.
      return MainActor.assumeIsolated { MadePage(panel: !keptOnly || link.keepsPage ? link.page : nil) }.panel
    case .page:
      return nil
    case .toggle, .link, .email, .value, .slider, .choice, .action, .text, .number, .font, .file, .multiSelect, .list,
      .shortcut, .color:
      return nil
    }
  }

  /// The row at a full path only (no shorter form), with `throughPages` also on pages made on
  /// demand: one walk down the pages, no look at every row.
  package func exactEntry(at path: RowPath, throughPages: Bool = false) -> PanelEntry? {
    guard path.namesRow else { return nil }
    let parts = path.ids
    var page = self
    var pageTitles: [String] = []
    var conditions: [Condition] = []
    var pagePath = RowPath.root
    for index in stride(from: 0, to: parts.count, by: 2) {
      guard let section = page.sections.first(where: { $0.id == parts[index] }),
        let row = section.rows.first(where: { $0.id == parts[index + 1] })
      else { return nil }
      let rowPath = pagePath.appending(section.id, row.id)
      let rowConditions = conditions + [section.visibleWhen, row.visibleWhen].compactMap { $0 }
      if index + 2 == parts.count {
        return PanelEntry(
          path: rowPath, row: row, section: section, pageTitles: pageTitles, page: page,
          visibilityConditions: rowConditions)
      }
      guard let subpage = Self.subpage(of: row, throughPages: throughPages) else { return nil }
      page = subpage
      pageTitles.append(subpage.title)
      conditions = rowConditions
      pagePath = rowPath
    }
    return nil
  }

  /// The section at a path such as `clock` or `help/about/version`, with the
  /// page it is on and that page's path ("" for the first page).
  /// Leading parts may be left out (`clock` for `desktop/top-bar/clock`).
  package func section(at path: RowPath) -> (section: Section, page: Panel, pagePath: RowPath)? {
    if let exact = exactSection(at: path) { return exact }
    guard !path.isEmpty, let full = sectionPaths.first(where: { $0.ends(with: path) }) else { return nil }
    return exactSection(at: full)
  }

  private func exactSection(at path: RowPath) -> (section: Section, page: Panel, pagePath: RowPath)? {
    let parts = path.ids
    guard parts.count % 2 == 1 else { return nil }
    var page = self
    var pagePath = RowPath.root
    if parts.count > 1 {
      guard let detail = entry(at: path.droppingLast(1)),
        case .detail(let subpage) = detail.row.kind.form
      else { return nil }
      page = subpage
      pagePath = detail.path
    }
    guard let section = page.sections.first(where: { $0.id == parts[parts.count - 1] }) else { return nil }
    return (section, page, pagePath)
  }

  /// Every section path, depth-first in display order, for suggestions and checks.
  package var sectionPaths: [RowPath] {
    var result: [RowPath] = []
    collectSectionPaths(pagePath: .root, into: &result)
    return result
  }

  /// The known row and section paths nearest to `path` by edit distance, best
  /// first (ties in panel order), for an "unknown path, did you mean" message.
  package func closestPaths(to path: RowPath, limit: Int = 3) -> [RowPath] {
    closestPaths(to: path, among: entries, limit: limit)
  }

  /// `closestPaths(to:limit:)` among `entries` (the panel's, made once by the caller) and the sections.
  func closestPaths(to path: RowPath, among entries: [PanelEntry], limit: Int = 3) -> [RowPath] {
    guard path.description.utf8.count <= Suggestions.longestTarget else { return [] }
    let known = (sectionPaths + entries.map(\.path)).map(\.description)
    return Suggestions.closest(to: path.description, among: known, limit: limit).map(RowPath.init(parsing:))
  }

  private func collectEntries(
    pagePath: RowPath, pageTitles: [String], conditions: [Condition], throughPages: Bool = false,
    into result: inout [PanelEntry]
  ) {
    for section in sections {
      for row in section.rows {
        let path = pagePath.appending(section.id, row.id)
        let rowConditions = conditions + [section.visibleWhen, row.visibleWhen].compactMap { $0 }
        result.append(
          PanelEntry(
            path: path, row: row, section: section, pageTitles: pageTitles, page: self,
            visibilityConditions: rowConditions))
        if let subpage = Self.subpage(of: row, throughPages: throughPages, keptOnly: true) {
          subpage.collectEntries(
            pagePath: path, pageTitles: pageTitles + [subpage.title], conditions: rowConditions,
            throughPages: throughPages, into: &result)
        }
      }
    }
  }

  private func collectSectionPaths(pagePath: RowPath, into result: inout [RowPath]) {
    for section in sections {
      let sectionPath = pagePath.appending(section.id)
      result.append(sectionPath)
      for row in section.rows {
        if case .detail(let subpage) = row.kind.form {
          subpage.collectSectionPaths(pagePath: sectionPath.appending(row.id), into: &result)
        }
      }
    }
  }
}

/// A page handed out of `MainActor.assumeIsolated`, which only returns Sendable values;
/// it never leaves the main actor.
private struct MadePage: @unchecked Sendable {
  let panel: Panel?
}

extension Panel {
  /// Each key's title: the first row showing all of the key's value (not a part of it, as a
  /// titlebar button is of `button-layout`). For naming changes of keys.
  package var settingTitles: [SettingKey: String] {
    var found: [SettingKey: String] = [:]
    for entry in entries where !entry.row.showsPartOfItsKey {
      if let key = entry.row.key, found[key] == nil { found[key] = entry.row.title }
    }
    return found
  }
}
