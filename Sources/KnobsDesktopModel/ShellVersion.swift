import FoundationEssentials
import KnobsModel

/// The installed GNOME Shell's version, and whether an extension declares it.
package enum ShellVersion {
  /// What `gnome-shell --version` says, such as `43.9`; nil when the Shell is not
  /// installed or says something else. It runs a program: call it off the main thread.
  package static func installed() -> String? {
    try? find().get()
  }

  /// Why the Shell's version was not found.
  package enum NotFound: Error, Hashable, Sendable {
    /// No `gnome-shell` runs here, or it says something that is not its version.
    case notInstalled
    /// `gnome-shell --version` wrote far more than a version: it was stopped, and this says so.
    case problem(String)
  }

  /// What `gnome-shell --version` says, such as `43.9`, or why there is none. It runs a
  /// program: call it off the main thread.
  package static func find() -> Result<String, NotFound> {
    let (status, output) = Subprocess.run(["gnome-shell", "--version"], keeping: .standardOutput)
    if status == Subprocess.overLimit {
      return .failure(.problem(Subprocess.overLimitProblem("gnome-shell --version", limit: Subprocess.defaultLimit)))
    }
    guard status == 0, let version = parse(String(decoding: output.prefix(200), as: UTF8.self)) else {
      return .failure(.notInstalled)
    }
    return .success(version)
  }

  /// `GNOME Shell 43.9` is `43.9`.
  package static func parse(_ output: String) -> String? {
    let prefix = "GNOME Shell "
    guard let line = output.split(whereSeparator: \.isNewline).first, line.hasPrefix(prefix) else { return nil }
    let version = line.dropFirst(prefix.count).trimmingSpaces
    guard !version.isEmpty, version.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") }),
      version.first?.isNumber == true
    else { return nil }
    return version
  }

  /// Whether the Shell at `version` starts an extension that declares `declared`, by
  /// the Shell's own rule: the major versions match, and so does the minor one when
  /// the extension names it (`43` covers `43.9`, `3.38` covers `3.38.6`). A test
  /// version (`44.beta`) needs to be named whole.
  package static func supports(_ declared: [String], version: String) -> Bool {
    let current = version.split(separator: ".", omittingEmptySubsequences: false)
    guard let major = current.first else { return false }
    let minor = current.count > 1 ? current[1] : nil
    let minorIsNumber = minor.map { !$0.isEmpty && $0.allSatisfy(\.isNumber) } ?? false
    return declared.contains { entry in
      let parts = entry.split(separator: ".", omittingEmptySubsequences: false)
      guard parts.first == major else { return false }
      if parts.count == 1 { return minorIsNumber }
      return parts[1] == minor
    }
  }
}
