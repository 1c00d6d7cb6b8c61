import Foundation

extension Row {
  /// A string edited in place; the rule decides what may be written.
  public struct Text {
    public var key: SettingKey
    public var placeholder: String?
    public var rule: TextRule
    /// What the text stands for: the string itself, or a value of another type written as GVariant text.
    public var format: Format

    public init(key: SettingKey, placeholder: String? = nil, rule: TextRule = TextRule(), format: Format = .plain) {
      self.key = key
      self.placeholder = placeholder
      self.rule = rule
      self.format = format
    }

    public enum Format: Hashable, Sendable {
      /// The text is the value, a string.
      case plain
      /// The text is a GVariant of this type (`(ii)`, `a{sv}` …) in GVariant text format,
      /// parsed and type-checked by the store before it is written.
      case gvariant(type: String)
    }

    /// The text an entry shows for `value`.
    public func text(of value: SettingValue?) -> String {
      switch format {
      case .plain: return value?.stringValue ?? ""
      case .gvariant: return value?.gvariantText ?? ""
      }
    }

    /// The value typed `text` stands for; the rule is checked separately.
    public func value(of text: String) -> SettingValue {
      switch format {
      case .plain: return .string(text)
      case .gvariant(let type): return .variant(type: type, text: text.trimmingWhitespace)
      }
    }
  }

  /// A number typed or stepped between `minimum` and `maximum`, shown with
  /// `decimals` digits after the point and an optional unit.
  public struct Number {
    public var key: SettingKey
    public var minimum: Double
    public var maximum: Double
    public var step: Double
    public var decimals: Int
    public var unit: String

    public init(
      key: SettingKey, minimum: Double, maximum: Double, step: Double = 1, decimals: Int = 0, unit: String = ""
    ) {
      self.key = key
      self.minimum = minimum
      self.maximum = maximum
      self.step = step
      self.decimals = decimals
      self.unit = unit
    }

    public var format: ValueFormat { .number(decimals: decimals, unit: unit) }

    /// Whether `value` may be written: inside the range, exactly at its bounds included.
    public func contains(_ value: Double) -> Bool {
      value >= minimum && value <= maximum
    }
  }

  /// A Pango font description, chosen with GTK's font chooser.
  public struct Font {
    public var key: SettingKey
    /// Offer only fixed-width fonts.
    public var monospaceOnly: Bool

    public init(key: SettingKey, monospaceOnly: Bool = false) {
      self.key = key
      self.monospaceOnly = monospaceOnly
    }
  }

  /// A file or folder chosen with GTK's file chooser.
  public struct File {
    public var key: SettingKey
    /// MIME types offered in the chooser, e.g. `image/*`; empty for any file.
    public var mimeTypes: [String]
    public var selectsFolder: Bool
    /// How the key holds the file: a `file://` URI or an absolute path.
    public var storage: Storage

    public init(key: SettingKey, mimeTypes: [String] = [], selectsFolder: Bool = false, storage: Storage = .uri) {
      self.key = key
      self.mimeTypes = mimeTypes
      self.selectsFolder = selectsFolder
      self.storage = storage
    }

    public enum Storage: Sendable {
      case uri
      case path
    }
  }

  /// Several of a fixed set of options, kept as a list of strings (a flags key or `as`).
  public struct MultiSelect {
    public var key: SettingKey
    public var options: [Option]
    /// Whether values that are not among the options are shown too. They are
    /// always kept; rows that each edit one part of a list (a group of keyboard
    /// options) show only their own.
    public var showsOtherValues = true

    public init(key: SettingKey, options: [Option]) {
      self.key = key
      self.options = options
    }

    public struct Option: Sendable {
      public var value: String
      public var label: String

      public init(_ value: String, _ label: String) {
        self.value = value
        self.label = label
      }
    }

