#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The process's environment and the plain file questions Knobs asks of the
/// local disk, answered by the C library.
///
/// A start reads the environment, looks for folders and reads small files; done
/// through the C library, it leaves Foundation's file manager, URL and Data code
/// (several hundred kilobytes) out of memory.
@usableFromInline package enum LocalFiles {
  /// Every environment variable of the process (the first of a name given twice).
  @usableFromInline package static func environment() -> [String: String] {
    var result: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        let name = String(text[..<equals])
        if result[name] == nil { result[name] = String(text[text.index(after: equals)...]) }
      }
      entry += 1
    }
    return result
  }

  /// `HOME` when set and not empty, else the user's home in the password database, else "/".
  package static func home(environment: [String: String]) -> String {
    if let home = environment["HOME"], !home.isEmpty { return home }
    return accountHome() ?? "/"
  }

  /// The home folder the password database gives the user running Knobs.
  static func accountHome() -> String? {
    var account = passwd()
    var found: UnsafeMutablePointer<passwd>?
    var buffer = [CChar](repeating: 0, count: 16 * 1024)
    guard getpwuid_r(getuid(), &account, &buffer, buffer.count, &found) == 0, found != nil,
      let folder = account.pw_dir
    else { return nil }
    let home = String(cString: folder)
    return home.isEmpty ? nil : home
  }

  /// Whether something is at `path`, following symlinks.
  package static func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }

  /// Whether a folder is at `path`, following symlinks.
  package static func isFolder(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
  }

  /// Whether the user running Knobs may read `path`.
  package static func isReadable(_ path: String) -> Bool {
    access(path, R_OK) == 0
  }

  /// The names in a folder (without "." and ".."), in the order the disk gives
  /// them; nil when it can't be listed.
  @usableFromInline package static func names(in folder: String) -> [String]? {
    guard let directory = opendir(folder) else { return nil }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// The bytes of the file at `path`, following symlinks; nil when it can't be
  /// read or is not a regular file (a folder, a pipe that would block).
  package static func bytes(at path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    var result = [UInt8]()
    result.reserveCapacity(Int(info.st_size))
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { return result }
      result += chunk[..<count]
    }
  }

  /// The text of the UTF-8 file at `path`; nil when it can't be read or is not
  /// UTF-8. A byte order mark at its start is not part of the text.
  package static func text(at path: String) -> String? {
    guard let bytes = bytes(at: path) else { return nil }
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
    return String(validating: body, as: UTF8.self)
  }

  /// When the file at `path` was last modified, in seconds since 1970; nil when nothing is there.
  package static func modificationTime(_ path: String) -> Double? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
  }

  /// `path` from the root: a relative path is taken from the current folder.
  package static func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : currentFolder() + "/" + path
  }

  /// The folder of the program file `executable` names (as run: maybe relative, maybe a symlink).
  package static func programFolder(_ executable: String) -> String {
    PathText.parent(resolvingLinks(absolute(executable)))
  }

  /// `path` with every symlink in it followed, or `path` itself when that fails.
  package static func resolvingLinks(_ path: String) -> String {
    realPath(path) ?? path
  }

  /// The path with every symlink and "." or ".." in it resolved; nil when something on
  /// the way is missing.
  package static func realPath(_ path: String) -> String? {
    guard let pointer = realpath(path, nil) else { return nil }
    defer { free(pointer) }
    return String(cString: pointer)
  }

  /// The folder the process runs in, or "/" when it can't be told.
  package static func currentFolder() -> String {
    guard let pointer = getcwd(nil, 0) else { return "/" }
    defer { free(pointer) }
    return String(cString: pointer)
  }

  /// Seconds since 1970, now.
  @usableFromInline package static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// Seconds on a clock that only goes forward (for timing), now.
  package static func monotonicNow() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
