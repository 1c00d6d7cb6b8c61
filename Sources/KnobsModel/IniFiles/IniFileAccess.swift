import CSystem
import FoundationEssentials
import Glibc

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Reads and edits an app's INI file without losing anyone's changes.
///
/// A read takes the file only once it has settled: unchanged across the read
/// and not modified in the last moments, so a file caught halfway through
/// another program's rewrite is never taken as its content. An edit is
/// compare-and-swap: the new file is written beside the old one with its
/// mode and owner, then swapped in only if the file is still the one that was
/// read; otherwise the edit is made again on what is there now.
public enum IniFileAccess {
  /// How long a file must have gone unmodified before it is taken as complete.
  static let settleTime: Double = 0.03
  /// How many times a read or an edit starts over before giving up.
  static let attempts = 100

  /// A file's bytes and what identified it when they were read; nil `identity` when there is no file.
  public struct Snapshot: Sendable, Equatable {
    public var bytes: [UInt8]
    public var identity: Identity?
  }

  /// What tells one version of a file from another, and what a replacement must keep. The change time is
  /// left out: a rename changes it, and the displaced file is compared after one.
  public struct Identity: Sendable, Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: timespec
    var mode: mode_t
    var owner: uid_t
    var group: gid_t

    init(_ info: stat) {
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
      size = Int64(info.st_size)
      modified = info.st_mtim
      mode = info.st_mode
      owner = info.st_uid
      group = info.st_gid
    }

