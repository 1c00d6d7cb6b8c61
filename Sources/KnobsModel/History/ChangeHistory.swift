import FoundationEssentials
import Glibc

/// Every change made through Knobs, and those other programs made, newest last: kept in
/// `$XDG_STATE_HOME/knobs/history.jsonl` (`~/.local/state/knobs/`), an entry a line (see
/// `HistoryJournal`). About the last `limit` entries are kept; when some must go, whole
/// groups go (an import, another program's burst), other programs' before the user's own.
///
/// Nothing read from the file is trusted: a line that is not an entry, or whose numbers no
/// Knobs wrote, makes the file damaged. A damaged file, or something else where the file
/// should be, is set aside (`history.jsonl.damaged-TIME`), what was readable is kept, and
/// `problem` (and `onProblem`) says so and where.
@MainActor
public final class ChangeHistory {
  /// How many entries the history keeps; older ones are dropped.
  public static let limit = 1000
  /// How far past `limit` the file grows before it is compacted: appending is one write,
  /// compacting rewrites the file.
  static let slack = 250
  /// The history's file.
  public let file: String
  private let journal: HistoryJournal
  /// Entries recorded but not yet written (`record(…, savingNow: false)`).
  private var unsaved: [HistoryEntry] = []
  /// The last read of the file, kept while the file is unchanged.
  private var cache: (stamp: HistoryJournal.Stamp, entries: [HistoryEntry])?
  /// Why the history on disk was set aside, once it has been read.
  public private(set) var problem: String?
  /// Told each time something on disk is set aside, in a sentence.
  public var onProblem: (@MainActor (String) -> Void)?
  /// Whether a change was made that could not be noted (the file could not be written: a
  /// full disk, an I/O error), since this history was made.
  package private(set) var failedToNote = false
  /// The clock entries are stamped with, in seconds since 1970.
  public let now: () -> Double

  /// The history kept in `file`, its entries stamped with the time `now` gives.
  public init(file: String, now: @escaping () -> Double = LocalFiles.now) {
    self.file = file
    self.journal = HistoryJournal(file: file)
    self.now = now
  }

  /// Says, while it lives, that this process is writing settings it will note: a window that
  /// hears those writes from dconf waits for their entries instead of taking them for another
  /// program's (`writersAreBusy`). Nil when the history's folder can't be used.
  package func holdWhileWriting() -> WritingHold? {
    journal.holdWriters().map(WritingHold.init(descriptor:))
  }

  /// Whether another process holds a `holdWhileWriting()`.
  public var writersAreBusy: Bool { journal.writersAreBusy() }

  /// The folder the history is kept in.
  public var folder: String { PathText.parent(file) }

  /// Where the history lives: `$XDG_STATE_HOME/knobs/history.jsonl`, else `~/.local/state/knobs/history.jsonl`.
  public nonisolated static func defaultFile(environment: [String: String] = LocalFiles.environment()) -> String {
    let home = LocalFiles.home(environment: environment)
    let state = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/state"
    return state + "/knobs/history.jsonl"
  }

  /// The entries, oldest first: those on disk (read afresh when the file changed: a `knobs`
  /// command may have added some) and those not written yet.
  public var entries: [HistoryEntry] { saved() + unsaved }

  /// Whether entries were recorded without being written.
  public var hasUnsaved: Bool { !unsaved.isEmpty }

  /// Says `problem`, once while it stays the same.
  private func tell(_ problem: String) {
    guard problem != self.problem else { return }
    self.problem = problem
    onProblem?(problem)
  }

  /// The newest `count` entries, oldest first: read from the end of the file, in time and
  /// memory bounded by those entries whatever the file's size, when the end of the file holds
  /// whole entries (else the file is read whole, and what is amiss dealt with).
  package func newest(_ count: Int) -> [HistoryEntry] {
    if unsaved.isEmpty, let newest = journal.newest(count) { return newest }
    return Array(entries.suffix(max(count, 0)))
  }

  /// What was set aside beside the file earlier (`history.jsonl.damaged-*`) and still holds
  /// changes: each file, and how many of its lines are entries.
  package func setAsideEntries() -> [(file: String, count: Int)] {
    journal.setAsideFiles().compactMap { path in
      guard PathText.lastComponent(path).hasPrefix(PathText.lastComponent(file) + ".damaged-"),
        let bytes = try? SafeFiles.read(path, limit: HistoryJournal.largestFile)
      else { return nil }
      let count = HistoryJournal.parse([UInt8](bytes)).entries.count
      return count > 0 ? (path, count) : nil
    }
  }

