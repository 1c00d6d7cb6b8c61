/// A row that opens a page of its own; the page's title is the row's title.
public struct DetailRow: RowDeclaration {
  public let row: Row

  public init(_ id: String, _ title: String, @SectionBuilder sections: () -> [Section]) {
    row = Row(id: id, title: title, kind: .detail(Panel(title: title, sections: sections())))
  }
}
