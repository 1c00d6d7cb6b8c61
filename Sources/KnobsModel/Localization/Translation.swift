import CIntl
import FoundationEssentials
import Synchronization

/// Knobs' texts in the user's language, through gettext with the domain `knobs`.
///
/// Texts are marked with `tr` and `trn`, whose first arguments must be string
/// literals: `xgettext` reads them from the Swift source with its C parser
/// (see po/README.md). Values go into a text through C format directives
/// (`%s`, `%d`, or `%1$s` to reorder), never through Swift interpolation, so
/// the text looked up is the one extracted, and `msgfmt --check` catches a
/// translation whose directives don't match:
///
///     tr("Couldn't open “%s”: %s", row.title, reason)
///     trn("%d item", "%d items", items.count, items.count)
///
/// A translation whose directives Knobs can't fill (a damaged `.mo` file) is
/// not shown; the English text is.
public enum Translation {
  /// Sets the locale from the environment and binds the domain to `directory`.
  /// Call once at start, before GTK starts. Returns false for a locale the
  /// system does not have (an unknown `LANG`): texts then stay English.
  @discardableResult
  public static func setUp(directory: String) -> Bool {
    knobs_intl_init(directory) != 0
  }

  /// The folder the domain is bound to.
  public static var directory: String { knobs_intl_directory().map { String(cString: $0) } ?? "" }

  /// Where Knobs' `.mo` files are: `KNOBS_LOCALEDIR` when set; else a `locale`
  /// folder beside the executable, where the run and test commands build them;
  /// else the install prefix's `share/locale`.
  public static func directory(
    executable: String, environment: [String: String] = LocalFiles.environment()
  ) -> String {
    if let chosen = environment["KNOBS_LOCALEDIR"], !chosen.isEmpty { return chosen }
    let binDirectory = LocalFiles.programFolder(executable)
    let beside = binDirectory + "/locale"
    if LocalFiles.isFolder(beside) { return beside }
    return PathText.parent(binDirectory) + "/share/locale"
  }

  /// `format` with its directives filled from `values`, or nil when a directive
  /// is not one Knobs fills (`%s`, `%d`, `%i`, `%u`, `%%`, optionally `%N$`) or
  /// names a value that isn't there.
  static func format(_ format: String, _ values: [String]) -> String? {
    var result = ""
    var next = 0
    var rest = format[...]
    // Found as a byte, not a Character: every message goes through here, a refused keyfile's
    // million problems too.
    while let percent = rest.utf8.firstIndex(of: UInt8(ascii: "%")) {
      result += rest[..<percent]
      rest = rest[rest.utf8.index(after: percent)...]
      if rest.first == "%" {
        result += "%"
        rest = rest.dropFirst()
        continue
      }
      var index = next
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      if !digits.isEmpty, rest.dropFirst(digits.count).first == "$", let position = Int(digits), position > 0 {
        index = position - 1
        rest = rest.dropFirst(digits.count + 1)
      } else {
        next += 1
      }
      guard let conversion = rest.first, "sdiu".contains(conversion), values.indices.contains(index) else {
        return nil
      }
      result += values[index]
      rest = rest.dropFirst()
    }
    return result + rest
  }

  static func fill(_ translated: String, english: String, _ values: [any CustomStringConvertible]) -> String {
    let texts = values.map(\.description)
    let englishText = format(english, texts) ?? english
    guard translated != english else { return englishText }
    // In a right-to-left sentence each value is isolated (U+2068 … U+2069), so a path, an id or
    // a shortcut keeps its own direction instead of being reordered with the words around it.
    let filled = isRightToLeft(translated) ? texts.map { "\u{2068}" + $0 + "\u{2069}" } : texts
    guard let text = format(translated, filled) else { return englishText }
    if text != englishText { remember(text, english: englishText) }
    return text
  }

  /// Whether a text is written right to left: it holds Hebrew or Arabic letters.
  static func isRightToLeft(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
      (0x0590...0x08FF).contains(scalar.value) || (0xFB1D...0xFDFF).contains(scalar.value)
        || (0xFE70...0xFEFF).contains(scalar.value)
    }
  }

  /// What `tr` and `trn` gave in the user's language, with the English texts
  /// they stand for; and, in tests, a catalog used instead of gettext.
  private struct State {
    var english: [String: [String]] = [:]
    var catalog: [String: String]?
  }

  private static let state = Mutex(State())

  static func remember(_ text: String, english: String) {
    state.withLock { state in
      if state.english[text]?.contains(english) != true { state.english[text, default: []].append(english) }
    }
  }

  /// The English texts that `text`, given by `tr` or `trn` in the user's
  /// language, translates; empty for a text Knobs did not translate. Search
  /// matches them too, so instructions copied from the web in English find the
  /// translated row.
  public static func englishTexts(of text: String) -> [String] {
    state.withLock { $0.english[text] ?? [] }
  }

  /// Runs `body` with `catalog` (English text to translation) in place of the
  /// `.mo` files: for tests, which can't rely on the system's locales.
  static func withCatalog<Result>(_ catalog: [String: String], _ body: () throws -> Result) rethrows -> Result {
    state.withLock { $0.catalog = catalog }
    defer { state.withLock { $0.catalog = nil } }
    return try body()
  }

  static func catalogText(_ english: String) -> String? {
    state.withLock { $0.catalog?[english] }
  }
}

/// `msgid` in the user's language, with its format directives filled from `values`.
package func tr(_ msgid: StaticString, _ values: any CustomStringConvertible...) -> String {
  let english = msgid.description
  let translated = Translation.catalogText(english) ?? english.withCString { String(cString: knobs_gettext($0)) }
  return Translation.fill(translated, english: english, values)
}

/// The singular or plural form for `count` in the user's language, with its
/// format directives filled from `values` (usually `count` first).
package func trn(
  _ singular: StaticString, _ plural: StaticString, _ count: Int, _ values: any CustomStringConvertible...
) -> String {
  let one = singular.description
  let many = plural.description
  let translated =
    Translation.catalogText(count == 1 ? one : many)
    ?? one.withCString { one in
      many.withCString { many in String(cString: knobs_ngettext(one, many, UInt(max(count, 0)))) }
    }
  return Translation.fill(translated, english: count == 1 ? one : many, values)
}