    /// The labels of the chosen values in the options' order; values not among
    /// the options are kept, after them, as they are.
    public func labels(of values: [String]) -> [String] {
      let chosen = Set(values)
      let known = Set(options.map(\.value))
      let others = showsOtherValues ? values.filter { !known.contains($0) } : []
      return options.filter { chosen.contains($0.value) }.map(\.label) + others
    }

    /// `values` with `value` added or removed, keeping the options' order and any unknown values.
    public func setting(_ value: String, chosen isChosen: Bool, in values: [String]) -> [String] {
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

  /// An editable list of strings; each item must pass `itemRule`.
  public struct StringList {
    public var key: SettingKey
    public var itemRule: TextRule
    public var placeholder: String?
    /// Lists longer than this are refused, and shown but not edited in the window.
    public var maximumItems: Int

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
    public func problem(with items: [String]) -> String? {
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

/// What a text setting accepts: a rule checked before anything is written.
public struct TextRule: Sendable {
  /// Refuse an empty (or all-blank) value.
  public var nonEmpty: Bool
  /// The most characters a value may have. Huge values are refused, never written.
  public var maximumLength: Int
  /// A regular expression the whole value must match.
  public var pattern: String?
  /// Says in plain words what the pattern wants, e.g. "letters and digits only".
  public var patternHint: String?

  public init(nonEmpty: Bool = false, maximumLength: Int = 4096, pattern: String? = nil, patternHint: String? = nil) {
    self.nonEmpty = nonEmpty
    self.maximumLength = maximumLength
    self.pattern = pattern
    self.patternHint = patternHint
  }

  /// Why `text` is refused, in a sentence; nil when it is accepted.
  public func problem(with text: String) -> String? {
    if nonEmpty && text.isBlank { return tr("It can't be empty.") }
    if text.count > maximumLength {
      return trn(
        "It is %1$d character long; at most %2$d are allowed.", "It is %1$d characters long; at most %2$d are allowed.",
        text.count, text.count, maximumLength)
    }
    if let pattern, !Self.matches(text, pattern: pattern) {
      return patternHint.map { tr("It must be %s.", $0) } ?? tr("It doesn't have the expected form.")
    }
    return nil
  }

  /// Why the rule itself is unusable, if it is: a pattern that does not compile, a bad length.
  var declarationProblem: String? {
    if maximumLength < 1 { return tr("The text rule's maximum length %d must be at least 1.", maximumLength) }
    if let pattern, (try? NSRegularExpression(pattern: pattern)) == nil {
      return tr("The text rule's pattern “%s” is not a valid regular expression.", pattern.escapedForMessage)
    }
    return nil
  }

  private static func matches(_ text: String, pattern: String) -> Bool {
    guard let expression = try? NSRegularExpression(pattern: "^(?:" + pattern + ")$") else { return false }
    let range = NSRange(text.startIndex..., in: text)
    return expression.firstMatch(in: text, range: range) != nil
  }
}

/// Finds a choice's options when the row is shown: installed themes, fonts, devices.
public struct OptionProvider: Sendable {
  private let find: @MainActor @Sendable () throws -> [Row.Choice.Option]

  public init(_ find: @escaping @MainActor @Sendable () throws -> [Row.Choice.Option]) {
    self.find = find
  }

  /// The options found now; an error or an empty answer is an `OptionProviderError`.
  @MainActor
  public func options() throws(OptionProviderError) -> [Row.Choice.Option] {
    let found: [Row.Choice.Option]
    do {
      found = try find()
    } catch {
      throw .failed(String(describing: error))
    }
    guard !found.isEmpty else { throw .nothingFound }
    return found
  }
}

/// Why a provider gave no options.
public enum OptionProviderError: Error, Hashable, Sendable, CustomStringConvertible {
  case failed(String)
  case nothingFound

  public var description: String {
    switch self {
    case .failed(let reason): return tr("The options couldn't be listed: %s", reason)
    case .nothingFound: return tr("No options were found on this system.")
    }
  }
}
