/// A keyboard shortcut in GTK's accelerator syntax: modifiers in angle
/// brackets, then one key (`<Super>h`, `<Primary><Alt>t`, `XF86AudioMute`).
///
/// Parsing normalizes what GTK treats as the same: `<Ctrl>`, `<Control>` and
/// `<Primary>` are one modifier, modifier names ignore case, a letter key is
/// lowercase and key aliases (`Prior`, `Page_Up`) are one key. `text` writes
/// the accelerator the way `gtk_accelerator_name` does.
public struct Accelerator: Hashable, Sendable {
  /// The modifier keys held.
  public let modifiers: Modifiers
  /// The key's name as written back: `h`, `Page_Up`, `F1`, `XF86AudioMute`.
  public let key: String

  /// The modifier keys held with the key.
  public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Shift.
    public static let shift = Modifiers(rawValue: 1 << 0)
    /// Control.
    public static let control = Modifiers(rawValue: 1 << 1)
    /// Alt.
    public static let alt = Modifiers(rawValue: 1 << 2)
    /// Meta.
    public static let meta = Modifiers(rawValue: 1 << 3)
    /// Super, the Windows or Command key.
    public static let `super` = Modifiers(rawValue: 1 << 4)
    /// Hyper.
    public static let hyper = Modifiers(rawValue: 1 << 5)

    /// In the order GTK writes them, with the name written and the keycap shown.
    static let ordered: [(Modifiers, name: String, keycap: String)] = [
      (.shift, "Shift", "Shift"), (.control, "Control", "Ctrl"), (.alt, "Alt", "Alt"), (.meta, "Meta", "Meta"),
      (.super, "Super", "Super"), (.hyper, "Hyper", "Hyper"),
    ]

    /// The spellings GTK's parser accepts for each modifier, lowercased.
    static let spellings: [String: Modifiers] = [
      "shift": .shift, "shft": .shift, "control": .control, "ctrl": .control, "ctl": .control, "primary": .control,
      "alt": .alt, "mod1": .alt, "meta": .meta, "super": .super, "hyper": .hyper,
    ]
  }

  /// Parses GTK accelerator text; throws when it is empty, names an unknown
  /// modifier or key, or is a modifier alone.
  public init(parsing text: String) throws(AcceleratorError) {
    let trimmed = text.trimmingWhitespace
    guard !trimmed.isEmpty else { throw .empty }
    var modifiers: Modifiers = []
    var rest = Substring(trimmed)
    while rest.hasPrefix("<") {
      guard let close = rest.firstIndex(of: ">") else { throw .malformed(trimmed) }
      let name = String(rest[rest.index(after: rest.startIndex)..<close])
      guard let modifier = Modifiers.spellings[name.lowercased()] else { throw .unknownModifier(name) }
      modifiers.insert(modifier)
      rest = rest[rest.index(after: close)...]
    }
    let keyName = String(rest).trimmingWhitespace
    guard !keyName.isEmpty else { throw .modifierOnly(trimmed) }
    guard !keyName.contains("<"), !keyName.contains(">"), !keyName.contains(where: \.isWhitespace) else {
      throw .malformed(trimmed)
    }
    if KeyNames.isModifierKey(keyName) { throw .modifierOnly(trimmed) }
    guard let key = KeyNames.canonical(keyName) else { throw .unknownKey(keyName) }
    self.modifiers = modifiers
    self.key = key
  }

  /// The accelerator for `key` with `modifiers` held; throws when the key has no name GTK knows.
  public init(modifiers: Modifiers, key: String) throws(AcceleratorError) {
    var text = ""
    for (modifier, name, _) in Modifiers.ordered where modifiers.contains(modifier) { text += "<\(name)>" }
    try self.init(parsing: text + key)
  }

  /// The accelerator as GTK writes it: `<Shift><Control>t`, `<Super>Page_Up`.
  public var text: String {
    Modifiers.ordered.filter { modifiers.contains($0.0) }.map { "<\($0.name)>" }.joined() + key
  }

  /// The keys to press, as keycaps in the user's language: `["Super", "H"]`, `["Strg", "Q"]`
  /// in German. Modifiers come in GNOME Settings' order: Super, Ctrl, Alt, Shift (Hyper
  /// after Super, Meta after Alt).
  public var keycaps: [String] { keycaps(translated: true) }

  /// The keycaps, in English when `translated` is false (for scripts).
  public func keycaps(translated: Bool) -> [String] {
    let shown: [Modifiers] = [.super, .hyper, .control, .alt, .meta, .shift]
    let caps = Dictionary(uniqueKeysWithValues: Modifiers.ordered.map { ($0.0.rawValue, $0.keycap) })
    let modifierCaps = shown.filter { modifiers.contains($0) }.compactMap { caps[$0.rawValue] }
    return modifierCaps.map { translated ? KeyNames.translatedKeycap($0) : $0 }
      + [KeyNames.keycap(key, translated: translated)]
  }

  /// The keycaps joined with “+”, as GTK labels a shortcut: `Super+H`, `Strg+Q` in German.
  public var label: String { keycaps.joined(separator: "+") }

  /// The label in English, for scripts and for search by English words.
  public var englishLabel: String { keycaps(translated: false).joined(separator: "+") }

  /// A modifier's or a named key's keycap in the user's language: "Ctrl" reads "Strg" in German.
  public static func keycap(named english: String) -> String { KeyNames.translatedKeycap(english) }

  /// Whether pressing it types text or moves around instead of being a shortcut: a
  /// letter, digit, punctuation, Space, Tab, Enter or arrow key with no modifier but
  /// Shift. Capturing refuses these, as GNOME Settings does; F-keys and media keys are fine alone.
  public var needsModifier: Bool {
    modifiers.subtracting(.shift).isEmpty && KeyNames.typesOrMoves(key)
  }
}

extension Accelerator: CustomStringConvertible {
  public var description: String { text }
}

/// Why text is not an accelerator.
public enum AcceleratorError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text is empty.
  case empty
  /// The text is not an accelerator.
  case malformed(String)
  /// The text names a modifier that is not one.
  case unknownModifier(String)
  /// The text names a key GTK does not know.
  case unknownKey(String)
  /// Only modifiers (`<Shift>`, `Shift_L`): a shortcut needs a key besides them.
  case modifierOnly(String)
  /// The same shortcut twice in one list.
  case duplicate(String)
  /// The key holds a single shortcut but several were given.
  case tooMany(count: Int)

  public var description: String {
    switch self {
    case .empty: return tr("A shortcut can't be empty.")
    case .malformed(let text): return tr("“%s” is not a shortcut; write it like <Super>h.", text.escapedForMessage)
    case .unknownModifier(let name):
      return tr(
        // TRANSLATORS: the names in angle brackets are typed as they are.
        "<%s> is not a modifier; use <Shift>, <Control>, <Alt>, <Super>, <Hyper> or <Meta>.", name)
    case .unknownKey(let name): return tr("“%s” is not the name of a key.", name.escapedForMessage)
    case .modifierOnly(let text):
      return tr("“%s” is only modifiers; a shortcut needs a key besides them.", text.escapedForMessage)
    case .duplicate(let label): return tr("%s is in the list twice.", label)
    case .tooMany(let count): return tr("This setting holds one shortcut, not %d.", count)
    }
  }
}
