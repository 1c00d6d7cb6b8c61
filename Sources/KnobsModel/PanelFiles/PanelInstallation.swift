import FoundationEssentials

/// Installs a panel file for the user: the file in `$XDG_DATA_HOME/knobs/panels/ID.yaml`
/// and a desktop entry in `$XDG_DATA_HOME/applications/APP-ID.desktop` whose
/// `Exec` opens it, so it shows in the desktop's app list. Both are written by
/// renaming a temporary file over the old one.
package struct PanelInstallation {
  package var folders: PanelFolders
  /// Knobs' own application id, which panel ids are derived from.
  package var appID: String

  package init(folders: PanelFolders, appID: String) {
    self.folders = folders
    self.appID = appID
  }

  package func panelPath(_ id: String) -> String { "\(folders.user)/\(id).yaml" }

  package func entryPath(_ id: String) -> String {
    "\(folders.userApplications)/\(PanelFolders.applicationID(forPanel: id, appID: appID)).desktop"
  }

  /// Writes the panel's `bytes` (already checked) and its desktop entry, which runs `executable`.
  package func install(_ file: PanelFile, bytes: Data, executable: String) throws(InstallError) {
    do {
      try SafeFiles.writeAtomically(bytes, to: panelPath(file.id), mode: 0o644)
      try SafeFiles.writeAtomically(
        Data(desktopEntry(file, executable: executable).utf8), to: entryPath(file.id), mode: 0o644)
    } catch {
      throw .failed(error.description)
    }
  }

  /// Removes the user's panel `id` and its desktop entry; returns the paths removed.
  package func uninstall(_ id: String) throws(InstallError) -> [String] {
    guard PanelID.isValid(id) else { throw .notInstalled(id, system: nil) }
    let paths = [panelPath(id), entryPath(id)].filter { SafeFiles.node(at: $0) != .missing }
    guard !paths.isEmpty else {
      let system = folders.system.map { "\($0)/\(id).yaml" }.first { LocalFiles.exists($0) }
      throw .notInstalled(id, system: system)
    }
    do {
      for path in paths { try SafeFiles.remove(path) }
    } catch {
      throw .failed(error.description)
    }
    return paths
  }

  /// The desktop entry that opens the panel with `knobs --panel ID`.
  package func desktopEntry(_ file: PanelFile, executable: String) -> String {
    var lines = [
      "[Desktop Entry]",
      "Type=Application",
      "Name=\(Self.escape(file.name))",
    ]
    for (language, name) in file.nameTranslations.sorted(by: { $0.key < $1.key }) {
      lines.append("Name[\(language)]=\(Self.escape(name))")
    }
    if let comment = file.comment { lines.append("Comment=\(Self.escape(comment))") }
    for (language, comment) in file.commentTranslations.sorted(by: { $0.key < $1.key }) {
      lines.append("Comment[\(language)]=\(Self.escape(comment))")
    }
    lines.append("Icon=\(Self.escape(file.icon ?? appID))")
    // Quoted as the Exec key's rules say, then escaped as any string value (a line break in the path included).
    lines.append("Exec=" + Self.escape("\(Self.quoteForExec(executable)) --panel \(file.id)"))
    lines.append("Terminal=false")
    lines.append("Categories=Settings;")
    if !file.keywords.isEmpty {
      lines.append(
        "Keywords=" + file.keywords.map { Self.escape($0).replacingAll(";", with: "\\;") + ";" }.joined())
      for (language, words) in file.keywordTranslations.sorted(by: { $0.key < $1.key }) {
        lines.append(
          "Keywords[\(language)]="
            + words.map { Self.escape($0).replacingAll(";", with: "\\;") + ";" }.joined())
      }
    }
    lines.append("StartupNotify=true")
    lines.append("X-Knobs-Panel=\(file.id)")
    // The desktop's app list translates the name and comment through the panel's domain.
    if let domain = file.gettextDomain { lines.append("X-GNOME-Gettext-Domain=\(domain)") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A string value as the Desktop Entry Specification escapes it. Scalar by scalar: as Characters,
  /// "\r\n" is one and would slip through. Control characters the specification has no escape for
  /// become U+FFFD (the panel checker refuses them before this).
  static func escape(_ value: String) -> String {
    var result = ""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      case _
      where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}"
        || scalar == "\u{2029}":
        result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result.hasPrefix(" ") ? "\\s" + result.dropFirst() : result
  }

  /// An `Exec` argument: quoted when it holds reserved characters or any control character, with `"`,
  /// `` ` ``, `$` and `\` escaped and `%` doubled. The string value's own escaping comes after (`escape`).
  static func quoteForExec(_ argument: String) -> String {
    let reserved = " \t\n\"'\\><~|&;$*?#()`%=".unicodeScalars
    guard argument.unicodeScalars.contains(where: { reserved.contains($0) || $0.value < 0x20 || $0.value == 0x7F })
    else { return argument }
    var quoted = "\""
    for scalar in argument.unicodeScalars {
      if scalar == "%" {
        quoted += "%%"
        continue
      }
      if "\"`$\\".unicodeScalars.contains(scalar) { quoted += "\\" }
      quoted.unicodeScalars.append(scalar)
    }
    return quoted + "\""
  }
}

/// Why a panel could not be installed or removed.
package enum InstallError: Error, Hashable, Sendable, CustomStringConvertible {
  case failed(String)
  /// Nothing of the user's to remove; `system` is the system's file when the panel is installed there.
  case notInstalled(String, system: String?)

  package var description: String {
    switch self {
    case .failed(let reason): return tr("the panel could not be installed or removed: %s.", reason)
    case .notInstalled(let id, nil): return tr("no panel “%s” is installed for this user.", id.escapedForMessage)
    case .notInstalled(let id, let system?):
      return tr(
        "the panel “%1$s” is installed by the system (%2$s); remove it with its package.", id.escapedForMessage, system)
    }
  }
}
