/// What a path a person wrote names: a row, a section, several of them, or nothing, with the
/// paths they may have meant. The command line and deep links look paths up through it and say
/// the same when one finds no single row or section.
public enum PathLookup {
  case row(PanelEntry)
  /// A section: its path, the section and the page it is on.
  case section(RowPath, Section, page: Panel)
  /// A short form that names more than one row or section: their full paths, in panel order.
  case ambiguous([RowPath])
  /// Nothing is at the path: the known row and section paths nearest to it, best first.
  case notFound(suggestions: [RowPath])

  /// What is said about `path` when it names nothing or several things; nil when it was found.
  /// The path and the paths named are echoed through `escapedForMessage`, at most
  /// `String.listedLimit` of them; a path too long to look up is said to be so.
  public func problem(about path: RowPath) -> String? {
    switch self {
    case .row, .section:
      return nil
    case .ambiguous(let candidates):
      return tr(
        "“%1$s” could be any of %2$s; write more of the path.", path.description.escapedForMessage,
        String.listed(candidates.map(\.description.escapedForMessage)))
    case .notFound(let suggestions):
      if let tooLong = path.tooLongProblem { return tooLong }
      let missing = tr("There is no setting at “%s”.", path.description.escapedForMessage)
      guard !suggestions.isEmpty else { return missing }
      return missing + " " + tr("Did you mean %s?", String.listed(suggestions.map(\.description.escapedForMessage)))
    }
  }
}

extension Panel {
  /// What `path` names. A full path names its row or section. A shorter form (sections inside
  /// pages or leading parts left out, see `entry(at:)`) names the one row it is a form of, else
  /// the one row it ends, else the one section it ends; one that fits several rows, or no row and
  /// several sections, is ambiguous rather than the first of them. A path that names nothing
  /// comes with the three known paths nearest to it. A path longer than any real one
  /// (`RowPath.isTooLong`) names nothing and is not compared with any. Without `suggesting`, a
  /// path that names nothing comes with none (for a caller that looks again before it says so).
  public func resolve(_ path: RowPath, suggesting: Bool = true) -> PathLookup {
    guard !path.isEmpty, !path.isTooLong else { return .notFound(suggestions: []) }
    if path.namesRow, let entry = exactEntry(at: path) { return .row(entry) }
    if let section = exactSectionAt(path) { return section }
    // Every row and its forms made once: a deep link that names nothing waits for this.
    let all = entries
    let forms = all.map(\.path.forms)
    // A short form written whole (`windows/maximize`, the Windows page's Maximize) comes before
    // a path that merely ends like it (a Maximize shortcut in a Windows section elsewhere).
    let whole = all.indices.filter { forms[$0].contains(path) }.map { all[$0] }
    if whole.count == 1 { return .row(whole[0]) }
    if whole.count > 1 { return .ambiguous(whole.map(\.path)) }
    let rows = all.indices.filter { index in forms[index].contains { $0.ends(with: path) } }.map { all[$0] }
    let sections = sectionPaths.filter { $0.ends(with: path) }
    let suggestions = { suggesting ? self.closestPaths(to: path, among: all) : [] }
    // A row is what a short form names first (`fonts` is the Fonts page, not the section on
    // it, nor a Fonts section elsewhere); a section only when no row fits.
    switch (rows.count, sections.count) {
    case (1, _): return .row(rows[0])
    case (0, 1): return exactSectionAt(sections[0]) ?? .notFound(suggestions: suggestions())
    case (0, 0): return .notFound(suggestions: suggestions())
    default: return .ambiguous(rows.map(\.path) + sections)
    }
  }

  private func exactSectionAt(_ path: RowPath) -> PathLookup? {
    guard let found = section(at: path), found.pagePath.appending(found.section.id) == path else { return nil }
    return .section(path, found.section, page: found.page)
  }
}
