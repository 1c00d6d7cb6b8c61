/// Finds the rows of a panel, and of its detail pages, that match a query.
///
/// Build one per panel and call `search(_:settings:)` on each keystroke: the
/// fixed text of every row and section is folded once, here, into one buffer
/// (`FoldedRowIndex`) that a keystroke searches a word at a time; only live
/// subtitles and footers are computed and folded during a search, and only for
/// rows the fixed text alone did not settle. When nothing matches,
/// `results(for:settings:)` tries words close to the mistyped ones.
public struct PanelSearch {
  /// The panel searched.
  public let panel: Panel
  private let entries: [PanelEntry]
  private let rows: [IndexedRow]
  private let sections: [IndexedSection]
  private let index: FoldedRowIndex
  /// The rows with live text (a live subtitle, a shortcut, a live footer in their section).
  private let liveRows: RowSet
  private let vocabulary: Vocabulary

  /// A search of `panel`'s rows.
  public init(panel: Panel) {
    self.init(panel: panel, entries: panel.entries)
  }

  /// Searches `entries` of `panel`, such as its rows and those of pages made on demand.
  public init(panel: Panel, entries: [PanelEntry]) {
    self.panel = panel
    self.entries = entries
    var sectionIndex: [RowPath: Int] = [:]
    var sections: [IndexedSection] = []
    var rows: [IndexedRow] = []
    var texts: [[String]] = []
    rows.reserveCapacity(entries.count)
    texts.reserveCapacity(entries.count)
    var liveRows = RowSet(count: entries.count)
    for entry in entries {
      let path = entry.sectionPath
      let index: Int
      if let known = sectionIndex[path] {
        index = known
      } else {
        index = sections.count
        sectionIndex[path] = index
        sections.append(IndexedSection(entry: entry))
      }
      let row = IndexedRow(entry: entry, sectionIndex: index)
      if row.liveSubtitle != nil || row.shortcut != nil || sections[index].liveFooter != nil {
        liveRows.insert(rows.count)
      }
      rows.append(row)
      texts.append(IndexedRow.fixedTexts(of: entry, sectionText: sections[index].fixedTexts))
    }
    self.rows = rows
    self.sections = sections
    self.liveRows = liveRows
    index = FoldedRowIndex(rows: texts)
    vocabulary = Vocabulary(text: index.bytes)
  }

  /// The matching rows grouped by section, in panel order; no groups for a blank query.
  ///
  /// A row matches when every word of the query occurs, ignoring case and
  /// accents, in its title, subtitle, keywords, option labels, a shortcut's keycaps, its section's title or footer,
  /// or the titles of the detail pages above it; for texts shown translated,
  /// in the English text too (`Translation.englishTexts(of:)`). Hidden rows, rows in hidden
  /// sections and rows under hidden detail rows never match. A section's group
  /// comes where its first match is, so a detail page's sections follow the
  /// group of the section holding the detail row.
  @MainActor
  public func search(_ query: String, settings: SettingsReader) -> [SearchGroup] {
    groups(matching: Self.words(of: query).map { [$0] }, settings: settings)
  }

  /// The rows matching `query` as `search(_:settings:)` finds them or, when
  /// there are none, the rows matching close words.
  ///
  /// A query word of four letters or more may then also be any word of the
  /// panel's fixed text one edit away (two from eight letters on), or a word
  /// that begins that close: "dark stile" finds Dark Style, "seconsd" Show
  /// Seconds. At most `Vocabulary.closeWordLimit` close words, nearest first,
  /// stand in for each query word.
  @MainActor
  public func results(for query: String, settings: SettingsReader) -> SearchResults {
    let words = Self.words(of: query)
    let exact = groups(matching: words.map { [$0] }, settings: settings)
    guard exact.isEmpty, !words.isEmpty else { return SearchResults(groups: exact, areCloseMatches: false) }
    let choices = words.map { [$0] + vocabulary.closeWords(to: $0) }
    guard choices.contains(where: { $0.count > 1 }) else { return SearchResults(groups: [], areCloseMatches: false) }
    let close = groups(matching: choices, settings: settings)
    return SearchResults(groups: close, areCloseMatches: !close.isEmpty)
  }

  /// Rows where each entry of `choices` has a word that occurs, grouped by section.
  ///
  /// Each word is looked for once in the index; a row whose fixed text has a
  /// word of every choice matches when visible, and only a row with live text
  /// that misses some is looked at further (`matches`).
  @MainActor
  private func groups(matching choices: [[FoldedText]], settings: SettingsReader) -> [SearchGroup] {
    guard !choices.isEmpty else { return [] }
    // For each choice, the rows whose fixed text has one of its words.
    var found: [RowSet] = []
    found.reserveCapacity(choices.count)
    var settled = RowSet(count: rows.count)
    settled.insertAll(below: rows.count)
    for words in choices {
      var rowsWithWord = RowSet(count: rows.count)
      for word in words { index.insertRows(containing: word.bytes, into: &rowsWithWord) }
      settled.formIntersection(rowsWithWord)
      found.append(rowsWithWord)
    }
    var candidates = settled
    candidates.formUnion(liveRows)
    var state = SearchState(sectionCount: sections.count)
    var groups: [SearchGroup] = []
    var groupOfSection = [Int](repeating: -1, count: sections.count)
    candidates.forEach { index in
      let matched =
        settled.contains(index)
        ? !rows[index].isConditional || entries[index].isVisible(settings)
        : matches(index, choices: choices, found: found, settings: settings, state: &state)
      guard matched else { return }
      let sectionIndex = rows[index].sectionIndex
      let group = groupOfSection[sectionIndex]
      if group >= 0 {
        groups[group].entries.append(entries[index])
      } else {
        groupOfSection[sectionIndex] = groups.count
        var made = sections[sectionIndex].group
        made.entries = [entries[index]]
        groups.append(made)
      }
    }
    return groups
  }

