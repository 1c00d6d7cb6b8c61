import FoundationEssentials

/// A panel file's texts in other languages: `title[de]: Beläge` beside
/// `title: Toppings`, or a gettext domain of the panel's own
/// (`gettext-domain: org.example.Pizza`) whose catalogs translate the English
/// texts. The user's language picks one (`de_AT`, then `de`); English is left
/// when there is none.
struct FileTranslation {
  /// The language, as gettext writes it: `de`, `pt_BR`, `sr@latin`.
  let language: String
  let node: Node
  /// Where `title[de]` is written.
  let keyPosition: FilePosition
  /// The path messages about it name.
  let path: RowPath
}

extension PanelFileReader {
  /// The keys whose texts a file may translate with `KEY[LANGUAGE]`.
  static let translatableKeys = [
    "name", "comment", "keywords", "title", "subtitle", "header", "footer", "value", "label", "placeholder",
    "pattern-hint", "unit",
  ]

  /// The keys of a mapping with `known` keys that take translations: an
  /// option's `value` is a setting's value, a value row's `value` a text.
  static func translatableKeys(among known: [String]) -> [String] {
    translatableKeys.filter { known.contains($0) && ($0 != "value" || known.contains("kind")) }
  }

  /// Keeps `title[de]` of the mapping at `fields.position` for `text(_:_:)`, or
  /// reports why the key is not a translation a file can have.
  func noteTranslation(_ key: String, _ value: Node, at keyPosition: FilePosition, in fields: Fields, known: [String]) {
    guard let open = key.firstIndex(of: "[") else {
      report(keyPosition, fields.path, tr("“%s” has a “]” without a “[”; a translation is written title[de].", key))
      return
    }
    let base = String(key[..<open])
    guard key.hasSuffix("]") else {
      report(
        keyPosition, fields.path, tr("“%1$s” has no closing “]”; a translation is written %2$s[de].", key, base))
      return
    }
    let language = String(key[key.index(after: open)..<key.index(before: key.endIndex)])
    guard known.contains(base) else {
      let nearest = Suggestions.closest(to: base, among: known, limit: 1).first
      report(
        keyPosition, fields.path,
        fields.kind.unknownKey(key.escapedForMessage) + Self.hint(nearest.map { "\($0)[\(language)]" }))
      return
    }
    guard Self.translatableKeys(among: known).contains(base) else {
      let translatable = Self.translatableKeys(among: known).joined(separator: ", ")
      report(
        keyPosition, fields.path,
        translatable.isEmpty
          ? tr("“%s” can't be translated.", base)
          : tr("“%1$s” can't be translated; here only %2$s can.", base, translatable))
      return
    }
    guard !language.isEmpty else {
      report(keyPosition, fields.path, tr("“%1$s” names no language; write it as %2$s[de] or %2$s[pt_BR].", key, base))
      return
    }
    guard UserLanguages.isLanguageCode(language) else {
      report(
        keyPosition, fields.path,
        tr("“%s” is not a language code; write it as gettext does, such as de, pt_BR or sr@latin.", language))
      return
    }
    // Translations are held to the bounds of the texts they translate, whatever language the check runs in.
    let multiline = ["subtitle", "header", "footer", "body"].contains(base)
    let texts: [Node] = value.sequence.map { Array($0) } ?? [value]
    for case .scalar(let scalar) in texts {
      if let problem = TextBounds.problem(with: scalar.string, label: key, multiline: multiline) {
        report(keyPosition, fields.path, problem)
      }
    }
    let translation = FileTranslation(language: language, node: value, keyPosition: keyPosition, path: fields.path)
    self.translation.slots[TranslationSlot(mapping: fields.position, key: base), default: []].append(translation)
  }

  /// The text of `key` in the user's language: its own translation in the
  /// file, else the panel's gettext domain's, else the English text. Every
  /// translation of it must be text, whatever language is chosen.
  func text(_ fields: Fields, _ key: String, required isRequired: Bool = false) -> String? {
    let english = string(fields, key, required: isRequired)
    let written = translatedTexts(fields, key, hasEnglish: english != nil)
    guard let english else { return nil }
    return chosen(english, written)
  }

