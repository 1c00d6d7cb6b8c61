import FoundationEssentials

/// One key as dconf keeps it: its folder, its name and its value in GVariant text with
/// type annotations where the text alone is ambiguous (`uint32 60`, `@as []`).
package struct DconfEntry: Hashable, Sendable {
  /// `/org/gnome/desktop/interface/`.
  package var folder: String
  package var key: String
  package var text: String

  package init(folder: String, key: String, text: String) {
    self.folder = folder
    self.key = key
    self.text = text
  }

  /// `/org/gnome/desktop/interface/clock-format`: the key's dconf path, as a locks file names it.
  package var path: String { folder + key }
}

/// Settings files in dconf's own formats: the keyfile `dconf dump /` writes and
/// `dconf load /` reads (a system database's `.d` folder holds the same), and the
/// locks file `dconf update` reads from that folder's `locks/`.
package enum DconfKeyfile {
  /// A `[folder]` group per folder in sorted order, named without its first and last
  /// “/” (`[/]` for the root), its `key=value` lines sorted, groups apart by a blank line.
  package static func text(_ entries: [DconfEntry]) -> String {
    var groups: [String: [DconfEntry]] = [:]
    for entry in entries { groups[entry.folder, default: []].append(entry) }
    return groups.keys.sorted().map { folder in
      let name = folder == "/" ? "/" : String(folder.dropFirst().dropLast())
      let lines = groups[folder, default: []].sorted { $0.key < $1.key }.map { "\($0.key)=\($0.text)" }
      return "[\(name)]\n" + lines.joined(separator: "\n") + "\n"
    }.joined(separator: "\n")
  }

  /// Writes `text` to `path` whole or not at all (a temporary file beside it, renamed over
  /// it); nil when written, else why not, in words.
  package static func save(_ text: String, to path: String) -> String? {
    do {
      try SafeFiles.writeAtomically(Data(text.utf8), to: path, mode: 0o644)
      return nil
    } catch {
      return tr("%1$s could not be written: %2$s.", path, error.description)
    }
  }

  /// Writes each text to its path, all or none (temporary files beside them first, then renamed
  /// over them; a target already renamed gets its old file back when a later one fails); nil
  /// when written, else why not, in words.
  package static func save(_ files: [(text: String, path: String)]) -> String? {
    guard let (path, problem) = SafeFiles.writeAtomically(files.map { (Data($0.text.utf8), $0.path) }, mode: 0o644)
    else { return nil }
    return tr("%1$s could not be written: %2$s.", path, problem.description)
  }

  /// One key path a line, sorted, under a comment saying what the file is.
  package static func locks(_ entries: [DconfEntry]) -> String {
    let comment = "# Locked by the site's settings: users can't change these keys.\n"
    return comment + Set(entries.map(\.path)).sorted().joined(separator: "\n") + "\n"
  }
}

/// Keys an export leaves out, because they describe one machine or one window rather
/// than the person's setup (README, “Carry your desktop”):
///
/// - Knobs' own schema: its window's size and state.
/// - Window geometry other apps keep: keys named `window-size`, `window-width`,
///   `window-height`, `window-position`, `window-maximized`, `window-state`,
///   `maximized` or `sidebar-width`.
/// - When something last happened: keys named `last-…` or `…-timestamp`.
/// - Where the machine was: Night Light's `night-light-last-coordinates`.
package enum ExportExclusions {
  static let windowKeys: Set<String> = [
    "window-size", "window-width", "window-height", "window-position", "window-maximized", "window-state",
    "maximized", "sidebar-width",
  ]

  /// Keys of one schema each, as `SCHEMA-ID KEY`.
  static let machineKeys: Set<String> = ["org.gnome.settings-daemon.plugins.color night-light-last-coordinates"]

  /// Whether `key` of `schema` stays out; `ownSchema` is the exporting app's own.
  package static func excludes(schema: String, key: String, ownSchema: String?) -> Bool {
    let id = String(schema.split(separator: ":", maxSplits: 1).first ?? "")
    if let ownSchema, id == ownSchema { return true }
    return windowKeys.contains(key) || key.hasPrefix("last-") || key.hasSuffix("-timestamp")
      || machineKeys.contains(id + " " + key)
  }
}
