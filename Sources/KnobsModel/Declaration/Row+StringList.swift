extension Row {
  /// An editable list of strings; each item must pass `itemRule`.
  public struct StringList {
    /// The string-list key the row edits.
    public var key: SettingKey
    /// What each item must be.
    public var itemRule: TextRule
    /// Shown in the empty field that adds an item; nil for none.
    public var placeholder: String?
    /// Lists longer than this are refused, and shown but not edited in the window.
    public var maximumItems: Int

    /// A list row over `key`, each item checked by `itemRule`.
    public init(
      key: SettingKey, itemRule: TextRule = TextRule(nonEmpty: true), placeholder: String? = nil,
      maximumItems: Int = 1000
    ) {
      self.key = key
      self.itemRule = itemRule
      self.placeholder = placeholder
      self.maximumItems = maximumItems
    }

    /// Why `items` may not be written, if they may not: too many, or an item the rule refuses.
    package func problem(with items: [String]) -> String? {
      if items.count > maximumItems {
        return trn(
          "The list has %1$d item; at most %2$d are allowed.", "The list has %1$d items; at most %2$d are allowed.",
          items.count, items.count, maximumItems)
      }
      for (index, item) in items.enumerated() {
        if let problem = itemRule.problem(with: item) { return tr("Item %1$d: %2$s", index + 1, problem) }
      }
      return nil
    }
  }
}
