import FoundationEssentials
import Glibc

/// The files GTK reads its appearance settings from on desktops other than GNOME, and Knobs'
/// edits of them: `~/.config/gtk-3.0/settings.ini` and `gtk-4.0/settings.ini`, `~/.gtkrc-2.0`,
/// `~/.icons/default/index.theme` (the default cursor over X), and xsettingsd's file when
/// xsettingsd runs or its file is there.
///
/// These are dotfiles people keep in git: every edit changes only the lines of the keys it
/// sets, keeps comments, spacing and CR LF byte for byte, edits a symlinked file in its target,
/// and writes the whole set of files or none of them. What a file held before Knobs first
/// changed a key there is noted (`originalsFile`), so that a reset gives it back, or removes
/// the line Knobs added.
package struct GtkFiles: Sendable {
  /// How a file holds its settings.
  package enum Format: Sendable, Hashable {
    /// GLib's key file, group `[Settings]`: `gtk-theme-name=Adwaita`.
    case settingsIni
    /// GTK 2's gtkrc, settings at the top: `gtk-theme-name="Adwaita"`.
    case gtkrc
    /// An icon theme's `index.theme`, group `[Icon Theme]`: `Inherits=Adwaita`.
    case indexTheme
    /// xsettingsd's lines: `Net/ThemeName "Adwaita"`.
    case xsettingsd
  }

  /// One file Knobs may edit.
  package struct File: Sendable, Hashable {
    package var path: String
    package var format: Format
  }

  /// One setting of one file: `value` is the text written after the key as the file writes it
  /// (quotes included); nil gives the file back what it had before Knobs changed it.
  package struct Edit: Sendable, Hashable {
    package var file: File
    package var key: String
    package var value: String?
  }

  /// The GSettings schema whose keys go to these files.
  package static let schema = "org.gnome.desktop.interface"
  /// The keys of `schema` that these files hold in some form.
  package static let mirroredKeys: Set<String> = [
    "gtk-theme", "icon-theme", "cursor-theme", "cursor-size", "font-name", "color-scheme", "font-antialiasing",
    "font-rgba-order", "font-hinting",
  ]
  /// The keys whose values are names that become lines of these files.
  package static let nameKeys: Set<String> = ["gtk-theme", "icon-theme", "cursor-theme", "font-name"]
  /// No settings file of GTK's is this big; a bigger one is not one.
  package static let sizeLimit = 1024 * 1024

  package var gtk3: File
  package var gtk4: File
  package var gtkrc: File
  package var cursorIndex: File
  /// xsettingsd's file; nil when xsettingsd neither runs nor has a file here.
  package var xsettingsd: File?
  /// Where the values the files held before Knobs changed them are kept.
  package var originalsFile: String

  /// The files of the user `environment` names (`HOME`, `XDG_CONFIG_HOME`, `XDG_STATE_HOME`);
  /// xsettingsd's `~/.xsettingsd` when it is there, else `$XDG_CONFIG_HOME/xsettingsd/xsettingsd.conf`
  /// when it is there or `xsettingsdRuns`.
  package init(environment: [String: String], xsettingsdRuns: Bool) {
    let home = LocalFiles.home(environment: environment)
    let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
    let state = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/state"
    gtk3 = File(path: config + "/gtk-3.0/settings.ini", format: .settingsIni)
    gtk4 = File(path: config + "/gtk-4.0/settings.ini", format: .settingsIni)
    gtkrc = File(path: home + "/.gtkrc-2.0", format: .gtkrc)
    cursorIndex = File(path: home + "/.icons/default/index.theme", format: .indexTheme)
    let own = home + "/.xsettingsd"
    let shared = config + "/xsettingsd/xsettingsd.conf"
    if Self.isThere(own) {
      xsettingsd = File(path: own, format: .xsettingsd)
    } else if Self.isThere(shared) || xsettingsdRuns {
      xsettingsd = File(path: shared, format: .xsettingsd)
    }
    originalsFile = state + "/knobs/gtk-files.json"
  }

  /// Whether something (a file, a link, a folder) is at `path`.
  private static func isThere(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// Whether a change of `key` goes to these files.
  package static func mirrors(_ key: SettingKey) -> Bool { key.schema == schema && mirroredKeys.contains(key.key) }

  /// Why `value` can't be written for `key` here: a name that could not be a line of these files.
  package static func problem(with value: SettingValue, for key: SettingKey) -> String? {
    guard key.schema == schema, nameKeys.contains(key.key), case .string(let name) = value else { return nil }
    return DesktopNames.problem(with: name)
  }

  // MARK: What goes where

  /// The edits that make the files say what `changes` set (nil: a reset); `reading` gives the other
  /// keys' values where one file setting comes from two keys (antialiasing and subpixel order).
  package func edits(for changes: [(key: SettingKey, value: SettingValue?)], reading: (SettingKey) -> SettingValue?)
    -> [Edit]
  {
    var changed: [String: SettingValue?] = [:]
    for change in changes where Self.mirrors(change.key) { changed[change.key.key] = change.value }
    func current(_ name: String) -> SettingValue? {
      if let value = changed[name] { return value }
      return reading(SettingKey(schema: Self.schema, key: name))
    }
    var edits: [Edit] = []
    let ini = [gtk3, gtk4]
    func add(_ files: [File], _ key: String, _ value: String?, quoted: Bool = false) {
      for file in files {
        edits.append(Edit(file: file, key: key, value: value.map { quoted ? Self.quoted($0) : $0 }))
      }
    }
    func everywhere(ini iniKey: String, xsettings: String?, _ text: String?, string: Bool) {
      add(ini, iniKey, text)
      add([gtkrc], iniKey, text, quoted: string)
      if let xsettings, let xsettingsd { add([xsettingsd], xsettings, text, quoted: string) }
    }
    for change in changes where Self.mirrors(change.key) {
      let name = change.key.key
      let value = change.value
      switch name {
      case "gtk-theme":
        everywhere(ini: "gtk-theme-name", xsettings: "Net/ThemeName", value?.stringValue, string: true)
      case "icon-theme":
        everywhere(ini: "gtk-icon-theme-name", xsettings: "Net/IconThemeName", value?.stringValue, string: true)
      case "cursor-theme":
        everywhere(ini: "gtk-cursor-theme-name", xsettings: "Gtk/CursorThemeName", value?.stringValue, string: true)
        add([cursorIndex], "Inherits", value?.stringValue)
      case "cursor-size":
        everywhere(
          ini: "gtk-cursor-theme-size", xsettings: "Gtk/CursorThemeSize", value?.intValue.map(String.init),
          string: false)
      case "font-name":
        everywhere(ini: "gtk-font-name", xsettings: "Gtk/FontName", value?.stringValue, string: true)
      case "color-scheme":
        // No preference gives the files back what they said before.
        let dark: String? =
          switch value?.stringValue {
          case "prefer-dark": "true"
          case "prefer-light": "false"
          default: nil
          }
        add(ini, "gtk-application-prefer-dark-theme", dark)
      case "font-antialiasing", "font-rgba-order":
        let smoothing = current("font-antialiasing")?.stringValue ?? "grayscale"
        let order = current("font-rgba-order")?.stringValue ?? "rgb"
        let rgba = smoothing == "rgba" ? order : "none"
        if name == "font-antialiasing" {
          everywhere(
            ini: "gtk-xft-antialias", xsettings: "Xft/Antialias", value == nil ? nil : smoothing == "none" ? "0" : "1",
            string: false)
        }
        if name == "font-antialiasing" || smoothing == "rgba" {
          everywhere(ini: "gtk-xft-rgba", xsettings: "Xft/RGBA", value == nil ? nil : rgba, string: true)
        }
      case "font-hinting":
        let hinting = value?.stringValue
        everywhere(
          ini: "gtk-xft-hinting", xsettings: "Xft/Hinting", hinting.map { $0 == "none" ? "0" : "1" }, string: false)
        everywhere(ini: "gtk-xft-hintstyle", xsettings: "Xft/HintStyle", hinting.map { "hint" + $0 }, string: true)
      default:
        break
      }
    }
    return edits
  }

  /// A string in double quotes, as gtkrc and xsettingsd read one.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      if scalar == "\"" || scalar == "\\" { result += "\\" }
      result.unicodeScalars.append(scalar)
    }
    return result + "\""
  }

  // MARK: Writing

  /// What a file held before Knobs first changed one of its keys; nil `value`: the key was not there.
  struct Original: Codable, Sendable, Equatable {
    var path: String
    var key: String
    var value: String?
  }

  /// Makes every edit, in every file at once or in none: each file is read (through a symlink, to
  /// its target), checked and edited line for line first; then all are written beside their
  /// targets and renamed into place together. Returns how to put the files back as they were (for
  /// when the GSettings write that goes with them fails), and whether xsettingsd's file changed.
  package func apply(_ edits: [Edit]) throws(GtkFilesError) -> (undo: @Sendable () -> Void, changedXSettings: Bool)? {
    guard !edits.isEmpty else { return nil }
    var originals = readOriginals()
    let originalsBefore = originals
    var files: [File] = []
    for edit in edits where !files.contains(edit.file) { files.append(edit.file) }
    var writes: [(data: Data, path: String)] = []
    var modes: [mode_t] = []
    var restore: [(path: String, bytes: [UInt8]?, mode: mode_t)] = []
    var changedXSettings = false
    for file in files {
      let target = try Self.target(of: file.path)
      let (bytes, mode) = try Self.read(file.path, target: target)
      var document = Document(bytes: bytes ?? [], format: file.format)
      for edit in edits where edit.file == file {
        let index = originals.firstIndex { $0.path == file.path && $0.key == edit.key }
        if let value = edit.value {
          if index == nil {
            originals.append(Original(path: file.path, key: edit.key, value: document.value(edit.key)))
          }
          document.set(edit.key, value)
        } else if let index {
          // A reset: what the file said before Knobs, or no line when it had none.
          if let old = originals[index].value { document.set(edit.key, old) } else { document.remove(edit.key) }
          originals.remove(at: index)
        }
      }
      guard document.bytes != (bytes ?? []) else { continue }
      writes.append((Data(document.bytes), target))
      modes.append(mode)
      restore.append((target, bytes, mode))
      if file.format == .xsettingsd { changedXSettings = true }
    }
    guard !writes.isEmpty || originals != originalsBefore else { return nil }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    let oldOriginals = LocalFiles.bytes(at: originalsFile)
    if originals != originalsBefore, let data = try? encoder.encode(originals) {
      writes.append((data, originalsFile))
      modes.append(0o600)
      restore.append((originalsFile, oldOriginals, 0o600))
    }
    if let failure = SafeFiles.writeAtomically(writes, mode: 0o644, modes: modes) {
      throw GtkFilesError(path: failure.path, reason: failure.problem.description)
    }
    let taken = restore
    return (
      {
        for file in taken {
          if let bytes = file.bytes {
            _ = SafeFiles.writeAtomically([(Data(bytes), file.path)], mode: file.mode)
          } else {
            try? SafeFiles.remove(file.path)
          }
        }
      }, changedXSettings
    )
  }

  private func readOriginals() -> [Original] {
    guard let bytes = LocalFiles.bytes(at: originalsFile) else { return [] }
    return (try? JSONDecoder().decode([Original].self, from: Data(bytes))) ?? []
  }

  /// The file a path names: a symlink's target (GNU stow's links stay links), else the path.
  static func target(of path: String) throws(GtkFilesError) -> String {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return path }
    guard let resolved = LocalFiles.realPath(path) else {
      // A link to a file not made yet: the file goes where the link points.
      guard let link = SafeFiles.linkTarget(path), !link.isEmpty else {
        throw GtkFilesError(path: path, reason: tr("it is a link that leads nowhere"))
      }
      let absolute = link.hasPrefix("/") ? link : PathText.parent(path) + "/" + link
      guard let folder = LocalFiles.realPath(PathText.parent(absolute)) else {
        throw GtkFilesError(path: path, reason: tr("it is a link that leads nowhere"))
      }
      return folder + "/" + PathText.lastComponent(absolute)
    }
    return resolved
  }

  /// The file's bytes (nil: no file yet) and mode; a folder, a big file or a read-only one is refused.
  static func read(_ path: String, target: String) throws(GtkFilesError) -> ([UInt8]?, mode_t) {
    var info = stat()
    if lstat(target, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      throw GtkFilesError(path: path, reason: tr("it is a folder, not a file"))
    }
    let snapshot: IniFileAccess.Snapshot
    do {
      snapshot = try IniFileAccess.read(target, limit: sizeLimit)
    } catch {
      throw GtkFilesError(path: path, reason: error.description)
    }
    guard let identity = snapshot.identity else { return (nil, 0o644) }
    guard identity.mode & S_IWUSR != 0, access(target, W_OK) == 0 else {
      throw GtkFilesError(path: path, reason: tr("it is read-only"))
    }
    return (snapshot.bytes, identity.mode & 0o7777)
  }

  /// Sends SIGHUP to the user's running xsettingsd, which reads its file again.
  package static func reloadXSettingsd() {
    for pid in GtkDesktop.processes(named: ["xsettingsd"]) { kill(pid, SIGHUP) }
  }
}

