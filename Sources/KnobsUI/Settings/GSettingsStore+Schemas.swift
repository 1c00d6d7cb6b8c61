import Gtk
import KnobsModel

extension GSettingsStore {
  /// The ids of every installed schema with a fixed path, sorted.
  public var schemaIDs: [String] { source.schemaIDs }

  /// The schema as the panel generator reads it; nil when it is not installed or is relocatable.
  public func describeSchema(_ id: String) -> SchemaDescription? {
    guard let schema = source.schema(id), let path = schema.path else { return nil }
    let keys = schema.keyNames.compactMap(schema.key).map { key in
      KeyDescription(
        name: key.name, typeString: key.typeString, summary: key.summary, description: key.description,
        range: Self.keyRange(key.range))
    }
    return SchemaDescription(id: id, path: path, keys: keys)
  }

  /// Whether the schema is installed but relocatable, so its keys have no path of their own.
  public func isRelocatable(_ id: String) -> Bool {
    guard let schema = source.schema(id) else { return false }
    return schema.path == nil
  }

  /// Generated panels for the installed schemas, each made when first asked for.
  public func schemaPanels() -> SchemaPanels {
    SchemaPanels { [weak self] id in self?.describeSchema(id) }
  }

  private static func keyRange(_ range: SchemaKeyRange) -> KeyRange {
    switch range {
    case .any: return .any
    case .enumeration(let nicks): return .enumeration(nicks)
    case .flags(let nicks): return .flags(nicks)
    case .choices(let nicks): return .choices(nicks)
    case .interval(let minimum, let maximum): return .range(minimum: minimum, maximum: maximum)
    }
  }
}