  /// A list of text in the user's language (`keywords[de]: [Pizza, Bestellung]`).
  func texts(_ fields: Fields, _ key: String) -> [String]? {
    let english = strings(fields, key)
    let slot = TranslationSlot(mapping: fields.position, key: key)
    let written = consume(slot, hasEnglish: english != nil)
    guard let english else { return nil }
    var lists: [String: [String]] = [:]
    for translation in written {
      var items: [String] = []
      if case .sequence(let sequence) = translation.node {
        items = sequence.compactMap { $0.scalar?.string }
        if items.count == sequence.count {
          lists[translation.language] = items
          continue
        }
      }
      report(
        Self.position(of: translation.node), translation.path,
        tr("The translation “%s” must be a list of text.", "\(key)[\(translation.language)]"))
    }
    switch UserLanguages.choose(from: Set(lists.keys), preferred: translation.languages) {
    case .translation(let language):
      let items = lists[language] ?? english
      for (item, word) in zip(items, english) where item != word { Translation.remember(item, english: word) }
      return items
    case .english:
      return english
    case .none:
      return english.map { translation.domain?.text($0) ?? $0 }
    }
  }

  /// A text or template in the user's language. A translated template must show
  /// the same rows' values as the English one; one from the gettext domain that
  /// doesn't is left out for the English text, so a broken translation never shows.
  func translatedLiveText(_ fields: Fields, _ key: String, required isRequired: Bool = false) -> LiveText? {
    let english = liveText(fields, key, required: isRequired)
    let source = fields[key]?.scalar?.string
    let englishPieces = source.flatMap(TemplatePiece.parse)
    var written: [String: String] = [:]
    for (language, text) in translatedTexts(fields, key, hasEnglish: source != nil) {
      let translation = translation.nodes[TranslationSlot(mapping: fields.position, key: key)]?[language]
      let position = translation.map { Self.position(of: $0) } ?? fields.position(of: key)
      let name = "\(key)[\(language)]"
      guard let pieces = TemplatePiece.parse(text) else {
        report(position, fields.path, tr("The translation “%s” has a “{” without a “}”; write “{{” for a brace.", name))
        continue
      }
      if let englishPieces, TemplatePiece.rows(of: pieces) != TemplatePiece.rows(of: englishPieces) {
        report(
          position, fields.path,
          tr("The translation “%1$s” must show the same values in braces as “%2$s”.", name, key))
        continue
      }
      written[language] = text
    }
    guard let english, let source, let englishPieces else { return english }
    let text: String
    switch UserLanguages.choose(from: Set(written.keys), preferred: translation.languages) {
    case .translation(let language): text = written[language] ?? source
    case .english: return english
    case .none:
      guard let domain = translation.domain else { return english }
      let translated = domain.text(source)
      guard translated != source, let pieces = TemplatePiece.parse(translated),
        TemplatePiece.rows(of: pieces) == TemplatePiece.rows(of: englishPieces)
      else { return english }
      text = translated
    }
    guard let pieces = TemplatePiece.parse(text) else { return english }
    guard TemplatePiece.rows(of: pieces).isEmpty else { return live(pieces, english: englishPieces) }
    let fixed = TemplatePiece.text(of: pieces)
    if let englishText = english.fixedText, englishText != fixed { Translation.remember(fixed, english: englishText) }
    return .fixed(fixed)
  }

  /// Reports translations of keys the mapping doesn't have (`subtitle[de]` without `subtitle`).
  func reportUnusedTranslations() {
    for (slot, list) in translation.slots where !translation.consumed.contains(slot) {
      for translation in list {
        report(
          translation.keyPosition, translation.path,
          tr("“%1$s” translates “%2$s”, which is not there.", "\(slot.key)[\(translation.language)]", slot.key))
      }
    }
  }

