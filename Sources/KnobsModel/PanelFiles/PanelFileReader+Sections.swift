extension PanelFileReader {
  static let sectionKeys = ["id", "title", "header", "footer", "visible-when", "rows"]

  /// The sections of a page; `pagePath` is empty for the first page, else the detail row's path.
  func sections(_ nodes: [Node], pagePath: RowPath) -> [Section] {
    nodes.enumerated().compactMap { index, node in section(node, pagePath: pagePath, number: index + 1) }
  }

  private func section(_ node: Node, pagePath: RowPath, number: Int) -> Section? {
    let provisional =
      node.mapping?["id"]?.string.map { pagePath.appending($0) }
      ?? pagePath.appending("(section \(number))")
    guard let fields = fields(node, path: provisional, kind: .section, known: Self.sectionKeys) else { return nil }
    let id = string(fields, "id", required: true) ?? ""
    let path = id.isEmpty ? provisional : pagePath.appending(id)
    let located = Fields(
      position: fields.position, path: path, kind: fields.kind, values: fields.values,
      keyPositions: fields.keyPositions)
    visit(path, at: fields.position)
    var section = Section(id, text(located, "title")) {}
    section.header = translatedLiveText(located, "header")
    section.footer = translatedLiveText(located, "footer")
    if let condition = located["visible-when"] { section.visibleWhen = self.condition(condition, path: path) }
    let rowNodes = sequence(located, "rows", required: true) ?? []
    section.rows = rowNodes.enumerated().compactMap { index, node in row(node, sectionPath: path, number: index + 1) }
    return section
  }
}
