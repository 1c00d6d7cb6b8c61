import KnobsDesktopModel
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsDesktop

/// `Panel.resolve` makes the forms of only the rows whose id is the path's last id. On the
/// shipped panel, every path a person may write (each row's full path and forms, every
/// shorter ending of them, section paths, near misses) names what it named when every row's
/// forms were made, which `namedByEveryForm` still does here.
@MainActor
final class PathLookupEquivalenceTests: GtkTestCase {
  let panel = referencePanel(
    autostart: AutostartStore(folders: ReferencePanelTests.emptyHome),
    extensions: ShellExtensionRows(find: { ShellExtensions([]) }, folders: []),
    recentChanges: RecentChangesRows(history: ChangeHistory(file: "/nonexistent/knobs/history")),
    allSettings: ReferencePanelTests.allSettings.section, gtkVersion: { "4.8.3" })

  /// The lookup as it was before: every row's forms made, then the same steps.
  private func namedByEveryForm(_ path: RowPath) -> String {
    let entries = panel.entries
    let exact = panel.exactEntry(at: path)
    if let exact, exact.path == path { return "row \(exact.path)" }
    let forms = entries.map(\.path.forms)
    let endsLikePath = { (form: RowPath) in form == path || form.ends(with: path) }
    if path.namesRow, exact == nil,
      let first = forms.firstIndex(where: { $0.contains(where: endsLikePath) }), entries[first].path == path
    {
      return "row \(entries[first].path)"
    }
    if let found = panel.section(at: path), found.pagePath.appending(found.section.id) == path {
      return "section \(path)"
    }
    let whole = entries.indices.filter { forms[$0].contains(path) }.map { entries[$0].path }
    if whole.count == 1 { return "row \(whole[0])" }
    if whole.count > 1 { return "ambiguous \(whole)" }
    let rows = entries.indices.filter { forms[$0].contains(where: endsLikePath) }.map { entries[$0].path }
    let sections = panel.sectionPaths.filter { $0.ends(with: path) }
    switch (rows.count, sections.count) {
    case (1, _): return "row \(rows[0])"
    case (0, 1):
      guard let found = panel.section(at: sections[0]), found.pagePath.appending(found.section.id) == sections[0]
      else { return "nothing" }
      return "section \(sections[0])"
    case (0, 0): return "nothing"
    default: return "ambiguous \(rows + sections)"
    }
  }

  private func named(_ path: RowPath) -> String {
    switch panel.resolve(path, suggesting: false) {
    case .row(let entry): return "row \(entry.path)"
    case .section(let found, _, _): return "section \(found)"
    case .ambiguous(let paths): return "ambiguous \(paths)"
    case .notFound: return "nothing"
    }
  }

  func testEveryPathAPersonMayWriteNamesWhatItNamedWhenEveryRowsFormsWereMade() async throws {
    var paths: Set<String> = []
    for entry in panel.entries {
      for form in entry.path.forms {
        let ids = form.ids
        for start in ids.indices { paths.insert(ids[start...].joined(separator: "/")) }
      }
    }
    for section in panel.sectionPaths {
      let ids = section.ids
      for start in ids.indices { paths.insert(ids[start...].joined(separator: "/")) }
    }
    // Near misses: a last id another row has under a wrong page, an id no row has, a trailing part.
    paths.formUnion(["appearance/maximize", "no-such-row", "desktop/no-such-row", "fonts/x/y", "clock"])
    XCTAssertGreaterThan(paths.count, 1000, "the shipped panel's paths")
    var differing: [String] = []
    for text in paths.sorted() {
      let path = RowPath(parsing: text)
      let now = named(path)
      let before = namedByEveryForm(path)
      if now != before { differing.append("\(text): \(now), was \(before)") }
    }
    XCTAssertEqual(differing, [], "\(differing.count) of \(paths.count) paths name something else")
    // Each kind of answer is among them, so the comparison covers every branch.
    let answers = paths.map { named(RowPath(parsing: $0)).split(separator: " ")[0] }
    XCTAssertEqual(Set(answers), ["row", "section", "ambiguous", "nothing"])
  }
}
