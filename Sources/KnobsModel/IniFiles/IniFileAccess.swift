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
package enum IniFileAccess {
  /// How long a file must have gone unmodified before it is taken as complete.
  static let settleTime: Double = 0.03
  /// How many times a read or an edit starts over before giving up.
  static let attempts = 100

  /// A file's bytes and what identified it when they were read; nil `identity` when there is no file.
  package struct Snapshot: Sendable, Equatable {
    package var bytes: [UInt8]
    package var identity: Identity?
  }

  /// What tells one version of a file from another, and what a replacement must keep. The change time is
  /// left out: a rename changes it, and the displaced file is compared after one.
  package struct Identity: Sendable, Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: timespec
    package var mode: mode_t
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

    package static func == (left: Identity, right: Identity) -> Bool {
      left.device == right.device && left.inode == right.inode && left.size == right.size
        && left.modified.tv_sec == right.modified.tv_sec && left.modified.tv_nsec == right.modified.tv_nsec
        && left.mode == right.mode && left.owner == right.owner && left.group == right.group
    }
  }

  /// The file's settled bytes; no file gives an empty snapshot. A symlink, a folder, a pipe or a file over
  /// `limit` bytes throws, and so does a file that never stops changing.
  package static func read(_ path: String, limit: Int) throws(IniFileError) -> Snapshot {
    for _ in 0..<attempts {
      if let snapshot = try readOnce(path, limit: limit) { return snapshot }
      pause(settleTime / 3)
    }
    throw .keepsChanging
  }

  /// One try: nil when the file changed during the read or changed too recently to trust.
  static func readOnce(_ path: String, limit: Int, settled: Bool = true) throws(IniFileError) -> Snapshot? {
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
  package static func edit(
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
  package static func update(
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
      let written: Identity?
      do {
        written = try SafeFiles.withMemory(of: bytes) { (bytes) throws(FileProblem) in
          try SafeFiles.replace(path, with: bytes, mode: newFileMode, .ifUnchanged(snapshot))
        }
      } catch {
        guard case .system(let code) = error else { throw IniFileError.folder(error.description) }
        throw IniFileError.system(code)
      }
      if let written { return written }
    }
    throw IniFileError.keepsChanging
  }

  /// What identifies the file at `path` now (not following a symlink); nil when there is none.
  package static func identity(of path: String) -> Identity? { try? current(path) }

  private static func current(_ path: String) throws(IniFileError) -> Identity {
    var info = stat()
    guard lstat(path, &info) == 0 else { throw .system(errno) }
    return Identity(info)
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
package enum IniFileError: Error, Hashable, Sendable, CustomStringConvertible {
  case notAFile
  case tooLarge(Int)
  case readOnly
  case keepsChanging
  case system(Int32)
  case folder(String)
  case value(IniValueError)

  package var description: String {
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
