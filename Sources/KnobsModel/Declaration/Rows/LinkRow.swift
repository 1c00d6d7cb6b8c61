/// A row that opens a URL. Only `https` and `http` unless `allowing` names another scheme.
public struct LinkRow: RowDeclaration {
  /// The row this declaration makes.
  public let row: Row

  /// A row that opens `url`; `allowing` names schemes it may use beyond `https` and `http`.
  public init(_ id: String, _ title: String, url: String, allowing extraSchemes: Set<String> = []) {
    row = Row(id: id, title: title, kind: .link(.init(url: url, extraSchemes: extraSchemes)))
  }
}
