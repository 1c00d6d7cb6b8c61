import FoundationEssentials
import Glibc
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The file operations the autostart folder needs, done with the care it
/// needs: nothing follows a symlink unless asked, nothing blocks on a pipe, and
/// a file is replaced by writing a temporary file beside it and renaming it.
enum SafeFiles {
  /// Desktop files are small; anything bigger is not one.
  static let sizeLimit = 256 * 1024

  /// What is at a path, without following a symlink there.
  enum Node: Equatable {
    case missing
    case file(mode: mode_t)
    case symlink(target: String)
    case other(String)
  }

  static func node(at path: String) -> Node {
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
  static func resolvedInside(_ folder: String, _ path: String) -> String? {
    guard let resolved = LocalFiles.realPath(path), let base = LocalFiles.realPath(folder) else { return nil }
    let parent = PathText.parent(resolved)
    return parent == base ? resolved : nil
  }

  /// The bytes of a regular file; with `followingLinks` false a symlink is refused.
  static func read(_ path: String, followingLinks: Bool = false, limit: Int = sizeLimit) throws(FileProblem) -> Data {
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

  /// Replaces (or creates) `path` with `data`: a temporary file in the same
  /// folder is written, flushed and renamed over it. A symlink at `path` is
  /// replaced, never followed. The folder is created if it is missing.
  static func writeAtomically(_ data: Data, to path: String, mode: mode_t) throws(FileProblem) {
    let temporary = try writeTemporary(data, beside: path, mode: mode)
    defer { close(temporary.descriptor) }
    guard rename(temporary.path, path) == 0 else {
      let code = errno
      unlink(temporary.path)
      throw .system(code)
    }
    syncFolder(PathText.parent(path))
    removeAbandonedTemporaries(beside: path)
  }

  /// A new file beside `path` (its folder made if need be) holding `data`, flushed to disk: its
  /// path, and its descriptor, which holds the file locked (`lockedTemporary`) until it is closed.
  private static func writeTemporary(_ data: Data, beside path: String, mode: mode_t) throws(FileProblem) -> (
    path: String, descriptor: Int32
  ) {
    let folder = PathText.parent(path)
    try makeFolder(folder)
    let temporary = try lockedTemporary(beside: path)
    if let failure = fill(temporary.descriptor, with: data, mode: mode) {
      close(temporary.descriptor)
      unlink(temporary.path)
      throw failure
    }
    return temporary
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
      do {
        written.append(try writeTemporary(file.data, beside: file.path, mode: modes?[index] ?? mode))
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
  static func writeFolder(_ files: [(path: String, data: Data)], to folder: String) throws(FileProblem) {
    switch node(at: folder) {
    case .missing: break
    case .other("folder") where (LocalFiles.names(in: folder) ?? ["?"]).isEmpty: break
    default: throw .exists(folder)
    }
    let parent = PathText.parent(folder)
    try makeFolder(parent)
    var template = Array("\(parent)/.\(PathText.lastComponent(folder)).knobs-XXXXXX".utf8CString)
    guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { throw .system(errno) }
    let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    do throws(FileProblem) {
      for file in files {
        let path = temporary + "/" + file.path
        try makeFolder(PathText.parent(path))
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .system(errno) }
        let failure = fill(descriptor, with: file.data, mode: 0o644)
        close(descriptor)
        if let failure { throw failure }
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

  /// Folders made by `makeFolder` are private (0700); a folder meant for others to read is 0755.
  private static func publishFolders(under folder: String) throws(FileProblem) {
    guard chmod(folder, 0o755) == 0 else { throw .system(errno) }
    for name in LocalFiles.names(in: folder) ?? [] where node(at: folder + "/" + name) == .other("folder") {
      try publishFolders(under: folder + "/" + name)
    }
    syncFolder(folder)
  }

  /// Removes a folder this process made, with everything in it (symlinks removed, never followed).
  private static func removeTree(_ folder: String) {
    for name in LocalFiles.names(in: folder) ?? [] {
      let path = folder + "/" + name
      if node(at: path) == .other("folder") { removeTree(path) } else { unlink(path) }
    }
    rmdir(folder)
  }

  /// Writes all of `data` to a new file and flushes it to disk; returns what went wrong, if anything.
  private static func fill(_ descriptor: Int32, with data: Data, mode: mode_t) -> FileProblem? {
    guard fchmod(descriptor, mode) == 0 else { return .system(errno) }
    let problem: FileProblem? = data.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          return .system(errno)
        }
        offset += count
      }
      return nil
    }
    if let problem { return problem }
    return fsync(descriptor) == 0 ? nil : .system(errno)
  }

  /// Removes the file or symlink at `path` (a symlink's target is left alone).
  static func remove(_ path: String) throws(FileProblem) {
    guard unlink(path) == 0 || errno == ENOENT else { throw .system(errno) }
    syncFolder(PathText.parent(path))
  }

  /// Puts a symlink back at `path`, replacing whatever is there.
  static func makeLink(_ path: String, to target: String) throws(FileProblem) {
    try makeFolder(PathText.parent(path))
    guard unlink(path) == 0 || errno == ENOENT else { throw .system(errno) }
    guard symlink(target, path) == 0 else { throw .system(errno) }
  }

  static func makeFolder(_ folder: String) throws(FileProblem) {
    var info = stat()
    if stat(folder, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder(folder) }
      return
    }
    let parent = PathText.parent(folder)
    if !parent.isEmpty && parent != folder { try makeFolder(parent) }
    guard mkdir(folder, 0o700) == 0 || errno == EEXIST else { throw .system(errno) }
  }

  private static func syncFolder(_ folder: String) {
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }
}

/// Why a file could not be read or written.
enum FileProblem: Error, Equatable, CustomStringConvertible {
  case system(Int32)
  case notAFile
  case notAFolder(String)
  /// Something is already at a path that must be new (or an empty folder).
  case exists(String)
  case tooLarge

  var description: String {
    switch self {
    case .system(let code): return String(cString: strerror(code)).lowercased()
    case .notAFile: return tr("it is not a regular file")
    case .notAFolder(let path): return tr("%s is not a folder", path)
    case .exists(let path): return tr("%s is already there (give a new folder, or an empty one)", path)
    case .tooLarge: return tr("it is too large to be a desktop file")
    }
  }
}
