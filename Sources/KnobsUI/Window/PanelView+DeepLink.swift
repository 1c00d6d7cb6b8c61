import Gtk
import KnobsModel

extension PanelView {
  /// Opens the page holding the row (or section) at `path`, scrolls it into
  /// view, focuses and briefly highlights it. A path that names nothing, or several
  /// rows, is reported in the view as the command line reports it (`PathLookup`);
  /// returns whether the path was found.
  @discardableResult
  public func open(_ path: RowPath) -> Bool {
    open(path, findingRows: true)
  }

  /// With `findingRows`, a path that names nothing is looked for again once every row source
  /// has found its rows (`prepareRows`): a deep link into the history finds its entry.
  private func open(_ path: RowPath, findingRows: Bool) -> Bool {
    // Longer than any real path: said at once, never looked up or compared (any program on
    // the session bus can send one, and the window must keep answering).
    if let problem = path.tooLongProblem {
      showMessage(problem, actions: [])
      return false
    }
    if search.isActive { search.end(restoring: false) }
    if let pagePath = schemaPageToOpen(path) {
      navigate(toPage: pagePath)
      onReveal?()
      currentPage.focusFirstRow()
      return true
    }
    // A full path, also into pages made on demand (All Settings); then what a shorter form names.
    let target = schemaPagePath(path) ?? path
    // The full path only: a shorter form is looked up once, below (every row compared).
    if let entry = rootPanel.exactEntry(at: target, throughPages: true) {
      reveal(entry)
      return true
    }
    // Suggestions only once every row source has found its rows: those before would go unsaid.
    let lookup = rootPanel.resolve(path, suggesting: !findingRows)
    switch lookup {
    case .row(let entry):
      reveal(entry)
      return true
    case .section(let sectionPath, let section, _):
      navigate(toPage: sectionPath.droppingLast(1))
      let page = currentPage
      if let view = page.sections.first(where: { $0.section.id == section.id }),
        let first = page.shown.first(where: { $0.section == view.index })
      {
        reveal(first)
      }
      return true
    case .notFound where findingRows:
      rootPanel.rowSources.forEach { $0.prepareRows() }
      return open(path, findingRows: false)
    case .ambiguous, .notFound:
      showMessage(lookup.problem(about: path) ?? "", actions: [])
      return false
    }
  }

  /// The page `schema` (All Settings) or `schema/ID` (a schema's page) opens, when the view has them.
  private func schemaPageToOpen(_ path: RowPath) -> RowPath? {
    guard schemaPages != nil else { return nil }
    if path == "schema" { return AllSettings.rowPath }
    guard case .schema? = SchemaPath(path), let pagePath = schemaPagePath(path),
      rootPanel.entry(throughPagesAt: pagePath) != nil
    else { return nil }
    return pagePath
  }

  /// The full path of a `schema/ID` or `schema/ID/KEY` path on the All Settings page, when the view has one.
  private func schemaPagePath(_ path: RowPath) -> RowPath? {
    guard let schemaPath = SchemaPath(path), let pages = schemaPages else { return nil }
    return pages.path(of: schemaPath)
  }

  /// Shows the page whose detail-row path is `pagePath` (empty for the first page), without animation.
  private func navigate(toPage pagePath: RowPath) {
    if currentPage.path == pagePath { return }
    popToRoot()
    let ids = pagePath.ids.map(String.init)
    var page = rootPanel
    var rowPath = RowPath.root
    for index in stride(from: 0, to: ids.count - 1, by: 2) {
      rowPath = rowPath.appending(ids[index], ids[index + 1])
      guard
        let row = page.sections.first(where: { $0.id == ids[index] })?.rows.first(where: { $0.id == ids[index + 1] }),
        let subpage = Panel.subpage(of: row, throughPages: true)
      else { return }
      pushWithoutAnimation(subpage, path: rowPath)
      page = subpage
    }
  }

  /// Shows the page of the row and the row on it.
  private func reveal(_ entry: PanelEntry) {
    navigate(toPage: entry.pagePath)
    if let address = currentPage.address(of: entry.path) { reveal(address) }
  }

  /// Scrolls the row at `address` into view once it is laid out, focuses it and highlights it for a moment.
  private func reveal(_ address: RowAddress) {
    onReveal?()
    let page = currentPage
    Task { @MainActor in
      guard let rowView = await page.focus(address) else { return }
      let row = rowView.listRow
      row.addCSSClass("knobs-highlight")
      await sleepOnMainLoop(2)
      row.removeCSSClass("knobs-highlight")
    }
  }
}
