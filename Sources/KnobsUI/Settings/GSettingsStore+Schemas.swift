import Gtk
import KnobsModel

extension GSettingsStore: SchemaLibrary {
  public var installedSchemas: [InstalledSchema] {
    (source.schemaIDs + source.relocatableSchemaIDs).sorted().compactMap { id in
      guard let schema = source.schema(id) else { return nil }
      return InstalledSchema(id: id, path: schema.path, keyCount: schema.keyNames.count)
    }
  }

  public var problems: [String] { source.problems }

  public func keyNames(of schemaID: String) -> [String] { source.schema(schemaID)?.keyNames ?? [] }

  public func modifiedKeys(in schemaID: String) -> [String] {
    guard let settings = settings(schemaID), let schema = source.schema(schemaID) else { return [] }
    return schema.keyNames.filter { key in
      settings.hasUserValue(key) && settings.value(key).text != settings.defaultValue(key)?.text
    }
  }

  /// The ids of every installed schema with a fixed path, sorted.
  public var schemaIDs: [String] { source.schemaIDs }

  /// The schema as the panel generator reads it; nil when it is not installed or is relocatable.
  /// `ID:/PATH/` describes a relocatable schema at a path.
  public func describeSchema(_ id: String) -> SchemaDescription? {
    guard let schema = source.schema(id), let path = schema.path ?? SchemaSource.split(id).path else { return nil }
    guard schema.path == nil || SchemaSource.split(id).path == nil, SchemaPath.isFolder(path) else { return nil }
    // English texts, when these are translated: search matches them and `list --json` writes them.
    let english = source.englishTexts(of: id)
    // The generator looks at defaults only to tell colors kept as text (`primary-color`) and
    // lists of shortcuts (an extension's `['<Super>1']`).
    let keys = SchemaPanel.inNaturalOrder(schema.keyNames).compactMap {
      schema.key($0, readsDefault: SchemaPanel.mayBeColor($0), readsListDefault: true)
    }.map { key in
      let written = english?[key.name]
      return KeyDescription(
        name: key.name, typeString: key.typeString, summary: key.summary, description: key.description,
        range: Self.keyRange(key.range), defaultString: key.defaultString, defaultStrings: key.defaultStrings,
        englishSummary: written?.summary == key.summary ? nil : written?.summary,
        englishDescription: written?.description == key.description ? nil : written?.description)
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
