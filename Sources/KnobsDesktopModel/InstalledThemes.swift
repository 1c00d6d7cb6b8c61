import FoundationEssentials
import KnobsModel

/// Themes installed on this system, found the way the desktop finds them: in
/// `icons/` under the user's data folder, `~/.icons` and every system data folder.
package struct InstalledThemes: Sendable {
  /// Folders holding `icons/`, most important first: the user's, then the system's.
  package var dataFolders: [String]
  package var homeFolder: String

  package init(environment: [String: String] = LocalFiles.environment()) {
    let home = LocalFiles.home(environment: environment)
    homeFolder = home
    let user = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
    let system = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
      .split(separator: ":").map(String.init)
    dataFolders = [user] + system
  }

  /// The folders searched for icon and cursor themes, in order.
  var iconFolders: [String] { [homeFolder + "/.icons"] + dataFolders.map { $0 + "/icons" } }

  /// Icon themes: folders with an `index.theme` that hold icons, not only
  /// cursors; not `hicolor`, the fallback every theme inherits.
  package func iconThemes() -> [String] {
    themes(in: iconFolders) { folder in
      !folder.hasSuffix("/hicolor") && Self.exists(folder + "/index.theme") && Self.hasIconDirectories(folder)
    }
  }

  /// Cursor themes: folders with a `cursors/` folder.
  package func cursorThemes() -> [String] {
    themes(in: iconFolders) { Self.exists($0 + "/cursors") }
  }

  /// Folders holding `themes/`: `~/.themes`, the user's data folder, then the system's.
  var themeFolders: [String] { [homeFolder + "/.themes"] + dataFolders.map { $0 + "/themes" } }

  /// Themes for GTK 3 applications: Adwaita and HighContrast, which GTK itself
  /// holds, and folders with `gtk-3.0/gtk.css`.
  package func legacyApplicationThemes() -> [String] {
    let found = themes(in: themeFolders) { Self.exists($0 + "/gtk-3.0/gtk.css") }
    return ["Adwaita", "HighContrast"] + found.filter { $0 != "Adwaita" && $0 != "HighContrast" }
  }

  /// Themes for GNOME Shell: folders with a `gnome-shell/` folder; "" is the shell's own.
  package func shellThemes() -> [String] {
    themes(in: themeFolders) { Self.exists($0 + "/gnome-shell") }
  }

  /// Sound themes: folders under `sounds/` with an `index.theme`.
  package func soundThemes() -> [String] {
    themes(in: dataFolders.map { $0 + "/sounds" }) { Self.exists($0 + "/index.theme") }
  }

  /// The option provider of a choice of icon themes.
  package var iconThemeOptions: OptionProvider {
    let themes = self
    return OptionProvider { themes.iconThemes().map { Row.Choice.Option(.string($0), $0) } }
  }

  /// The option provider of a choice of cursor themes.
  package var cursorThemeOptions: OptionProvider {
    let themes = self
    return OptionProvider { themes.cursorThemes().map { Row.Choice.Option(.string($0), $0) } }
  }

  /// The option provider of a choice of GTK 3 application themes.
  package var legacyApplicationThemeOptions: OptionProvider {
    let themes = self
    return OptionProvider { themes.legacyApplicationThemes().map { Row.Choice.Option(.string($0), $0) } }
  }

  /// The option provider of a choice of shell themes, the shell's own first.
  package var shellThemeOptions: OptionProvider {
    let themes = self
    return OptionProvider {
      [Row.Choice.Option("", "Default")] + themes.shellThemes().map { Row.Choice.Option(.string($0), $0) }
    }
  }

  /// The option provider of a choice of sound themes.
  package var soundThemeOptions: OptionProvider {
    let themes = self
    return OptionProvider { themes.soundThemes().map { Row.Choice.Option(.string($0), $0) } }
  }

  /// Theme folder names found in `folders` that pass `test`, each once, sorted as people read them.
  private func themes(in folders: [String], where test: (String) -> Bool) -> [String] {
    var found: Set<String> = []
    for folder in folders {
      guard let names = LocalFiles.names(in: folder) else { continue }
      // A name that could not be a line of other programs' files is never offered (`DesktopNames`).
      for name in names
      where !name.hasPrefix(".") && name != "default" && !found.contains(name) && DesktopNames.isAcceptable(name) {
        if test(folder + "/" + name) { found.insert(name) }
      }
    }
    // Case aside, digits as numbers (Adwaita before adwaita-2 before Adwaita-10).
    return found.sorted {
      let (left, right) = ($0.lowercased(), $1.lowercased())
      return left == right ? $0 < $1 : KeyText.naturallyBefore(left, right)
    }
  }

  /// An icon theme lists its icon folders in `index.theme` under `Directories=`;
  /// a cursor-only theme lists none.
  private static func hasIconDirectories(_ folder: String) -> Bool {
    guard let text = LocalFiles.text(at: folder + "/index.theme") else { return false }
    return text.split(separator: "\n").contains { line in
      let trimmed = line.trimmingSpaces
      guard trimmed.hasPrefix("Directories") else { return false }
      return trimmed.split(separator: "=", maxSplits: 1).last.map { !$0.trimmingSpaces.isEmpty }
        ?? false
    }
  }

  private static func exists(_ path: String) -> Bool { LocalFiles.exists(path) }
}
