/// A read-only value shown at the right, fixed or computed from settings.
public struct ValueRow: RowDeclaration {
  /// The row this declaration makes.
  public let row: Row

  /// A row showing `value`, which does not change.
  public init(_ id: String, _ title: String, value: String) {
    row = Row(id: id, title: title, kind: .value(.fixed(value)))
  }

  /// A row showing a value computed from the current settings.
  public init(_ id: String, _ title: String, value: @escaping @MainActor (SettingsReader) -> String) {
    row = Row(id: id, title: title, kind: .value(.live(value)))
  }
}
