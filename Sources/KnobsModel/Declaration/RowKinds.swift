/// The table of row kinds: every fact Knobs keeps per kind that is not code,
/// reached through one exhaustive switch, so a new kind does not compile until
/// each of them is given.
extension Row.Kind {
  /// A kind without what it holds. Its raw value is the kind's one name, in
  /// panel files, on the command line, in JSON and in messages.
  package enum Name: String, CaseIterable, Sendable {
    case toggle, link, email, detail, page, value, slider, choice, action, text, number, font, file
    case multiSelect = "multi-select"
    case list, shortcut, color
  }

  /// The name of this kind.
  package var name: Name {
    switch form {
    case .toggle: .toggle
    case .link: .link
    case .email: .email
    case .detail: .detail
    case .page: .page
    case .value: .value
    case .slider: .slider
    case .choice: .choice
    case .action: .action
    case .text: .text
    case .number: .number
    case .font: .font
    case .file: .file
    case .multiSelect: .multiSelect
    case .list: .list
    case .shortcut: .shortcut
    case .color: .color
    }
  }
}

extension Row.Kind.Name {
  /// What a setting of this kind holds, for the kinds bound to one.
  package enum ValueType: Sendable, Equatable {
    /// Whatever the row's own values are (a toggle's on and off, a choice's options).
    case declared
    case number
    case string
    case strings
    /// A string or a list of strings, as the row says.
    case stringOrStrings
    /// GVariant text of a declared type, or a string.
    case textOrGVariant
  }

  /// The keys a panel file's row of this kind takes beyond every row's
  /// (`Row.Kind.Name.commonFileKeys`); nil for a kind only Swift code declares.
  package var fileKeys: [String]? {
    switch self {
    case .toggle: ["setting", "on", "off"]
    case .link: ["url", "allow-schemes"]
    case .email: ["to", "cc", "bcc", "subject", "body"]
    case .detail: ["sections"]
    case .page: nil  // made at run time, by code
    case .value: ["value"]
    case .slider: ["setting", "min", "max", "step", "format", "decimals", "unit"]
    case .choice: ["setting", "options", "style"]
    case .action: ["app"]  // a file's action launches an installed application, never a command
    case .text: ["setting", "placeholder", "gvariant-type"] + Self.textRuleKeys
    case .number: ["setting", "min", "max", "step", "decimals", "unit"]
    case .font: ["setting", "monospace"]
    case .file: ["setting", "mime-types", "folder", "storage"]
    case .multiSelect: ["setting", "options"]
    case .list: ["setting", "placeholder", "max-items"] + Self.textRuleKeys
    case .shortcut: ["setting", "single", "check-conflicts"]
    case .color: ["setting", "format"]
    }
  }

  /// What the kind's setting holds; nil for a kind with no setting.
  package var valueType: ValueType? {
    switch self {
    case .toggle, .choice: .declared
    case .slider, .number: .number
    case .text: .textOrGVariant
    case .font, .file, .color: .string
    case .multiSelect, .list: .strings
    case .shortcut: .stringOrStrings
    case .link, .email, .detail, .page, .value, .action: nil
    }
  }

  /// Whether the kind is bound to a setting.
  package var isBound: Bool { valueType != nil }

  /// The keys of a panel file's row that every kind takes.
  package static let commonFileKeys = [
    "kind", "id", "title", "subtitle", "icon", "keywords", "enabled-when", "visible-when",
  ]
  /// The keys of the rule of a text or list row.
  package static let textRuleKeys = ["non-empty", "max-length", "pattern", "pattern-hint"]

  /// The kinds a panel file may declare, in the order the documentation lists them.
  package static var declarableInFiles: [Self] { allCases.filter { $0.fileKeys != nil } }

  /// The kind a panel file's `kind:` names. `launch` is the name an action row had in files before
  /// it had one name everywhere; files that use it still load.
  package init?(fileName: String) {
    if fileName == "launch" {
      self = .action
      return
    }
    guard let name = Self(rawValue: fileName), name.fileKeys != nil else { return nil }
    self = name
  }
}
