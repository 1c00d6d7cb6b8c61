import Glibc

/// The dconf profile in force: the databases dconf reads, in its order, found as dconf
/// finds it (`dconf_engine_profile_open`): `/run/dconf/user/UID`, then `DCONF_PROFILE`
/// (a path, or a name looked up in `/etc/dconf/profile` and `XDG_DATA_DIRS`), then
/// `$XDG_RUNTIME_DIR/dconf/profile`, then the profile named `user`, and with none of
/// them the user's database alone.
package struct DconfProfile: Hashable, Sendable {
  /// One line of a profile: a database dconf reads.
  package struct Database: Hashable, Sendable {
    package enum Kind: String, Hashable, Sendable {
      case user = "user-db"
      case system = "system-db"
      case file = "file-db"
      case service = "service-db"
    }

    package var kind: Kind
    /// The name after the colon, as the profile spells it.
    package var name: String
    /// The file dconf opens for it; nil for a service database, which has none.
    package var file: String?

    /// The line as a profile writes it (`system-db:site`), which names the database to the user.
    package var label: String { kind.rawValue + ":" + name }
  }

  /// The profile's file; nil when dconf uses its default (the user's database alone) or
  /// the null profile (no database at all, when a named profile can't be opened).
  package var file: String?
  /// How it was found, for `knobs explain`: "DCONF_PROFILE", "/run/dconf/user/0", "default".
  package var foundBy: String

  /// How it was found and its file, as `knobs explain` names it: "DCONF_PROFILE (/tmp/profile)".
  package var name: String {
    guard let file, file != foundBy else { return foundBy }
    return "\(foundBy) (\(file))"
  }
  package var databases: [Database]
  /// What is wrong with it, in words for the user; dconf itself goes on as it can.
  package var problems: [String]
  /// Whether Knobs read the profile dconf reads: false when dconf reads one Knobs does not
  /// (too large to be one), so which databases dconf reads is not known.
  package var isRead = true
  /// Whether the profile is a folder: dconf opens it, reads no line and so no database.
  package var isFolder = false
  /// Why libdconf must not be let open the profile or its databases, in words: one is not a
  /// regular file (a FIFO dconf would wait on forever, a device such as `/dev/zero` it would read
  /// forever, a socket, a folder). Nil when every file is safe to hand to libdconf.
  package var unsafeFile: String?

  package init(file: String?, foundBy: String, databases: [Database], problems: [String] = []) {
    self.file = file
    self.foundBy = foundBy
    self.databases = databases
    self.problems = problems
  }

  /// Where dconf looks: the environment's variables and the folders it reads.
  package struct Environment: Sendable {
    package var uid: UInt32
    package var dconfProfile: String?
    package var runtimeDirectory: String
    package var configDirectory: String
    package var systemDataDirectories: [String]
    package var sysconfDirectory = "/etc"
    package var mandatoryDirectory = "/run/dconf/user"

    package init(
      uid: UInt32, dconfProfile: String?, runtimeDirectory: String, configDirectory: String,
      systemDataDirectories: [String]
    ) {
      self.uid = uid
      self.dconfProfile = dconfProfile
      self.runtimeDirectory = runtimeDirectory
      self.configDirectory = configDirectory
      self.systemDataDirectories = systemDataDirectories
    }
  }

  /// The profile dconf reads in `environment`; `read` gives a file's text, or the reason it can't.
  /// A file dconf's `fopen` opens counts as found, as it does for dconf: a folder (dconf reads
  /// no line of it), a FIFO or a device (dconf would wait on it or read it forever: found, and
  /// said to be unsafe), one too large for Knobs to read (found, its databases unknown).
  package static func find(
    in environment: Environment, read: (String) -> Result<String, ProfileFileProblem> = Self.readFile
  ) -> DconfProfile {
    /// The profile at `path` when dconf opens it; nil when dconf's `fopen` fails there.
    func opened(_ path: String, foundBy: String) -> DconfProfile? {
      var profile: DconfProfile
      switch read(path) {
      case .success(let text):
        profile = parse(text, environment: environment)
      case .failure(.missing), .failure(.unreadable):
        return nil
      case .failure(.folder):
        profile = DconfProfile(
          file: path, foundBy: foundBy, databases: [],
          problems: [tr("The dconf profile %s is a folder: dconf reads no database at all.", path)])
        profile.isFolder = true
      case .failure(.notAFile(let kind)):
        profile = DconfProfile(file: path, foundBy: foundBy, databases: [])
        profile.isRead = false
        profile.unsafeFile = tr(
          "The dconf profile %1$s is %2$s, not a regular file: dconf would wait on it or read it forever.",
          path, kind)
        profile.problems = [profile.unsafeFile!]
      case .failure(.tooLarge):
        profile = DconfProfile(
          file: path, foundBy: foundBy, databases: [],
          problems: [
            tr(
              "The dconf profile %s is larger than any profile (1 MB): Knobs does not read it, so which databases dconf reads is not known.",
              path)
          ])
        profile.isRead = false
      }
      profile.file = path
      profile.foundBy = foundBy
      return profile
    }
    let mandatory = environment.mandatoryDirectory + "/\(environment.uid)"
    if let found = opened(mandatory, foundBy: mandatory) { return found }
    guard let name = environment.dconfProfile else {
      let runtime = environment.runtimeDirectory + "/dconf/profile"
      if let found = opened(runtime, foundBy: runtime) { return found }
      switch lookUp("user", environment, read) {
      case .found(let path): return opened(path, foundBy: "user")!
      case .failed, .missing:
        return DconfProfile(
          file: nil, foundBy: "default",
          databases: [Database(kind: .user, name: "user", file: environment.configDirectory + "/dconf/user")])
      }
    }
    if name.hasPrefix("/") {
      if let found = opened(name, foundBy: "DCONF_PROFILE") { return found }
      let why: String
      if case .failure(let problem) = read(name) { why = problem.description } else { why = "" }
      return DconfProfile(
        file: name, foundBy: "DCONF_PROFILE", databases: [],
        problems: [
          tr(
            "The dconf profile %1$s (DCONF_PROFILE) can't be read: %2$s. dconf reads no database at all.",
            name, why)
        ])
    }
    if case .found(let path) = lookUp(name, environment, read) { return opened(path, foundBy: "DCONF_PROFILE")! }
    return DconfProfile(
      file: nil, foundBy: "DCONF_PROFILE", databases: [],
      problems: [
        tr("There is no dconf profile named “%s” (DCONF_PROFILE). dconf reads no database at all.", name)
      ])
  }

  private enum LookUp {
    case found(String)
    case missing
    case failed
  }

  /// A named profile in `/etc/dconf/profile`, then each `XDG_DATA_DIRS` folder's `dconf/profile`;
  /// as dconf does, a file that exists but can't be opened ends the search.
  private static func lookUp(
    _ name: String, _ environment: Environment, _ read: (String) -> Result<String, ProfileFileProblem>
  ) -> LookUp {
    for folder in [environment.sysconfDirectory] + environment.systemDataDirectories {
      let path = folder + "/dconf/profile/" + name
      switch read(path) {
      case .failure(.missing): continue
      case .failure(.unreadable): return .failed
      default: return .found(path)
      }
    }
    return .missing
  }

  /// The profile with `unsafeFile` set when one of its databases' files (the user's too) is not a
  /// regular file: found with `stat`, and a file that says it is regular opened without waiting
  /// (`O_NONBLOCK`) and checked again on what was opened. Nothing else reads them.
  package func checkingDatabaseFiles() -> DconfProfile {
    guard unsafeFile == nil else { return self }
    var checked = self
    for database in databases {
      guard let file = database.file, let kind = Self.irregularKind(of: file) else { continue }
      checked.unsafeFile = tr(
        "The dconf database %1$s is %2$s, not a regular file: dconf would wait on it or misread it.",
        database.label, kind)
      checked.problems.append(checked.unsafeFile!)
      break
    }
    return checked
  }

  /// What `path` is when it is there and not a regular file (symlinks followed, as dconf follows
  /// them): "a FIFO", "a device", "a socket", "a folder"; nil for a regular file or nothing.
  static func irregularKind(of path: String) -> String? {
    func kind(_ mode: mode_t) -> String? {
      switch mode & S_IFMT {
      case S_IFREG: return nil
      case S_IFIFO: return tr("a FIFO")
      case S_IFCHR, S_IFBLK: return tr("a device")
      case S_IFSOCK: return tr("a socket")
      case S_IFDIR: return tr("a folder")
      default: return tr("a special file")
      }
    }
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    if let found = kind(info.st_mode) { return found }
    // Regular when looked at: what is opened (without waiting, should it have changed) is checked too.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    guard fstat(descriptor, &info) == 0 else { return nil }
    return kind(info.st_mode)
  }

  /// The databases of a profile's text, as dconf reads its lines: leading and trailing
  /// blanks and `#` comments dropped, `KIND:NAME` with a name after the colon.
  package static func parse(_ text: String, environment: Environment) -> DconfProfile {
    var databases: [Database] = []
    var problems: [String] = []
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = Substring(rawLine)
      if let comment = line.firstIndex(of: "#") { line = line[..<comment] }
      let trimmed = line.trimmingBlanks
      guard !trimmed.isEmpty else { continue }
      guard let colon = trimmed.firstIndex(of: ":"), trimmed.index(after: colon) != trimmed.endIndex,
        let kind = Database.Kind(rawValue: String(trimmed[..<colon]))
      else {
        problems.append(tr("The dconf profile has a line dconf ignores: “%s”.", String(trimmed).escapedForMessage))
        continue
      }
      let name = String(trimmed[trimmed.index(after: colon)...])
      let file: String?
      switch kind {
      case .user: file = environment.configDirectory + "/dconf/" + name
      case .system: file = environment.sysconfDirectory + "/dconf/db/" + name
      case .file: file = name
      case .service: file = nil
      }
      if kind != .file, name.split(separator: "/", omittingEmptySubsequences: false).contains("..") {
        problems.append(
          tr(
            "The dconf profile's line “%1$s” climbs out of its folder with “..”: dconf reads %2$s.",
            "\(kind.rawValue):\(name)".escapedForMessage, file ?? name))
      }
      databases.append(Database(kind: kind, name: name, file: file))
    }
    if databases.isEmpty { problems.append(tr("The dconf profile names no database: dconf reads none.")) }
    return DconfProfile(file: nil, foundBy: "", databases: databases, problems: problems)
  }

  /// Why a profile file could not be read.
  package enum ProfileFileProblem: Error, Equatable, Sendable, CustomStringConvertible {
    case missing
    case folder
    /// A FIFO, a device or a socket: what it is.
    case notAFile(String)
    case tooLarge
    case unreadable(String)

    package var description: String {
      switch self {
      case .missing: return tr("it does not exist")
      case .folder: return tr("it is a folder")
      case .notAFile(let kind): return tr("it is %s, not a regular file", kind)
      case .tooLarge: return tr("it is larger than any profile (1 MB)")
      case .unreadable(let reason): return reason
      }
    }
  }

  /// A profile file's text (at most 1 MB, as no profile is larger); symlinks are followed, as
  /// dconf does. Anything but a regular file is refused by `stat` before it is opened, and a
  /// file is opened without waiting and checked again on what was opened.
  package static func readFile(_ path: String) -> Result<String, ProfileFileProblem> {
    var info = stat()
    guard stat(path, &info) == 0 else {
      return errno == ENOENT || errno == ENOTDIR
        ? .failure(.missing) : .failure(.unreadable(FileProblem.system(errno).description))
    }
    if info.st_mode & S_IFMT == S_IFDIR { return .failure(.folder) }
    if let kind = irregularKind(of: path) { return .failure(kind == tr("a folder") ? .folder : .notAFile(kind)) }
    do {
      let data = try SafeFiles.read(path, followingLinks: true, limit: 1 << 20)
      return .success(String(decoding: data, as: UTF8.self))
    } catch .notAFile {
      return .failure(.notAFile(irregularKind(of: path) ?? tr("a special file")))
    } catch .tooLarge {
      return .failure(.tooLarge)
    } catch .system(let code) where code == ENOENT || code == ENOTDIR {
      return .failure(.missing)
    } catch {
      return .failure(.unreadable(error.description))
    }
  }
}

extension Substring {
  fileprivate var trimmingBlanks: Substring {
    let blanks: Set<Character> = [" ", "\t", "\r", "\u{0B}", "\u{0C}"]
    var result = self
    while let first = result.first, blanks.contains(first) { result = result.dropFirst() }
    while let last = result.last, blanks.contains(last) { result = result.dropLast() }
    return result
  }
}
