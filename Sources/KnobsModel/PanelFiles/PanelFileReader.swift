/// Reads the YAML nodes of a panel file into model values, collecting every
/// mistake with its position instead of stopping at the first.
final class PanelFileReader {
  let file: String
  private(set) var errors: [PanelFileError] = []
  /// Every section and row path in reading order with where it starts: the
  /// validator walks a panel in the same order, so its problems find their place.
  private(set) var visited: [(path: RowPath, position: FilePosition)] = []
  /// Rows by path, for the templates and conditions that name them.
  var references = References()
  /// The panel's INI file, if it binds one.
  var ini = IniBinding()
  /// The languages wanted and the texts written in them.
  var translation = Translations()
  var launcher: ApplicationLauncher

  /// Rows by path, for templates and conditions that name rows further down.
  struct References {
    /// Rows by full path.
    var byPath: [RowPath: Row] = [:]
    /// Rows that could not be read (their mistakes are reported already).
    var unread: Set<RowPath> = []
    /// Checks run once every row is read: references to rows further down.
    var deferred: [() -> Void] = []
  }

  /// The INI file a panel's rows bind.
  struct IniBinding {
    /// `ini:FILE` for the panel's INI file, set before rows are read.
    var schema: String?
    /// The INI keys the rows bind, with their declared defaults.
    var defaults: [SettingKey: SettingValue] = [:]
  }

  /// What the reader knows of languages: the user's, the panel's gettext domain, and `title[de]` and the like.
  struct Translations {
    /// The user's languages, most wanted first (`UserLanguages.preferred`), for `title[de]`.
    var languages: [String] = []
    /// The panel's own gettext domain, if it names one.
    var domain: TranslationDomain?
    /// `title[de]` and the like, by the mapping and key they translate.
    var slots: [TranslationSlot: [FileTranslation]] = [:]
    /// The slots a text was read from; the others are reported as unused.
    var consumed: Set<TranslationSlot> = []
    var nodes: [TranslationSlot: [String: Node]] = [:]
  }

  init(file: String, launcher: @escaping ApplicationLauncher) {
    self.file = file
    self.launcher = launcher
  }

  func report(_ position: FilePosition, _ path: RowPath, _ message: String) {
    errors.append(
      PanelFileError(file: file, line: position.line, column: position.column, path: path, message: message))
  }

  func visit(_ path: RowPath, at position: FilePosition) {
    visited.append((path, position))
  }

  static func position(of node: Node) -> FilePosition {
    guard let mark = node.mark else { return .start }
    return FilePosition(line: mark.line, column: mark.column)
  }

  /// The keys and values of a mapping, with what it is called in messages.
  struct Fields {
    let position: FilePosition
    let path: RowPath
    /// What the mapping is, for messages about its keys.
    let kind: MappingKind
    var values: [String: Node] = [:]
    var keyPositions: [String: FilePosition] = [:]

    subscript(key: String) -> Node? { values[key] }

    func position(of key: String) -> FilePosition {
      values[key].map(PanelFileReader.position(of:)) ?? keyPositions[key] ?? position
    }
  }

  /// The mapping's fields; a key not in `known` is reported with the nearest
  /// known key, or with the row kinds it belongs to when `elsewhere` knows it.
  func fields(
    _ node: Node, path: RowPath, kind: MappingKind, known: [String], elsewhere: (String) -> [String] = { _ in [] }
  ) -> Fields? {
    guard case .mapping(let mapping) = node else {
      report(Self.position(of: node), path, kind.isNotAMapping(Self.found(node)))
      return nil
    }
    var fields = Fields(position: Self.position(of: node), path: path, kind: kind)
    for (keyNode, value) in mapping {
      let keyPosition = Self.position(of: keyNode)
      guard case .scalar(let scalar) = keyNode else {
        report(keyPosition, path, kind.keyIsNotAName)
        continue
      }
      let key = scalar.string
      if key.contains("[") || key.contains("]") {
        noteTranslation(key, value, at: keyPosition, in: fields, known: known)
        continue
      }
      guard known.contains(key) else {
        let owners = elsewhere(key)
        if !owners.isEmpty {
          report(keyPosition, path, kind.keyBelongs(key.escapedForMessage, to: owners))
        } else {
          let nearest = Suggestions.closest(to: key, among: known, limit: 1).first
          report(keyPosition, path, kind.unknownKey(key.escapedForMessage) + Self.hint(nearest))
        }
        continue
      }
      fields.values[key] = value
      fields.keyPositions[key] = keyPosition
    }
    return fields
  }

