import Gio
import KnobsModel
import KnobsSettings

/// Which installed schema keeps each key of the user's database: the schema with the
/// key's folder for its own (two may share one: the first that has the key), else the first
/// relocatable schema that has every key the entries set in that folder.
@MainActor
package final class DconfSchemaMap {
  private let store: GSettingsStore
  private var fixed: [String: [String]] = [:]
  private var keysByFolder: [String: Set<String>] = [:]
  private var relocated: [String: String?] = [:]
  /// The relocatable schemas' ids with their keys, in the source's order; read once.
  private lazy var relocatable: [(id: String, keys: Set<String>)] = store.source.relocatableSchemaIDs.compactMap {
    id in store.source.schema(id).map { (id, Set($0.keyNames)) }
  }

  package init(_ store: GSettingsStore, entries: [DconfEntry]) {
    self.store = store
    for id in store.schemaIDs { if let path = store.source.schema(id)?.path { fixed[path, default: []].append(id) } }
    for entry in entries { keysByFolder[entry.folder, default: []].insert(entry.key) }
  }

  /// `ID` or `ID:/FOLDER/`; nil when no installed schema keeps it.
  package func schema(of entry: DconfEntry) -> String? {
    if let ids = fixed[entry.folder] {
      return ids.first { store.settings($0)?.hasKey(entry.key) == true } ?? ids[0]
    }
    if let found = relocated[entry.folder] { return found }
    let keys = keysByFolder[entry.folder] ?? [entry.key]
    let found = relocatable.first { keys.isSubset(of: $0.keys) }.map { $0.id + ":" + entry.folder }
    relocated[entry.folder] = found
    return found
  }
}

/// The GSettings an import reads and writes through: a fixed schema's the store's own; a
/// relocatable schema's at one folder made for the folder the import is at, and let go when it
/// moves on. GLib tells every live GSettings of every write: thousands kept alive (one per
/// custom shortcut of a file) made an import's writes quadratic.
@MainActor
struct ImportSettings {
  let store: GSettingsStore
  private var current: (id: String, settings: Settings?)?

  init(_ store: GSettingsStore) { self.store = store }

  mutating func callAsFunction(_ schema: String) -> Settings? {
    guard schema.utf8.contains(UInt8(ascii: ":")) else { return store.settings(schema) }
    if let current, current.id == schema { return current.settings }
    let made = store.source.lookup(schema)
    current = (schema, made)
    return made
  }
}

/// What an import would change, found before anything is written.
package struct ImportPlan {
  /// One key whose value the import changes.
  package struct Change {
    package let line: Int
    package let key: SettingKey
    /// `/org/gnome/desktop/interface/clock-format`.
    package let path: String
    /// Both as GVariant text with type annotations, as dconf writes them.
    package let old: String
    package let new: String
    /// Whether the key held its default before.
    package let oldIsDefault: Bool
    let value: SettingValue
    /// `new`, parsed as the key's type.
    let variant: Variant
    /// Whether the change resets the key (a profile's apply: set now, not in the profile); `new` is its default.
    package var resets = false
  }

  package var changes: [Change] = []
  /// Keys the file sets to the value they hold already.
  package var unchanged = 0
  /// Why the file can't be imported, by line; nothing is written when there is any.
  package var problems: [DconfKeyfile.Problem] = []
}

extension ImportPlan {
  /// The changes as the history notes them: a key that held its default had no value before.
  package var recordedChanges: [RecordedChange] {
    changes.map { RecordedChange(key: $0.key, old: $0.oldIsDefault ? nil : $0.old, new: $0.resets ? nil : $0.new) }
  }
}

extension GSettingsStore {
  /// Checks every line of a keyfile against the installed schemas: the folder and key must
  /// belong to one (a relocatable one when every key of the folder in the file is one of
  /// its keys), the value must read as the key's type and fit its range, and the key must
  /// not be locked.
  package func importPlan(_ lines: [DconfKeyfile.Line]) -> ImportPlan {
    var plan = ImportPlan()
    let schemas = DconfSchemaMap(self, entries: lines.map(\.entry))
    var settingsOf = ImportSettings(self)
    for line in lines {
      let entry = line.entry
      let schema = schemas.schema(of: entry)
      guard let schema, let settings = settingsOf(schema), settings.hasKey(entry.key),
        let type = settings.typeString(of: entry.key)
      else {
        // Formatted only if shown: of a million, a few are.
        plan.problems.append(.noSchemaHasKey(entry.path, line: line.number))
        continue
      }
      let key = SettingKey(schema: schema, key: entry.key)
      let value = SettingValue.variant(type: type, text: entry.text)
      let parsed: Variant
      do {
        parsed = try checkedVariant(value, for: key, in: settings)
      } catch {
        plan.problems.append(
          DconfKeyfile.Problem(line: line.number, message: "\(entry.path.escapedForTerminal): \(error)"))
        continue
      }
      let old = settings.value(entry.key).annotatedText
      let new = parsed.annotatedText
      if old == new {
        plan.unchanged += 1
        continue
      }
      guard settings.isWritable(entry.key) else {
        plan.problems.append(
          DconfKeyfile.Problem(
            line: line.number,
            message: tr("%s is managed by the system and cannot be changed.", entry.path.escapedForTerminal)))
        continue
      }
      plan.changes.append(
        ImportPlan.Change(
          line: line.number, key: key, path: entry.path, old: old, new: new,
          oldIsDefault: !settings.hasUserValue(entry.key) || old == settings.defaultValue(entry.key)?.annotatedText,
          value: value, variant: parsed))
    }
    return plan
  }