  /// The entries on disk. A read that finds something amiss (perhaps a write under way)
  /// is done again under the lock, where whatever is still amiss is set aside.
  private func saved() -> [HistoryEntry] {
    let stamp = journal.stamp()
    if let cache, cache.stamp == stamp { return cache.entries }
    if stamp == nil, !LocalFiles.exists(legacyFile) { return [] }
    var readable: [HistoryEntry]?
    if stamp != nil, case .bytes(let bytes, let stamp) = journal.read() {
      let parsed = HistoryJournal.parse(bytes)
      if parsed.isWhole {
        cache = (stamp, parsed.entries)
        return parsed.entries
      }
      readable = parsed.entries
    }
    do {
      return try journal.locked { () throws(HistoryError) in try currentLocked(writing: false) }
    } catch {
      tell(error.description)
      return readable ?? cache?.entries ?? []
    }
  }

  /// Under the lock: the entries on disk. A last line cut short is set aside alone, every
  /// whole line kept; a damaged file is kept aside and what was readable of it written in its
  /// place; something that is not a file is set aside. A history from before JSON Lines
  /// (`history.json`, one array) is carried over. When the file can't be mended (a full disk),
  /// that is said, and its readable entries are returned, unless `writing`: then that throws,
  /// as an entry appended would not be read back.
  private func currentLocked(writing: Bool = true) throws(HistoryError) -> [HistoryEntry] {
    // Unchanged since it was last read: no other writer can change it while the lock is held.
    if let cache, let stamp = journal.stamp(), cache.stamp == stamp { return cache.entries }
    var entries: [HistoryEntry]
    switch journal.read() {
    case .missing:
      entries = try carryOverLegacyFile()
    case .misplaced(let what):
      let aside = journal.setAside(time: now())
      tell(
        aside.map {
          tr("Where the history of changes belongs (%1$s) there is %2$s; it was moved to %3$s.", file, what, $0)
        }
          ?? tr("Where the history of changes belongs (%1$s) there is %2$s, which could not be moved.", file, what))
      guard aside != nil else { throw HistoryError(problem ?? "") }
      entries = []
    case .bytes(let bytes, _):
      let parsed = HistoryJournal.parse(bytes)
      entries = parsed.entries
      if parsed.unreadableLines == 0 && parsed.unfinishedLastLine {
        let end = (bytes.lastIndex(of: 0x0A) ?? -1) + 1
        do {
          let aside = try journal.setAsideTail(bytes[end...], after: end, time: now())
          tell(
            trn(
              "The last change in the history of changes (%1$s) was cut short; its %2$d byte was set aside in %3$s, and every whole change kept.",
              "The last change in the history of changes (%1$s) was cut short; its %2$d bytes were set aside in %3$s, and every whole change kept.",
              bytes.count - end, file, bytes.count - end, aside))
        } catch {
          tell(error.description)
          if writing { throw Self.unmended }
          return entries
        }
      } else if !parsed.isWhole {
        let aside: String
        do {
          aside = try journal.replaceKeepingAside(with: entries, time: now())
        } catch {
          tell(
            trn(
              "The history of changes in %1$s is damaged; its %2$d readable change is used, but the file could not be mended: %3$s.",
              "The history of changes in %1$s is damaged; its %2$d readable changes are used, but the file could not be mended: %3$s.",
              entries.count, file, entries.count, error.description))
          if writing { throw Self.unmended }
          return entries
        }
        tell(
          trn(
            "The history of changes in %1$s was damaged; it was moved to %2$s, and its %3$d readable change kept.",
            "The history of changes in %1$s was damaged; it was moved to %2$s, and its %3$d readable changes kept.",
            entries.count, file, aside, entries.count))
      }
    }
    if let stamp = journal.stamp() { cache = (stamp, entries) }
    return entries
  }

  /// Why nothing is appended to a file that could not be mended (said just before).
  private static var unmended: HistoryError {
    HistoryError(tr("No change can be noted in the history of changes until it is mended."))
  }

  /// Where histories were kept before JSON Lines: a JSON array.
  private var legacyFile: String { folder + "/history.json" }

