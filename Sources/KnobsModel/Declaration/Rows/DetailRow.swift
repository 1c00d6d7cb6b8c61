/// A row that opens a page of its own; the page's title is the row's title.
public struct DetailRow: RowDeclaration {
  /// The row this declaration makes.
  public let row: Row

  /// A row that opens a page of its own holding `sections`.
  public init(_ id: String, _ title: String, @SectionBuilder sections: () -> [Section]) {
    row = Row(id: id, title: title, kind: .detail(Panel(title: title, sections: sections())))
  }
}
