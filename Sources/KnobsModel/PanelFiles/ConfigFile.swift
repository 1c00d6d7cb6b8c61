import FoundationEssentials

/// A file under the user's config folder (`$XDG_CONFIG_HOME`) that a panel
/// file names: the only place a panel's INI file may be.
public enum ConfigFile {
  /// Why `relative` can't name a file in the config folder, if it can't.
  public static func problem(with relative: String) -> String? {
    if relative.hasPrefix("/") || relative.hasPrefix("~") {
      return tr(
        // TRANSLATORS: “ini-file” is a key and $XDG_CONFIG_HOME a variable, both as they are written.
        "“ini-file” must be a path inside the config folder ($XDG_CONFIG_HOME), such as pizza/pizza.ini, not “%s”.",
        relative.escapedForMessage)
    }
    let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
    if relative.isEmpty || parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
      return tr(
        // TRANSLATORS: “ini-file” is a key and $XDG_CONFIG_HOME a variable, both as they are written.
        "“ini-file” must be a path inside the config folder ($XDG_CONFIG_HOME) without “..”, “.” or empty parts, not “%s”.",
        relative.escapedForMessage)
    }
    if relative.unicodeScalars.contains(where: { $0.value < 0x20 }) {
      return tr("“ini-file” has control characters in it.")
    }
    return nil
  }

  /// The absolute path of `relative` in `configHome`, with symlinks inside the
  /// folder resolved; a path that leaves the folder, also through a symlink, throws.
  public static func resolve(_ relative: String, configHome: String) throws(ConfigFileError) -> String {
    if let problem = problem(with: relative) { throw .badPath(problem) }
    let base = LocalFiles.realPath(configHome) ?? configHome
    var existing = base
    var rest = relative.split(separator: "/").map(String.init)
    // The longest part that exists is resolved; what follows does not exist, so it holds no symlink.
    while let next = rest.first {
      let candidate = existing + "/" + next
      guard SafeFiles.node(at: candidate) != .missing else { break }
      guard let resolved = LocalFiles.realPath(candidate) else { throw .outside(relative) }
      guard resolved.hasPrefix(base + "/") else { throw .outside(relative) }
      existing = resolved
      rest.removeFirst()
    }
    return ([existing] + rest).joined(separator: "/")
  }

  /// `$XDG_CONFIG_HOME`, or `~/.config`.
  public static func home(environment: [String: String] = LocalFiles.environment()) -> String {
    if let value = environment["XDG_CONFIG_HOME"], value.hasPrefix("/") { return value }
    return
      (LocalFiles.home(environment: environment))
      + "/.config"
  }
}

/// Why a panel's INI file can't be used.
public enum ConfigFileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The path can't be used; the text says why.
  case badPath(String)
  /// The path leads outside the config folder.
  case outside(String)

  public var description: String {
    switch self {
    case .badPath(let problem): return problem
    case .outside(let relative):
      return tr(
        "The INI file “%s” leads out of the config folder through a symlink; Knobs won't read or write it.",
        relative.escapedForMessage)
    }
  }
}