    public static func == (left: Identity, right: Identity) -> Bool {
      left.device == right.device && left.inode == right.inode && left.size == right.size
        && left.modified.tv_sec == right.modified.tv_sec && left.modified.tv_nsec == right.modified.tv_nsec
        && left.mode == right.mode && left.owner == right.owner && left.group == right.group
    }
  }

  /// The file's settled bytes; no file gives an empty snapshot. A symlink, a folder, a pipe or a file over
  /// `limit` bytes throws, and so does a file that never stops changing.
  public static func read(_ path: String, limit: Int) throws(IniFileError) -> Snapshot {
    for _ in 0..<attempts {
      if let snapshot = try readOnce(path, limit: limit) { return snapshot }
      pause(settleTime / 3)
    }
    throw .keepsChanging
  }

  /// One try: nil when the file changed during the read or changed too recently to trust.
  private static func readOnce(_ path: String, limit: Int, settled: Bool = true) throws(IniFileError) -> Snapshot? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else {
      if errno == ENOENT { return Snapshot(bytes: [], identity: nil) }
      if errno == ELOOP { throw .notAFile }
      throw .system(errno)
    }
    defer { close(descriptor) }
    var before = stat()
    guard fstat(descriptor, &before) == 0 else { throw .system(errno) }
    guard before.st_mode & S_IFMT == S_IFREG else { throw .notAFile }
    guard before.st_size <= limit else { throw .tooLarge(limit) }
    let bytes: [UInt8]
    do {
      bytes = try SafeFiles.readAll(descriptor, limit: limit, expected: Int(before.st_size))
    } catch .tooLarge {
      throw .tooLarge(limit)
    } catch .system(let code) {
      throw .system(code)
    } catch {
      throw .notAFile
    }
    var after = stat()
    guard fstat(descriptor, &after) == 0 else { throw .system(errno) }
    var atPath = stat()
    guard lstat(path, &atPath) == 0 else { return nil }
    let identity = Identity(before)
    guard identity == Identity(after), identity == Identity(atPath), bytes.count == Int(before.st_size) else {
      return nil
    }
    // A modification time in the future (a clock set wrong, a file copied from elsewhere) is not a write
    // in progress.
    let age = age(of: before.st_mtim)
    guard !settled || age >= settleTime || age < 0 else { return nil }
    return Snapshot(bytes: bytes, identity: identity)
  }

  /// Applies `edit` to the file's document and swaps the result in, starting over whenever another program
  /// changed the file in between. Returns the document written (or left as it was when `edit` changed
  /// nothing), and the version of the file written (nil when nothing was).
  @discardableResult
  public static func edit(
    _ path: String, dialect: IniDialect, limit: Int, newFileMode: mode_t = 0o600,
    _ edit: (inout IniDocument) throws(IniFileError) -> Void
  ) throws(IniFileError) -> (document: IniDocument, version: Identity?) {
    var written = IniDocument(bytes: [], dialect: dialect)
    let version: Identity?
    do {
      version = try update(path, limit: limit, newFileMode: newFileMode) { snapshot in
        var document = IniDocument(bytes: snapshot.bytes, dialect: dialect)
        try edit(&document)
        written = document
        return document.bytes == snapshot.bytes && snapshot.identity != nil ? nil : document.bytes
      }
    } catch let error as IniFileError {
      throw error
    } catch {
      throw .folder(String(describing: error))
    }
    return (written, version)
  }

  /// Replaces the file with what `transform` makes of its settled content (nil: leave it), compare-and-swap:
  /// when another program changed, created or removed the file meanwhile, `transform` runs again on what is
  /// there now. `transform`'s own errors come through as they are; the file's are `IniFileError`s.
  /// Returns the version of the file written, nil when `transform` left it.
  @discardableResult
  public static func update(
    _ path: String, limit: Int, newFileMode: mode_t = 0o600, _ transform: (Snapshot) throws -> [UInt8]?
  ) throws -> Identity? {
    let folder = PathText.parent(path)
    for _ in 0..<attempts {
      let snapshot = try read(path, limit: limit)
      if let identity = snapshot.identity {
        guard identity.mode & S_IWUSR != 0, access(path, W_OK) == 0 else { throw IniFileError.readOnly }
      }
      guard let bytes = try transform(snapshot) else { return nil }
      do {
        try SafeFiles.makeFolder(folder)
      } catch {
        throw IniFileError.folder(error.description)
      }
      let (temporary, descriptor, version) = try writeTemporary(
        bytes, beside: path, like: snapshot.identity, mode: newFileMode)
      defer { close(descriptor) }
      if try swap(temporary, into: path, expecting: snapshot, written: version) {
        syncFolder(folder)
        SafeFiles.removeAbandonedTemporaries(beside: path)
        return version
      }
    }
    throw IniFileError.keepsChanging
  }

  /// Puts `temporary` at `path` if `path` is still `expected`; false (and `temporary` gone) when it is not.
  private static func swap(
    _ temporary: String, into path: String, expecting expected: Snapshot, written: Identity
  ) throws(IniFileError) -> Bool {
    guard let identity = expected.identity else {
      // A new file: link(2) fails if another program created one meanwhile.
      defer { unlink(temporary) }
      if link(temporary, path) == 0 { return true }
      if errno == EEXIST { return false }
      throw .system(errno)
    }
    guard (try? current(path)) == identity else {
      unlink(temporary)
      return false
    }
    // Exchange, then look at what was displaced: the version read, or another program's newer one?
    if knobs_exchange_paths(temporary, path) == 0 {
      var displaced = stat()
      let unchanged =
        lstat(temporary, &displaced) == 0 && Identity(displaced) == identity
        && (try? readOnce(temporary, limit: expected.bytes.count + 1, settled: false))??.bytes == expected.bytes
      if !unchanged {
        // Put the other program's file back and start over; if a third one replaced ours meanwhile, theirs
        // is the newest and stays.
        let ours = (try? current(path)).map { $0.inode == written.inode && $0.device == written.device } ?? false
        if ours, knobs_exchange_paths(temporary, path) != 0 {
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
    guard (try? current(path)) == identity else {
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

  /// What identifies the file at `path` now (not following a symlink); nil when there is none.
  public static func identity(of path: String) -> Identity? { try? current(path) }

  private static func current(_ path: String) throws(IniFileError) -> Identity {
    var info = stat()
    guard lstat(path, &info) == 0 else { throw .system(errno) }
    return Identity(info)
  }

  /// A new file beside `path` holding `bytes`, with the old file's mode and owner, flushed to disk; its
  /// descriptor, which holds it locked until closed (`SafeFiles.lockedTemporary`); and what identifies it
  /// (a rename keeps all of that).
  private static func writeTemporary(_ bytes: [UInt8], beside path: String, like identity: Identity?, mode: mode_t)
    throws(IniFileError) -> (path: String, descriptor: Int32, version: Identity)
  {
    let temporary: String
    let descriptor: Int32
    do {
      (temporary, descriptor) = try SafeFiles.lockedTemporary(beside: path)
    } catch {
      guard case .system(let code) = error else { throw .folder(error.description) }
      throw .system(code)
    }
    func fail(_ code: Int32) -> IniFileError {
      close(descriptor)
      unlink(temporary)
      return .system(code)
    }
    if let identity {
      if identity.owner != getuid() || identity.group != getgid() {
        guard fchown(descriptor, identity.owner, identity.group) == 0 else { throw fail(errno) }
      }
      guard fchmod(descriptor, identity.mode & 0o7777) == 0 else { throw fail(errno) }
    } else {
      guard fchmod(descriptor, mode) == 0 else { throw fail(errno) }
    }
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
      if count < 0 {
        if errno == EINTR { continue }
        throw fail(errno)
      }
      offset += count
    }
    guard fsync(descriptor) == 0 else { throw fail(errno) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw fail(errno) }
    return (temporary, descriptor, Identity(info))
  }

  private static func syncFolder(_ folder: String) {
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  private static func age(of time: timespec) -> Double {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Double(now.tv_sec - time.tv_sec) + Double(now.tv_nsec - time.tv_nsec) / 1e9
  }

  private static func pause(_ seconds: Double) {
    var time = timespec(tv_sec: 0, tv_nsec: Int(seconds * 1e9))
    nanosleep(&time, nil)
  }
}

/// Why an INI file could not be read or written.
public enum IniFileError: Error, Hashable, Sendable, CustomStringConvertible {
  case notAFile
  case tooLarge(Int)
  case readOnly
  case keepsChanging
  case system(Int32)
  case folder(String)
  case value(IniValueError)

  public var description: String {
    switch self {
    case .notAFile: return tr("it is not a regular file")
    case .tooLarge(let limit): return tr("it is larger than %d MB", limit / 1024 / 1024)
    case .readOnly: return tr("it is read-only")
    case .keepsChanging: return tr("another program keeps changing it")
    case .system(let code): return String(cString: strerror(code)).lowercased()
    case .folder(let reason): return reason
    case .value(let error): return error.description
    }
  }
}