  /// `gettext-domain:` and `locale-dir:` (relative to the file's folder) of the panel.
  func readDomain(_ fields: Fields) {
    guard let name = string(fields, "gettext-domain") else { return }
    let isName =
      !name.isEmpty && !name.hasPrefix(".")
      && name.unicodeScalars.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || "._-".unicodeScalars.contains($0) }
    guard isName else {
      report(
        fields.position(of: "gettext-domain"), "",
        tr("“gettext-domain” must be a name such as org.example.Pizza, not %s.", name.quotedForMessage))
      return
    }
    var directory = string(fields, "locale-dir")
    if let relative = directory, !relative.hasPrefix("/") {
      directory = PathText.parent(LocalFiles.absolute(file)) + "/" + relative
    }
    translation.domain = TranslationDomain(name, localeDirectory: directory)
  }

  // MARK: Choosing

  /// The file's translations of `key`, by language, after checking each is text.
  private func translatedTexts(_ fields: Fields, _ key: String, hasEnglish: Bool) -> [String: String] {
    let slot = TranslationSlot(mapping: fields.position, key: key)
    var texts: [String: String] = [:]
    for translation in consume(slot, hasEnglish: hasEnglish) {
      guard case .scalar(let scalar) = translation.node else {
        report(
          Self.position(of: translation.node), translation.path,
          tr("The translation “%s” must be text.", "\(key)[\(translation.language)]"))
        continue
      }
      texts[translation.language] = scalar.string
      self.translation.nodes[slot, default: [:]][translation.language] = translation.node
    }
    return texts
  }

  /// The translations of a slot, marked as read; none when the English text is missing
  /// (reported by `reportUnusedTranslations`).
  private func consume(_ slot: TranslationSlot, hasEnglish: Bool) -> [FileTranslation] {
    guard hasEnglish else { return [] }
    translation.consumed.insert(slot)
    return translation.slots[slot] ?? []
  }

  private func chosen(_ english: String, _ written: [String: String]) -> String {
    switch UserLanguages.choose(from: Set(written.keys), preferred: translation.languages) {
    case .translation(let language):
      let text = written[language] ?? english
      if text != english { Translation.remember(text, english: english) }
      return text
    case .english:
      return english
    case .none:
      return translation.domain?.text(english) ?? english
    }
  }

  /// A translated template: its rows are the English template's, found once every row is read.
  private func live(_ pieces: [TemplatePiece], english: [TemplatePiece]) -> LiveText {
    var references: [String: RowReference] = [:]
    for path in TemplatePiece.rows(of: pieces) {
      let reference = RowReference()
      references[path] = reference
      // The English template reports a row that is not there; this one only finds it.
      self.references.deferred.append { [unowned self] in
        if let row = self.references.byPath[RowPath(parsing: path)], Self.showsValue(row) { reference.row = row }
      }
    }
    let found = references
    return .live { settings in
      let values = found.mapValues { $0.row?.currentValueText(settings) ?? "" }
      let text = TemplatePiece.fill(pieces, values)
      let englishText = TemplatePiece.fill(english, values)
      if text != englishText { Translation.remember(text, english: englishText) }
      return text
    }
  }
}

/// Where a translation belongs: the mapping (by where it starts) and the key it translates.
struct TranslationSlot: Hashable {
  let mapping: FilePosition
  let key: String
}

/// A template read without reporting, to compare a translation with its English text.
enum TemplatePiece: Equatable {
  case text(String)
  case row(String)

  /// The pieces of `text`; nil when a `{` has no `}`. `{{` and `}}` are braces.
  static func parse(_ text: String) -> [TemplatePiece]? {
    var pieces: [TemplatePiece] = []
    var literal = ""
    var rest = text[...]
    while let character = rest.first {
      rest = rest.dropFirst()
      if character == "{" || character == "}", rest.first == character {
        literal.append(character)
        rest = rest.dropFirst()
      } else if character == "{" {
        guard let close = rest.firstIndex(of: "}") else { return nil }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        literal = ""
        pieces.append(.row(String(rest[..<close]).trimmingWhitespace))
        rest = rest[rest.index(after: close)...]
      } else {
        literal.append(character)
      }
    }
    if !literal.isEmpty { pieces.append(.text(literal)) }
    return pieces
  }

  /// The rows a template shows, each once, sorted.
  static func rows(of pieces: [TemplatePiece]) -> [String] {
    Set(pieces.compactMap { if case .row(let path) = $0 { return path } else { return nil } }).sorted()
  }

  /// The template with each row's value from `values`.
  static func fill(_ pieces: [TemplatePiece], _ values: [String: String]) -> String {
    pieces.map { piece in
      switch piece {
      case .text(let text): return text
      case .row(let path): return values[path] ?? ""
      }
    }.joined()
  }

  /// The text of a template without rows.
  static func text(of pieces: [TemplatePiece]) -> String {
    pieces.map { if case .text(let text) = $0 { return text } else { return "" } }.joined()
  }
}

extension PanelFileReader {
  /// The file's own translations of a text key, by language, as written (for the desktop entry).
  func writtenTranslations(_ fields: Fields, _ key: String) -> [String: String] {
    var texts: [String: String] = [:]
    for translation in translation.slots[TranslationSlot(mapping: fields.position, key: key)] ?? [] {
      if let text = translation.node.scalar?.string { texts[translation.language] = text }
    }
    return texts
  }

  /// The file's own translations of a list key, by language, as written.
  func writtenLists(_ fields: Fields, _ key: String) -> [String: [String]] {
    var lists: [String: [String]] = [:]
    for translation in translation.slots[TranslationSlot(mapping: fields.position, key: key)] ?? [] {
      if case .sequence(let sequence) = translation.node {
        lists[translation.language] = sequence.compactMap { $0.scalar?.string }
      }
    }
    return lists
  }
}
