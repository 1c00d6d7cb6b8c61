import Gio
import KnobsModel

extension GSettingsStore {
  /// What an export holds of one schema (`ID`, or `ID:/FOLDER/` for a relocatable one):
  /// its keys the user set a value of their own for (even one equal to the default, or hidden
  /// by a lock), or with `all` every key's value in force, in the list `keys`
  /// when given; none when the schema is not installed. Keys `ExportExclusions` names stay out.
  package func exportEntries(ofSchema id: String, keys: Set<String>? = nil, all: Bool, ownSchema: String?)
    -> [DconfEntry]
  {
    guard let settings = settings(id) else { return [] }
    let (schemaID, folderOfID) = SchemaSource.split(id)
    guard let schema = source.schema(schemaID), let folder = schema.path ?? folderOfID else { return [] }
    return schema.keyNames.sorted().compactMap { key in
      if let keys, !keys.contains(key) { return nil }
      guard !ExportExclusions.excludes(schema: id, key: key, ownSchema: ownSchema) else { return nil }
      // The user's own value (dconf's DCONF_READ_USER_VALUE), even one equal to the default
      // or hidden by a lock: what they set is what they carry; `all` writes what is in force.
      guard let value = all ? settings.value(key) : settings.userValue(key) else { return nil }
      return DconfEntry(folder: folder, key: key, text: value.annotatedText)
    }
  }

  /// Every installed schema's: those with a folder of their own, and relocatable ones at the
  /// folders of the user's database whose keys all belong to them (`dconf`, from `dconf dump /`).
  /// A key is listed once, by the first schema that has it (two schemas may share a folder).
  package func exportEntries(all: Bool, ownSchema: String?, dconf: DconfPaths) -> [DconfEntry] {
    var seen: Set<String> = []
    var entries = schemaIDs.flatMap { exportEntries(ofSchema: $0, all: all, ownSchema: ownSchema) }.filter {
      seen.insert($0.path).inserted
    }
    for id in source.relocatableSchemaIDs {
      guard let schema = source.schema(id) else { continue }
      for folder in dconf.folders(matching: Set(schema.keyNames)) where SchemaPath.isFolder(folder) {
        for entry in exportEntries(ofSchema: id + ":" + folder, all: all, ownSchema: ownSchema)
        where seen.insert(entry.path).inserted {
          entries.append(entry)
        }
      }
    }
    return entries
  }
}