  private func carryOverLegacyFile() throws(HistoryError) -> [HistoryEntry] {
    guard LocalFiles.exists(legacyFile) else { return [] }
    let entries: [HistoryEntry]? =
      (try? SafeFiles.read(legacyFile, limit: HistoryJournal.largestFile)).flatMap {
        try? JSONDecoder().decode([HistoryEntry].self, from: $0)
      }
    guard let entries, entries.allSatisfy(\.isPlausible),
      zip(entries, entries.dropFirst()).allSatisfy({ $0.id < $1.id })
    else {
      let aside = legacyFile + ".unreadable"
      _ = rename(legacyFile, aside)
      tell(
        tr(
          "The history of changes in %1$s could not be read; it was moved to %2$s and a new one begun.", legacyFile,
          aside))
      return []
    }
    try journal.rewrite(entries)
    unlink(legacyFile)
    return entries
  }

  /// Changes of one key from one source this close together are one entry (a slider dragged).
  static let mergeWindow = 2.0

  private func merges(_ last: HistoryEntry, _ change: RecordedChange, _ source: HistoryEntry.Source, _ time: Double)
    -> Bool
  {
    last.group == nil && last.since == nil && last.source == source && last.settingKey == change.key
      && time - last.time < Self.mergeWindow && time >= last.time
  }

  /// Adds the changes that changed something, as one group when there are several, and
  /// writes the file unless `savingNow` is false (then `saveIfNeeded()` does); returns the
  /// entries added. A lone change of the key the newest entry changed, from the same source
  /// within `mergeWindow` seconds, updates that entry instead. Throws why the file could not
  /// be written.
  @discardableResult
  public func record(
    _ changes: [RecordedChange], source: HistoryEntry.Source, savingNow: Bool = true, since: Double? = nil
  ) throws(HistoryError) -> [HistoryEntry] {
    do {
      return try recordUnchecked(changes, source: source, savingNow: savingNow, since: since)
    } catch {
      failedToNote = true
      throw error
    }
  }

  private func recordUnchecked(
    _ changes: [RecordedChange], source: HistoryEntry.Source, savingNow: Bool, since: Double?
  ) throws(HistoryError) -> [HistoryEntry] {
    let real = changes.filter { $0.old != $0.new }
    guard !real.isEmpty else { return [] }
    let time = now()
    if since == nil, real.count == 1, let change = real.first {
      if var last = unsaved.last, merges(last, change, source, time) {
        last.new = change.new
        last.time = time
        if last.old == last.new { unsaved.removeLast() } else { unsaved[unsaved.count - 1] = last }
        if savingNow { try saveIfNeeded() }
        return [last]
      }
      if unsaved.isEmpty, let merged = try mergeOnDisk(change, source: source, time: time) { return [merged] }
    }
    let first = ((unsaved.last ?? newestSaved())?.id ?? 0) + 1
    let added = real.enumerated().map { index, change in
      HistoryEntry(
        id: first + index, time: time, schema: change.key.schema, key: change.key.key, old: change.old,
        new: change.new, source: source, group: real.count > 1 ? first : nil, since: since)
    }
    unsaved += added
    return savingNow ? try saveIfNeeded() : added
  }

  /// Folds `change` into the newest entry on disk when that is the same key's, from the
  /// same source, a moment ago; nil when it is not.
  private func mergeOnDisk(_ change: RecordedChange, source: HistoryEntry.Source, time: Double) throws(HistoryError)
    -> HistoryEntry?
  {
    guard let last = newestSaved(), merges(last, change, source, time) else { return nil }
    return try journal.locked { () throws(HistoryError) -> HistoryEntry? in
      var disk = try currentLocked()
      guard var last = disk.last, merges(last, change, source, time) else { return nil }
      last.new = change.new
      last.time = time
      if last.old == last.new { disk.removeLast() } else { disk[disk.count - 1] = last }
      try journal.rewrite(disk)
      return last
    }
  }

  /// The newest entry on disk: read from the end of the file when it is not cached (an entry
  /// recorded needs only its number), else from the whole file when its end is amiss.
  private func newestSaved() -> HistoryEntry? {
    if let cache, cache.stamp == journal.stamp() { return cache.entries.last }
    if let newest = journal.newest(1) { return newest.last }
    return saved().last
  }

  /// Writes entries recorded without saving, if any, after those on disk now (renumbered
  /// to follow them when a `knobs` command added some meanwhile); returns them as written.
  @discardableResult
  public func saveIfNeeded() throws(HistoryError) -> [HistoryEntry] {
    guard hasUnsaved else { return [] }
    do {
      return try saveLocked()
    } catch {
      failedToNote = true
      throw error
    }
  }

