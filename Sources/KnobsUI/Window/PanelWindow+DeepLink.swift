import Foundation
import Gtk
import KnobsModel

extension PanelWindow {
  /// Opens the page holding the row (or section) at `path`, scrolls it into
  /// view, focuses and briefly highlights it. An unknown path is reported in the
  /// window with the closest known paths; returns whether the path was found.
  @discardableResult
  public func open(path: String) -> Bool {
    let trimmed = Self.trimmed(path)
    if search.isActive { search.end(restoring: false) }
    if let pagePath = schemaPageToOpen(trimmed) {
      navigate(toPage: pagePath)
      window.present()
      currentPage.focusFirstRow()
      return true
    }
    if let entry = rootPanel.entry(throughPagesAt: schemaPagePath(trimmed) ?? trimmed) {
      let parts = entry.path.split(separator: "/").map(String.init)
      navigate(toPage: parts.dropLast(2).joined(separator: "/"))
      if let address = currentPage.address(of: entry.path) { reveal(address) }
      return true
    }
    if let found = rootPanel.section(at: trimmed) {
      navigate(toPage: found.pagePath)
      let page = currentPage
      if let section = page.sections.first(where: { $0.section.id == found.section.id }),
        let first = page.shown.first(where: { $0.section == section.index })
      {
        reveal(first)
      }
      return true
    }
    let suggestions = rootPanel.closestPaths(to: trimmed, limit: 3)
    let message =
      suggestions.isEmpty
      ? tr("There is no setting at “%s”.", trimmed)
      : tr("There is no setting at “%s”. Did you mean %s?", trimmed, suggestions.joined(separator: ", "))
    showMessage(message, actions: [])
    return false
  }

  /// The path without spaces around it and “/” at either end; a relocatable
  /// schema's folder keeps its last “/”, which tells `schema/ID:/FOLDER/` (the
  /// schema there) from `schema/ID:/FOLDER/KEY`.
  static func trimmed(_ path: String) -> String {
    let spaceless = path.trimmingCharacters(in: .whitespaces)
    let leading = String(spaceless.drop { $0 == "/" })
    guard !leading.contains(":/") else { return leading }
    return leading.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
  }

  /// The page `schema` (All Settings) or `schema/ID` (a schema's page) opens, when the window has them.
  private func schemaPageToOpen(_ path: String) -> String? {
    guard schemaPages != nil else { return nil }
    if path == "schema" { return AllSettings.rowPath }
    guard case .schema? = SchemaPath(path), let pagePath = schemaPagePath(path),
      rootPanel.entry(throughPagesAt: pagePath) != nil
    else { return nil }
    return pagePath
  }

  /// The full path of a `schema/ID` or `schema/ID/KEY` path on the All Settings page, when the window has one.
  private func schemaPagePath(_ path: String) -> String? {
    guard let schemaPath = SchemaPath(path), let pages = schemaPages else { return nil }
    return pages.path(of: schemaPath)
  }

  /// Shows the page whose detail-row path is `pagePath` ("" for the first page), without animation.
  private func navigate(toPage pagePath: String) {
    if currentPage.path == pagePath { return }
    popToRoot()
    let parts = pagePath.split(separator: "/").map(String.init)
    var page = rootPanel
    var prefix = ""
    for index in stride(from: 0, to: parts.count - 1, by: 2) {
      let rowPath = prefix + parts[index] + "/" + parts[index + 1]
      guard
        let row = page.sections.first(where: { $0.id == parts[index] })?.rows.first(where: { $0.id == parts[index + 1] }
        ),
        let subpage = Panel.subpage(of: row, throughPages: true)
      else { return }
      pushWithoutAnimation(subpage, path: rowPath)
      page = subpage
      prefix = rowPath + "/"
    }
  }

  /// Scrolls the row at `address` into view once it is laid out, focuses it and highlights it for a moment.
  private func reveal(_ address: RowAddress) {
    window.present()
    let page = currentPage
    Task { @MainActor in
      guard let rowView = await page.focus(address) else { return }
      let row = rowView.listRow
      row.addCSSClass("knobs-highlight")
      try? await Task.sleep(for: .seconds(2))
      row.removeCSSClass("knobs-highlight")
    }
  }
}
