import KnobsModel

/// A command on a panel's rows, the same for Knobs and every `PanelApplication`:
/// `list [--json] [schema/SCHEMA-ID]`, `get [--raw] PATH`, `set [--replace] [--force] PATH VALUE`, `reset PATH`.
package enum PanelCommand: Equatable {
  /// Every row of the panel, or with a path (`schema/SCHEMA-ID`) every row of one schema.
  case list(json: Bool, path: RowPath?)
  case get(path: RowPath, raw: Bool)
  /// With `replace`, a shortcut another keybinding uses is taken from it instead of refused; with `force`, a number
  /// past what the setting usually takes (an opacity over 255) is written instead of refused.
  case set(path: RowPath, value: String, replace: Bool, force: Bool = false)
  case reset(path: RowPath)
  /// Where the setting's value comes from: every layer, bottom to top, and the one that wins.
  case explain(path: RowPath, json: Bool)

  /// The path the command names, when it names one.
  package var path: RowPath? {
    switch self {
    case .list(_, let path): path
    case .get(let path, _), .set(let path, _, _, _), .reset(let path), .explain(let path, _): path
    }
  }

  /// The paths the usage errors show as examples.
  package struct Examples {
    package var get: String
    /// A path and a value it takes.
    package var set: String
    package var reset: String

    package init(get: String, set: String, reset: String) {
      self.get = get
      self.set = set
      self.reset = reset
    }

    /// Examples from `panel`'s own rows: the first row with a setting (its default as the value).
    @MainActor
    package init(panel: Panel) {
      let entry = panel.entries.first { $0.row.key != nil }
      let path = entry?.path.description ?? "SECTION/ROW"
      self.init(get: path, set: path + " " + (entry?.row.key == nil ? "VALUE" : exampleValue(entry!.row)), reset: path)
    }
  }

  /// Parses the command named `first`, taking its arguments from `rest`; nil when `first` names
  /// no panel command. Throws a message for a usage error; what follows the command is left in `rest`.
  package static func parse(
    _ first: String, _ rest: inout ArraySlice<String>, program: String, examples: Examples
  ) throws(UsageError) -> PanelCommand? {
    switch first {
    case "list":
      var json = false
      var path: String?
      while let next = rest.first, next == "--json" ? !json : path == nil && !next.hasPrefix("-") {
        if next == "--json" { json = true } else { path = next }
        rest.removeFirst()
      }
      return .list(json: json, path: path.map(RowPath.init(parsing:)))
    case "get":
      let raw = rest.first == "--raw"
      if raw { rest.removeFirst() }
      guard let path = rest.popFirst() else {
        throw UsageError(tr("get needs a path, e.g. %1$s get %2$s.", program, examples.get))
      }
      return .get(path: RowPath(parsing: path), raw: raw)
    case "set":
      var replace = false
      var force = false
      while let next = rest.first, next == "--replace" && !replace || next == "--force" && !force {
        if next == "--replace" { replace = true } else { force = true }
        rest.removeFirst()
      }
      guard let path = rest.popFirst(), let value = rest.popFirst() else {
        throw UsageError(tr("set needs a path and a value, e.g. %1$s set %2$s.", program, examples.set))
      }
      return .set(path: RowPath(parsing: path), value: value, replace: replace, force: force)
    case "reset":
      guard let path = rest.popFirst() else {
        throw UsageError(tr("reset needs a path, e.g. %1$s reset %2$s.", program, examples.reset))
      }
      return .reset(path: RowPath(parsing: path))
    case "explain":
      let json = rest.first == "--json"
      if json { rest.removeFirst() }
      guard let path = rest.popFirst() else {
        throw UsageError(tr("explain needs a path, e.g. %1$s explain %2$s.", program, examples.reset))
      }
      return .explain(path: RowPath(parsing: path), json: json)
    default:
      return nil
    }
  }
}

/// A value a row takes, as `set` reads it: a toggle's on value, a setting's GVariant text otherwise.
@MainActor
private func exampleValue(_ row: Row) -> String {
  if case .toggle = row.kind.form { return "true" }
  return "VALUE"
}

/// A mistake on the command line, said in one sentence.
package struct UsageError: Error {
  package let message: String
  package init(_ message: String) { self.message = message }
}
