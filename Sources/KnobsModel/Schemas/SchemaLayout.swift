/// How the All Settings page groups schemas: under the application whose
/// desktop id matches the schema id, otherwise under the id's first three parts
/// (`org.gnome.desktop`); apps first, each list sorted.
struct SchemaLayout {
  struct Entry {
    var schema: InstalledSchema
    /// What people call it, when something names it: the GNOME Shell extension it belongs to.
    var title: String?
    /// Unique on its page: the id in lowercase with “-” for other characters.
    var rowID: String
  }

  struct Group {
    var sectionID: String
    var title: String
    var appName: String?
    var iconName: String?
    var schemas: [Entry]
  }

  private(set) var groups: [Group] = []
  /// `section/row` of each schema on the All Settings page.
  private(set) var rowPaths: [String: RowPath] = [:]
  /// The ids of the relocatable schemas, which have no folder of their own.
  private(set) var relocatable: Set<String> = []

  func isRelocatable(_ id: String) -> Bool { relocatable.contains(id) }

  /// Schemas of GNOME Shell extensions go under Extensions, by their extension's name.
  init(schemas: [InstalledSchema], apps: DesktopApps, extensions: [String: ShellExtension] = [:]) {
    var byKey: [String: Group] = [:]
    var sectionIDs: Set<String> = ["modified"]
    for schema in schemas.sorted(by: { $0.id < $1.id }) {
      if schema.path == nil { relocatable.insert(schema.id) }
      if let shellExtension = extensions[schema.id] {
        let key = "extensions"
        if byKey[key] == nil {
          byKey[key] = Group(
            sectionID: Self.unique(key, in: &sectionIDs), title: tr("Extensions"), appName: nil,
            iconName: "application-x-addon-symbolic", schemas: [])
        }
        byKey[key]?.schemas.append(Entry(schema: schema, title: shellExtension.name, rowID: ""))
        continue
      }
      let app = apps.app(forSchema: schema.id)
      let key = app.map { "app:" + $0.id } ?? Self.idGroup(schema.id)
      if byKey[key] == nil {
        let sectionID = Self.unique(Self.identifier(app?.id ?? key), in: &sectionIDs)
        byKey[key] = Group(
          sectionID: sectionID, title: app?.name ?? key, appName: app?.name, iconName: app?.iconName, schemas: [])
      }
      byKey[key]?.schemas.append(Entry(schema: schema, rowID: ""))
    }
    var rowIDs: Set<String> = []
    groups = byKey.values.sorted { left, right in
      if (left.appName == nil) != (right.appName == nil) { return left.appName != nil }
      return left.title.lowercased() < right.title.lowercased()
    }
    for index in groups.indices {
      for schemaIndex in groups[index].schemas.indices {
        let id = groups[index].schemas[schemaIndex].schema.id
        let rowID = Self.unique(Self.identifier(id), in: &rowIDs)
        groups[index].schemas[schemaIndex].rowID = rowID
        rowPaths[id] = RowPath.root.appending(groups[index].sectionID, rowID)
      }
    }
  }

  static func idGroup(_ id: String) -> String {
    id.split(separator: ".").prefix(3).joined(separator: ".")
  }

  /// An id the validator accepts: a-z, 0-9 and “-”.
  static func identifier(_ text: String) -> String {
    var result = ""
    for scalar in text.lowercased().unicodeScalars {
      let allowed = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
      if allowed {
        result.unicodeScalars.append(scalar)
      } else if !result.isEmpty && !result.hasSuffix("-") {
        result += "-"
      }
    }
    while result.hasSuffix("-") { result.removeLast() }
    return result.isEmpty ? "schema" : result
  }

  static func unique(_ id: String, in used: inout Set<String>) -> String {
    var candidate = id
    var number = 2
    while used.contains(candidate) {
      candidate = "\(id)-\(number)"
      number += 1
    }
    used.insert(candidate)
    return candidate
  }
}
