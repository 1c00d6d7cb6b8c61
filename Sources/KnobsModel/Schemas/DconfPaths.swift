import FoundationEssentials

/// Where the user's dconf database holds keys, read from `dconf dump /`, and
/// which of those folders a relocatable schema could be at. GIO cannot list
/// dconf's folders; the `dconf` command (dconf-cli) can.
package struct DconfPaths: Sendable {
  /// Folder path (`/org/gnome/terminal/legacy/profiles:/:abc/`) → the key names set there.
  package private(set) var folders: [String: Set<String>] = [:]

  /// Reads `dconf dump /` output: `[relative/folder]` groups of `key=value` lines.
  package init(dump: String) {
    var folder: String?
    for line in dump.split(whereSeparator: \.isNewline) {
      if line.hasPrefix("[") && line.hasSuffix("]") {
        let name = line.dropFirst().dropLast()
        folder = name == "/" ? "/" : "/" + name + "/"
      } else if let folder, let equals = line.firstIndex(of: "=") {
        folders[folder, default: []].insert(String(line[..<equals]))
      }
    }
  }

  /// Runs `dconf dump /`; no folders when dconf is not installed or fails.
  package static func read() -> DconfPaths {
    DconfPaths(dump: dump() ?? "")
  }

  /// What `dconf dump /` prints: the user's whole database as a keyfile; nil when dconf
  /// is not installed or fails, or prints more than an import would read.
  package static func dump() -> String? {
    try? dumped().get()
  }

  /// What `dconf dump /` prints, or why not: `.notRun` when dconf is not installed or fails,
  /// a sentence when it printed more than an import would read (it was stopped).
  package static func dumped() -> Result<String, DumpFailure> {
    let limit = DconfKeyfile.largestFile
    let (status, output) = Subprocess.run(["dconf", "dump", "/"], keeping: .standardOutput, limit: limit)
    if status == Subprocess.overLimit {
      return .failure(.problem(Subprocess.overLimitProblem("dconf dump /", limit: limit)))
    }
    guard status == 0 else { return .failure(.notRun) }
    return .success(String(decoding: output, as: UTF8.self))
  }

  /// Why `dumped()` has no text.
  package enum DumpFailure: Error, Hashable, Sendable {
    case notRun
    case problem(String)
  }

  /// The folders whose keys all belong to a schema with `keys`, sorted: where a
  /// relocatable schema with those keys is probably in use.
  package func folders(matching keys: Set<String>) -> [String] {
    folders.filter { !$0.value.isEmpty && $0.value.isSubset(of: keys) }.map(\.key).sorted()
  }
}
