import FoundationEssentials
import Glibc

/// One change of a setting, as the history keeps it.
public struct HistoryEntry: Codable, Hashable, Sendable {
  /// Who made the change.
  public enum Source: String, Codable, Sendable {
    case window
    case commandLine = "command-line"
    case `import`
    case undo
    case otherProgram = "other-program"
  }

  public var id: Int
  /// When, in seconds since 1970.
  public var time: Double
  /// `org.gnome.desktop.interface`, or `ID:/FOLDER/` for a relocatable schema.
  public var schema: String
  public var key: String
  /// GVariant text; nil when the key held its default.
  public var old: String?
  /// GVariant text; nil when the change returned the key to its default.
  public var new: String?
  public var source: Source
  /// Entries one command made together (an import) share the id of the first.
  public var group: Int?
  /// For a change found at start, made while Knobs was closed: when Knobs last closed. The
  /// change was made between this and `time`.
  public var since: Double?

  public init(
    id: Int, time: Double, schema: String, key: String, old: String?, new: String?, source: Source, group: Int? = nil,
    since: Double? = nil
  ) {
    self.id = id
    self.time = time
    self.schema = schema
    self.key = key
    self.old = old
    self.new = new
    self.source = source
    self.group = group
    self.since = since
  }

  /// `schema/org.gnome.desktop.interface/clock-format`.
  public var address: String { SchemaPath.key(schema: schema, key: key).text }
  public var settingKey: SettingKey { SettingKey(schema: schema, key: key) }
}

/// A change to record: a key's value before and after (nil for its default).
public struct RecordedChange: Hashable, Sendable {
  public var key: SettingKey
  public var old: String?
  public var new: String?

  public init(key: SettingKey, old: String?, new: String?) {
    self.key = key
    self.old = old
    self.new = new
  }
}

/// Every change made through Knobs, newest last: kept in `$XDG_STATE_HOME/knobs/history.json`
/// (`~/.local/state/knobs/history.json`), the last `limit` entries, the file written whole
/// each time (a temporary file renamed over it). A file that can't be read is moved aside
/// (`history.json.unreadable`) and a new history started, with `problem` saying so.
@MainActor
public final class ChangeHistory {
  public static let limit = 1000
  /// A history file larger than this is not read: a thousand entries are far smaller.
  static let largestFile = 8 * 1024 * 1024
  public let file: String
  /// Entries recorded but not yet written (`record(…, savingNow: false)`).
  private var unsaved: [HistoryEntry] = []
  /// Why the history on disk was set aside, once it has been read.
  public private(set) var problem: String?
  /// The clock entries are stamped with, in seconds since 1970.
  public let now: () -> Double

  public init(file: String, now: @escaping () -> Double = LocalFiles.now) {
    self.file = file
    self.now = now
  }

