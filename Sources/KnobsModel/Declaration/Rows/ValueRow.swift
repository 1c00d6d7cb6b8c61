/// A read-only value shown at the right, fixed or computed from settings.
public struct ValueRow: RowDeclaration {
  public let row: Row

  public init(_ id: String, _ title: String, value: String) {
    row = Row(id: id, title: title, kind: .value(.fixed(value)))
  }

  public init(_ id: String, _ title: String, value: @escaping @MainActor (SettingsReader) -> String) {
    row = Row(id: id, title: title, kind: .value(.live(value)))
  }
}
