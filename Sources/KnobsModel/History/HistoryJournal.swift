import FoundationEssentials
import Glibc

/// The history's file: JSON Lines, one entry a line, oldest first. New entries are appended
/// in one `write` (the file opened with `O_APPEND`); the file is rewritten whole, through a
/// temporary file renamed over it, only to compact it, to merge a slider's drag into its
/// entry, or to keep what was readable of a damaged file. Every write happens under an
/// advisory lock (`flock` on `FILE.lock` beside it), so processes writing at once (the
/// window and several `knobs` commands) all land.
struct HistoryJournal {
  let file: String
  /// A file larger than this is not read (set aside): a full history is a few megabytes.
  static let largestFile = 64 * 1024 * 1024
  /// How long a writer waits for another to let go of the lock before giving up.
  static let lockPatience = 10.0

  var lockFile: String { file + ".lock" }
  var folder: String { PathText.parent(file) }

  /// What identifies one state of the file (as for an INI file Knobs edits): a read is kept until the file changes.
  typealias Stamp = IniFileAccess.Identity

  /// The file's stamp; nil when nothing is there.
  func stamp() -> Stamp? {
    var info = stat()
    guard lstat(file, &info) == 0 else { return nil }
    return Stamp(info)
  }

  /// What is at the journal's path.
  enum Contents {
    case missing
    /// The bytes, and the file's stamp taken before they were read: a write in between makes
    /// the stamp older than the bytes, so the next look at the file reads it again.
    case bytes([UInt8], Stamp)
    /// Something that is not a regular file (a folder, a symlink, a pipe), or a file too large: named in words.
    case misplaced(String)
  }

  func read() -> Contents {
    let descriptor = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else {
      switch errno {
      case ENOENT: return .missing
      case ELOOP: return .misplaced(tr("a symbolic link"))
      default: return .misplaced(String(cString: strerror(errno)))
      }
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .misplaced(String(cString: strerror(errno))) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: return .misplaced(tr("a folder"))
    default: return .misplaced(tr("a special file"))
    }
    guard info.st_size <= Self.largestFile,
      let bytes = try? SafeFiles.readAll(descriptor, limit: Self.largestFile, expected: Int(info.st_size))
    else { return .misplaced(tr("a file too large to be a history")) }
    return .bytes(bytes, Stamp(info))
  }

  /// The entries of a journal's bytes, and whether anything in them could not be taken:
  /// a line that is not an entry, an entry with implausible numbers or not numbered after
  /// the one before it, or a last line without its line end (a write cut short).
  struct Parsed {
    var entries: [HistoryEntry] = []
    var unreadableLines = 0
    var unfinishedLastLine = false
    var isWhole: Bool { unreadableLines == 0 && !unfinishedLastLine }
  }

  static func parse(_ bytes: [UInt8]) -> Parsed {
    if let whole = parseWhole(bytes) { return whole }
    return parseLineByLine(bytes)
  }

