/// One key in a GSettings schema, the unit every bound row reads and writes.
public struct SettingKey: Hashable, Sendable, CustomStringConvertible {
  /// The schema id, e.g. `org.gnome.desktop.interface`.
  public var schema: String
  /// The key name inside the schema, e.g. `color-scheme`.
  public var key: String

  public init(schema: String, key: String) {
    self.schema = schema
    self.key = key
  }

  public var description: String { "\(schema) \(key)" }
}