  /// The folder the history is kept in.
  public var folder: String { String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)]) }

  /// Where the history lives: `$XDG_STATE_HOME/knobs/history.json`, else `~/.local/state/knobs/history.json`.
  public nonisolated static func defaultFile(environment: [String: String] = LocalFiles.environment()) -> String {
    let home = LocalFiles.home(environment: environment)
    let state = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/state"
    return state + "/knobs/history.json"
  }

  /// The entries, oldest first: those on disk (read afresh: a `knobs` command may have added
  /// some since) and those not written yet.
  public var entries: [HistoryEntry] { load() + unsaved }

  private func load() -> [HistoryEntry] {
    guard LocalFiles.exists(file) else { return [] }
    do {
      let data = try SafeFiles.read(file, limit: Self.largestFile)
      return try JSONDecoder().decode([HistoryEntry].self, from: data)
    } catch {
      let aside = file + ".unreadable"
      _ = rename(file, aside)
      problem = tr(
        "The history of changes in %1$s could not be read; it was moved to %2$s and a new one begun.", file, aside)
      return []
    }
  }

  /// Changes of one key from one source this close together are one entry (a slider dragged).
  static let mergeWindow = 2.0
  /// Whether entries were recorded without being written.
  public var hasUnsaved: Bool { !unsaved.isEmpty }

  /// Adds the changes that changed something, as one group when there are several, and
  /// writes the file unless `savingNow` is false (then `saveIfNeeded()` does); returns the
  /// entries added. A lone change of the key the newest entry changed, from the same source
  /// within `mergeWindow` seconds, updates that entry instead. Throws why the file could not
  /// be written.
  @discardableResult
  public func record(
    _ changes: [RecordedChange], source: HistoryEntry.Source, savingNow: Bool = true, since: Double? = nil
  ) throws(HistoryError) -> [HistoryEntry] {
    let real = changes.filter { $0.old != $0.new }
    guard !real.isEmpty else { return [] }
    var disk = load()
    let time = now()
    var added: [HistoryEntry]
    if since == nil, real.count == 1, let change = real.first, var last = (disk + unsaved).last, last.group == nil,
      last.source == source, last.settingKey == change.key, time - last.time < Self.mergeWindow
    {
      last.new = change.new
      last.time = time
      let dropped = last.old == last.new
      if !unsaved.isEmpty {
        if dropped { unsaved.removeLast() } else { unsaved[unsaved.count - 1] = last }
      } else {
        if dropped { disk.removeLast() } else { disk[disk.count - 1] = last }
        // The entry is on disk: it is written again now, whatever `savingNow` says.
        try save(Self.bounded(disk))
        return [last]
      }
      added = [last]
    } else {
      let first = ((disk + unsaved).last?.id ?? 0) + 1
      added = real.enumerated().map { index, change in
        HistoryEntry(
          id: first + index, time: time, schema: change.key.schema, key: change.key.key, old: change.old,
          new: change.new, source: source, group: real.count > 1 ? first : nil, since: since)
      }
      unsaved += added
    }
    if savingNow { try saveIfNeeded(onto: disk) }
    return added
  }

  private static func bounded(_ entries: [HistoryEntry]) -> [HistoryEntry] {
    entries.count > limit ? Array(entries.suffix(limit)) : entries
  }

  /// Writes entries recorded without saving, if any, after those on disk now (renumbered
  /// to follow them when a `knobs` command added some meanwhile).
  public func saveIfNeeded() throws(HistoryError) {
    guard hasUnsaved else { return }
    try saveIfNeeded(onto: load())
  }

  private func saveIfNeeded(onto disk: [HistoryEntry]) throws(HistoryError) {
    guard hasUnsaved else { return }
    var next = (disk.last?.id ?? 0) + 1
    var renumbered: [Int: Int] = [:]
    let pending = unsaved.map { entry in
      var entry = entry
      if let known = renumbered[entry.id] {
        entry.id = known
      } else {
        renumbered[entry.id] = max(entry.id, next)
        entry.id = max(entry.id, next)
      }
      next = entry.id + 1
      entry.group = entry.group.map { renumbered[$0] ?? $0 }
      return entry
    }
    try save(Self.bounded(disk + pending))
    unsaved = []
  }

  private func save(_ entries: [HistoryEntry]) throws(HistoryError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    do {
      let data = try encoder.encode(entries)
      try SafeFiles.writeAtomically(data, to: file, mode: 0o600)
    } catch {
      throw HistoryError(tr("The history of changes could not be written to %1$s: %2$s.", file, "\(error)"))
    }
  }

  /// The entries an undo of `id` takes back (its whole group), newest first; the newest
  /// entry's when `id` is nil; empty when there is none.
  public func entriesToUndo(_ id: Int?) -> [HistoryEntry] {
    guard let target = id.flatMap({ id in entries.first { $0.id == id } }) ?? (id == nil ? entries.last : nil) else {
      return []
    }
    guard let group = target.group else { return [target] }
    return entries.filter { $0.group == group }.reversed()
  }
}

/// Why the history could not be kept, in a sentence.
public struct HistoryError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}