/// Why the files GTK reads could not be written; nothing was.
package struct GtkFilesError: Error, Sendable, Equatable, CustomStringConvertible {
  package var path: String
  package var reason: String

  package var description: String {
    tr("%1$s can't be written: %2$s. No file was changed.", path.escapedForTerminal, reason)
  }
}

extension GtkFiles {
  /// A file's bytes edited by key, in its format: INI ones through `IniDocument`, xsettingsd's by line.
  struct Document {
    var format: Format
    private var ini: IniDocument?
    private var lines: XSettingsdLines?

    init(bytes: [UInt8], format: Format) {
      self.format = format
      switch format {
      case .xsettingsd: lines = XSettingsdLines(bytes: bytes)
      case .gtkrc: ini = IniDocument(bytes: bytes, dialect: .plain)
      case .settingsIni, .indexTheme: ini = IniDocument(bytes: bytes, dialect: .keyfile)
      }
    }

    var bytes: [UInt8] { ini?.bytes ?? lines?.bytes ?? [] }

    private var group: String? {
      switch format {
      case .settingsIni: return "Settings"
      case .indexTheme: return "Icon Theme"
      case .gtkrc, .xsettingsd: return nil
      }
    }

    /// The key's value as the file writes it, quotes included; nil when the key is not there.
    func value(_ key: String) -> String? {
      if let lines { return lines.value(key) }
      guard let raw = ini?.rawValue(key, in: group) else { return nil }
      let text = String(decoding: raw.bytes, as: UTF8.self)
      return raw.quoted ? "\"" + text + "\"" : text
    }

