extension Row {
  /// Several of a fixed set of options, kept as a list of strings (a flags key or `as`).
  public struct MultiSelect {
    /// The string-list key that holds the chosen values.
    public var key: SettingKey
    /// The values offered, in order.
    public var options: [Option]
    /// Whether values that are not among the options are shown too. They are
    /// always kept; rows that each edit one part of a list (a group of keyboard
    /// options) show only their own.
    public var showsOtherValues = true

    /// A multi-select row over `key` offering `options`.
    public init(key: SettingKey, options: [Option]) {
      self.key = key
      self.options = options
    }

    /// One value the row offers, with its label.
    public struct Option: Sendable {
      /// The string written into the list when the option is checked.
      public var value: String
      /// What the option is called in the window.
      public var label: String

      /// An option for `value`, shown as `label`.
      public init(_ value: String, _ label: String) {
        self.value = value
        self.label = label
      }
    }

    /// The labels of the chosen values in the options' order; values not among
    /// the options are kept, after them, as they are.
    package func labels(of values: [String]) -> [String] {
      let chosen = Set(values)
      let known = Set(options.map(\.value))
      let others = showsOtherValues ? values.filter { !known.contains($0) } : []
      return options.filter { chosen.contains($0.value) }.map(\.label) + others
    }

    /// `values` with `value` added or removed, keeping the options' order and any unknown values.
    package func setting(_ value: String, chosen isChosen: Bool, in values: [String]) -> [String] {
      guard showsOtherValues else {
        // One part of a longer list: the rest keeps its order, a new choice goes last.
        let without = values.filter { $0 != value }
        return isChosen ? without + [value] : without
      }
      var set = Set(values)
      if isChosen { set.insert(value) } else { set.remove(value) }
      let known = Set(options.map(\.value))
      return options.map(\.value).filter(set.contains) + values.filter { !known.contains($0) && set.contains($0) }
    }
  }
}
