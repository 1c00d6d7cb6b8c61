/// What the generator learns from a whole schema before it makes each key's row: which
/// summaries more than one key has (no title then tells them apart), and whether the schema's
/// string lists are keybindings.
struct SchemaContext {
  /// Summaries, on one line, that more than one key of the schema has.
  let duplicateSummaries: Set<String>
  /// The same for the summaries as the schema writes them, when they are translated.
  let duplicateEnglishSummaries: Set<String>
  /// Whether the schema's string lists are keybindings: at least two hold accelerators with a
  /// modifier by default, and more than hold other words.
  let isKeybindingSchema: Bool

  init(_ schema: SchemaDescription) {
    duplicateSummaries = Self.duplicates(schema.keys.map(\.summary))
    duplicateEnglishSummaries =
      schema.keys.contains { $0.englishSummary != nil }
      ? Self.duplicates(schema.keys.map { $0.englishSummary ?? $0.summary }) : duplicateSummaries
    let defaults = schema.keys.filter { $0.typeString == "as" && $0.range == .any }.compactMap(\.defaultStrings)
    let accelerators = defaults.filter(SchemaPanel.isAccelerators).count
    // Lists of bare keys (`['F12']`) count for neither side.
    let words = defaults.filter { items in items.contains { (try? Accelerator(parsing: $0)) == nil } }.count
    isKeybindingSchema = accelerators >= 2 && accelerators > words
  }

  private static func duplicates(_ summaries: [String]) -> Set<String> {
    var seen: Set<String> = []
    var twice: Set<String> = []
    for summary in summaries {
      let line = KeyText.normalized(summary).split(whereSeparator: \.isWhitespace).joined(separator: " ")
      guard !line.isEmpty else { continue }
      if !seen.insert(line).inserted { twice.insert(line) }
    }
    return twice
  }

  /// Words in a list's name or summary that say it holds things other than shortcuts.
  private static let listWords: Set<String> = [
    "list", "lists", "apps", "app", "applications", "application", "blacklist", "whitelist", "blocklist",
    "allowlist", "denylist", "exclude", "excluded", "exclusions", "ignore", "ignored", "names", "ids", "class",
    "classes", "path", "paths", "folder", "folders", "items", "history", "order", "favorites", "favourites",
    "pinned", "urls", "uris", "files", "commands", "rules", "layouts", "monitors", "extensions", "titles",
    "labels", "words", "patterns", "strings",
  ]

  /// Whether a string list's name or summary says it lists something other than shortcuts
  /// (`window-titles`, `ignored-apps`).
  static func namesAList(_ key: KeyDescription) -> Bool {
    let words = (key.name + " " + key.summary).lowercased().split { !$0.isLetter }.map(String.init)
    return words.contains { listWords.contains($0) }
  }

  /// Whether a string list of a keybinding schema holds shortcuts although its default has none
  /// with a modifier: it is empty (`[]`) or bare keys (`['F12']`), and its name and summary don't say it
  /// lists something else (apps, paths…).
  func holdsShortcut(_ key: KeyDescription) -> Bool {
    guard isKeybindingSchema, key.typeString == "as", key.range == .any, let defaults = key.defaultStrings else {
      return false
    }
    // A lone letter or digit without a modifier is more likely a word of a list (`['a', 'b']`) than a key.
    guard defaults.allSatisfy({ $0.count > 1 && (try? Accelerator(parsing: $0)) != nil }) else { return false }
    return !Self.namesAList(key)
  }
}