  private func saveLocked() throws(HistoryError) -> [HistoryEntry] {
    try journal.locked { () throws(HistoryError) -> [HistoryEntry] in
      // A file not read yet that ends with a whole entry, with room for these before it is
      // compacted, is appended to as it is: read from the end, not whole (an undo in a long history).
      if cache == nil || cache?.stamp != journal.stamp(),
        let newest = journal.newestIfAtMost(Self.limit + Self.slack - unsaved.count),
        newest.id <= HistoryEntry.largestID - unsaved.count - 1
      {
        let pending = Self.numbered(unsaved, from: newest.id + 1)
        try journal.append(pending)
        unsaved = []
        return pending
      }
      // A file to compact is read twice a chunk at a time, not whole: once for its groups, once
      // for the entries kept (an undo in a long history).
      if compactsByReadingTwice, cache == nil || cache?.stamp != journal.stamp(),
        let (all, pending) = compactedFromOutline()
      {
        try journal.rewrite(all)
        compactionsReadTwice += 1
        unsaved = []
        if let stamp = journal.stamp() { cache = (stamp, all) }
        return pending
      }
      var disk = try currentLocked()
      var rewrite = false
      if let last = disk.last?.id, last > HistoryEntry.largestID - unsaved.count - 1 {
        disk = Self.numbered(disk, from: 1)
        rewrite = true
      }
      let pending = Self.numbered(unsaved, from: (disk.last?.id ?? 0) + 1)
      var all = disk + pending
      if all.count > Self.limit + Self.slack {
        all = Self.compacted(all, limit: Self.limit)
        try journal.rewrite(all)
      } else if rewrite {
        try journal.rewrite(all)
      } else {
        try journal.append(pending)
      }
      unsaved = []
      if let stamp = journal.stamp() { cache = (stamp, all) }
      return pending
    }
  }

  /// Whether a whole file to compact is read in two passes a chunk at a time (else whole, as
  /// before: the tests compare the two).
  var compactsByReadingTwice = true
  /// How many compactions read the file twice a chunk at a time.
  private(set) var compactionsReadTwice = 0

  /// The entries on disk and the unsaved ones after them, compacted as `compacted` compacts
  /// them, and the unsaved ones as numbered; read from the file's outline and its kept lines,
  /// so memory is bounded by what is kept (and a few bytes a group). Nil when the file is not
  /// whole, needs no compacting, or must be numbered anew: then it is read whole.
  private func compactedFromOutline() -> (all: [HistoryEntry], pending: [HistoryEntry])? {
    guard let outline = journal.outline(), outline.count > 0,
      outline.lastID <= HistoryEntry.largestID - unsaved.count - 1,
      outline.count + unsaved.count > Self.limit + Self.slack
    else { return nil }
    let pending = Self.numbered(unsaved, from: outline.lastID + 1)
    var units = outline.units
    var previous = outline.lastGroup
    for entry in pending {
      if entry.group == nil || entry.group != previous {
        units.append(HistoryJournal.Unit(count: 1, otherProgram: entry.source == .otherProgram))
      } else {
        units[units.count - 1].count += 1
      }
      previous = entry.group
    }
    let dropped = Self.droppedUnits(units, limit: Self.limit)
    var kept: [Range<Int>] = []
    var start = 0
    for (unit, isDropped) in zip(units, dropped) {
      if !isDropped { kept.append(start..<(start + unit.count)) }
      start += unit.count
    }
    let onDisk = kept.map { $0.clamped(to: 0..<outline.count) }.filter { !$0.isEmpty }
    guard let keptOnDisk = journal.entries(at: onDisk, stamp: outline.stamp) else { return nil }
    let keptPending = kept.flatMap { $0.clamped(to: outline.count..<start).map { pending[$0 - outline.count] } }
    return (keptOnDisk + keptPending, pending)
  }

  /// `entries` numbered one after another from `start`, each group still naming its first entry.
  static func numbered(_ entries: [HistoryEntry], from start: Int) -> [HistoryEntry] {
    var groups: [Int: Int] = [:]
    return entries.enumerated().map { index, entry in
      var entry = entry
      entry.id = start + index
      if let group = entry.group {
        if groups[group] == nil { groups[group] = entry.id }
        entry.group = groups[group]
      }
      return entry
    }
  }

