extension Row {
  /// A string edited in place; the rule decides what may be written.
  public struct Text {
    /// The key the text is written to.
    public var key: SettingKey
    /// Shown in the empty field; nil for none.
    public var placeholder: String?
    /// What the text must be to be written.
    public var rule: TextRule
    /// What the text stands for: the string itself, or a value of another type written as GVariant text.
    public var format: Format
    /// How the value is edited: an entry, or for a structured GVariant value a table, a pair
    /// of numbers or GVariant text of several lines (see `StructuredValues`).
    package var editor: Editor
    /// Whether the text is JSON: edited in several lines in the window, and shown and written with the control
    /// and bidirectional characters of its strings as `\u` escapes, which mean the same to a JSON reader
    /// (`JSONText.escapingInvisibles`).
    package var isJSON = false

    /// A text row's declaration: its key, the placeholder its empty entry shows, the rule for
    /// what may be written, and what the text stands for.
    public init(key: SettingKey, placeholder: String? = nil, rule: TextRule = TextRule(), format: Format = .plain) {
      self.init(key: key, placeholder: placeholder, rule: rule, format: format, editor: .entry)
    }

    package init(
      key: SettingKey, placeholder: String? = nil, rule: TextRule = TextRule(), format: Format = .plain,
      editor: Editor
    ) {
      self.key = key
      self.placeholder = placeholder
      self.rule = rule
      self.format = format
      self.editor = editor
    }

    /// What the typed text is: the string itself or GVariant text.
    public enum Format: Hashable, Sendable {
      /// The text is the value, a string.
      case plain
      /// The text is a GVariant of this type (`(ii)`, `a{sv}` …) in GVariant text format,
      /// parsed and type-checked by the store before it is written.
      case gvariant(type: String)
    }

    /// The text an entry shows for `value`.
    package func text(of value: SettingValue?) -> String {
      switch format {
      case .plain:
        let text = value?.stringValue ?? ""
        return isJSON ? JSONText.escapingInvisibles(text) : text
      case .gvariant: return value?.gvariantText ?? ""
      }
    }

    /// The value typed `text` stands for; the rule is checked separately.
    package func value(of text: String) -> SettingValue {
      switch format {
      case .plain: return .string(isJSON ? JSONText.escapingInvisibles(text) : text)
      case .gvariant(let type): return .variant(type: type, text: text.trimmingWhitespace)
      }
    }
  }
}
