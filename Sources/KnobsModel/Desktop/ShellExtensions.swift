import FoundationEssentials

/// A GNOME Shell extension installed for the user or for everyone, as its
/// `metadata.json` describes it.
package struct ShellExtension: Hashable, Sendable {
  /// `caffeine@example.org`: the extension's folder name and its id in `enabled-extensions`.
  package var uuid: String
  package var name: String
  package var description: String
  /// The version its author gives (`version-name`, else `version`), if any.
  package var version: String?
  package var url: String?
  /// The Shell versions it declares, such as `["43", "44"]`.
  package var shellVersions: [String]
  /// The schema its preferences use (`settings-schema`), if it names one.
  package var settingsSchema: String?
  /// The ids of the schemas in its `schemas` folder.
  package var schemaIDs: [String]
  /// Installed in the user's own folder rather than for everyone.
  package var isUsers: Bool

  package init(
    uuid: String, name: String, description: String = "", version: String? = nil, url: String? = nil,
    shellVersions: [String] = [], settingsSchema: String? = nil, schemaIDs: [String] = [], isUsers: Bool = true
  ) {
    self.uuid = uuid
    self.name = name
    self.description = description
    self.version = version
    self.url = url
    self.shellVersions = shellVersions
    self.settingsSchema = settingsSchema
    self.schemaIDs = schemaIDs
    self.isUsers = isUsers
  }

  /// Every schema that belongs to it: the one it names and those it ships.
  package var allSchemaIDs: [String] {
    var ids = schemaIDs
    if let settingsSchema, !ids.contains(settingsSchema) { ids.insert(settingsSchema, at: 0) }
    return ids
  }
}

/// The installed GNOME Shell extensions: the user's first, then everyone's; an
/// extension in both is the user's.
package struct ShellExtensions: Sendable {
  package private(set) var all: [ShellExtension] = []

  package init(_ extensions: [ShellExtension]) {
    all = extensions
  }

  /// Reads `gnome-shell/extensions/*/metadata.json` under `$XDG_DATA_HOME` and `$XDG_DATA_DIRS`.
  /// A folder without readable metadata, or metadata without a name, is left out.
  package static func installed(environment: [String: String] = LocalFiles.environment())
    -> ShellExtensions
  {
    var seen: Set<String> = []
    var found: [ShellExtension] = []
    for (index, extensions) in folders(environment: environment).enumerated() {
      let uuids = LocalFiles.names(in: extensions) ?? []
      for uuid in uuids.sorted() where !seen.contains(uuid) {
        guard let shellExtension = read(folder: extensions + "/" + uuid, uuid: uuid, isUsers: index == 0) else {
          continue
        }
        seen.insert(uuid)
        found.append(shellExtension)
      }
    }
    return ShellExtensions(found)
  }

  /// The folders extensions are installed in: the user's first, then everyone's.
  package static func folders(environment: [String: String] = LocalFiles.environment()) -> [String] {
    let home = LocalFiles.home(environment: environment)
    let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
    let dataDirs =
      environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 }?.split(separator: ":").map(String.init)
      ?? ["/usr/local/share", "/usr/share"]
    return ([dataHome] + dataDirs).map { $0 + "/gnome-shell/extensions" }
  }

  /// The extension in `folder`, from its `metadata.json` and its `schemas` folder.
  static func read(folder: String, uuid: String, isUsers: Bool) -> ShellExtension? {
    guard let data = try? SafeFiles.read(folder + "/metadata.json", followingLinks: true, limit: 256 * 1024),
      let metadata = try? JSONDecoder().decode(Metadata.self, from: data),
      let name = metadata.name.map({ TextBounds.fitted($0) }), !name.isEmpty
    else { return nil }
    return ShellExtension(
      uuid: uuid, name: name, description: TextBounds.fitted(metadata.description ?? "", multiline: true),
      version: metadata.versionName ?? metadata.version?.text, url: metadata.url,
      shellVersions: metadata.shellVersion ?? [], settingsSchema: metadata.settingsSchema,
      schemaIDs: schemaIDs(in: folder + "/schemas"), isUsers: isUsers)
  }

  /// What Knobs reads of a `metadata.json`; other keys are left alone, and a key of another
  /// type than these reads as missing rather than failing the whole file.
  private struct Metadata: Decodable {
    var name: String?
    var description: String?
    var version: Version?
    var versionName: String?
    var url: String?
    var shellVersion: [String]?
    var settingsSchema: String?

    enum CodingKeys: String, CodingKey {
      case name, description, version, url
      case versionName = "version-name"
      case shellVersion = "shell-version"
      case settingsSchema = "settings-schema"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      name = try? container.decodeIfPresent(String.self, forKey: .name)
      description = try? container.decodeIfPresent(String.self, forKey: .description)
      version = try? container.decodeIfPresent(Version.self, forKey: .version)
      versionName = try? container.decodeIfPresent(String.self, forKey: .versionName)
      url = try? container.decodeIfPresent(String.self, forKey: .url)
      shellVersion = try? container.decodeIfPresent([String].self, forKey: .shellVersion)
      settingsSchema = try? container.decodeIfPresent(String.self, forKey: .settingsSchema)
    }

    /// `version` is a whole number in most files, text in some.
    struct Version: Decodable {
      var text: String

      init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if let number = try? value.decode(Int.self) {
          text = String(number)
        } else {
          text = try value.decode(String.self)
        }
      }
    }
  }

  /// The ids of the schemas declared in a folder's `*.gschema.xml` files.
  static func schemaIDs(in folder: String) -> [String] {
    let names = (LocalFiles.names(in: folder) ?? []).sorted()
    var ids: [String] = []
    for name in names where name.hasSuffix(".gschema.xml") {
      guard let data = try? SafeFiles.read(folder + "/" + name, followingLinks: true, limit: 4 * 1024 * 1024) else {
        continue
      }
      ids += declaredSchemaIDs(String(decoding: data, as: UTF8.self))
    }
    return ids
  }

  /// The `id` of each `<schema>` element.
  static func declaredSchemaIDs(_ xml: String) -> [String] {
    var ids: [String] = []
    var rest = xml[...]
    while let start = rest.firstRange(of: "<schema") {
      rest = rest[start.upperBound...]
      guard let end = rest.firstIndex(of: ">") else { break }
      let tag = rest[..<end]
      guard tag.first?.isWhitespace == true else { continue }  // <schemalist>
      if let id = attribute("id", in: tag) { ids.append(id) }
      rest = rest[end...]
    }
    return ids
  }

  private static func attribute(_ name: String, in tag: Substring) -> String? {
    for quote in ["\"", "'"] {
      guard
        let start = tag.firstRange(of: " \(name)=\(quote)") ?? tag.firstRange(of: "\n\(name)=\(quote)")
          ?? tag.firstRange(of: "\t\(name)=\(quote)")
      else { continue }
      let value = tag[start.upperBound...]
      guard let end = value.firstIndex(of: Character(quote)) else { return nil }
      return String(value[..<end])
    }
    return nil
  }

  /// The extension each schema belongs to, by schema id.
  package var bySchema: [String: ShellExtension] {
    var result: [String: ShellExtension] = [:]
    for shellExtension in all {
      for id in shellExtension.allSchemaIDs where result[id] == nil { result[id] = shellExtension }
    }
    return result
  }
}