  /// Reports a missing key; returns the node when it is there.
  func required(_ fields: Fields, _ key: String) -> Node? {
    if let node = fields[key] { return node }
    report(fields.position, fields.path, fields.kind.needs(key))
    return nil
  }

  // MARK: Values

  func string(_ fields: Fields, _ key: String, required isRequired: Bool = false) -> String? {
    guard let node = isRequired ? required(fields, key) : fields[key] else { return nil }
    guard case .scalar(let scalar) = node else {
      report(Self.position(of: node), fields.path, tr("“%1$s” must be text, not %2$s.", key, Self.found(node)))
      return nil
    }
    return scalar.string
  }

  func bool(_ fields: Fields, _ key: String) -> Bool? {
    guard let node = fields[key] else { return nil }
    guard case .scalar(let scalar) = node, case .bool(let value) = FileScalar.value(scalar) else {
      report(Self.position(of: node), fields.path, tr("“%1$s” must be true or false, not %2$s.", key, Self.found(node)))
      return nil
    }
    return value
  }

  func number(_ fields: Fields, _ key: String, required isRequired: Bool = false) -> Double? {
    guard let node = isRequired ? required(fields, key) : fields[key] else { return nil }
    guard case .scalar(let scalar) = node, let value = FileScalar.value(scalar).doubleValue else {
      report(Self.position(of: node), fields.path, tr("“%1$s” must be a number, not %2$s.", key, Self.found(node)))
      return nil
    }
    return value
  }

  func integer(_ fields: Fields, _ key: String) -> Int? {
    guard let node = fields[key] else { return nil }
    guard case .scalar(let scalar) = node, case .int(let value) = FileScalar.value(scalar) else {
      report(
        Self.position(of: node), fields.path, tr("“%1$s” must be a whole number, not %2$s.", key, Self.found(node)))
      return nil
    }
    return value
  }

  /// A list of strings; one string stands for a list of one when `single` allows it.
  func strings(_ fields: Fields, _ key: String, single: Bool = false) -> [String]? {
    guard let node = fields[key] else { return nil }
    if single, case .scalar(let scalar) = node { return [scalar.string] }
    guard case .sequence(let sequence) = node else {
      report(
        Self.position(of: node), fields.path, tr("“%1$s” must be a list of text, not %2$s.", key, Self.found(node)))
      return nil
    }
    var result: [String] = []
    for item in sequence {
      guard case .scalar(let scalar) = item else {
        report(
          Self.position(of: item), fields.path, tr("Each item of “%1$s” must be text, not %2$s.", key, Self.found(item))
        )
        continue
      }
      result.append(scalar.string)
    }
    return result
  }

  /// The items of a list, each with its node.
  func sequence(_ fields: Fields, _ key: String, required isRequired: Bool = false) -> [Node]? {
    guard let node = isRequired ? required(fields, key) : fields[key] else { return nil }
    guard case .sequence(let sequence) = node else {
      report(Self.position(of: node), fields.path, tr("“%1$s” must be a list, not %2$s.", key, Self.found(node)))
      return nil
    }
    return Array(sequence)
  }

  /// A setting value: a scalar typed as YAML 1.2's core schema types it, or a list of strings.
  func value(_ node: Node, path: RowPath, key: String) -> SettingValue? {
    switch node {
    case .scalar(let scalar):
      return FileScalar.value(scalar)
    case .sequence(let sequence):
      var items: [String] = []
      for item in sequence {
        guard case .scalar(let scalar) = item else {
          report(
            Self.position(of: item), path, tr("“%1$s” may only be a list of text, not %2$s.", key, Self.found(item)))
          return nil
        }
        items.append(scalar.string)
      }
      return .strings(items)
    case .mapping:
      report(
        Self.position(of: node), path, tr("“%1$s” must be a value or a list of text, not %2$s.", key, Self.found(node)))
      return nil
    }
  }

  /// “ Did you mean “title”?” after a message, or nothing without a suggestion.
  static func hint(_ suggestion: String?) -> String {
    suggestion.map { " " + tr("Did you mean “%s”?", $0.escapedForMessage) } ?? ""
  }
}

/// Launches an installed application by desktop file id for a `launch` row;
/// the window passes GIO's, the loader alone a stand-in that says it can't.
public typealias ApplicationLauncher = @MainActor (_ desktopID: String, _ context: ActionContext) -> Undo?