  /// Adds a reset of each of `entries` (keys the user has set) that `lines` do not set: what
  /// applying a profile does with a key set now in the profile's scopes that the profile does
  /// not hold. A key that is locked is a problem, as in an import.
  package func addResets(of entries: [DconfEntry], keeping lines: [DconfKeyfile.Line], to plan: inout ImportPlan) {
    let planned = Set(lines.map(\.entry.path))
    let schemas = DconfSchemaMap(self, entries: entries)
    var settingsOf = ImportSettings(self)
    for entry in entries where !planned.contains(entry.path) {
      guard let schema = schemas.schema(of: entry), let settings = settingsOf(schema), settings.hasKey(entry.key),
        settings.hasUserValue(entry.key), let type = settings.typeString(of: entry.key),
        let defaultValue = settings.defaultValue(entry.key)
      else { continue }
      guard settings.isWritable(entry.key) else {
        plan.problems.append(
          DconfKeyfile.Problem(
            line: 0, message: tr("%s is managed by the system and cannot be changed.", entry.path.escapedForTerminal)))
        continue
      }
      let old = settings.value(entry.key).annotatedText
      plan.changes.append(
        ImportPlan.Change(
          line: 0, key: SettingKey(schema: schema, key: entry.key), path: entry.path, old: old,
          new: defaultValue.annotatedText, oldIsDefault: false,
          value: .variant(type: type, text: defaultValue.annotatedText), variant: defaultValue, resets: true))
    }
  }

  /// Writes a plan without problems, whole or not at all: every change in one write through
  /// the backend (one dconf change set, as `dconf load` makes), which takes all or none.
  package func apply(_ plan: ImportPlan) throws(SettingsError) {
    guard let first = plan.changes.first else { return }
    var settingsOf = ImportSettings(self)
    guard let settings = settingsOf(first.key.schema) else { throw .unavailable(availability(of: first.key)) }
    try checkBackend(settings, first.key)
    // The files GTK reads off GNOME first, all or none; taken back when the settings are refused.
    let undoMirror = try mirrored(
      plan.changes.map { ($0.key, $0.resets ? nil : Self.settingValue($0.variant)) })
    // One change set, or as few as GSettings takes (`SettingsWrites.largestFolderShare`); when
    // a later one is refused, the ones before it are taken back, so the import stays whole or none.
    let parts = Self.changeSets(plan.changes)
    for (index, part) in parts.enumerated() {
      let writes = SettingsWrites()
      for change in part {
        if change.resets { writes.reset(change.path) } else { writes.set(change.path, change.variant) }
      }
      guard writes.commit(through: settings) else {
        for done in parts[..<index].reversed() {
          let undo = SettingsWrites()
          for change in done {
            if change.oldIsDefault {
              undo.reset(change.path)
            } else if let type = settingsOf(change.key.schema)?.typeString(of: change.key.key),
              case .success(let old) = Variant.parse(change.old, type: type)
            {
              undo.set(change.path, old)
            }
          }
          _ = undo.commit(through: settings)
        }
        undoMirror?()
        // Which key the backend refused: the first that can't be written now, if one can be named.
        let locked = plan.changes.first { settingsOf($0.key.schema)?.isWritable($0.key.key) != true }
        throw .notWritable(locked?.key ?? first.key)
      }
    }
  }

  /// The changes in change sets of at most `SettingsWrites.largestFolderShare` keys of any one
  /// folder: one set for nearly every import.
  static func changeSets(_ changes: [ImportPlan.Change]) -> [[ImportPlan.Change]] {
    var sets: [[ImportPlan.Change]] = []
    var counts: [[String: Int]] = []
    for change in changes {
      let folder = String(change.path[..<(change.path.lastIndex(of: "/") ?? change.path.endIndex)])
      let index = counts.firstIndex { $0[folder, default: 0] < SettingsWrites.largestFolderShare } ?? sets.count
      if index == sets.count {
        sets.append([])
        counts.append([:])
      }
      sets[index].append(change)
      counts[index][folder, default: 0] += 1
    }
    return sets
  }
}
