/// Anything that declares a row: the `…Row` types and `Row` itself. The
/// modifiers here let a declaration add a subtitle, icon, keywords or conditions.
public protocol RowDeclaration {
  var row: Row { get }
}

extension Row: RowDeclaration {
  public var row: Row { self }
}

extension RowDeclaration {
  public func subtitle(_ text: String) -> Row {
    var row = self.row
    row.subtitle = .fixed(text)
    return row
  }

  /// A subtitle computed from the current settings.
  public func subtitle(_ compute: @escaping @MainActor (SettingsReader) -> String) -> Row {
    var row = self.row
    row.subtitle = .live(compute)
    return row
  }

  public func icon(_ name: String) -> Row {
    var row = self.row
    row.iconName = name
    return row
  }

  /// Adds a button at the row's end, e.g. `.button("user-trash-symbolic", "Remove Firefox") { … }`.
  public func button(
    _ iconName: String, _ label: String, perform: @escaping @MainActor (ActionContext) -> Undo?
  ) -> Row {
    var row = self.row
    row.button = Row.Button(iconName: iconName, label: label, action: Row.Action(perform: perform))
    return row
  }

  public func keywords(_ words: [String]) -> Row {
    var row = self.row
    row.keywords += words
    return row
  }

  public func keywords(_ words: String...) -> Row {
    var row = self.row
    row.keywords += words
    return row
  }

  public func enabled(when condition: Condition) -> Row {
    var row = self.row
    row.enabledWhen = condition
    return row
  }

  public func visible(when condition: Condition) -> Row {
    var row = self.row
    row.visibleWhen = condition
    return row
  }
}

/// A switch bound to a setting. By default a boolean key; for other keys name
/// the values written when on and off, e.g. `on: "prefer-dark", off: "default"`.
public struct ToggleRow: RowDeclaration {
  public let row: Row

  public init(_ id: String, _ title: String, key: SettingKey, on: SettingValue = true, off: SettingValue = false) {
    row = Row(id: id, title: title, kind: .toggle(.init(key: key, on: on, off: off)))
  }
}

extension ToggleRow {
  /// A switch over one part of a string key, e.g. a titlebar button in `button-layout`.
  public init(_ id: String, _ title: String, key: SettingKey, part: ValuePart) {
    row = Row(id: id, title: title, kind: .toggle(.init(key: key, part: part, sample: "")))
  }
}

/// A row that opens a URL. Only `https` and `http` unless `allowing` names another scheme.
public struct LinkRow: RowDeclaration {
  public let row: Row

  public init(_ id: String, _ title: String, url: String, allowing extraSchemes: Set<String> = []) {
    row = Row(id: id, title: title, kind: .link(.init(url: url, extraSchemes: extraSchemes)))
  }
}

/// A row that composes a message.
public struct EmailRow: RowDeclaration {
  public let row: Row

  public init(
    _ id: String, _ title: String, to: [String], cc: [String] = [], bcc: [String] = [],
    subject: String? = nil, body: String? = nil
  ) {
    row = Row(
      id: id, title: title, kind: .email(.init(to: to, cc: cc, bcc: bcc, subject: subject, body: body)))
  }

  public init(
    _ id: String, _ title: String, to address: String, subject: String? = nil, body: String? = nil
  ) {
    self.init(id, title, to: [address], subject: subject, body: body)
  }
}

/// A row that opens a page of its own; the page's title is the row's title.
public struct DetailRow: RowDeclaration {
  public let row: Row

  public init(_ id: String, _ title: String, @SectionBuilder sections: () -> [Section]) {
    row = Row(id: id, title: title, kind: .detail(Panel(title: title, sections: sections())))
  }
}

/// A read-only value shown at the right, fixed or computed from settings.
public struct ValueRow: RowDeclaration {
  public let row: Row

  public init(_ id: String, _ title: String, value: String) {
    row = Row(id: id, title: title, kind: .value(.fixed(value)))
  }

  public init(_ id: String, _ title: String, value: @escaping @MainActor (SettingsReader) -> String) {
    row = Row(id: id, title: title, kind: .value(.live(value)))
  }
}

/// A number bound to a setting, with its shown format.
public struct SliderRow: RowDeclaration {
  public let row: Row

  public init(
    _ id: String, _ title: String, key: SettingKey, range: (min: Double, max: Double), step: Double,
    format: ValueFormat = .number(decimals: 0)
  ) {
    row = Row(
      id: id, title: title,
      kind: .slider(.init(key: key, minimum: range.min, maximum: range.max, step: step, format: format)))
  }
}

/// One of a list of labelled values bound to a setting.
public struct ChoiceRow: RowDeclaration {
  public let row: Row

  public init(_ id: String, _ title: String, key: SettingKey, options: [(SettingValue, String)]) {
    row = Row(
      id: id, title: title,
      kind: .choice(.init(key: key, options: options.map { Row.Choice.Option($0.0, $0.1) })))
  }
}

/// A row that runs a command, optionally after asking.
public struct ActionRow: RowDeclaration {
  public let row: Row

