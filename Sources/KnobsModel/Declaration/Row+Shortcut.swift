extension Row {
  /// Keyboard shortcuts kept as GTK accelerators: a list of them (`as`, as the
  /// desktop's keybinding schemas keep them) or one in a string key.
  public struct Shortcut {
    /// The key that holds the shortcut.
    public var key: SettingKey
    /// Whether the key holds a list of accelerators or one.
    public var storage: Storage
    /// Whether a shortcut another keybinding already uses is reported before it is written.
    public var checksConflicts: Bool
    /// Whether a key that types or moves (an arrow, Enter, a keypad key) is a shortcut alone: the
    /// program reads such keys, as an extension whose default is `['Left']` does.
    package var allowsBareKeys = false

    /// A shortcut row over `key`.
    public init(key: SettingKey, storage: Storage = .list, checksConflicts: Bool = true) {
      self.key = key
      self.storage = storage
      self.checksConflicts = checksConflicts
    }

    /// How a key holds its shortcuts.
    public enum Storage: Sendable {
      /// A string list: any number of accelerators, none when disabled.
      case list
      /// A string: one accelerator, or "" when disabled.
      case single
    }

    /// The accelerators a value holds. Empty strings and `disabled`, which
    /// keybinding schemas use for "no shortcut", are none; text that does not
    /// parse is left out.
    package func accelerators(of value: SettingValue?) -> [Accelerator] {
      let texts: [String]
      switch value {
      case .strings(let strings)?: texts = strings
      case .string(let string)?: texts = [string]
      default: texts = []
      }
      var seen: Set<Accelerator> = []
      return texts.filter { !Self.meansNone($0) }.compactMap { try? Accelerator(parsing: $0) }
        .filter { seen.insert($0).inserted }
    }

    /// The value that holds `accelerators`, in the key's shape.
    package func value(of accelerators: [Accelerator]) -> SettingValue {
      switch storage {
      case .list: return .strings(accelerators.map(\.text))
      case .single: return .string(accelerators.first?.text ?? "")
      }
    }

    /// Parses accelerator texts for this key: each must parse, none twice, and a
    /// single-shortcut key takes at most one. An empty list disables the shortcut.
    package func parse(_ texts: [String]) throws(AcceleratorError) -> [Accelerator] {
      var accelerators: [Accelerator] = []
      for text in texts {
        let accelerator = try Accelerator(parsing: text)
        if accelerators.contains(accelerator) { throw .duplicate(accelerator.label) }
        accelerators.append(accelerator)
      }
      if storage == .single, accelerators.count > 1 { throw .tooMany(count: accelerators.count) }
      return accelerators
    }

    /// How the shortcuts read: `Super+H, Alt+F4`, or `Disabled`.
    /// In the user's language unless `translated` is false (for scripts).
    package func label(of value: SettingValue?, translated: Bool = true) -> String {
      let accelerators = accelerators(of: value)
      guard !accelerators.isEmpty else { return translated ? tr("Disabled") : "Disabled" }
      return accelerators.map { translated ? $0.label : $0.englishLabel }.joined(separator: ", ")
    }

    static func meansNone(_ text: String) -> Bool {
      let trimmed = text.trimmingWhitespace
      return trimmed.isEmpty || trimmed == "disabled"
    }
  }
}
