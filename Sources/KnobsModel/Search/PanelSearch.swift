/// Finds the rows of a panel, and of its detail pages, that match a query.
///
/// Build one per panel and call `search(_:settings:)` on each keystroke: the
/// fixed text of every row and section is folded once, here; only live
/// subtitles and footers are computed and folded during a search, and only for
/// rows the fixed text alone did not settle. When nothing matches,
/// `results(for:settings:)` tries words close to the mistyped ones.
public struct PanelSearch {
  public let panel: Panel
  private let entries: [PanelEntry]
  private let rows: [IndexedRow]
  private let sections: [IndexedSection]
  private let vocabulary: Vocabulary

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
    rows.reserveCapacity(entries.count)
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
      rows.append(IndexedRow(entry: entry, sectionIndex: index, sectionText: sections[index].fixedTexts))
    }
    self.rows = rows
    self.sections = sections
    vocabulary = Vocabulary(texts: rows.map(\.fixed))
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
  @MainActor
  private func groups(matching choices: [[FoldedText]], settings: SettingsReader) -> [SearchGroup] {
    guard !choices.isEmpty else { return [] }
    var state = SearchState(sectionCount: sections.count)
    var groups: [SearchGroup] = []
    var groupOfSection = [Int](repeating: -1, count: sections.count)
    for index in rows.indices where matches(index, choices: choices, settings: settings, state: &state) {
      let sectionIndex = rows[index].sectionIndex
      let group = groupOfSection[sectionIndex]
      if group >= 0 {
        groups[group].entries.append(entries[index])
      } else {
        groupOfSection[sectionIndex] = groups.count
        let entry = entries[index]
        groups.append(
          SearchGroup(
            pageTitles: entry.pageTitles, pagePath: entry.pagePath, sectionPath: entry.sectionPath,
            section: entry.section, entries: [entry]))
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

  @MainActor
  private func matches(
    _ index: Int, choices: [[FoldedText]], settings: SettingsReader, state: inout SearchState
  ) -> Bool {
    let row = rows[index]
    let section = sections[row.sectionIndex]
    var live: FoldedText?
    for words in choices where !words.contains(where: row.fixed.contains) {
      guard row.liveSubtitle != nil || row.shortcut != nil || section.liveFooter != nil else { return false }
      if live == nil {
        // Visibility first: it is cheaper than computing and folding live text.
        guard entries[index].isVisible(settings) else { return false }
        live = liveText(of: row, section: section, settings: settings, state: &state)
      }
      guard let live, words.contains(where: live.contains) else { return false }
    }
    return live != nil || !row.isConditional || entries[index].isVisible(settings)
  }

  /// The row's live subtitle and its section's live footer, folded; the footer once per search.
  @MainActor
  private func liveText(
    of row: IndexedRow, section: IndexedSection, settings: SettingsReader, state: inout SearchState
  ) -> FoldedText {
    var texts: [String] = []
    if let subtitle = row.liveSubtitle { texts += Translation.withEnglish(subtitle.text(settings)) }
    // “super h” finds the row whose shortcut is Super+H.
    // In German, “strg q” and “ctrl q” both find Strg+Q.
    if let shortcut = row.shortcut {
      let label = shortcut.label(of: settings[shortcut.key])
      let english = shortcut.label(of: settings[shortcut.key], translated: false)
      texts += label == english ? [label] : [label, english]
    }
    if let footer = section.liveFooter {
      if let cached = state.footers[row.sectionIndex] {
        texts.append(cached)
      } else {
        let text = Translation.withEnglish(footer.text(settings)).joined(separator: "\n")
        state.footers[row.sectionIndex] = text
        texts.append(text)
      }
    }
    return FoldedText(joining: texts)
  }
}

/// What one search call computes once and reuses across rows.
private struct SearchState {
  var footers: [String?]

  init(sectionCount: Int) {
    footers = Array(repeating: nil, count: sectionCount)
  }
}

extension Row {
  /// The labels of a fixed choice's or a multi-select's options, which search matches too.
  fileprivate var optionLabels: [String] {
    switch kind {
    case .choice(let choice): return choice.options.map(\.label)
    case .multiSelect(let multiSelect): return multiSelect.options.map(\.label)
    case .toggle, .link, .email, .detail, .page, .value, .slider, .action, .text, .number, .font, .file, .list,
      .shortcut, .color:
      return []
    }
  }
}

/// A row's searchable text that does not depend on settings, folded once: its
/// title, fixed subtitle, keywords and page titles, and its section's fixed text.
private struct IndexedRow {
  let fixed: FoldedText
  let liveSubtitle: LiveText?
  /// A shortcut row's shortcuts, matched as their keycaps.
  let shortcut: Row.Shortcut?
  let sectionIndex: Int
  /// Whether its visibility depends on settings.
  let isConditional: Bool

  init(entry: PanelEntry, sectionIndex: Int, sectionText: [String]) {
    let row = entry.row
    var texts = [row.title] + row.keywords + entry.pageTitles + sectionText + row.optionLabels
    if let subtitle = row.subtitle?.fixedText { texts.append(subtitle) }
    fixed = FoldedText(joining: texts.flatMap(Translation.withEnglish))
    liveSubtitle = row.subtitle?.isLive == true ? row.subtitle : nil
    if case .shortcut(let shortcut) = row.kind { self.shortcut = shortcut } else { shortcut = nil }
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

  init(entry: PanelEntry) {
    let section = entry.section
    fixedTexts = [section.title, section.footer?.fixedText].compactMap { $0 }.flatMap(Translation.withEnglish)
    liveFooter = section.footer?.isLive == true ? section.footer : nil
  }
}

extension Translation {
  /// `text` and the English texts it translates, for search.
  static func withEnglish(_ text: String) -> [String] {
    [text] + englishTexts(of: text)
  }
}