  /// The folded, distinct words of a query.
  static func words(of query: String) -> [FoldedText] {
    var seen: Set<[UInt8]> = []
    return query.split(whereSeparator: \.isWhitespace)
      .map { FoldedText(String($0)) }
      .filter { !$0.isEmpty && seen.insert($0.bytes).inserted }
  }

  /// Whether row `index`, with live text and missing a word of some choice in its fixed
  /// text (`found`), matches with its live text.
  @MainActor
  private func matches(
    _ index: Int, choices: [[FoldedText]], found: [RowSet], settings: SettingsReader, state: inout SearchState
  ) -> Bool {
    var computed = false
    var own: FoldedText?
    var footer: FoldedText?
    for (number, words) in choices.enumerated() where !found[number].contains(index) {
      if !computed {
        // Visibility first: it is cheaper than computing and folding live text.
        guard entries[index].isVisible(settings) else { return false }
        own = ownLiveText(ofRow: index, settings: settings)
        footer = liveFooter(ofSection: rows[index].sectionIndex, settings: settings, state: &state)
        computed = true
      }
      // A word holds no line break, so it occurs in the live texts joined when it occurs in one of them.
      guard words.contains(where: { own?.contains($0) == true || footer?.contains($0) == true }) else { return false }
    }
    return computed || !rows[index].isConditional || entries[index].isVisible(settings)
  }

  /// The row's live subtitle and shortcut, folded; nil when it has neither.
  @MainActor
  private func ownLiveText(ofRow index: Int, settings: SettingsReader) -> FoldedText? {
    let subtitle = rows[index].liveSubtitle
    let shortcut = rows[index].shortcut
    guard subtitle != nil || shortcut != nil else { return nil }
    var texts: [String] = []
    if let subtitle { texts += Translation.withEnglish(subtitle.text(settings)) }
    // “super h” finds the row whose shortcut is Super+H.
    // In German, “strg q” and “ctrl q” both find Strg+Q.
    if let shortcut {
      let label = shortcut.label(of: settings[shortcut.key])
      let english = shortcut.label(of: settings[shortcut.key], translated: false)
      texts += label == english ? [label] : [label, english]
    }
    return FoldedText(joining: texts)
  }

  /// The section's live footer, folded once per search; nil when it has none.
  @MainActor
  private func liveFooter(ofSection index: Int, settings: SettingsReader, state: inout SearchState) -> FoldedText? {
    guard let footer = sections[index].liveFooter else { return nil }
    if let cached = state.footers[index] { return cached }
    let text = FoldedText(joining: Translation.withEnglish(footer.text(settings)))
    state.footers[index] = text
    return text
  }
}

/// What one search call computes once and reuses across rows.
private struct SearchState {
  var footers: [FoldedText?]

  init(sectionCount: Int) {
    footers = Array(repeating: nil, count: sectionCount)
  }
}

extension Row {
  /// The labels of a fixed choice's or a multi-select's options, which search matches too.
  fileprivate var optionLabels: [String] {
    switch kind.form {
    case .choice(let choice): return choice.options.map(\.label)
    case .multiSelect(let multiSelect): return multiSelect.options.map(\.label)
    case .toggle, .link, .email, .detail, .page, .value, .slider, .action, .text, .number, .font, .file, .list,
      .shortcut, .color:
      return []
    }
  }
}

/// What a search needs of a row beside its fixed text (which `FoldedRowIndex` holds).
private struct IndexedRow {
  let liveSubtitle: LiveText?
  /// A shortcut row's shortcuts, matched as their keycaps.
  let shortcut: Row.Shortcut?
  let sectionIndex: Int
  /// Whether its visibility depends on settings.
  let isConditional: Bool

  /// A row's searchable text that does not depend on settings: its title, fixed subtitle,
  /// keywords and page titles, and its section's fixed text; each with the English it translates.
  static func fixedTexts(of entry: PanelEntry, sectionText: [String]) -> [String] {
    let row = entry.row
    var texts = [row.title] + row.keywords + entry.pageTitles + sectionText + row.optionLabels
    if let subtitle = row.subtitle?.fixedText { texts.append(subtitle) }
    return texts.flatMap(Translation.withEnglish)
  }

  init(entry: PanelEntry, sectionIndex: Int) {
    let row = entry.row
    liveSubtitle = row.subtitle?.isLive == true ? row.subtitle : nil
    if case .shortcut(let shortcut) = row.kind.form { self.shortcut = shortcut } else { shortcut = nil }
    self.sectionIndex = sectionIndex
    isConditional = entry.hasVisibilityConditions
  }
}

/// A section's searchable text: the fixed part is folded into each of its
/// rows; a live footer is computed once per search.
private struct IndexedSection {
  /// The title and fixed footer, unfolded.
  let fixedTexts: [String]
  let liveFooter: LiveText?
  /// The section's group with no entries, made once: its paths and page titles are the same for each search.
  let group: SearchGroup

  init(entry: PanelEntry) {
    let section = entry.section
    fixedTexts = [section.title, section.footer?.fixedText].compactMap { $0 }.flatMap(Translation.withEnglish)
    liveFooter = section.footer?.isLive == true ? section.footer : nil
    group = SearchGroup(
      pageTitles: entry.pageTitles, pagePath: entry.pagePath, sectionPath: entry.sectionPath, section: section,
      entries: [])
  }
}

extension Translation {
  /// `text` and the English texts it translates, for search.
  static func withEnglish(_ text: String) -> [String] {
    [text] + englishTexts(of: text)
  }
}
