/// What a path a person wrote names: a row, a section, several of them, or nothing, with the
/// paths they may have meant. The command line and deep links look paths up through it and say
/// the same when one finds no single row or section.
public enum PathLookup {
  /// The path names a row.
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
  package func resolve(_ path: RowPath, suggesting: Bool = true) -> PathLookup {
    guard !path.isEmpty, !path.isTooLong else { return .notFound(suggestions: []) }
    let exact = exactEntry(at: path)
    if let exact, exact.path == path { return .row(exact) }
    // The rows, listed once for every look below (`entry(at:)`'s among them).
    let entries = self.entries
    // Every form of a row's path ends with the row's own id, and a form that is or ends like
    // `path` ends with `path`'s last id: only the rows with that id can be named, and only their
    // forms are made (a thousand rows' forms took a third of a `knobs get`).
    let lastID = path.lastID
    let idSuffix = "/" + lastID
    let candidates = entries.filter {
      $0.path.description.hasSuffix(idSuffix) || $0.path.description == lastID
    }.map { (entry: $0, forms: $0.path.forms) }
    let suffix = "/" + path.description
    // `RowPath.ends(with: path)`, without making the suffix anew for each form.
    let endsLikePath = { (form: RowPath) in form.description == path.description || form.description.hasSuffix(suffix) }
    if path.namesRow, exact == nil, let first = candidates.first(where: { $0.forms.contains(where: endsLikePath) }),
      first.entry.path == path
    {
      return .row(first.entry)
    }
    if let section = exactSectionAt(path) { return section }
    // A short form written whole (`windows/maximize`, the Windows page's Maximize) comes before
    // a path that merely ends like it (a Maximize shortcut in a Windows section elsewhere).
    let whole = candidates.filter { $0.forms.contains(path) }.map(\.entry)
    if whole.count == 1 { return .row(whole[0]) }
    if whole.count > 1 { return .ambiguous(whole.map(\.path)) }
    let rows = candidates.filter { $0.forms.contains(where: endsLikePath) }.map(\.entry)
    let sections = sectionPaths.filter { $0.ends(with: path) }
    let suggestions = { suggesting ? self.closestPaths(to: path, among: entries) : [] }
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
