import FoundationEssentials
import Glibc

/// One change of a setting, as the history keeps it.
public struct HistoryEntry: Codable, Hashable, Sendable {
  /// Who made the change.
  public enum Source: String, Codable, Sendable {
    /// The window.
    case window
    /// The `knobs` command line.
    case commandLine = "command-line"
    /// An import of a settings file.
    case `import`
    /// An undo of an earlier change.
    case undo
    /// Another program, while Knobs was running or closed.
    case otherProgram = "other-program"
  }

  /// The entry's number, increasing with each change noted.
  public var id: Int
  /// When, in seconds since 1970.
  public var time: Double
  /// `org.gnome.desktop.interface`, or `ID:/FOLDER/` for a relocatable schema.
  public var schema: String
  /// The key's name within its schema.
  public var key: String
  /// GVariant text; nil when the key held its default.
  public var old: String?
  /// GVariant text; nil when the change returned the key to its default.
  public var new: String?
  /// Who made the change.
  public var source: Source
  /// Entries one command made together (an import) share the id of the first.
  public var group: Int?
  /// For a change found at start, made while Knobs was closed: when Knobs last closed. The
  /// change was made between this and `time`.
  public var since: Double?

  /// An entry for one change.
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
  package var address: String { SchemaPath.key(schema: schema, key: key).text }
  /// The key the change was made to.
  public var settingKey: SettingKey { SettingKey(schema: schema, key: key) }
}

/// A change to record: a key's value before and after (nil for its default).
public struct RecordedChange: Hashable, Sendable {
  /// The key that changed.
  public var key: SettingKey
  /// Its value before, as GVariant text; nil for its default.
  public var old: String?
  /// Its value after, as GVariant text; nil for its default.
  public var new: String?

  /// A change of `key` from `old` to `new`.
  public init(key: SettingKey, old: String?, new: String?) {
    self.key = key
    self.old = old
    self.new = new
  }
}

extension HistoryEntry {
  /// The largest id or group the history hands out or reads: far beyond any history's
  /// length, and far from `Int.max`, so that counting on from one read never traps.
  package static let largestID = 1 << 50
  /// The latest time an entry may carry: the end of the year 9999, in seconds since 1970.
  static let latestTime = 253_402_300_799.0

  /// Whether each number in it is one Knobs could have written: an id (and group) from 1 to
  /// `largestID`, the group no later than the entry, times from 1970 to the year 9999, a
  /// schema and key named. Entries read from disk are checked with this before any
  /// arithmetic or time conversion touches them.
  var isPlausible: Bool {
    func plausibleTime(_ time: Double) -> Bool { time.isFinite && time >= 0 && time <= Self.latestTime }
    guard (1...Self.largestID).contains(id), plausibleTime(time), !schema.isEmpty, !key.isEmpty else { return false }
    if let group, !(1...id).contains(group) { return false }
    if let since, !plausibleTime(since) { return false }
    return true
  }
}