    mutating func set(_ key: String, _ value: String) {
      if lines != nil {
        lines?.set(key, value)
      } else if format == .gtkrc, ini?.hasKey(key, in: nil) == false {
        // A new setting goes at the end of a gtkrc, never inside a style block before it.
        var bytes = ini!.bytes
        let lineBreak: [UInt8] = bytes.firstRange(of: [0x0D, 0x0A]) != nil ? [0x0D, 0x0A] : [0x0A]
        if !bytes.isEmpty, bytes.last != 0x0A { bytes += lineBreak }
        bytes += Array("\(key)=\(value)".utf8) + lineBreak
        ini = IniDocument(bytes: bytes, dialect: .plain)
      } else {
        let group = self.group
        ini?.setValue(Array(value.utf8), for: key, in: group)
      }
    }

    mutating func remove(_ key: String) {
      let group = self.group
      if lines != nil { lines?.remove(key) } else { ini?.removeKey(key, in: group) }
    }
  }

  /// xsettingsd's file, line for line: `Name value`, `#` comments; other lines as they are.
  struct XSettingsdLines {
    private(set) var bytes: [UInt8]

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Each line's start, the end of its text and the end of its line break.
    private var lines: [(start: Int, contentEnd: Int, end: Int)] {
      var found: [(Int, Int, Int)] = []
      var start = 0
      while start < bytes.count {
        var end = start
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        let next = end < bytes.count ? end + 1 : end
        let contentEnd = end > start && bytes[end - 1] == 0x0D ? end - 1 : end
        found.append((start, contentEnd, next))
        start = next
      }
      return found
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// The last line setting `key`, with where its value starts and ends.
    private func entry(_ key: String) -> (line: Int, value: Range<Int>)? {
      let name = Array(key.utf8)
      var found: (Int, Range<Int>)?
      for (index, line) in lines.enumerated() {
        var position = line.start
        while position < line.contentEnd, Self.isBlank(bytes[position]) { position += 1 }
        guard bytes[position..<line.contentEnd].starts(with: name) else { continue }
        var valueStart = position + name.count
        guard valueStart < line.contentEnd, Self.isBlank(bytes[valueStart]) else { continue }
        while valueStart < line.contentEnd, Self.isBlank(bytes[valueStart]) { valueStart += 1 }
        var valueEnd = line.contentEnd
        while valueEnd > valueStart, Self.isBlank(bytes[valueEnd - 1]) { valueEnd -= 1 }
        found = (index, valueStart..<valueEnd)
      }
      return found
    }

    func value(_ key: String) -> String? {
      entry(key).map { String(decoding: bytes[$0.value], as: UTF8.self) }
    }

    mutating func set(_ key: String, _ value: String) {
      if let entry = entry(key) {
        bytes.replaceSubrange(entry.value, with: Array(value.utf8))
        return
      }
      let lineBreak: [UInt8] = bytes.firstRange(of: [0x0D, 0x0A]) != nil ? [0x0D, 0x0A] : [0x0A]
      if !bytes.isEmpty, bytes.last != 0x0A { bytes += lineBreak }
      bytes += Array("\(key) \(value)".utf8) + lineBreak
    }

    mutating func remove(_ key: String) {
      while let entry = entry(key) {
        let line = lines[entry.line]
        bytes.removeSubrange(line.start..<line.end)
      }
    }
  }
}

extension GtkFiles {
  /// What one file says of a key, for `explain`.
  package struct Reading: Sendable, Equatable {
    package var path: String
    package var key: String
    /// The value as the file writes it; nil when the file has no such line.
    package var found: String?
    /// What the file would say for GSettings' value.
    package var expected: String
    /// Whether the file says what GSettings says.
    package var agrees: Bool { found == expected }
  }

  /// What each file GTK reads here says of `key`, next to what it would say for `value`.
  package func readings(of key: SettingKey, value: SettingValue) -> [Reading] {
    edits(for: [(key, value)]) { _ in nil }.compactMap { edit -> Reading? in
      guard let expected = edit.value else { return nil }
      let bytes = (try? Self.target(of: edit.file.path)).flatMap { LocalFiles.bytes(at: $0) } ?? []
      let found = Document(bytes: bytes, format: edit.file.format).value(edit.key)
      return Reading(path: edit.file.path, key: edit.key, found: found, expected: expected)
    }
  }
}
