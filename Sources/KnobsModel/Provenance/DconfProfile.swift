/// The dconf profile in force: the databases dconf reads, in its order, found as dconf
/// finds it (`dconf_engine_profile_open`): `/run/dconf/user/UID`, then `DCONF_PROFILE`
/// (a path, or a name looked up in `/etc/dconf/profile` and `XDG_DATA_DIRS`), then
/// `$XDG_RUNTIME_DIR/dconf/profile`, then the profile named `user`, and with none of
/// them the user's database alone.
public struct DconfProfile: Hashable, Sendable {
  /// One line of a profile: a database dconf reads.
  public struct Database: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
      case user = "user-db"
      case system = "system-db"
      case file = "file-db"
      case service = "service-db"
    }

    public var kind: Kind
    /// The name after the colon, as the profile spells it.
    public var name: String
    /// The file dconf opens for it; nil for a service database, which has none.
    public var file: String?

    /// The line as a profile writes it (`system-db:site`), which names the database to the user.
    public var label: String { kind.rawValue + ":" + name }
  }

  /// The profile's file; nil when dconf uses its default (the user's database alone) or
  /// the null profile (no database at all, when a named profile can't be opened).
  public var file: String?
  /// How it was found, for `knobs explain`: "DCONF_PROFILE", "/run/dconf/user/0", "default".
  public var foundBy: String

  /// How it was found and its file, as `knobs explain` names it: "DCONF_PROFILE (/tmp/profile)".
  public var name: String {
    guard let file, file != foundBy else { return foundBy }
    return "\(foundBy) (\(file))"
  }
  public var databases: [Database]
  /// What is wrong with it, in words for the user; dconf itself goes on as it can.
  public var problems: [String]

  public init(file: String?, foundBy: String, databases: [Database], problems: [String] = []) {
    self.file = file
    self.foundBy = foundBy
    self.databases = databases
    self.problems = problems
  }

  /// Where dconf looks: the environment's variables and the folders it reads.
  public struct Environment: Sendable {
    public var uid: UInt32
    public var dconfProfile: String?
    public var runtimeDirectory: String
    public var configDirectory: String
    public var systemDataDirectories: [String]
    public var sysconfDirectory = "/etc"
    public var mandatoryDirectory = "/run/dconf/user"

    public init(
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
  public static func find(
    in environment: Environment, read: (String) -> Result<String, ProfileFileProblem> = Self.readFile
  ) -> DconfProfile {
    func parsed(_ path: String, _ text: String, foundBy: String) -> DconfProfile {
      var profile = parse(text, environment: environment)
      profile.file = path
      profile.foundBy = foundBy
      return profile
    }
    let mandatory = environment.mandatoryDirectory + "/\(environment.uid)"
    if case .success(let text) = read(mandatory) { return parsed(mandatory, text, foundBy: mandatory) }
    var named = environment.dconfProfile
    if named == nil {
      let runtime = environment.runtimeDirectory + "/dconf/profile"
      if case .success(let text) = read(runtime) { return parsed(runtime, text, foundBy: runtime) }
      if let (path, text) = lookUp("user", environment, read) { return parsed(path, text, foundBy: "user") }
      return DconfProfile(
        file: nil, foundBy: "default",
        databases: [Database(kind: .user, name: "user", file: environment.configDirectory + "/dconf/user")])
    }
    let name = named!
    named = nil
    if name.hasPrefix("/") {
      switch read(name) {
      case .success(let text): return parsed(name, text, foundBy: "DCONF_PROFILE")
      case .failure(let problem):
        return DconfProfile(
          file: name, foundBy: "DCONF_PROFILE", databases: [],
          problems: [
            tr(
              "The dconf profile %1$s (DCONF_PROFILE) can't be read: %2$s. dconf reads no database at all.", name,
              problem.description)
          ])
      }
    }
    if let (path, text) = lookUp(name, environment, read) { return parsed(path, text, foundBy: "DCONF_PROFILE") }
    return DconfProfile(
      file: nil, foundBy: "DCONF_PROFILE", databases: [],
      problems: [tr("There is no dconf profile named “%s” (DCONF_PROFILE). dconf reads no database at all.", name)])
  }

  /// A named profile in `/etc/dconf/profile`, then each `XDG_DATA_DIRS` folder's `dconf/profile`;
  /// as dconf does, a file that exists but can't be opened ends the search.
  private static func lookUp(
    _ name: String, _ environment: Environment, _ read: (String) -> Result<String, ProfileFileProblem>
  ) -> (String, String)? {
    for folder in [environment.sysconfDirectory] + environment.systemDataDirectories {
      let path = folder + "/dconf/profile/" + name
      switch read(path) {
      case .success(let text): return (path, text)
      case .failure(.missing): continue
      case .failure: return nil
      }
    }
    return nil
  }

  /// The databases of a profile's text, as dconf reads its lines: leading and trailing
  /// blanks and `#` comments dropped, `KIND:NAME` with a name after the colon.
  public static func parse(_ text: String, environment: Environment) -> DconfProfile {
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
  public enum ProfileFileProblem: Error, Equatable, Sendable, CustomStringConvertible {
    case missing
    case folder
    case unreadable(String)

    public var description: String {
      switch self {
      case .missing: return tr("it does not exist")
      case .folder: return tr("it is a folder")
      case .unreadable(let reason): return reason
      }
    }
  }

  /// A profile file's text (at most 1 MB, as no profile is larger); symlinks are followed, as dconf does.
  public static func readFile(_ path: String) -> Result<String, ProfileFileProblem> {
    switch SafeFiles.node(at: path) {
    case .missing: return .failure(.missing)
    case .other("folder"): return .failure(.folder)
    default: break
    }
    do {
      let data = try SafeFiles.read(path, followingLinks: true, limit: 1 << 20)
      return .success(String(decoding: data, as: UTF8.self))
    } catch .notAFile {
      return .failure(.folder)
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
