/// The kind of mapping a panel file's keys are in: messages about its keys
/// name it in whole sentences, one for each kind, so that translations can
/// say “in a section” and “a section needs” each in its own grammar.
enum MappingKind: Equatable {
  case panel
  case section
  /// A row; `kind` is the row kind written in the file (`toggle`, `link`), nil while unknown.
  case row(kind: String?)
  case condition
  case option
  case setting

  /// Row kinds written with “an” in English: “an email row”.
  static func takesAn(_ kind: String) -> Bool { kind.first.map { "aeiou".contains($0) } ?? false }

  /// “The panel needs “id”.”
  func needs(_ key: String) -> String {
    switch self {
    case .panel: return tr("The panel needs “%s”.", key)
    case .section: return tr("A section needs “%s”.", key)
    case .row(nil): return tr("A row needs “%s”.", key)
    case .row(let kind?):
      return Self.takesAn(kind)
        ? tr(
          // TRANSLATORS: %1$s is a row kind as written in the file (email), %2$s a key.
          "An %1$s row needs “%2$s”.", kind, key)
        : tr(
          // TRANSLATORS: %1$s is a row kind as written in the file (toggle, link), %2$s a key.
          "A %1$s row needs “%2$s”.", kind, key)
    case .condition: return tr("A condition needs “%s”.", key)
    case .option: return tr("An option needs “%s”.", key)
    case .setting: return tr("The setting needs “%s”.", key)
    }
  }

  /// “Unknown key “titel” in a toggle row.”
  func unknownKey(_ key: String) -> String {
    // The file's own text, echoed: cut and escaped.
    let key = key.escapedForMessage
    switch self {
    case .panel: return tr("Unknown key “%s” in the panel.", key)
    case .section: return tr("Unknown key “%s” in a section.", key)
    case .row(nil): return tr("Unknown key “%s” in a row.", key)
    case .row(let kind?):
      return Self.takesAn(kind)
        ? tr(
          // TRANSLATORS: %1$s is a key, %2$s a row kind as written in the file (email).
          "Unknown key “%1$s” in an %2$s row.", key, kind)
        : tr(
          // TRANSLATORS: %1$s is a key, %2$s a row kind as written in the file (toggle, link).
          "Unknown key “%1$s” in a %2$s row.", key, kind)
    case .condition: return tr("Unknown key “%s” in a condition.", key)
    case .option: return tr("Unknown key “%s” in an option.", key)
    case .setting: return tr("Unknown key “%s” in the setting.", key)
    }
  }

  /// “A key in a section must be a name, not a list or mapping.”
  var keyIsNotAName: String {
    switch self {
    case .panel: return tr("A key in the panel must be a name, not a list or mapping.")
    case .section: return tr("A key in a section must be a name, not a list or mapping.")
    case .row(nil): return tr("A key in a row must be a name, not a list or mapping.")
    case .row(let kind?):
      return Self.takesAn(kind)
        ? tr(
          // TRANSLATORS: %s is a row kind as written in the file (email).
          "A key in an %s row must be a name, not a list or mapping.", kind)
        : tr(
          // TRANSLATORS: %s is a row kind as written in the file (toggle, link).
          "A key in a %s row must be a name, not a list or mapping.", kind)
    case .condition: return tr("A key in a condition must be a name, not a list or mapping.")
    case .option: return tr("A key in an option must be a name, not a list or mapping.")
    case .setting: return tr("A key in the setting must be a name, not a list or mapping.")
    }
  }

  /// “A section must be a mapping of keys to values, not a list.”; `found` is `PanelFileReader.found(_:)`.
  func isNotAMapping(_ found: String) -> String {
    switch self {
    case .panel: return tr("The panel must be a mapping of keys to values, not %s.", found)
    case .section: return tr("A section must be a mapping of keys to values, not %s.", found)
    // A row whose kind is known is a mapping.
    case .row: return tr("A row must be a mapping of keys to values, not %s.", found)
    case .condition: return tr("A condition must be a mapping of keys to values, not %s.", found)
    case .option: return tr("An option must be a mapping of keys to values, not %s.", found)
    case .setting: return tr("The setting must be a mapping of keys to values, not %s.", found)
    }
  }

  /// “"url" is not a key of a toggle row; it belongs to link rows.”; `kinds` are the row kinds that have the key.
  func keyBelongs(_ key: String, to kinds: [String]) -> String {
    let owners = kinds.map {
      tr(
        // TRANSLATORS: rows of one kind, %s as written in the file (link, toggle); listed after “it belongs to”.
        "%s rows", $0)
    }.joined(separator: ", ")
    switch self {
    case .row(let kind?):
      return Self.takesAn(kind)
        ? tr(
          // TRANSLATORS: %1$s is a key, %2$s a row kind (email), %3$s a list of “link rows”.
          "“%1$s” is not a key of an %2$s row; it belongs to %3$s.", key, kind, owners)
        : tr(
          // TRANSLATORS: %1$s is a key, %2$s a row kind (toggle), %3$s a list of “link rows”.
          "“%1$s” is not a key of a %2$s row; it belongs to %3$s.", key, kind, owners)
    default:
      return tr(
        // TRANSLATORS: %1$s is a key, %2$s a list of “link rows”.
        "“%1$s” is not a key of a row; it belongs to %2$s.", key, owners)
    }
  }
}

extension PanelFileReader {
  /// What a value was instead of what was expected, for “must be text, not %s”:
  /// “a list”, “empty”, or the value in quotes.
  static func found(_ node: Node) -> String {
    switch node {
    case .scalar(let scalar):
      let text = scalar.string
      return text.isEmpty
        ? tr(
          // TRANSLATORS: ends “"title" must be text, not %s.” for a key written with no value.
          "empty")
        : tr(
          // TRANSLATORS: a value written in the file, in quotes; ends “"min" must be a number, not %s.”
          "“%s”", ValueError.shortened(text).escapedForMessage)
    case .sequence:
      return tr(
        // TRANSLATORS: ends “"title" must be text, not %s.”
        "a list")
    case .mapping:
      return tr(
        // TRANSLATORS: ends “"title" must be text, not %s.”; a mapping is YAML's keys with values.
        "a mapping")
    }
  }
}
