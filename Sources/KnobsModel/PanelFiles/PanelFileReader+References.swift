/// A row named by path in a template or condition, found once every row is read.
final class RowReference: @unchecked Sendable {
  // Set once while the file is read, before the panel is handed out; only read after.
  var row: Row?
}

extension PanelFileReader {
  /// Fixed text, or a template whose `{section/row}` placeholders show those
  /// rows' current values (`{{` and `}}` are braces).
  func liveText(_ fields: Fields, _ key: String, required isRequired: Bool = false) -> LiveText? {
    guard let text = string(fields, key, required: isRequired) else { return nil }
    guard text.contains("{") || text.contains("}") else { return .fixed(text) }
    let position = fields.position(of: key)
    guard let parts = templateParts(text, position: position, path: fields.path) else { return nil }
    if parts.allSatisfy({ if case .text = $0 { return true } else { return false } }) {
      return .fixed(parts.map { if case .text(let piece) = $0 { return piece } else { return "" } }.joined())
    }
    return .live { settings in
      parts.map { part in
        switch part {
        case .text(let piece): return piece
        case .row(let reference): return reference.row?.currentValueText(settings) ?? ""
        }
      }.joined()
    }
  }

  enum TemplatePart {
    case text(String)
    case row(RowReference)
  }

  private func templateParts(_ text: String, position: FilePosition, path: RowPath) -> [TemplatePart]? {
    var parts: [TemplatePart] = []
    var literal = ""
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      let next = text.index(after: index)
      if character == "{" || character == "}", next < text.endIndex, text[next] == character {
        literal.append(character)
        index = text.index(after: next)
        continue
      }
      guard character == "{" else {
        literal.append(character)
        index = next
        continue
      }
      guard let close = text[next...].firstIndex(of: "}") else {
        report(position, path, tr("The text has a “{” without a “}”; write “{{” for a brace."))
        return nil
      }
      if !literal.isEmpty { parts.append(.text(literal)) }
      literal = ""
      parts.append(.row(reference(String(text[next..<close]).trimmingWhitespace, position: position, path: path)))
      index = text.index(after: close)
    }
    if !literal.isEmpty { parts.append(.text(literal)) }
    return parts
  }

  /// A reference to the row at `target`, checked once every row is read.
  func reference(
    _ written: String, position: FilePosition, path: RowPath, check: ((Row) -> String?)? = nil
  ) -> RowReference {
    let reference = RowReference()
    let target = RowPath(parsing: written)
    references.deferred.append { [unowned self] in
      guard !self.references.unread.contains(target) else { return }
      guard let row = self.references.byPath[target], Self.showsValue(row) else {
        let candidates = self.references.byPath.filter { $0.value.key != nil }.keys.map(\.description).sorted()
        let nearest = Suggestions.closest(to: target.description, among: candidates, limit: 1).first
        let shown = target.description.escapedForMessage
        let problem =
          self.references.byPath[target] == nil
          ? tr("There is no row at “%s”.", shown) : tr("The row at “%s” has no value to show.", shown)
        self.report(position, path, problem + Self.hint(nearest))
        return
      }
      if let problem = check?(row) {
        self.report(position, path, problem)
        return
      }
      reference.row = row
    }
    return reference
  }

  /// Rows whose value a template can show: bound rows and value rows.
  static func showsValue(_ row: Row) -> Bool {
    if case .value = row.kind.form { return true }
    return row.key != nil
  }

  /// `section/toggle` (holds while that toggle is on), `{row: PATH, equals: VALUE}`
  /// or `{not: CONDITION}`.
  func condition(_ node: Node, path: RowPath) -> Condition? {
    let position = Self.position(of: node)
    if case .scalar(let scalar) = node {
      let target = scalar.string
      let reference = self.reference(target, position: position, path: path) { row in
        if case .toggle = row.kind.form { return nil }
        return MappingKind.takesAn(row.kindName)
          ? tr(
            // TRANSLATORS: %1$s is a row's path, %2$s its kind as written in a file (email); “equals” is a key.
            "“%1$s” is an %2$s row; a condition names a toggle, or a row with “equals”.", target.escapedForMessage,
            row.kindName)
          : tr(
            // TRANSLATORS: %1$s is a row's path, %2$s its kind as written in a file (link); “equals” is a key.
            "“%1$s” is a %2$s row; a condition names a toggle, or a row with “equals”.", target.escapedForMessage,
            row.kindName)
      }
      return Condition { settings in
        guard let row = reference.row, case .toggle(let toggle) = row.kind.form else { return false }
        return toggle.isOn(settings[toggle.key])
      }
    }
    guard let fields = fields(node, path: path, kind: .condition, known: ["row", "equals", "not"]) else {
      return nil
    }
    if let inner = fields["not"] {
      if fields["row"] != nil || fields["equals"] != nil {
        report(fields.position, path, tr("A condition with “not” has nothing else beside it."))
      }
      guard let condition = condition(inner, path: path) else { return nil }
      return !condition
    }
    guard let target = string(fields, "row", required: true), let equalsNode = required(fields, "equals"),
      let expected = value(equalsNode, path: path, key: "equals")
    else { return nil }
    let reference = self.reference(target, position: fields.position(of: "row"), path: path)
    return Condition { settings in
      guard let key = reference.row?.key else { return false }
      return settings[key] == expected
    }
  }
}
