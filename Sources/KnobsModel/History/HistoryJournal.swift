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

  /// Adds `entries` at the end of the file in one write, and flushes it to disk. Called under
  /// the lock, after the file was read whole (it ends with a whole entry). A write or flush that
  /// fails, or stops short (a full disk, an I/O error), is cut back to where the file ended
  /// before, so the file still holds whole entries only; the error says whether that worked.
  func append(_ entries: [HistoryEntry]) throws(HistoryError) {
    let bytes = try Self.lines(entries)
    let descriptor = open(file, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw writeError(errno) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw writeError(errno) }
    let end = info.st_size
    var offset = 0
    var failure: Int32?
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        failure = count < 0 ? errno : ENOSPC
        break
      }
      offset += count
    }
    if failure == nil, fdatasync(descriptor) != 0 { failure = errno }
    guard let failure else { return }
    let reason = String(cString: strerror(failure))
    guard ftruncate(descriptor, end) == 0 else {
      let left = String(cString: strerror(errno))
      throw HistoryError(
        tr(
          "The history of changes could not be written to %1$s (%2$s), and the part written could not be taken back (%3$s): it is set aside when the history is next read.",
          file, reason, left))
    }
    _ = fdatasync(descriptor)
    throw HistoryError(
      tr(
        "The history of changes could not be written to %1$s (%2$s); it was cut back to its last whole entry.", file,
        reason))
  }

  /// The file's last line, cut short (a write stopped by a full disk, or a process killed
  /// while writing): copied to `FILE.cut-TIME` beside it, then cut off the file, which keeps
  /// every whole line. `end` is where the last whole line ends. Returns where the cut line is,
  /// or throws why it could not be set aside (then the file is left as it is).
  func setAsideTail(_ tail: ArraySlice<UInt8>, after end: Int, time: Double) throws(HistoryError) -> String {
    let stamp = time.isFinite ? Int(min(max(time, 0), HistoryEntry.latestTime)) : 0
    var aside = ""
    var descriptor: Int32 = -1
    for attempt in 0..<100 {
      aside = file + ".cut-\(stamp)" + (attempt == 0 ? "" : "-\(attempt)")
      descriptor = open(aside, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      if descriptor >= 0 || errno != EEXIST { break }
    }
    let cutShort = { (reason: String) in
      HistoryError(
        tr(
          "The last change in the history of changes (%1$s) was cut short, and could not be set aside: %2$s.", file,
          reason))
    }
    guard descriptor >= 0 else { throw cutShort(String(cString: strerror(errno))) }
    var problem: Int32?
    var offset = tail.startIndex
    while offset < tail.endIndex, problem == nil {
      let count = tail[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { problem = count < 0 ? errno : ENOSPC } else { offset += count }
    }
    if problem == nil, fsync(descriptor) != 0 { problem = errno }
    close(descriptor)
    if problem == nil {
      let journal = open(file, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
      if journal < 0 {
        problem = errno
      } else {
        if ftruncate(journal, off_t(end)) != 0 || fdatasync(journal) != 0 { problem = errno }
        close(journal)
      }
    }
    guard let problem else { return aside }
    unlink(aside)
    throw cutShort(String(cString: strerror(problem)))
  }

  /// The newest `count` entries, read from the end of the file: time and memory bounded by
  /// what is read, whatever the file's size. Nil when the file is not a regular file holding
  /// whole entries at its end (its last line cut short, a line there not an entry, numbers
  /// out of order), or the lines asked for are larger than `tailLimit`: then the file is read
  /// whole, where what is amiss is dealt with.
  func newest(_ count: Int) -> [HistoryEntry]? {
    guard count > 0 else {
      guard let (descriptor, _) = openRegular() else { return nil }
      close(descriptor)
      return []
    }
    var entries: [HistoryEntry] = []
    let whole = scanNewestFirst(readingAtMost: Self.tailLimit) {
      entries.append($0)
      return entries.count < count
    }
    return whole ? entries.reversed() : nil
  }

  /// Hands `visit` the file's entries newest first, read from the end a chunk at a time, until
  /// `visit` returns false: time bounded by the lines read, memory by a chunk and the longest
  /// of them, whatever the file's size. False when the file is not a regular file holding whole
  /// entries wherever it was read (a last line cut short, a line there not an entry, numbers
  /// out of order): then the file is read whole, where what is amiss is dealt with.
  func scanNewestFirst(readingAtMost limit: Int = .max, _ visit: (HistoryEntry) -> Bool) -> Bool {
    guard let (descriptor, info) = openRegular() else { return false }
    defer { close(descriptor) }
    let size = Int(info.st_size)
    let decoder = JSONDecoder()
    var newer: Int?
    // A line's bytes, oldest part last: the lines cross chunks.
    var pieces: [ArraySlice<UInt8>] = []
    /// Nil when the line is not an entry that comes before the one visited last; else whether to go on.
    func take(_ line: [UInt8]) -> Bool? {
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { return true }
      guard let entry = try? decoder.decode(HistoryEntry.self, from: Data(line)), entry.isPlausible,
        newer.map({ entry.id < $0 }) ?? true
      else { return nil }
      newer = entry.id
      return visit(entry)
    }
    var start = size
    while start > 0 {
      let chunk = min(Self.tailChunk, start)
      guard size - start + chunk <= limit else { return false }
      var buffer = [UInt8](repeating: 0, count: chunk)
      guard Self.fill(&buffer, count: chunk, from: descriptor, at: start - chunk) else { return false }
      // The file's last byte must end a line: else its last line was cut short.
      if start == size {
        guard buffer.last == 0x0A else { return false }
        buffer.removeLast()
      }
      start -= chunk
      var end = buffer.endIndex
      while let lineEnd = buffer[..<end].lastIndex(of: 0x0A) {
        let line = Array(buffer[(lineEnd + 1)..<end]) + pieces.reversed().joined()
        pieces = []
        end = lineEnd
        guard let goOn = take(line) else { return false }
        if !goOn { return true }
      }
      pieces.append(buffer[..<end])
    }
    // What is left is the file's first line, whole.
    return take(Array(pieces.reversed().joined())) != nil
  }

  /// The newest entry, read from the end, when the file ends with a whole entry and holds at
  /// most `lines` lines (counted, not read): what an entry appended follows, without reading the
  /// file whole. Nil when the file is missing, empty, not a regular file, its last line cut short
  /// or not an entry, or it holds more lines (to be compacted): then the file is read whole.
  func newestIfAtMost(_ lines: Int) -> HistoryEntry? {
    guard lines > 0 else { return nil }
    guard let (descriptor, info) = openRegular() else { return nil }
    defer { close(descriptor) }
    guard info.st_size > 0 else { return nil }
    var start = Int(info.st_size)
    var lineEnds = 0
    var buffer = [UInt8](repeating: 0, count: Self.tailChunk)
    while start > 0 {
      let chunk = min(Self.tailChunk, start)
      guard Self.fill(&buffer, count: chunk, from: descriptor, at: start - chunk) else { return nil }
      if start == Int(info.st_size), buffer[chunk - 1] != 0x0A { return nil }
      lineEnds += buffer.withUnsafeBytes { bytes in
        var count = 0
        var next = bytes.baseAddress!
        let end = next + chunk
        while let found = memchr(next, 0x0A, end - next) {
          count += 1
          next = UnsafeRawPointer(found) + 1
        }
        return count
      }
      // The file ends with a line end, so it holds as many lines as line ends.
      guard lineEnds <= lines else { return nil }
      start -= chunk
    }
    // The entry before it too: one out of order (numbered anew by hand) is not followed.
    var newest: [HistoryEntry] = []
    guard
      scanNewestFirst({ entry in
        newest.append(entry)
        return newest.count < 2
      })
    else { return nil }
    return newest.first
  }

  /// Runs of entries that stand or go together when the history is compacted: a group, or an
  /// entry alone. `otherProgram`: its first entry is another program's change.
  struct Unit: Equatable {
    var count: Int
    var otherProgram: Bool
  }

  /// What a compaction needs of a whole file, without its entries: its units, oldest first,
  /// its newest entry's number and group, and the stamp it was read at.
  struct Outline {
    var units: [Unit] = []
    var count = 0
    var lastID = 0
    var lastGroup: Int?
    var stamp: Stamp
  }

  /// The file's outline, read forward a chunk at a time and decoded a batch of lines at a time:
  /// memory bounded by a batch and the units, whatever the file's size. Nil when the file is not
  /// a regular file whose every line is an entry numbered after the one before it and ends with
  /// a line end (as `parse` finds it whole): then it is read whole, where what is amiss is dealt with.
  func outline() -> Outline? {
    guard let (descriptor, info) = openRegular() else { return nil }
    defer { close(descriptor) }
    var outline = Outline(stamp: Stamp(info))
    var batch: [UInt8] = [0x5B]
    var lines = 0
    var whole = true
    let decoder = JSONDecoder()
    /// Takes the lines in `batch`, as `parseWhole` takes a file's.
    func decode() -> Bool {
      guard lines > 0 else { return true }
      batch.append(0x5D)
      defer {
        batch.removeAll(keepingCapacity: true)
        batch.append(0x5B)
        lines = 0
      }
      guard let entries = try? decoder.decode([HistoryEntry].self, from: Data(batch)), entries.count == lines else {
        return false
      }
      for entry in entries {
        guard entry.isPlausible, entry.id > outline.lastID else { return false }
        if outline.count == 0 || entry.group == nil || entry.group != outline.lastGroup {
          outline.units.append(Unit(count: 1, otherProgram: entry.source == .otherProgram))
        } else {
          outline.units[outline.units.count - 1].count += 1
        }
        outline.count += 1
        outline.lastID = entry.id
        outline.lastGroup = entry.group
      }
      return true
    }
    let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x0D || byte == 0x09 }
    let read = Self.forEachLine(descriptor, size: Int(info.st_size)) { line in
      guard let first = line.first(where: { !isSpace($0) }) else { return true }
      guard first == 0x7B, line.last(where: { !isSpace($0) }) == 0x7D else {
        whole = false
        return false
      }
      if lines > 0 { batch.append(0x2C) }
      batch.append(contentsOf: line)
      lines += 1
      if batch.count >= Self.batchSize, !decode() { whole = false }
      return whole
    }
    guard read, whole, decode() else { return nil }
    return outline
  }

  /// The entries at `ranges` (sorted, counted among the file's entries as `outline` counts them,
  /// blank lines left out) of the file as it was when `stamp` was taken: only their lines are
  /// kept and decoded. Nil when the file changed, or what is there is not what `outline` found.
  func entries(at ranges: [Range<Int>], stamp: Stamp) -> [HistoryEntry]? {
    guard let (descriptor, info) = openRegular() else { return nil }
    defer { close(descriptor) }
    guard Stamp(info) == stamp else { return nil }
    var kept: [UInt8] = []
    var index = 0
    var next = 0
    let wanted = ranges.reduce(0) { $0 + $1.count }
    let read = Self.forEachLine(descriptor, size: Int(info.st_size)) { line in
      guard next < ranges.count else { return false }
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { return true }
      if ranges[next].contains(index) {
        kept.append(contentsOf: line)
        kept.append(0x0A)
        if index == ranges[next].upperBound - 1 { next += 1 }
      }
      index += 1
      return true
    }
    guard read || next == ranges.count else { return nil }
    let parsed = Self.parse(kept)
    guard parsed.isWhole, parsed.entries.count == wanted else { return nil }
    return parsed.entries
  }

  /// Hands `visit` each line of the file at `descriptor` (`size` bytes), without its line end,
  /// oldest first, read forward a chunk at a time, until `visit` returns false. False when a read
  /// fails, `visit` stopped, or the last line has no line end.
  private static func forEachLine(_ descriptor: Int32, size: Int, _ visit: (ArraySlice<UInt8>) -> Bool) -> Bool {
    var buffer = [UInt8](repeating: 0, count: batchSize)
    var carried: [UInt8] = []
    var offset = 0
    while offset < size {
      let chunk = min(batchSize, size - offset)
      guard fill(&buffer, count: chunk, from: descriptor, at: offset) else { return false }
      offset += chunk
      var start = 0
      while start < chunk {
        let end = buffer.withUnsafeBytes { bytes in
          memchr(bytes.baseAddress! + start, 0x0A, chunk - start).map { bytes.baseAddress!.distance(to: $0) }
        }
        guard let end else {
          carried += buffer[start..<chunk]
          break
        }
        let goOn: Bool
        if carried.isEmpty {
          goOn = visit(buffer[start..<end])
        } else {
          carried += buffer[start..<end]
          goOn = visit(carried[...])
          carried = []
        }
        guard goOn else { return false }
        start = end + 1
      }
    }
    return carried.isEmpty
  }

  /// The file opened for reading, with what `fstat` says of it, when it is a regular file no
  /// larger than `largestFile` (a link is not followed); the caller closes it.
  private func openRegular() -> (descriptor: Int32, info: stat)? {
    let descriptor = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { return nil }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= Self.largestFile else {
      close(descriptor)
      return nil
    }
    return (descriptor, info)
  }

  /// Reads `count` bytes at `offset` into the start of `buffer`; false when the file ends first or
  /// can't be read.
  private static func fill(_ buffer: inout [UInt8], count: Int, from descriptor: Int32, at offset: Int) -> Bool {
    var filled = 0
    while filled < count {
      let read = buffer.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress! + filled, count - filled, off_t(offset + filled))
      }
      if read < 0 && errno == EINTR { continue }
      guard read > 0 else { return false }
      filled += read
    }
    return true
  }

  /// How much `outline` and `entries(at:stamp:)` read at a time, and the lines `outline` decodes at once.
  static let batchSize = 1024 * 1024

  /// How much the readers from the end read at a time, and `newest` at most in all.
  static let tailChunk = 64 * 1024
  static let tailLimit = 8 * 1024 * 1024

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

  /// A name beside the file for something set aside (`FILE.damaged-TIME`, a number added
  /// when that is taken), or nil when none is free.
  private func asideName(time: Double) -> String? {
    let stamp = time.isFinite ? Int(min(max(time, 0), HistoryEntry.latestTime)) : 0
    for attempt in 0..<100 {
      let aside = file + ".damaged-\(stamp)" + (attempt == 0 ? "" : "-\(attempt)")
      var info = stat()
      guard lstat(aside, &info) != 0 else { continue }
      return aside
    }
    return nil
  }

  /// Moves whatever is at the journal's path aside, to `FILE.damaged-TIME`; returns where, or
  /// nil when it could not be moved.
  func setAside(time: Double) -> String? {
    guard let aside = asideName(time: time) else { return nil }
    return rename(file, aside) == 0 ? aside : nil
  }

  /// Keeps the file as it is at `FILE.damaged-TIME` and puts `entries` in its place: the file is
  /// never without a history in it. Returns where the old file is; throws why not, in a few
  /// words, when `entries` could not be written (then the file is left as it was).
  func replaceKeepingAside(with entries: [HistoryEntry], time: Double) throws(HistoryError) -> String {
    guard let aside = asideName(time: time) else { throw HistoryError(tr("no name beside it is free")) }
    // A second name for the same file costs no space; where names can't be linked, it is moved.
    let linked = link(file, aside) == 0
    guard linked || rename(file, aside) == 0 else { throw HistoryError(String(cString: strerror(errno))) }
    do {
      try SafeFiles.writeAtomically(Data(try Self.lines(entries)), to: file, mode: 0o600)
    } catch {
      if linked { unlink(aside) } else { rename(aside, file) }
      throw HistoryError("\(error)")
    }
    return aside
  }

  /// What was set aside beside the file (`FILE.damaged-*`, `FILE.cut-*`), by name.
  func setAsideFiles() -> [String] {
    let prefix = PathText.lastComponent(file) + "."
    return (LocalFiles.names(in: folder) ?? []).filter {
      $0.hasPrefix(prefix + "damaged-") || $0.hasPrefix(prefix + "cut-")
    }.sorted().map { folder + "/" + $0 }
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
