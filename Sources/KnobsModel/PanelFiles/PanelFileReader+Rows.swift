extension PanelFileReader {
  /// The row kinds a file may declare, by name, in the order the documentation lists them.
  static let rowKinds = Row.Kind.Name.declarableInFiles.map(\.rawValue)
  static let commonRowKeys = Row.Kind.Name.commonFileKeys

  /// The keys a row of the kind named `kind` takes beyond every row's; nil for no such kind.
  static func kindKeys(_ kind: String) -> [String]? {
    Row.Kind.Name(fileName: kind)?.fileKeys
  }

  /// The kinds of row a key belongs to, for “it belongs to link rows”.
  static func owners(of key: String) -> [String] {
    rowKinds.filter { kindKeys($0)?.contains(key) == true }
  }

  /// The row, or nil after reporting why it can't be read; references to it then say nothing more.
  func row(_ node: Node, sectionPath: RowPath, number: Int) -> Row? {
    let row = readRow(node, sectionPath: sectionPath, number: number)
    if row == nil, let id = node.mapping?["id"]?.string { references.unread.insert(sectionPath.appending(id)) }
    return row
  }

  private func readRow(_ node: Node, sectionPath: RowPath, number: Int) -> Row? {
    // Messages name the row by its id as soon as it has one.
    let provisional =
      node.mapping?["id"]?.string.map { sectionPath.appending($0) }
      ?? sectionPath.appending("(row \(number))")
    // The kind decides the other keys, so it is read first.
    var kind: String?
    var kindPosition = Self.position(of: node)
    if case .mapping(let mapping) = node, let kindNode = mapping["kind"] {
      kindPosition = Self.position(of: kindNode)
      if case .scalar(let scalar) = kindNode { kind = scalar.string }
    }
    if let name = kind, Self.kindKeys(name) == nil {
      let path = provisional
      let nearest = Suggestions.closest(to: name, among: Self.rowKinds, limit: 1).first ?? "toggle"
      report(
        kindPosition, path,
        tr(
          // TRANSLATORS: %1$s is the kind written, %2$s the nearest kind, %3$s the list of kinds; kinds are not words.
          "Unknown row kind “%1$s”. Did you mean “%2$s”? The kinds are %3$s.", name.escapedForMessage, nearest,
          Self.rowKinds.joined(separator: ", ")))
      return nil
    }
    let mappingKind = MappingKind.row(kind: kind)
    let known = Self.commonRowKeys + (kind.flatMap { Self.kindKeys($0) } ?? [])
    guard var fields = fields(node, path: provisional, kind: mappingKind, known: known, elsewhere: Self.owners) else {
      return nil
    }
    let id = string(fields, "id", required: true) ?? ""
    let path = id.isEmpty ? provisional : sectionPath.appending(id)
    fields = Fields(
      position: fields.position, path: path, kind: mappingKind, values: fields.values, keyPositions: fields.keyPositions
    )
    visit(path, at: fields.position)
    guard let kindName = string(fields, "kind", required: true) else { return nil }
    let title = text(fields, "title", required: true) ?? ""
    guard let rowKind = self.kind(kindName, fields, title: title) else { return nil }
    var row = Row(id: id, title: title, kind: rowKind)
    row.subtitle = translatedLiveText(fields, "subtitle")
    row.iconName = string(fields, "icon")
    row.keywords = texts(fields, "keywords") ?? []
    if let condition = fields["enabled-when"] { row.enabledWhen = self.condition(condition, path: path) }
    if let condition = fields["visible-when"] { row.visibleWhen = self.condition(condition, path: path) }
    references.byPath[path] = row
    return row
  }

  private func kind(_ fileName: String, _ fields: Fields, title: String) -> Row.Kind? {
    guard let name = Row.Kind.Name(fileName: fileName) else { return nil }  // reported when the kind was read
    switch name {
    case .link:
      guard let url = string(fields, "url", required: true) else { return nil }
      return .link(Row.Link(url: url, extraSchemes: Set(strings(fields, "allow-schemes") ?? [])))
    case .email:
      if fields["to"] == nil { _ = required(fields, "to") }
      return .email(
        Row.Email(
          to: strings(fields, "to", single: true) ?? [],
          cc: strings(fields, "cc", single: true) ?? [], bcc: strings(fields, "bcc", single: true) ?? [],
          subject: string(fields, "subject"), body: string(fields, "body")))
    case .detail:
      let nodes = sequence(fields, "sections", required: true) ?? []
      return .detail(Panel(title: title, sections: sections(nodes, pagePath: fields.path)))
    case .value:
      guard let text = translatedLiveText(fields, "value", required: true) else { return nil }
      return .value(text)
    case .action:
      return launch(fields)
    case .page:
      return nil  // files can't declare it: `Name(fileName:)` never gives it
    case .toggle, .slider, .choice, .text, .number, .font, .file, .multiSelect, .list, .shortcut, .color:
      guard let settingNode = required(fields, "setting"), let key = setting(settingNode, path: fields.path) else {
        return nil
      }
      return boundKind(name, key, fields)
    }
  }

  /// The kinds bound to a setting.
  private func boundKind(_ name: Row.Kind.Name, _ key: SettingKey, _ fields: Fields) -> Row.Kind? {
    switch name {
    case .toggle:
      let on = fields["on"].flatMap { value($0, path: fields.path, key: "on") } ?? true
      let off = fields["off"].flatMap { value($0, path: fields.path, key: "off") } ?? false
      return .toggle(Row.Toggle(key: key, on: on, off: off))
    case .slider:
      guard let minimum = number(fields, "min", required: true), let maximum = number(fields, "max", required: true),
        let step = number(fields, "step", required: true)
      else { return nil }
      return .slider(Row.Slider(key: key, minimum: minimum, maximum: maximum, step: step, format: format(fields)))
    case .choice:
      var choice = Row.Choice(key: key, options: choiceOptions(fields))
      switch string(fields, "style") {
      case nil, "menu": choice.presentation = .menu
      case "radio": choice.presentation = .radio
      case let other?:
        report(
          fields.position(of: "style"), fields.path,
          tr("“style” is “menu” or “radio”, not “%s”.", other.escapedForMessage))
      }
      return .choice(choice)
    case .text:
      if let type = string(fields, "gvariant-type") {
        // An INI key's default is written as text in the file; the row holds it as GVariant text of its type.
        if key.schema == ini.schema, case .string(let text)? = ini.defaults[key] {
          ini.defaults[key] = .variant(type: type, text: text)
        }
        var rule = textRule(fields)
        if fields["max-length"] == nil { rule.maximumLength = 65536 }
        return .text(
          Row.Text(
            key: key, placeholder: text(fields, "placeholder") ?? tr("GVariant text"), rule: rule,
            format: .gvariant(type: type)))
      }
      return .text(Row.Text(key: key, placeholder: text(fields, "placeholder"), rule: textRule(fields)))
    case .number:
      guard let minimum = number(fields, "min", required: true), let maximum = number(fields, "max", required: true)
      else { return nil }
      return .number(
        Row.Number(
          key: key, minimum: minimum, maximum: maximum, step: number(fields, "step") ?? 1,
          decimals: integer(fields, "decimals") ?? 0, unit: text(fields, "unit") ?? ""))
    case .font:
      return .font(Row.Font(key: key, monospaceOnly: bool(fields, "monospace") ?? false))
    case .file:
      let storage: Row.File.Storage
      switch string(fields, "storage") {
      case nil, "uri": storage = .uri
      case "path": storage = .path
      case let other?:
        report(
          fields.position(of: "storage"), fields.path,
          tr("“storage” is “uri” or “path”, not “%s”.", other.escapedForMessage))
        storage = .uri
      }
      return .file(
        Row.File(
          key: key, mimeTypes: strings(fields, "mime-types") ?? [], selectsFolder: bool(fields, "folder") ?? false,
          storage: storage))
    case .multiSelect:
      let options = choiceOptions(fields).map { Row.MultiSelect.Option($0.value.description, $0.label) }
      return .multiSelect(Row.MultiSelect(key: key, options: options))
    case .shortcut:
      let shortcut = Row.Shortcut(
        key: key, storage: bool(fields, "single") == true ? .single : .list,
        checksConflicts: bool(fields, "check-conflicts") ?? true)
      if let node = settingDefault(fields) { checkShortcuts(node, for: shortcut, path: fields.path) }
      return .shortcut(shortcut)
    case .color:
      let color = Row.Color(key: key, format: colorFormat(fields))
      if let node = settingDefault(fields) { checkColor(node, path: fields.path) }
      return .color(color)
    case .list:
      var list = Row.StringList(key: key, itemRule: textRule(fields, nonEmptyByDefault: true))
      list.placeholder = text(fields, "placeholder")
      if let maximum = integer(fields, "max-items") { list.maximumItems = maximum }
      return .list(list)
    case .link, .email, .detail, .page, .value, .action:
      return nil  // not bound to a setting
    }
  }

  private func format(_ fields: Fields) -> ValueFormat {
    switch string(fields, "format") {
    case "percent":
      return .percent
    case nil, "number":
      return .number(decimals: integer(fields, "decimals") ?? 0, unit: text(fields, "unit") ?? "")
    case let other?:
      report(
        fields.position(of: "format"), fields.path,
        tr("“format” is “number” or “percent”, not “%s”.", other.escapedForMessage))
      return .number(decimals: 0)
    }
  }

  /// `format:` of a color row: `hex`, `hex-alpha`, `rgb` or `rgba`; nil writes the default's format.
  private func colorFormat(_ fields: Fields) -> ColorFormat? {
    switch string(fields, "format") {
    case nil: return nil
    case "hex": return .hex
    case "hex-alpha": return .hexWithAlpha
    case "rgb": return .rgb
    case "rgba": return .rgba
    case let other?:
      report(
        fields.position(of: "format"), fields.path,
        tr("“format” is “hex”, “hex-alpha”, “rgb” or “rgba”, not “%s”.", other.escapedForMessage))
      return nil
    }
  }

  /// The `default:` node of the row's INI setting, if it has one.
  private func settingDefault(_ fields: Fields) -> Node? {
    guard case .mapping(let mapping)? = fields["setting"] else { return nil }
    return mapping["default"]
  }

  /// Each accelerator of a shortcut row's default parses, none twice, and a single key holds one;
  /// a mistake is reported at the accelerator's own line and column.
  private func checkShortcuts(_ node: Node, for shortcut: Row.Shortcut, path: RowPath) {
    let items: [Node]
    switch node {
    case .scalar: items = [node]
    case .sequence(let sequence): items = Array(sequence)
    case .mapping: return  // reported as a value already
    }
    var seen: [Accelerator] = []
    for item in items {
      guard case .scalar(let scalar) = item, !Row.Shortcut.meansNone(scalar.string) else { continue }
      do {
        let accelerator = try Accelerator(parsing: scalar.string)
        if seen.contains(accelerator) {
          report(Self.position(of: item), path, AcceleratorError.duplicate(accelerator.label).description)
        }
        seen.append(accelerator)
      } catch {
        report(Self.position(of: item), path, tr("The default holds a bad shortcut: %s", error.description))
      }
    }
    if shortcut.storage == .single, seen.count > 1 {
      report(Self.position(of: node), path, AcceleratorError.tooMany(count: seen.count).description)
    }
  }

  /// A color row's default is a color, reported at its line and column when it is not.
  private func checkColor(_ node: Node, path: RowPath) {
    guard case .scalar(let scalar) = node else { return }  // a list is the validator's type mistake
    do {
      _ = try RGBColor(parsing: scalar.string)
    } catch .empty {
      report(
        Self.position(of: node), path,
        tr("The default color is empty; quote a hex color (default: \"#3465a4\"), as “#” starts a comment in YAML."))
    } catch {
      report(Self.position(of: node), path, tr("The default is not a color: %s", error.description))
    }
  }

  private func textRule(_ fields: Fields, nonEmptyByDefault: Bool = false) -> TextRule {
    TextRule(
      nonEmpty: bool(fields, "non-empty") ?? nonEmptyByDefault, maximumLength: integer(fields, "max-length") ?? 4096,
      pattern: string(fields, "pattern"), patternHint: text(fields, "pattern-hint"))
  }

  /// `options:` as a list of `{value, label}` mappings.
  private func choiceOptions(_ fields: Fields) -> [Row.Choice.Option] {
    guard let nodes = sequence(fields, "options", required: true) else { return [] }
    return nodes.compactMap { node in
      guard let option = self.fields(node, path: fields.path, kind: .option, known: ["value", "label"]),
        let valueNode = required(option, "value"), let value = value(valueNode, path: fields.path, key: "value")
      else { return nil }
      return Row.Choice.Option(value, text(option, "label", required: true) ?? value.description)
    }
  }

  /// A row that launches an installed application by its desktop file id.
  private func launch(_ fields: Fields) -> Row.Kind? {
    guard let app = string(fields, "app", required: true) else { return nil }
    let id = app.hasSuffix(".desktop") ? app : app + ".desktop"
    guard Self.isDesktopID(id) else {
      report(
        fields.position(of: "app"), fields.path,
        tr(
          "“app” must be an installed application's desktop file id such as org.gnome.Calculator, not “%s”; panel files can't run commands.",
          app.escapedForMessage))
      return nil
    }
    let launcher = self.launcher
    return .action(Row.Action { context in launcher(id, context) })
  }

  /// `org.gnome.Calculator.desktop`: letters, digits, `.`, `_` and `-`, no path.
  static func isDesktopID(_ id: String) -> Bool {
    let name = id.dropLast(".desktop".count)
    return !name.isEmpty && !name.hasPrefix(".") && !name.hasPrefix("-")
      && name.unicodeScalars.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || "._-".unicodeScalars.contains($0) }
  }
}
