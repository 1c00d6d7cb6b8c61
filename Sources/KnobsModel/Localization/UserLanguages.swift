import FoundationEssentials

/// The user's languages as gettext finds them, for texts Knobs picks itself
/// (a panel file's `title[de]`): `LANGUAGE`, a colon-separated list, unless the
/// locale is C; else the first of `LC_ALL`, `LC_MESSAGES` and `LANG`. Each
/// comes with its fallbacks: `de_AT.UTF-8` is `de_AT`, then `de`.
public enum UserLanguages {
  /// The languages to try, most wanted first; empty for the C locale (English).
  public static func preferred(environment: [String: String] = LocalFiles.environment()) -> [String] {
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
    guard !isEnglishC(locale) else { return [] }
    let listed = (environment["LANGUAGE"] ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
    var found: [String] = []
    for entry in listed.isEmpty ? [locale] : listed {
      for candidate in fallbacks(of: entry) where !found.contains(candidate) { found.append(candidate) }
    }
    return found
  }

  private static func isEnglishC(_ locale: String) -> Bool {
    let name = locale.split(separator: ".").first.map(String.init) ?? locale
    return name.isEmpty || name == "C" || name == "POSIX"
  }

  /// `de_AT.UTF-8@euro`: `de_AT@euro`, `de_AT`, `de@euro`, `de`.
  static func fallbacks(of entry: String) -> [String] {
    var rest = Substring(entry)
    var modifier = ""
    if let at = rest.firstIndex(of: "@") {
      modifier = String(rest[at...])
      rest = rest[..<at]
    }
    if let dot = rest.firstIndex(of: ".") { rest = rest[..<dot] }
    let language = rest.split(separator: "_").first.map(String.init) ?? String(rest)
    var candidates: [String] = []
    if !modifier.isEmpty { candidates.append(String(rest) + modifier) }
    candidates.append(String(rest))
    if language != String(rest) {
      if !modifier.isEmpty { candidates.append(language + modifier) }
      candidates.append(language)
    }
    return candidates.filter(isLanguageCode)
  }

  /// A language as gettext names it: `de`, `pt_BR`, `es_419`, `sr@latin`, `ca_ES@valencia`.
  package static func isLanguageCode(_ code: String) -> Bool {
    var rest = Substring(code)
    if let at = rest.firstIndex(of: "@") {
      let modifier = rest[rest.index(after: at)...]
      guard !modifier.isEmpty, modifier.unicodeScalars.allSatisfy({ $0.isASCIILetter || $0.isASCIIDigit }) else {
        return false
      }
      rest = rest[..<at]
    }
    let parts = rest.split(separator: "_", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), (2...3).contains(parts[0].count),
      parts[0].unicodeScalars.allSatisfy({ ("a"..."z").contains($0) })
    else { return false }
    guard parts.count == 2 else { return true }
    let region = parts[1]
    return (region.count == 2 && region.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) })
      || (region.count == 3 && region.unicodeScalars.allSatisfy(\.isASCIIDigit))
  }

  /// What to show of a text with translations in `available`.
  enum Choice: Equatable {
    /// The translation into this language.
    case translation(String)
    /// The English text: the user wants English before any language translated.
    case english
    /// None of the user's languages: English, unless a gettext domain translates it.
    case none
  }

  static func choose(from available: Set<String>, preferred: [String]) -> Choice {
    for language in preferred {
      if available.contains(language) { return .translation(language) }
      if language == "en" { return .english }
    }
    return .none
  }
}
