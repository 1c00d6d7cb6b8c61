/// Key names for accelerators: which names are keys, how each is written back
/// and how it reads on a keycap.
enum KeyNames {
  private struct Table {
    /// Lowercased name → every spelling with that lowercase form, with its value.
    var byFolded: [String: [(name: String, value: UInt32)]] = [:]
    /// Value → the name written for it.
    var names: [UInt32: String] = [:]
  }

  /// Aliases GDK writes under another name, as `gdk_keyval_name` does.
  private static let preferred: Set<String> = ["Page_Up", "Page_Down", "KP_Page_Up", "KP_Page_Down"]

  private static let table: Table = {
    var table = Table()
    for entry in KeysymTable.text.split(whereSeparator: \.isWhitespace) {
      let parts = entry.split(separator: "=")
      guard parts.count == 2, let value = UInt32(parts[1], radix: 16) else { continue }
      let name = String(parts[0])
      table.byFolded[name.lowercased(), default: []].append((name, value))
      if table.names[value] == nil || preferred.contains(name) { table.names[value] = name }
    }
    return table
  }()

  /// Keys that are modifiers themselves: pressed alone they are no shortcut.
  private static let modifierKeys: Set<String> = [
    "shift_l", "shift_r", "control_l", "control_r", "caps_lock", "shift_lock", "meta_l", "meta_r", "alt_l", "alt_r",
    "super_l", "super_r", "hyper_l", "hyper_r", "iso_level3_shift", "iso_level5_shift", "iso_group_shift",
  ]

  static func isModifierKey(_ name: String) -> Bool { modifierKeys.contains(name.lowercased()) }

  /// The name written for `name`, or nil when it is no key: letters lowercase,
  /// other names in their keysym spelling (found ignoring case), aliases under
  /// one name. `XF86…` media keys and mutter's `Above_Tab` are kept as they are.
  static func canonical(_ name: String) -> String? {
    if name.count > 4, name.hasPrefix("XF86"),
      name.dropFirst(4).allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
    {
      return name
    }
    if name.lowercased() == "above_tab" { return "Above_Tab" }
    guard let candidates = table.byFolded[name.lowercased()] else { return nil }
    let value = (candidates.first { $0.name == name } ?? candidates[0]).value
    return table.names[lowercase(value)]
  }

  /// The keysym value of a Latin-1 capital letter's small letter; others unchanged.
  private static func lowercase(_ value: UInt32) -> UInt32 {
    if (0x41...0x5a).contains(value) || ((0xc0...0xde).contains(value) && value != 0xd7) { return value + 0x20 }
    return value
  }

  private static let movingKeys: Set<String> = [
    "Tab", "Return", "KP_Enter", "space", "BackSpace", "Delete", "Up", "Down", "Left", "Right", "Home", "End",
    "Page_Up", "Page_Down",
  ]

  /// Whether the key types a character or moves the focus or cursor when pressed alone.
  static func typesOrMoves(_ name: String) -> Bool {
    if movingKeys.contains(name) || name.hasPrefix("KP_") { return true }
    guard let value = table.byFolded[name.lowercased()]?.first(where: { $0.name == name })?.value else { return false }
    return (0x20...0xff).contains(value)
  }

  /// How a key reads on a keycap: `H`, `Page Up`, `F1`, `Space`, `-`, `Audio Mute`;
  /// the names of keys and modifiers in the user's language when `translated`.
  static func keycap(_ name: String, translated: Bool = false) -> String {
    if let special = keycaps[name] { return translated ? translatedKeycap(special) : special }
    if translated, let named = namedKeys[name] { return translatedKeycap(named) }
    if name.hasPrefix("XF86") { return spacedWords(String(name.dropFirst(4))) }
    if let value = table.byFolded[name.lowercased()]?.first(where: { $0.name == name })?.value,
      (0x21...0xff).contains(value), let scalar = Unicode.Scalar(value)
    {
      return String(Character(scalar)).uppercased()
    }
    return name.replacingAll("_", with: " ")
  }

  private static let keycaps: [String: String] = [
    "space": "Space", "Return": "Enter", "KP_Enter": "Enter", "BackSpace": "Backspace", "Escape": "Esc",
    "Above_Tab": "Key above Tab", "Print": "Print Screen", "Delete": "Delete", "Tab": "Tab",
  ]

  /// Keys whose keycap is their name with spaces, which is translated.
  private static let namedKeys: [String: String] = [
    "Page_Up": "Page Up", "Page_Down": "Page Down", "Home": "Home", "End": "End", "Insert": "Insert",
    "Left": "Left", "Right": "Right", "Up": "Up", "Down": "Down",
  ]

  /// A keycap's English text (a modifier or a named key) in the user's language, as GNOME labels keys.
  static func translatedKeycap(_ english: String) -> String {
    switch english {
    // TRANSLATORS: keycaps: the names of keys printed on a keyboard, as GNOME shows them in shortcuts.
    case "Shift": return tr("Shift")
    case "Ctrl": return tr("Ctrl")
    case "Alt": return tr("Alt")
    case "Super": return tr("Super")
    case "Hyper": return tr("Hyper")
    case "Meta": return tr("Meta")
    case "Space": return tr("Space")
    case "Enter": return tr("Enter")
    case "Backspace": return tr("Backspace")
    case "Esc": return tr("Esc")
    case "Tab": return tr("Tab")
    case "Delete": return tr("Delete")
    case "Print Screen": return tr("Print Screen")
    case "Key above Tab": return tr("Key above Tab")
    case "Page Up": return tr("Page Up")
    case "Page Down": return tr("Page Down")
    case "Home": return tr("Home")
    case "End": return tr("End")
    case "Insert": return tr("Insert")
    case "Left": return tr("Left")
    case "Right": return tr("Right")
    case "Up": return tr("Up")
    case "Down": return tr("Down")
    default: return english
    }
  }

  /// `AudioMute` reads “Audio Mute”.
  private static func spacedWords(_ name: String) -> String {
    var result = ""
    var previous: Character?
    for character in name {
      if character == "_" {
        result.append(" ")
      } else {
        if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { result.append(" ") }
        result.append(character)
      }
      previous = character
    }
    return result
  }
}
