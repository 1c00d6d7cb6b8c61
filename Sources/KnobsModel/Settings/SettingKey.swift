/// One key in a GSettings schema, the unit every bound row reads and writes.
public struct SettingKey: Hashable, Sendable, CustomStringConvertible {
  /// The schema id, e.g. `org.gnome.desktop.interface`.
  public var schema: String
  /// The key name inside the schema, e.g. `color-scheme`.
  public var key: String

  /// The key `key` of the schema `schema`.
  public init(schema: String, key: String) {
    self.schema = schema
    self.key = key
  }

  public var description: String { "\(schema) \(key)" }

  /// Every key of `schema`, as a change observer hears it when the whole schema changed
  /// (it was removed, say).
  public static func wholeSchema(_ schema: String) -> SettingKey { SettingKey(schema: schema, key: "") }

  /// Whether a change of this key changes `other`: it is `other`, or the whole of its schema.
  public func covers(_ other: SettingKey) -> Bool {
    key.isEmpty ? schema == other.schema : self == other
  }
}
