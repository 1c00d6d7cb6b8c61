import FoundationEssentials

/// An installed application, as its desktop file in an `applications` folder describes it.
public struct DesktopApplication: Hashable, Sendable {
  /// The desktop file id, e.g. `org.gnome.Calculator.desktop` (`kde-foo.desktop` for `kde/foo.desktop`).
  public var id: String
  /// Where its desktop file is.
  public var path: String
  /// The name in the user's language.
  public var name: String
  /// What the application does, as its desktop file says (`Comment`).
  public var comment: String
  /// A themed icon name or an absolute path; nil when it names none.
  public var iconName: String?
  /// Extra words to search by (the file's `Keywords`, and its executable).
  public var keywords: [String]

  /// An application as its desktop file describes it.
  public init(
    id: String, path: String, name: String, comment: String = "", iconName: String? = nil, keywords: [String] = []
  ) {
    self.id = id
    self.path = path
    self.name = name
    self.comment = comment
    self.iconName = iconName
    self.keywords = keywords
  }
}

/// The applications installed for the user, found the way the desktop finds
/// them: desktop files under each `applications` folder, the first one with a
/// given id winning; those hidden from menus or meant for other desktops left out.
package struct InstalledApplications: Sendable {
  package var folders: DesktopFolders

  package init(folders: DesktopFolders) {
    self.folders = folders
  }

  /// Every application a menu would show, sorted by name.
  package func all() -> [DesktopApplication] {
    var seen: Set<String> = []
    var found: [DesktopApplication] = []
    for folder in folders.applications {
      for (id, path) in Self.desktopFiles(in: folder, prefix: "", depth: 0) where seen.insert(id).inserted {
        if let application = application(id: id, path: path) { found.append(application) }
      }
    }
    return found.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
  }

  /// The application with this id, if a menu would show it.
  package func application(id: String) -> DesktopApplication? {
    all().first { $0.id == id }
  }

  private func application(id: String, path: String) -> DesktopApplication? {
    guard let data = try? SafeFiles.read(path, followingLinks: true), let file = try? DesktopEntryFile(data: data),
      file.string("Type") == "Application", file.bool("NoDisplay") != true, file.bool("Hidden") != true,
      file.rawValue("Exec") != nil || file.bool("DBusActivatable") == true,
      folders.isShown(onlyShowIn: file.list("OnlyShowIn"), notShowIn: file.list("NotShowIn")),
      let name = file.localizedString("Name", languages: folders.languages), !name.isEmpty
    else { return nil }
    let executable = file.string("Exec")?.split(separator: " ").first.map { PathText.lastComponent(String($0)) }
    return DesktopApplication(
      id: id, path: path, name: name,
      comment: file.localizedString("Comment", languages: folders.languages) ?? "",
      iconName: file.string("Icon").flatMap { $0.isEmpty ? nil : $0 },
      keywords: (file.localizedString("Keywords", languages: folders.languages)?.split(separator: ";").map(String.init)
        ?? []) + [executable].compactMap { $0 })
  }

  /// Desktop files under `folder`, with their ids; subfolders give `sub-name.desktop`.
  private static func desktopFiles(in folder: String, prefix: String, depth: Int) -> [(String, String)] {
    var files: [(String, String)] = []
    for name in (LocalFiles.names(in: folder) ?? []).sorted() where !name.hasPrefix(".") {
      let path = folder + "/" + name
      if name.hasSuffix(".desktop") {
        files.append((prefix + name, path))
      } else if depth < 3, case .other("folder") = SafeFiles.node(at: path) {
        files += desktopFiles(in: path, prefix: prefix + name + "-", depth: depth + 1)
      }
    }
    return files
  }
}

extension DesktopApplication {
  /// Whether every word of `query` occurs in the name, comment, keywords or id,
  /// ignoring case and accents (as the window's search does).
  public func matches(_ query: String) -> Bool {
    let words = query.split(whereSeparator: \.isWhitespace).map { FoldedText(String($0)) }
    guard !words.isEmpty else { return true }
    let text = FoldedText(joining: [name, comment, id] + keywords)
    return words.allSatisfy(text.contains)
  }
}
