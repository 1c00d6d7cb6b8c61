import CSystem
import FoundationEssentials
import Glibc
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Knobs' one way to read and replace files and folders: nothing follows a symlink unless asked,
/// nothing blocks on a pipe, reads are bounded, and a file or folder is replaced by filling a
/// temporary beside it, flushing it to disk and putting it in place in one step.
///
/// A file is put in place in one of two modes (`Replacement`): replaced whatever is there, or
/// compare-and-swap, only if it is still the version that was read. Both, the several-file write
/// with rollback, the folder write and the extension installer share one temporary file
/// (`writeTemporary`), one fill-and-flush (`fill`) and one folder sync (`syncFolder`).
package enum SafeFiles {
  /// Desktop files are small; anything bigger is not one.
  package static let sizeLimit = 256 * 1024

  /// What is at a path, without following a symlink there.
  package enum Node: Equatable {
    case missing
    case file(mode: mode_t)
    case symlink(target: String)
    case other(String)
  }

  package static func node(at path: String) -> Node {
    var info = stat()
    guard lstat(path, &info) == 0 else { return .missing }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .file(mode: info.st_mode & 0o7777)
    case S_IFLNK: return .symlink(target: linkTarget(path) ?? "")
    case S_IFDIR: return .other("folder")
    default: return .other("special file")
    }
  }

  static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count >= 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The path a symlink leads to, if it leads to a file directly inside `folder`.
  package static func resolvedInside(_ folder: String, _ path: String) -> String? {
    guard let resolved = LocalFiles.realPath(path), let base = LocalFiles.realPath(folder) else { return nil }
    let parent = PathText.parent(resolved)
    return parent == base ? resolved : nil
  }

  /// The bytes of a regular file; with `followingLinks` false a symlink is refused.
  package static func read(_ path: String, followingLinks: Bool = false, limit: Int = sizeLimit) throws(FileProblem)
    -> Data
  {
    let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW)
    let descriptor = open(path, flags)
    guard descriptor >= 0 else { throw .system(errno) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw .system(errno) }
    guard info.st_mode & S_IFMT == S_IFREG else { throw .notAFile }
    guard info.st_size <= limit else { throw .tooLarge }
    return Data(try readAll(descriptor, limit: limit, expected: Int(info.st_size)))
  }

  /// Everything left to read from `descriptor`; more than `limit` bytes throws.
  static func readAll(_ descriptor: Int32, limit: Int, expected: Int = 0) throws(FileProblem) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(expected, limit))
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = Glibc.read(descriptor, &buffer, buffer.count)
      if count < 0 {
        if errno == EINTR { continue }
        throw .system(errno)
      }
      if count == 0 { break }
      bytes += buffer[..<count]
      guard bytes.count <= limit else { throw .tooLarge }
    }
    return bytes
  }

  /// How a filled temporary takes its file's place.
  enum Replacement {
    /// Whatever is at the path (a file, a symlink, nothing) is replaced; a symlink is never followed.
    case always
    /// Only if the path still holds the version `expected` was read from (nil identity: still
    /// nothing). The version another program put there meanwhile is never lost: it stays, or is
    /// put back.
    case ifUnchanged(IniFileAccess.Snapshot)
  }

  /// Replaces (or creates) `path` with `data`: a temporary file in the same
  /// folder is written, flushed and renamed over it. A symlink at `path` is
  /// replaced, never followed. The folder is created if it is missing.
  package static func writeAtomically(_ data: Data, to path: String, mode: mode_t) throws(FileProblem) {
    try makeFolder(PathText.parent(path))
    let done = try withMemory(of: data) { (bytes) throws(FileProblem) in
      try replace(path, with: bytes, mode: mode, .always)
    }
    assert(done != nil, "a replacement that is not compare-and-swap always takes place")
  }

  /// Puts `bytes` at `path` (whose folder must exist) in one step, as `replacement` says: the
  /// version written, or nil when the file was not the one expected and was left as it is.
  /// `mode` is a new file's; with `.ifUnchanged`, a file replaced keeps its mode and owner.
  static func replace(
    _ path: String, with bytes: UnsafeRawBufferPointer, mode: mode_t, _ replacement: Replacement
  ) throws(FileProblem) -> IniFileAccess.Identity? {
    var keeping: IniFileAccess.Identity?
    if case .ifUnchanged(let expected) = replacement { keeping = expected.identity }
    let temporary = try writeTemporary(bytes, beside: path, mode: mode, like: keeping)
    defer { close(temporary.descriptor) }
    switch replacement {
    case .always:
      guard rename(temporary.path, path) == 0 else {
        let code = errno
        unlink(temporary.path)
        throw .system(code)
      }
    case .ifUnchanged(let expected):
      guard try swap(temporary.path, into: path, expecting: expected, written: temporary.identity) else {
        return nil
      }
    }
    syncFolder(PathText.parent(path))
    removeAbandonedTemporaries(beside: path)
    return temporary.identity
  }

  /// Puts `temporary` at `path` if `path` is still `expected`; false (and `temporary` gone) when it is not.
  private static func swap(
    _ temporary: String, into path: String, expecting expected: IniFileAccess.Snapshot,
    written: IniFileAccess.Identity
  ) throws(FileProblem) -> Bool {
    guard let identity = expected.identity else {
      // A new file: link(2) fails if another program created one meanwhile.
      defer { unlink(temporary) }
      if link(temporary, path) == 0 { return true }
      if errno == EEXIST { return false }
      throw .system(errno)
    }
    guard IniFileAccess.identity(of: path) == identity else {
      unlink(temporary)
      return false
    }
    // Exchange, then look at what was displaced: the version read, or another program's newer one?
    if knobs_exchange_paths(temporary, path) == 0 {
      var displaced = stat()
      let unchanged =
        lstat(temporary, &displaced) == 0 && IniFileAccess.Identity(displaced) == identity
        && (try? IniFileAccess.readOnce(temporary, limit: expected.bytes.count + 1, settled: false))??.bytes
          == expected.bytes
      if !unchanged {
        // Put the other program's file back and start over; if a third one replaced ours meanwhile, theirs
        // is the newest and stays.
        let ours = IniFileAccess.identity(of: path).map { $0.inode == written.inode && $0.device == written.device }
        if ours == true, knobs_exchange_paths(temporary, path) != 0 {
          rename(temporary, path)
        }
      }
      unlink(temporary)
      return unchanged
    }
    guard errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP else {
      let code = errno
      unlink(temporary)
      throw .system(code)
    }
    // A file system that can't exchange: check once more just before the rename.
    guard IniFileAccess.identity(of: path) == identity else {
      unlink(temporary)
      return false
    }
    guard rename(temporary, path) == 0 else {
      let code = errno
      unlink(temporary)
      throw .system(code)
    }
    return true
  }

  /// A new file beside `path` (whose folder must exist) holding `bytes`, flushed to disk, with
  /// `mode`, or the mode and owner of the file `like` identifies: its path, its descriptor, which
  /// holds it locked (`lockedTemporary`) until closed, and what identifies it (a rename keeps that).
  static func writeTemporary(
    _ bytes: UnsafeRawBufferPointer, beside path: String, mode: mode_t, like original: IniFileAccess.Identity? = nil
  ) throws(FileProblem) -> (path: String, descriptor: Int32, identity: IniFileAccess.Identity) {
    let temporary = try lockedTemporary(beside: path)
    func fail(_ problem: FileProblem) -> FileProblem {
      close(temporary.descriptor)
      unlink(temporary.path)
      return problem
    }
    if let original {
      if original.owner != getuid() || original.group != getgid() {
        guard fchown(temporary.descriptor, original.owner, original.group) == 0 else { throw fail(.system(errno)) }
      }
      guard fchmod(temporary.descriptor, original.mode & 0o7777) == 0 else { throw fail(.system(errno)) }
    } else {
      guard fchmod(temporary.descriptor, mode) == 0 else { throw fail(.system(errno)) }
    }
    if let problem = fill(temporary.descriptor, with: bytes) { throw fail(problem) }
    var info = stat()
    guard fstat(temporary.descriptor, &info) == 0 else { throw fail(.system(errno)) }
    return (temporary.path, temporary.descriptor, IniFileAccess.Identity(info))
  }

  /// A new empty file `.NAME.knobs-XXXXXX` beside `path` (mode 0600), locked with `flock` at
  /// once: the lock says a writer is at work on it, and goes when the descriptor is closed or
  /// the writer dies, so a write beside it later can tell one left by a killed writer.
  static func lockedTemporary(beside path: String) throws(FileProblem) -> (path: String, descriptor: Int32) {
    var template = Array("\(PathText.parent(path))/.\(PathText.lastComponent(path)).knobs-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw .system(errno) }
    // Not handed to programs Knobs starts, which would hold the lock on after the write.
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    _ = flock(descriptor, LOCK_EX | LOCK_NB)
    return (String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self), descriptor)
  }

  /// When the leftovers beside each path were last looked for, and how often they are.
  static let lastSweeps = Mutex<[String: time_t]>([:])
  static let sweepInterval: time_t = 60

  /// How long a temporary must have gone unchanged before a write beside it may take it for
  /// abandoned: a writer locks its temporary right after making it, well within this.
  static let abandonedAge = 10

  /// Removes what writers killed mid-write left beside `path`: files named as `lockedTemporary`
  /// names them, the user's own, that no process holds locked and that have not changed for
  /// `abandonedAge` seconds. A temporary a live writer is filling is locked, and kept.
  static func removeAbandonedTemporaries(beside path: String) {
    // Once a minute for a path at most: a folder of many files is read whole, and a slider
    // dragged over an INI file's setting writes it many times a second.
    let now = time(nil)
    guard
      lastSweeps.withLock({ last in
        guard now - (last[path] ?? 0) >= sweepInterval else { return false }
        last[path] = now
        return true
      })
    else { return }
    let folder = PathText.parent(path)
    let prefix = "." + PathText.lastComponent(path) + ".knobs-"
    let length = prefix.utf8.count + 6
    for name in LocalFiles.names(in: folder) ?? [] where name.utf8.count == length && name.hasPrefix(prefix) {
      let candidate = folder + "/" + name
      let descriptor = open(candidate, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
      guard descriptor >= 0 else { continue }
      defer { close(descriptor) }
      var found = stat()
      guard fstat(descriptor, &found) == 0, found.st_mode & S_IFMT == S_IFREG, found.st_uid == getuid(),
        Int(time(nil) - found.st_mtim.tv_sec) >= abandonedAge, flock(descriptor, LOCK_EX | LOCK_NB) == 0
      else { continue }
      // Still the file looked at under that name, not one put there since.
      var now = stat()
      guard lstat(candidate, &now) == 0, now.st_ino == found.st_ino, now.st_dev == found.st_dev else { continue }
      unlink(candidate)
    }
  }

  /// Writes every file whole, or none: each to a temporary beside it first, then each renamed
  /// over its target. When a rename fails, the targets renamed before it get their old files
  /// back (kept under a second name meanwhile), or are removed if there were none. Nil when
  /// written, else the path that failed and why.
  /// `modes`, when given, holds each file's own mode, in the order of `files`.
  static func writeAtomically(_ files: [(data: Data, path: String)], mode: mode_t, modes: [mode_t]? = nil) -> (
    path: String, problem: FileProblem
  )? {
    var written: [(path: String, descriptor: Int32)] = []
    defer { for temporary in written { close(temporary.descriptor) } }
    for (index, file) in files.enumerated() {
      do throws(FileProblem) {
        try makeFolder(PathText.parent(file.path))
        let temporary = try withMemory(of: file.data) { (bytes) throws(FileProblem) in
          try writeTemporary(bytes, beside: file.path, mode: modes?[index] ?? mode)
        }
        written.append((temporary.path, temporary.descriptor))
      } catch {
        for temporary in written { unlink(temporary.path) }
        return (file.path, error)
      }
    }
    let temporaries = written.map(\.path)
    // The targets replaced so far, each with its old file's second name (nil: there was none).
    var replaced: [(path: String, kept: String?)] = []
    for (file, temporary) in zip(files, temporaries) {
      var kept: String?
      switch node(at: file.path) {
      case .file, .symlink:
        // A second name for the old file (a link itself, not its target), to put back if need be.
        if link(file.path, temporary + ".old") == 0 { kept = temporary + ".old" }
      case .missing, .other:
        break
      }
      guard rename(temporary, file.path) == 0 else {
        let code = errno
        if let kept { unlink(kept) }
        for (path, kept) in replaced.reversed() {
          if let kept { rename(kept, path) } else { unlink(path) }
        }
        for temporary in temporaries { unlink(temporary) }
        return (file.path, .system(code))
      }
      replaced.append((file.path, kept))
    }
    for (path, kept) in replaced {
      if let kept { unlink(kept) }
      syncFolder(PathText.parent(path))
      removeAbandonedTemporaries(beside: path)
    }
    return nil
  }

  /// Makes the folder `folder` holding `files` (paths relative to it, subfolders made as needed),
  /// whole or not at all: everything is written into a temporary folder beside it, flushed, and
  /// renamed to `folder`. An empty folder already there is replaced; anything else there is left
  /// as it was and refused (`.exists`).
  package static func writeFolder(_ files: [(path: String, data: Data)], to folder: String) throws(FileProblem) {
    switch node(at: folder) {
    case .missing: break
    case .other("folder") where (LocalFiles.names(in: folder) ?? ["?"]).isEmpty: break
    default: throw .exists(folder)
    }
    let parent = PathText.parent(folder)
    try makeFolder(parent)
    let temporary = try makeTemporaryFolder("\(parent)/.\(PathText.lastComponent(folder)).knobs-")
    do throws(FileProblem) {
      for file in files {
        try withMemory(of: file.data) { (bytes) throws(FileProblem) in
          try writeNewFile(bytes, at: file.path, under: temporary, mode: 0o644)
        }
      }
      try publishFolders(under: temporary)
      guard rename(temporary, folder) == 0 else {
        throw errno == ENOTEMPTY || errno == EEXIST || errno == ENOTDIR ? .exists(folder) : .system(errno)
      }
    } catch {
      removeTree(temporary)
      throw error
    }
    syncFolder(parent)
  }

  /// A new empty folder named `prefix` and six random characters (mode 0755), for filling with
  /// `writeNewFile` and putting in place in one step.
  package static func makeTemporaryFolder(_ prefix: String) throws(FileProblem) -> String {
    var template = Array((prefix + "XXXXXX").utf8CString)
    guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { throw .system(errno) }
    let made = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard chmod(made, 0o755) == 0 else {
      let code = errno
      rmdir(made)
      throw .system(code)
    }
    return made
  }

  /// Writes a new file at `relative` under `root` (a folder of Knobs' own being filled), making
  /// the folders on the way, and flushes it to disk.
  package static func writeNewFile(
    _ bytes: UnsafeRawBufferPointer, at relative: String, under root: String, mode: mode_t
  ) throws(FileProblem) {
    try makeFolders(PathText.parent(relative), under: root)
    let descriptor = open(root + "/" + relative, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw .system(errno) }
    defer { close(descriptor) }
    guard fchmod(descriptor, mode) == 0 else { throw .system(errno) }
    if let problem = fill(descriptor, with: bytes) { throw problem }
  }

  /// Makes `relative`'s folders under `root`, one part at a time, refusing anything but a folder
  /// on the way (a symlink there is never followed).
  package static func makeFolders(_ relative: String, under root: String) throws(FileProblem) {
    var path = root
    for part in relative.split(separator: "/") {
      path += "/" + part
      var info = stat()
      if lstat(path, &info) == 0 {
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder(path) }
        continue
      }
      guard mkdir(path, 0o755) == 0 else { throw .system(errno) }
    }
  }

  /// Folders made with a process's umask may be private; a folder meant for others to read is 0755.
  private static func publishFolders(under folder: String) throws(FileProblem) {
    guard chmod(folder, 0o755) == 0 else { throw .system(errno) }
    for name in LocalFiles.names(in: folder) ?? [] where node(at: folder + "/" + name) == .other("folder") {
      try publishFolders(under: folder + "/" + name)
    }
    syncFolder(folder)
  }

  /// `body` on the memory of `bytes` (a `Data` or an array), keeping the type of its error, which
  /// `withUnsafeBytes` does not.
  package static func withMemory<Result>(
    of bytes: some ContiguousBytes, _ body: (UnsafeRawBufferPointer) throws(FileProblem) -> Result
  ) throws(FileProblem) -> Result {
    try bytes.withUnsafeBytes { memory in Swift.Result { () throws(FileProblem) in try body(memory) } }.get()
  }

  /// Writes all of `bytes` to `descriptor` and flushes them to disk; what went wrong, if anything.
  static func fill(_ descriptor: Int32, with bytes: UnsafeRawBufferPointer) -> FileProblem? {
    var offset = 0
    while offset < bytes.count {
      let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if count < 0 {
        if errno == EINTR { continue }
        return .system(errno)
      }
      if count == 0 { return .system(EIO) }
      offset += count
    }
    return fsync(descriptor) == 0 ? nil : .system(errno)
  }

  /// Removes `path` and, when it is a folder, everything in it, without following a symlink
  /// anywhere (a symlink is removed, its target left alone).
  package static func removeTree(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      unlink(path)
      return
    }
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    removeContents(descriptor)
    rmdir(path)
  }

  /// Removes what the folder open at `descriptor` holds, and closes it.
  private static func removeContents(_ descriptor: Int32) {
    guard let directory = fdopendir(descriptor) else {
      close(descriptor)
      return
    }
    defer { closedir(directory) }
    var names: [[CChar]] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        Array(raw.bindMemory(to: CChar.self).prefix { $0 != 0 })
      }
      if name != [0x2e] && name != [0x2e, 0x2e] { names.append(name + [0]) }
    }
    for name in names {
      if unlinkat(descriptor, name, 0) == 0 { continue }
      let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      guard child >= 0 else { continue }
      removeContents(child)
      unlinkat(descriptor, name, AT_REMOVEDIR)
    }
  }

  /// Removes the file or symlink at `path` (a symlink's target is left alone).
  package static func remove(_ path: String) throws(FileProblem) {
    guard unlink(path) == 0 || errno == ENOENT else { throw .system(errno) }
    syncFolder(PathText.parent(path))
  }

  /// Puts a symlink back at `path`, replacing whatever is there.
  package static func makeLink(_ path: String, to target: String) throws(FileProblem) {
    try makeFolder(PathText.parent(path))
    guard unlink(path) == 0 || errno == ENOENT else { throw .system(errno) }
    guard symlink(target, path) == 0 else { throw .system(errno) }
  }

  package static func makeFolder(_ folder: String) throws(FileProblem) {
    var info = stat()
    if stat(folder, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder(folder) }
      return
    }
    let parent = PathText.parent(folder)
    if !parent.isEmpty && parent != folder { try makeFolder(parent) }
    guard mkdir(folder, 0o700) == 0 || errno == EEXIST else { throw .system(errno) }
  }

  /// Flushes `folder`'s entries (a rename or a new name in it) to disk.
  package static func syncFolder(_ folder: String) {
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }
}

/// Why a file could not be read or written.
package enum FileProblem: Error, Equatable, CustomStringConvertible {
  case system(Int32)
  case notAFile
  case notAFolder(String)
  /// Something is already at a path that must be new (or an empty folder).
  case exists(String)
  case tooLarge

  package var description: String {
    switch self {
    case .system(let code): return String(cString: strerror(code)).lowercased()
    case .notAFile: return tr("it is not a regular file")
    case .notAFolder(let path): return tr("%s is not a folder", path)
    case .exists(let path): return tr("%s is already there (give a new folder, or an empty one)", path)
    case .tooLarge: return tr("it is too large to be a desktop file")
    }
  }
}
