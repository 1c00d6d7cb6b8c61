/// What a path a person wrote names: a row, a section, several of them, or nothing.
public enum PathResolution {
  case row(PanelEntry)
  /// A section: its path, the section and the page it is on.
  case section(RowPath, Section, page: Panel)
  /// A short form that names more than one row or section: their full paths, in panel order.
  case ambiguous([RowPath])
  case none
}

extension Panel {
  /// What `path` names. A full path names its row or section. A shorter form (sections inside
  /// pages or leading parts left out, see `entry(at:)`) names the one row it is a form of, else
  /// the one row it ends, else the one section it ends; one that fits several rows, or no row and
  /// several sections, is ambiguous rather than the first of them.
  public func resolve(_ path: RowPath) -> PathResolution {
    guard !path.isEmpty else { return .none }
    if path.namesRow, let entry = entry(at: path), entry.path == path { return .row(entry) }
    if let section = exactSectionAt(path) { return section }
    // A short form written whole (`windows/maximize`, the Windows page's Maximize) comes before
    // a path that merely ends like it (a Maximize shortcut in a Windows section elsewhere).
    let whole = entries.filter { $0.path.forms.contains(path) }
    if whole.count == 1 { return .row(whole[0]) }
    if whole.count > 1 { return .ambiguous(whole.map(\.path)) }
    let rows = entries.filter { entry in entry.path.forms.contains { $0.ends(with: path) } }
    let sections = sectionPaths.filter { $0.ends(with: path) }
    // A row is what a short form names first (`fonts` is the Fonts page, not the section on
    // it, nor a Fonts section elsewhere); a section only when no row fits.
    switch (rows.count, sections.count) {
    case (1, _): return .row(rows[0])
    case (0, 1): return exactSectionAt(sections[0]) ?? .none
    case (0, 0): return .none
    default: return .ambiguous(rows.map(\.path) + sections)
    }
  }

  private func exactSectionAt(_ path: RowPath) -> PathResolution? {
    guard let found = section(at: path), found.pagePath.appending(found.section.id) == path else { return nil }
    return .section(path, found.section, page: found.page)
  }
}
