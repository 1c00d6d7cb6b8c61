import Gio
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
    guard let schema = source.schema(forTextsOf: id), let path = schema.path ?? SchemaSource.split(id).path else {
      return nil
    }
    guard schema.path == nil || SchemaSource.split(id).path == nil, SchemaPath.isFolder(path) else { return nil }
    // English texts, when these are translated: search matches them and `list --json` writes them.
    let english = source.englishTexts(of: id)
    // The generator reads a string key's default only where it tells a color, a path or a listed
    // value from other text (`SchemaPanel.readsDefault(of:)`), and lists' defaults for shortcuts.
    let keys = SchemaPanel.inNaturalOrder(schema.keyNames).compactMap { name -> KeyDescription? in
      guard var key = schema.key(name, readsListDefault: true).map(Self.keyDescription) else { return nil }
      if SchemaPanel.readsDefault(of: key) {
        key.defaultString = schema.key(name, readsDefault: true)?.defaultString
      }
      let written = english?[key.name]
      key.englishSummary = written?.summary == key.summary ? nil : written?.summary
      key.englishDescription = written?.description == key.description ? nil : written?.description
      return key
    }
    let description = SchemaDescription(id: id, path: path, keys: keys)
    // The compiled schema keeps no order: the page follows the schema's file when it is installed beside it.
    let schemaID = SchemaSource.split(id).id
    guard let order = SchemaFileOrder.find(schema: schemaID, in: source.foldersByPrecedence) else { return description }
    return description.inFileOrder(order)
  }

  private static func keyDescription(_ key: SchemaKeyInfo) -> KeyDescription {
    KeyDescription(
      name: key.name, typeString: key.typeString, summary: key.summary, description: key.description,
      range: keyRange(key.range), defaultString: key.defaultString, defaultStrings: key.defaultStrings,
      defaultNumber: key.defaultNumber)
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
