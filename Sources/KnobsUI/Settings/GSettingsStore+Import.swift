import Gtk
import KnobsModel

/// Which installed schema keeps each key of the user's database: the schema with the
/// key's folder for its own (two may share one: the first that has the key), else the first
/// relocatable schema that has every key the entries set in that folder.
@MainActor
public final class DconfSchemaMap {
  private let store: GSettingsStore
  private var fixed: [String: [String]] = [:]
  private var keysByFolder: [String: Set<String>] = [:]
  private var relocated: [String: String?] = [:]

  public init(_ store: GSettingsStore, entries: [DconfEntry]) {
    self.store = store
    for id in store.schemaIDs { if let path = store.source.schema(id)?.path { fixed[path, default: []].append(id) } }
    for entry in entries { keysByFolder[entry.folder, default: []].insert(entry.key) }
  }

  /// `ID` or `ID:/FOLDER/`; nil when no installed schema keeps it.
  public func schema(of entry: DconfEntry) -> String? {
    if let ids = fixed[entry.folder] {
      return ids.first { store.settings($0)?.hasKey(entry.key) == true } ?? ids[0]
    }
    if let found = relocated[entry.folder] { return found }
    let found = store.relocatableSchema(holding: keysByFolder[entry.folder] ?? [entry.key]).map {
      $0 + ":" + entry.folder
    }
    relocated[entry.folder] = found
    return found
  }
}

/// What an import would change, found before anything is written.
public struct ImportPlan {
  /// One key whose value the import changes.
  public struct Change {
    public let line: Int
    public let key: SettingKey
    /// `/org/gnome/desktop/interface/clock-format`.
    public let path: String
    /// Both as GVariant text with type annotations, as dconf writes them.
    public let old: String
    public let new: String
    /// Whether the key held its default before.
    public let oldIsDefault: Bool
    let value: SettingValue
  }

  public var changes: [Change] = []
  /// Keys the file sets to the value they hold already.
  public var unchanged = 0
  /// Why the file can't be imported, by line; nothing is written when there is any.
  public var problems: [DconfKeyfile.Problem] = []
}

extension ImportPlan {
  /// The changes as the history notes them: a key that held its default had no value before.
  public var recordedChanges: [RecordedChange] {
    changes.map { RecordedChange(key: $0.key, old: $0.oldIsDefault ? nil : $0.old, new: $0.new) }
  }
}

extension GSettingsStore {
  /// The key's GVariant type, when the key is installed.
  public func typeString(of key: SettingKey) -> String? {
    guard let settings = settings(key.schema), settings.hasKey(key.key) else { return nil }
    return settings.typeString(of: key.key)
  }

  /// Checks every line of a keyfile against the installed schemas: the folder and key must
  /// belong to one (a relocatable one when every key of the folder in the file is one of
  /// its keys), the value must read as the key's type and fit its range, and the key must
  /// not be locked.
  public func importPlan(_ lines: [DconfKeyfile.Line]) -> ImportPlan {
    var plan = ImportPlan()
    let schemas = DconfSchemaMap(self, entries: lines.map(\.entry))
    for line in lines {
      let entry = line.entry
      let schema = schemas.schema(of: entry)
      guard let schema, let settings = settings(schema), settings.hasKey(entry.key),
        let type = settings.typeString(of: entry.key)
      else {
        plan.problems.append(
          DconfKeyfile.Problem(line: line.number, message: tr("no installed schema has the key %s.", entry.path)))
        continue
      }
      let key = SettingKey(schema: schema, key: entry.key)
      let value = SettingValue.variant(type: type, text: entry.text)
      do {
        try check(value, for: key)
      } catch {
        plan.problems.append(DconfKeyfile.Problem(line: line.number, message: "\(entry.path): \(error)"))
        continue
      }
      guard case .success(let parsed) = Variant.parse(entry.text, type: type) else { continue }
      let old = settings.value(entry.key).annotatedText
      if old == parsed.annotatedText {
        plan.unchanged += 1
        continue
      }
      guard settings.isWritable(entry.key) else {
        plan.problems.append(
          DconfKeyfile.Problem(
            line: line.number, message: tr("%s is managed by the system and cannot be changed.", entry.path)))
        continue
      }
      plan.changes.append(
        ImportPlan.Change(
          line: line.number, key: key, path: entry.path, old: old, new: parsed.annotatedText,
          oldIsDefault: !settings.hasUserValue(entry.key) || old == settings.defaultValue(entry.key)?.annotatedText,
          value: value))
    }
    return plan
  }

  /// The first relocatable schema that has every one of `keys`.
  func relocatableSchema(holding keys: Set<String>) -> String? {
    guard !keys.isEmpty else { return nil }
    return source.relocatableSchemaIDs.first { id in
      guard let schema = source.schema(id) else { return false }
      return keys.isSubset(of: Set(schema.keyNames))
    }
  }

  /// Writes a plan without problems, whole or not at all: when a write fails, the keys
  /// written before it get their old values back, and the error is thrown.
  public func apply(_ plan: ImportPlan) throws(SettingsError) {
    // What each key held: its own value, or none (its default), to go back to.
    var written: [(key: SettingKey, own: SettingValue?)] = []
    for change in plan.changes {
      let hadOwn = settings(change.key.schema)?.hasUserValue(change.key.key) ?? false
      let before = hadOwn ? value(for: change.key) : nil
      do {
        try write(change.value, for: change.key)
      } catch {
        for (key, own) in written.reversed() {
          if let own { try? write(own, for: key) } else { try? reset(key) }
        }
        throw error
      }
      written.append((change.key, before))
    }
  }
}
