/// A row that opens a URL. Only `https` and `http` unless `allowing` names another scheme.
public struct LinkRow: RowDeclaration {
  public let row: Row

  public init(_ id: String, _ title: String, url: String, allowing extraSchemes: Set<String> = []) {
    row = Row(id: id, title: title, kind: .link(.init(url: url, extraSchemes: extraSchemes)))
  }
}
