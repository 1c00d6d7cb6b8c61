extension Row {
  /// One of a list of values, each with a label: fixed in the declaration, or
  /// found when the row is shown by a `provider` (installed themes, say).
  public struct Choice {
    /// The key the row chooses the value of.
    public var key: SettingKey
    /// The declared options; for a choice with a provider, the last ones it found.
    public var options: [Option]
    /// Finds the options at run time; nil for a fixed choice.
    public var provider: OptionProvider?
    /// Whether the options are a drop-down menu or radio buttons.
    public var presentation: Presentation = .menu
    /// Set when the options name one part of the key's value rather than the whole of it.
    public var part: ValuePart?

    /// A choice among fixed options.
    public init(key: SettingKey, options: [Option]) {
      self.key = key
      self.options = options
    }

    /// A choice among the options `provider` finds when the row is shown.
    public init(key: SettingKey, provider: OptionProvider) {
      self.key = key
      self.options = []
      self.provider = provider
    }

    /// How the options are drawn.
    public enum Presentation: Sendable {
      /// A drop-down at the end of the row.
      case menu
      /// Radio buttons under the title, for three or four short options.
      case radio
    }

    /// One value the row offers, with its label.
    public struct Option {
      /// The value written when the option is chosen.
      public var value: SettingValue
      /// What the option is called in the window.
      public var label: String

      /// An option writing `value`, shown as `label`.
      public init(_ value: SettingValue, _ label: String) {
        self.value = value
        self.label = label
      }
    }

    /// The index of the option holding `value`, if any.
    package func index(of value: SettingValue?) -> Int? {
      options.firstIndex { $0.value == value }
    }

    /// The options offered now: the provider's when there is one, else the declared ones.
    @MainActor
    package func currentOptions() throws(OptionProviderError) -> [Option] {
      guard let provider else { return options }
      return try provider.options()
    }
  }
}