  /// At most `limit` of `entries`, whole groups dropped, oldest first: other programs'
  /// changes before the user's own. The newest group is always kept, however large; when it is
  /// another program's, it never pushes out the user's own changes (they go only while they
  /// alone are more than `limit`).
  static func compacted(_ entries: [HistoryEntry], limit: Int) -> [HistoryEntry] {
    guard entries.count > limit else { return entries }
    // Runs of entries that stand or go together: a group, or an entry alone.
    var units: [Range<Int>] = []
    var start = 0
    for index in entries.indices.dropFirst()
    where entries[index].group == nil || entries[index].group != entries[index - 1].group {
      units.append(start..<index)
      start = index
    }
    units.append(start..<entries.count)
    let dropped = droppedUnits(
      units.map { HistoryJournal.Unit(count: $0.count, otherProgram: entries[$0.lowerBound].source == .otherProgram) },
      limit: limit)
    return zip(units, dropped).filter { !$0.1 }.flatMap { entries[$0.0] }
  }

  /// Which of `units` (oldest first) `compacted` drops to keep at most `limit` entries, as it says.
  static func droppedUnits(_ units: [HistoryJournal.Unit], limit: Int) -> [Bool] {
    var dropped = [Bool](repeating: false, count: units.count)
    var count = units.reduce(0) { $0 + $1.count }
    guard count > limit, let newest = units.last else { return dropped }
    let burstAtEnd = newest.otherProgram ? newest.count : 0
    for othersFirst in [true, false] {
      // The user's own go only to make room for the user's own.
      let kept = othersFirst ? 0 : burstAtEnd
      for unit in units.indices.dropLast() where count - kept > limit && !dropped[unit] {
        guard !othersFirst || units[unit].otherProgram else { continue }
        dropped[unit] = true
        count -= units[unit].count
      }
    }
    return dropped
  }

  /// The entries an undo of `id` takes back (its whole group), newest first; the newest
  /// entry's when `id` is nil; empty when there is none.
  public func entriesToUndo(_ id: Int?) -> [HistoryEntry] {
    if unsaved.isEmpty, let found = entriesToUndoFromTheEnd(id) { return found }
    let entries = entries
    guard let target = id.flatMap({ id in entries.first { $0.id == id } }) ?? (id == nil ? entries.last : nil) else {
      return []
    }
    guard let group = target.group else { return [target] }
    return entries.filter { $0.group == group }.reversed()
  }

  /// `entriesToUndo(id)` read from the end of the file, as far back as the entry (and the
  /// first of its group): time and memory bounded by what is read, whatever the file's size.
  /// Nil when what was read of the file is amiss (then it is read whole).
  private func entriesToUndoFromTheEnd(_ id: Int?) -> [HistoryEntry]? {
    var target: HistoryEntry?
    let read = journal.scanNewestFirst { entry in
      // The entry before the target read too: the scan checks that it comes before it.
      if target != nil { return false }
      // Ids grow down the file: past `id` it is not there.
      if let id, entry.id > id { return true }
      if id == nil || entry.id == id { target = entry }
      return target != nil
    }
    guard read else { return nil }
    guard let target else { return [] }
    guard let group = target.group else { return [target] }
    // A group's entries come at or after its first (`group`), newest first as they are read.
    var members: [HistoryEntry] = []
    guard
      journal.scanNewestFirst({ entry in
        guard entry.id >= group else { return false }
        if entry.group == group { members.append(entry) }
        return true
      })
    else { return nil }
    return members
  }

  /// The newest change of `key` after the entry `id`, if the history has one: read from the end
  /// of the file back to `id` when it can be.
  public func latestChange(of key: SettingKey, after id: Int) -> HistoryEntry? {
    if unsaved.isEmpty {
      var found: HistoryEntry?
      let read = journal.scanNewestFirst { entry in
        guard entry.id > id else { return false }
        if entry.settingKey == key { found = entry }
        return found == nil
      }
      if read { return found }
    }
    return entries.last { $0.id > id && $0.settingKey == key }
  }
}

/// Why the history could not be kept, in a sentence.
public struct HistoryError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}

/// A process's hold on the history while it writes settings (`ChangeHistory.holdWhileWriting`):
/// let go when it is released, or when the process ends however it ends.
package final class WritingHold {
  private let descriptor: Int32

  init(descriptor: Int32) { self.descriptor = descriptor }

  deinit { close(descriptor) }
}