  /// A journal whose every line is an entry, read in one decoding: the lines joined into one
  /// JSON array (a decoding per line costs several times more). Nil when any line is not an
  /// entry, or the last has no line end: then each line is read on its own, to keep what can be.
  private static func parseWhole(_ bytes: [UInt8]) -> Parsed? {
    guard bytes.last == 0x0A else { return bytes.isEmpty ? Parsed() : nil }
    var array: [UInt8] = [0x5B]
    array.reserveCapacity(bytes.count + 2)
    var start = 0
    var lines = 0
    while start < bytes.count, let end = bytes[start...].firstIndex(of: 0x0A) {
      let line = bytes[start..<end]
      start = end + 1
      // Blank lines are skipped, as line by line; a line that is not one object is not joined.
      let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x0D || byte == 0x09 }
      guard let first = line.first(where: { !isSpace($0) }) else { continue }
      guard first == 0x7B, line.last(where: { !isSpace($0) }) == 0x7D else { return nil }
      if lines > 0 { array.append(0x2C) }
      array.append(contentsOf: line)
      lines += 1
    }
    array.append(0x5D)
    // One entry a line: a line holding two (`{…},{…}`) is not an entry.
    guard let entries = try? JSONDecoder().decode([HistoryEntry].self, from: Data(array)), entries.count == lines
    else { return nil }
    var lastID = 0
    for entry in entries {
      guard entry.isPlausible, entry.id > lastID else { return nil }
      lastID = entry.id
    }
    return Parsed(entries: entries)
  }

  private static func parseLineByLine(_ bytes: [UInt8]) -> Parsed {
    var parsed = Parsed()
    let decoder = JSONDecoder()
    var start = 0
    var lastID = 0
    while start < bytes.count {
      let end = bytes[start...].firstIndex(of: 0x0A)
      if end == nil { parsed.unfinishedLastLine = true }
      let line = bytes[start..<(end ?? bytes.count)]
      start = (end ?? bytes.count) + 1
      guard end != nil else { break }
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { continue }
      guard let entry = try? decoder.decode(HistoryEntry.self, from: Data(line)), entry.isPlausible,
        entry.id > lastID
      else {
        parsed.unreadableLines += 1
        continue
      }
      lastID = entry.id
      parsed.entries.append(entry)
    }
    return parsed
  }

  /// Each entry as one line of JSON, keys sorted.
  static func lines(_ entries: [HistoryEntry]) throws(HistoryError) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var bytes: [UInt8] = []
    for entry in entries {
      do {
        bytes += try encoder.encode(entry)
      } catch {
        throw HistoryError(tr("A change could not be noted in the history: %s.", "\(error)"))
      }
      bytes.append(0x0A)
    }
    return bytes
  }

  /// Adds `entries` at the end of the file in one write, and flushes it to disk.
  func append(_ entries: [HistoryEntry]) throws(HistoryError) {
    let bytes = try Self.lines(entries)
    let descriptor = open(file, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw writeError(errno) }
    defer { close(descriptor) }
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw writeError(errno)
      }
      offset += count
    }
    guard fdatasync(descriptor) == 0 else { throw writeError(errno) }
  }

  /// Replaces the file with `entries`, whole or not at all.
  func rewrite(_ entries: [HistoryEntry]) throws(HistoryError) {
    let bytes = try Self.lines(entries)
    do {
      try SafeFiles.writeAtomically(Data(bytes), to: file, mode: 0o600)
    } catch {
      throw HistoryError(tr("The history of changes could not be written to %1$s: %2$s.", file, error.description))
    }
  }

  private func writeError(_ code: Int32) -> HistoryError {
    HistoryError(
      tr("The history of changes could not be written to %1$s: %2$s.", file, String(cString: strerror(code))))
  }

  /// Moves whatever is at the journal's path aside, to `FILE.damaged-TIME` (a number added
  /// when that is taken); returns where, or nil when it could not be moved.
  func setAside(time: Double) -> String? {
    let stamp = time.isFinite ? Int(min(max(time, 0), HistoryEntry.latestTime)) : 0
    for attempt in 0..<100 {
      let aside = file + ".damaged-\(stamp)" + (attempt == 0 ? "" : "-\(attempt)")
      var info = stat()
      guard lstat(aside, &info) != 0 else { continue }
      return rename(file, aside) == 0 ? aside : nil
    }
    return nil
  }

  /// Beside the lock: held shared by each process from before it writes settings until it
  /// has noted them, so a window hearing those writes can wait for their entries.
  var writersFile: String { file + ".writers" }

  /// Takes a shared hold on `writersFile`; the descriptor that holds it, or nil when it can't
  /// be had (the history's folder can't be made): the writes then go on without it.
  func holdWriters() -> Int32? {
    guard (try? SafeFiles.makeFolder(folder)) != nil else { return nil }
    let descriptor = open(writersFile, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return nil }
    // Another process holds it exclusively only for a moment (`writersAreBusy`).
    let deadline = LocalFiles.monotonicNow() + 1
    while flock(descriptor, LOCK_SH | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR, LocalFiles.monotonicNow() < deadline else {
        close(descriptor)
        return nil
      }
      usleep(1_000)
    }
    return descriptor
  }

  /// Whether a process holds `writersFile`: it is writing settings it has not noted yet.
  func writersAreBusy() -> Bool {
    let descriptor = open(writersFile, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
    flock(descriptor, LOCK_UN)
    return false
  }

  /// Runs `body` holding the lock; waits for another writer up to `lockPatience` seconds,
  /// then says the history is busy. The lock goes with the descriptor, even if the process dies.
  func locked<T>(_ body: () throws(HistoryError) -> T) throws(HistoryError) -> T {
    do {
      try SafeFiles.makeFolder(folder)
    } catch {
      throw HistoryError(tr("The history of changes could not be kept in %1$s: %2$s.", folder, error.description))
    }
    let descriptor = open(lockFile, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw HistoryError(
        tr("The history of changes could not be locked (%1$s): %2$s.", lockFile, String(cString: strerror(errno))))
    }
    defer { close(descriptor) }
    let deadline = LocalFiles.monotonicNow() + Self.lockPatience
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR, LocalFiles.monotonicNow() < deadline else {
        throw HistoryError(tr("The history of changes is busy: another Knobs holds %s.", lockFile))
      }
      usleep(5_000)
    }
    return try body()
  }
}
