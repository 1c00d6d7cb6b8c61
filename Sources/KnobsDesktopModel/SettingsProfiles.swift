import FoundationEssentials
import Glibc
import KnobsModel

/// Named sets of settings to switch to and back (work, presentation, a child's account): each a
/// dconf keyfile in `$XDG_DATA_HOME/knobs/profiles/NAME.ini`, holding the values the user had set
/// in the profile's scopes when it was saved. Its first lines are comments naming the profile and
/// its scopes (`# Scope: appearance`; none for every installed schema), so that applying it can
/// also reset what is set in those scopes now and was not then. A file that does not start
/// with `# Knobs profile: ` (empty, cut, not a profile) is refused, never applied as "nothing set".
package struct SettingsProfiles: Sendable {
  /// The folder the profiles are kept in.
  package let folder: String

  package init(folder: String) { self.folder = folder }

  /// `$XDG_DATA_HOME/knobs/profiles`, else `~/.local/share/knobs/profiles`.
  package static func defaultFolder(environment: [String: String] = LocalFiles.environment()) -> String {
    let home = LocalFiles.home(environment: environment)
    let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
    return data + "/knobs/profiles"
  }

  /// A profile's name is at most this many bytes.
  package static let longestName = 100

  /// Why `name` can't name a profile, in words; nil when it can. A name is a file's name: no
  /// `/`, no control or bidi-control character, not `.` or `..` or hidden, not too long.
  package static func problem(withName name: String) -> String? {
    if name.isEmpty { return tr("A profile needs a name.") }
    if name.utf8.count > longestName {
      return tr("A profile's name is at most %d bytes long.", longestName)
    }
    if name.hasPrefix(".") || name.contains("/") {
      return tr("A profile's name can't start with a dot or hold a “/”: %s.", name.escapedForMessage)
    }
    if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || Self.isBidiControl($0) }) {
      return tr("A profile's name can't hold control characters: %s.", name.escapedForMessage)
    }
    return nil
  }

  /// Why `scope` can't be a profile's scope, in words; nil when it can. A scope is a path
  /// written on a `# Scope:` line of its own: a line break, a control or bidi-control character,
  /// or a `[` at its start (a keyfile's group) would make it lines of the file it is not.
  package static func problem(withScope scope: String) -> String? {
    let unsafe = scope.unicodeScalars.contains { $0.properties.generalCategory == .control || Self.isBidiControl($0) }
    guard unsafe || scope.hasPrefix("[") || scope.isEmpty else { return nil }
    return tr(
      "A profile's scope is a page or a path on one line, not starting with “[”, with no control character: “%s”.",
      scope.escapedForMessage)
  }

  private static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
      || scalar.value == 0x200E || scalar.value == 0x200F || scalar.value == 0x061C
  }

  /// The file of the profile `name` (checked with `problem(withName:)` first).
  package func file(of name: String) -> String { folder + "/" + name + ".ini" }

  /// The names of the saved profiles, sorted; files that are not profiles' are left out.
  package func names() -> [String] {
    (LocalFiles.names(in: folder) ?? []).compactMap { file in
      guard file.hasSuffix(".ini") else { return nil }
      let name = String(file.dropLast(4))
      return Self.problem(withName: name) == nil ? name : nil
    }.sorted()
  }

  /// A profile as saved: its scopes (empty for every installed schema) and its keyfile's text.
  package struct Profile: Sendable, Equatable {
    package var scopes: [String]
    package var keyfile: String

    package init(scopes: [String], keyfile: String) {
      self.scopes = scopes
      self.keyfile = keyfile
    }
  }

  /// How a profile's file starts: a file that does not is not read as one.
  static let headerStart = "# Knobs profile: "

  /// The file's text: the comments naming the profile and its scopes, then the keyfile.
  package static func text(name: String, _ profile: Profile) -> String {
    var header = headerStart + name + "\n"
    for scope in profile.scopes { header += "# Scope: \(scope)\n" }
    return header + "\n" + profile.keyfile
  }

  /// Saves the profile `name` whole (replacing one of that name); nil when saved, else why not
  /// (a name or a scope refused, nothing written).
  package func save(_ name: String, _ profile: Profile) -> String? {
    if let problem = Self.problem(withName: name) { return problem }
    if let problem = profile.scopes.lazy.compactMap(Self.problem(withScope:)).first { return problem }
    return DconfKeyfile.save(Self.text(name: name, profile), to: file(of: name))
  }

  /// The saved profile `name`.
  package func read(_ name: String) throws(ProfileError) -> Profile {
    if let problem = Self.problem(withName: name) { throw ProfileError(problem) }
    guard LocalFiles.exists(file(of: name)) else {
      throw ProfileError(tr("There is no profile “%s”. “knobs profile list” lists them.", name.escapedForMessage))
    }
    let text: String
    do {
      text = try DconfKeyfile.read(path: file(of: name))
    } catch {
      throw ProfileError(error.description)
    }
    // An empty or cut file would apply as "nothing set": every setting reset. Its first line says it is whole.
    guard text.hasPrefix(Self.headerStart) else {
      throw ProfileError(
        tr(
          "%1$s is not a whole profile: it does not start with “%2$sNAME”.", file(of: name).escapedForMessage,
          Self.headerStart))
    }
    var scopes: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      guard line.hasPrefix("#") else { break }
      if line.hasPrefix("# Scope: ") { scopes.append(String(line.dropFirst("# Scope: ".count))) }
    }
    return Profile(scopes: scopes, keyfile: text)
  }

  /// Deletes the profile `name`; nil when deleted, else why not.
  package func delete(_ name: String) -> String? {
    if let problem = Self.problem(withName: name) { return problem }
    guard LocalFiles.exists(file(of: name)) else {
      return tr("There is no profile “%s”. “knobs profile list” lists them.", name.escapedForMessage)
    }
    do {
      try SafeFiles.remove(file(of: name))
      return nil
    } catch {
      return tr("%1$s could not be removed: %2$s.", file(of: name), error.description)
    }
  }
}

/// Why a profile could not be read, in words.
package struct ProfileError: Error, CustomStringConvertible {
  package let description: String

  package init(_ description: String) { self.description = description }
}