  public init(
    _ id: String, _ title: String, confirmation: Confirmation? = nil, isDestructive: Bool = false,
    perform: @escaping @MainActor (ActionContext) -> Undo?
  ) {
    row = Row(
      id: id, title: title,
      kind: .action(.init(confirmation: confirmation, isDestructive: isDestructive, perform: perform)))
  }
}

extension ChoiceRow {
  /// A choice whose options are found when the row is shown, e.g. the installed icon themes.
  public init(_ id: String, _ title: String, key: SettingKey, provider: OptionProvider) {
    row = Row(id: id, title: title, kind: .choice(.init(key: key, provider: provider)))
  }

  /// A choice over one part of a key's value: `part` reads and writes the option values.
  public init(_ id: String, _ title: String, key: SettingKey, part: ValuePart, options: [(SettingValue, String)]) {
    var choice = Row.Choice(key: key, options: options.map { Row.Choice.Option($0.0, $0.1) })
    choice.part = part
    row = Row(id: id, title: title, kind: .choice(choice))
  }

  /// Draws the options as radio buttons under the title, for a handful of short options.
  public func radio() -> Row {
    var row = self.row
    if case .choice(var choice) = row.kind {
      choice.presentation = .radio
      row.kind = .choice(choice)
    }
    return row
  }
}

/// A string setting edited in place, checked by `rule` before it is written.
public struct TextRow: RowDeclaration {
  public let row: Row

  public init(_ id: String, _ title: String, key: SettingKey, placeholder: String? = nil, rule: TextRule = TextRule()) {
    row = Row(id: id, title: title, kind: .text(.init(key: key, placeholder: placeholder, rule: rule)))
  }

  /// A value of any other GVariant type (`(ii)`, `a{sv}`, `mb` …) edited as GVariant text
  /// (`(1, 2)`, `{'a': <1>}`, `just true`), parsed and type-checked before it is written.
  public init(_ id: String, _ title: String, key: SettingKey, gvariantType: String) {
    row = Row(
      id: id, title: title,
      kind: .text(
        .init(
          key: key, placeholder: tr("GVariant text"), rule: TextRule(maximumLength: 65536),
          format: .gvariant(type: gvariantType))))
  }
}

/// A whole or decimal number with a range, typed or stepped with a spin button.
public struct NumberRow: RowDeclaration {
  public let row: Row

  public init(
    _ id: String, _ title: String, key: SettingKey, range: (min: Double, max: Double), step: Double = 1,
    decimals: Int = 0, unit: String = ""
  ) {
    row = Row(
      id: id, title: title,
      kind: .number(
        .init(key: key, minimum: range.min, maximum: range.max, step: step, decimals: decimals, unit: unit)))
  }
}

/// A font, shown in its own face and chosen with GTK's font chooser.
public struct FontRow: RowDeclaration {
  public let row: Row

  public init(_ id: String, _ title: String, key: SettingKey, monospaceOnly: Bool = false) {
    row = Row(id: id, title: title, kind: .font(.init(key: key, monospaceOnly: monospaceOnly)))
  }
}

/// A file or folder chosen with GTK's file chooser; shows the file's name.
public struct FileRow: RowDeclaration {
  public let row: Row

  public init(
    _ id: String, _ title: String, key: SettingKey, mimeTypes: [String] = [], selectsFolder: Bool = false,
    storage: Row.File.Storage = .uri
  ) {
    row = Row(
      id: id, title: title,
      kind: .file(.init(key: key, mimeTypes: mimeTypes, selectsFolder: selectsFolder, storage: storage)))
  }
}

/// Several of a fixed set of options, for flags keys and lists of strings from a vocabulary.
public struct MultiSelectRow: RowDeclaration {
  public let row: Row

  public init(_ id: String, _ title: String, key: SettingKey, options: [(String, String)]) {
    row = Row(
      id: id, title: title,
      kind: .multiSelect(.init(key: key, options: options.map { Row.MultiSelect.Option($0.0, $0.1) })))
  }
}

/// An editable list of strings: add, remove and reorder items.
public struct ListRow: RowDeclaration {
  public let row: Row

  public init(
    _ id: String, _ title: String, key: SettingKey, itemRule: TextRule = TextRule(nonEmpty: true),
    placeholder: String? = nil
  ) {
    row = Row(id: id, title: title, kind: .list(.init(key: key, itemRule: itemRule, placeholder: placeholder)))
  }
}

/// Keyboard shortcuts captured from the keyboard, shown as keycaps; a list key
/// holds several, a string key one. A shortcut another keybinding uses is reported.
public struct ShortcutRow: RowDeclaration {
  public let row: Row

  public init(_ id: String, _ title: String, key: SettingKey, storage: Row.Shortcut.Storage = .list) {
    row = Row(id: id, title: title, kind: .shortcut(.init(key: key, storage: storage)))
  }
}

/// A color kept as text, shown as a swatch and chosen with GTK's color chooser.
public struct ColorRow: RowDeclaration {
  public let row: Row

  public init(_ id: String, _ title: String, key: SettingKey, format: ColorFormat? = nil) {
    row = Row(id: id, title: title, kind: .color(.init(key: key, format: format)))
  }
}
