/// What the All Settings pages need from the installed schemas: GSettings in
/// the app, a few schemas written by hand in tests.
@MainActor
public protocol SchemaLibrary: KeyNaming {
  /// Every installed schema, relocatable ones too, sorted by id.
  var installedSchemas: [InstalledSchema] { get }
  /// Why some schemas could not be read (a corrupt compiled file, say), in words.
  var problems: [String] { get }
  /// The schema as the generator reads it; nil when it is not installed or is relocatable.
  /// `ID:/PATH/` describes a relocatable schema at a path of the user's dconf database.
  func describeSchema(_ id: String) -> SchemaDescription?
  /// The key names of an installed schema, relocatable ones too, sorted.
  func keyNames(of schemaID: String) -> [String]
  /// The keys of the schema whose value is the user's own and differs from the default, sorted.
  func modifiedKeys(in schemaID: String) -> [String]
}

/// One installed schema as the All Settings page lists it.
public struct InstalledSchema: Hashable, Sendable {
  /// The schema's id.
  public var id: String
  /// Nil for a relocatable schema.
  public var path: String?
  /// How many keys the schema has.
  public var keyCount: Int

  /// An installed schema with this id, path (nil when relocatable) and number of keys.
  public init(id: String, path: String?, keyCount: Int) {
    self.id = id
    self.path = path
    self.keyCount = keyCount
  }
}

/// Stores that can list a schema's keys, for “did you mean” when a panel names a key that is not there.
@MainActor
public protocol KeyNaming: AnyObject {
  /// The key names of an installed schema, sorted; none when it is not installed.
  func keyNames(of schemaID: String) -> [String]
}
