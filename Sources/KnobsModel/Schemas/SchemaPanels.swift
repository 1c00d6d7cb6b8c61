/// Generated panels, made on first use and kept: a schema's panel is built when
/// it is first shown, searched or addressed, not when the app starts.
@MainActor
public final class SchemaPanels {
  private let describe: @MainActor (String) -> SchemaDescription?
  /// nil records a schema that is not installed or has no fixed path.
  private var panels: [String: Panel?] = [:]

  /// - Parameter describe: reads an installed schema; nil when there is none with that id.
  public init(describe: @escaping @MainActor (String) -> SchemaDescription?) {
    self.describe = describe
  }

  /// The panel for the schema, generated on first use; nil when it is not installed.
  public func panel(for schemaID: String) -> Panel? {
    if let known = panels[schemaID] { return known }
    let panel = describe(schemaID).map { SchemaPanel.checked(SchemaPanel.make($0)) }
    panels[schemaID] = panel
    return panel
  }

  /// How many schemas have been generated so far (for tests of the laziness).
  public var generatedCount: Int { panels.values.compactMap { $0 }.count }
}

/// Paths of generated rows: `schema/SCHEMA-ID/KEY`, and `schema/SCHEMA-ID` for a whole schema.
///
/// A relocatable schema is addressed at a folder of the settings database the
/// way `gsettings` writes it, `SCHEMA-ID:/FOLDER/`: `schema/ID:/FOLDER/KEY` is a
/// key there and `schema/ID:/FOLDER/` (ending with “/”) the whole schema.
public enum SchemaPath: Hashable, Sendable {
  /// A whole schema, by id.
  case schema(String)
  /// One key of a schema.
  case key(schema: String, key: String)

  /// What every such path starts with, `schema/`.
  public static let prefix = "schema/"

  /// Reads a path that starts with `schema/`; nil for any other path.
  public init?(_ path: RowPath) {
    let text = path.description
    guard text.hasPrefix(Self.prefix) else { return nil }
    let rest = text.dropFirst(Self.prefix.count)
    if let colon = rest.firstIndex(of: ":"), !rest[..<colon].contains("/") {
      // ID:/FOLDER/KEY: the folder runs to the last “/”.
      guard let lastSlash = rest.lastIndex(of: "/") else { return nil }
      let id = rest[..<colon]
      let folder = String(rest[rest.index(after: colon)...lastSlash])
      let key = rest[rest.index(after: lastSlash)...]
      guard !id.isEmpty, Self.isFolder(folder) else { return nil }
      let schema = id + ":" + folder
      self = key.isEmpty ? .schema(schema) : .key(schema: schema, key: String(key))
      return
    }
    let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
    switch parts.count {
    case 1 where !parts[0].isEmpty: self = .schema(String(parts[0]))
    case 2 where !parts[0].isEmpty && parts[1].isEmpty: self = .schema(String(parts[0]))
    case 2 where !parts[0].isEmpty: self = .key(schema: String(parts[0]), key: String(parts[1]))
    default: return nil
    }
  }

  /// Whether `folder` is a folder of the settings database: it starts and ends with “/” and has no “//”.
  public static func isFolder(_ folder: String) -> Bool {
    folder.hasPrefix("/") && folder.hasSuffix("/") && !folder.contains("//")
  }

  /// A schema id and the folder after its “:”, if any: `ID:/FOLDER/` → (`ID`, `/FOLDER/`).
  public static func split(_ schemaID: String) -> (id: String, folder: String?) {
    guard let colon = schemaID.firstIndex(of: ":") else { return (schemaID, nil) }
    return (String(schemaID[..<colon]), String(schemaID[schemaID.index(after: colon)...]))
  }

  /// The schema's id, with its folder for a relocatable one.
  public var schemaID: String {
    switch self {
    case .schema(let id), .key(let id, _): return id
    }
  }

  /// The path that names this schema or key.
  public var path: RowPath { RowPath(parsing: text) }

  /// The path as text, `schema/SCHEMA-ID/KEY`.
  public var text: String {
    switch self {
    case .schema(let id): return Self.prefix + id
    case .key(let id, let key): return Self.prefix + id + (id.hasSuffix("/") ? "" : "/") + key
    }
  }
}
