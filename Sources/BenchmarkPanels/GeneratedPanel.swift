import KnobsModel

/// Large generated panels for the benchmarks (knobs-bench, and the window
/// timed by bench/run through the `knobs` executable's benchmark hook).
public enum GeneratedPanel {
  static let schema = "org.example.knobs.bench"

  /// The flavours bench/run times in the window.
  public enum Flavour: String, CaseIterable, Sendable {
    /// Like the plain C GTK baseline: sections of ten rows, each a title and a switch.
    case toggles
    /// Shaped like a real panel; see `make(rows:rowsPerSection:detailEvery:)`.
    case mixed
  }

  /// `rows` rows of `flavour`, all on the first page, with a store holding their defaults.
  @MainActor
  public static func make(_ flavour: Flavour, rows total: Int) -> (Panel, MemoryStore) {
    switch flavour {
    case .toggles: return toggles(rows: total)
    case .mixed: return make(rows: total, detailEvery: .max)
    }
  }

  @MainActor
  private static func toggles(rows total: Int) -> (Panel, MemoryStore) {
    var defaults: [SettingKey: SettingValue] = [:]
    defaults.reserveCapacity(total)
    var sections: [Section] = []
    sections.reserveCapacity((total + 9) / 10)
    // Written as a panel of 10,000 rows is worth writing: plain loops (each
    // call of a closure here would check that it runs on the main actor) and
    // texts joined rather than interpolated (an interpolated Int goes through
    // the generic description).
    for first in stride(from: 0, to: total, by: 10) {
      let index = String(first / 10)
      var rows: [Row] = []
      rows.reserveCapacity(10)
      for number in first..<min(first + 10, total) {
        let digits = String(number)
        let key = SettingKey(schema: schema, key: "t" + digits)
        defaults[key] = false
        rows.append(ToggleRow("row-" + digits, "Row " + index + "." + String(number % 10), key: key).row)
      }
      sections.append(Section("section-" + index, "Section " + index) { rows })
    }
    return (Panel(title: "Knobs", sections: sections), MemoryStore(defaults: defaults))
  }

  private static let verbs = [
    "Show", "Use", "Enable", "Allow", "Hide", "Prefer", "Keep", "Play", "Open", "Sync", "Résumé", "Dim",
  ]
  private static let nouns = [
    "Seconds", "Text Size", "Weekday", "Dark Style", "Cursor", "Animations", "Notifications", "Café Hours",
    "Naïve Mode", "Größe", "Sound", "Battery", "Keyboard", "Wi-Fi", "Bluetooth", "Brightness", "Crème Theme",
    "Privacy", "Search", "Accessibility",
  ]
  private static let keywordPool = [
    "clock", "time", "font", "scale", "theme", "night", "résumé", "énergie", "açaí", "zoom", "power", "volume",
    "network", "lock", "screen", "mouse",
  ]

  /// A panel shaped like a real one, for timing search: sections of
  /// `rowsPerSection` mixed rows with titles, subtitles and keywords (some
  /// accented), live subtitles and footers, hidden rows, and every
  /// `detailEvery`-th section's last row opening a page of `rowsPerSection`
  /// more, counted in the total.
  @MainActor
  public static func make(rows total: Int, rowsPerSection: Int = 10, detailEvery: Int = 99) -> (Panel, MemoryStore) {
    var defaults: [SettingKey: SettingValue] = [:]
    defaults.reserveCapacity(total)
    var sections: [Section] = []
    var made = 0
    var index = 0
    while made < total {
      let hasDetail = index % detailEvery == detailEvery - 1 && made + 2 * rowsPerSection <= total
      let section = makeSection(index, rows: rowsPerSection, detail: hasDetail, defaults: &defaults)
      sections.append(section)
      made += rowsPerSection + (hasDetail ? rowsPerSection : 0)
      index += 1
    }
    return (Panel(title: "Knobs", sections: sections), MemoryStore(defaults: defaults))
  }

  private static func makeSection(
    _ index: Int, rows count: Int, detail: Bool, defaults: inout [SettingKey: SettingValue]
  ) -> Section {
    var rows: [Row] = []
    rows.reserveCapacity(count)
    for row in 0..<count { rows.append(makeRow(section: index, index: row, defaults: &defaults)) }
    if detail {
      var inner: [Row] = []
      for row in 0..<count { inner.append(makeRow(section: index + 100_000, index: row, defaults: &defaults)) }
      let title = "More \(nouns[index % nouns.count])"
      rows[count - 1] = Row(
        id: "more-\(index)", title: title,
        kind: .detail(
          Panel(title: title, sections: [Section("inner-\(index)", "Details \(index)") { inner }])))
    }
    let sectionTitle = "\(nouns[(index * 7) % nouns.count]) \(index)"
    var section = Section("section-\(index)", sectionTitle) { rows }
    if index % 10 == 0 {
      let key = SettingKey(schema: schema, key: "s\(index)-r0")
      section = section.footer { $0.bool(key) ? "Applies to every window right now" : "Applies after restart" }
    }
    return section
  }

  /// The fixed subtitles, one a noun: made once, as a real panel's are literals.
  private static let subtitles = nouns.map { "Changes how " + $0.lowercased() + " behaves on this computer" }

  private static func makeRow(section: Int, index: Int, defaults: inout [SettingKey: SettingValue]) -> Row {
    // Texts joined rather than interpolated, as a panel of 10,000 rows is
    // worth writing: interpolating an Int goes through its description.
    let sectionDigits = String(section)
    let indexDigits = String(index)
    let id = "row-" + sectionDigits + "-" + indexDigits
    let seed = section * 31 + index * 7
    let title = verbs[seed % verbs.count] + " " + nouns[(seed / 3) % nouns.count]
    let key = SettingKey(schema: schema, key: "s" + sectionDigits + "-r" + indexDigits)
    var row: Row
    switch index % 8 {
    case 0, 1, 2:
      defaults[key] = false
      row = ToggleRow(id, title, key: key).row
    case 3:
      defaults[key] = 1.0
      row = SliderRow(id, title, key: key, range: 0.5...3, step: 0.05, format: .percent).row
    case 4:
      defaults[key] = "a"
      row = ChoiceRow(id, title, key: key, options: [("a", "Automatic"), ("b", "Always"), ("c", "Never")]).row
    case 5:
      row = ValueRow(id, title, value: "Version " + sectionDigits + "." + indexDigits).row
    case 6:
      row = LinkRow(id, title, url: "https://example.org/help/" + sectionDigits + "/" + indexDigits).row
    default:
      row = ActionRow(id, title) { _ in nil }.row
    }
    row.keywords = [keywordPool[seed % keywordPool.count], keywordPool[(seed / 5) % keywordPool.count]]
    if seed % 20 == 0 {
      row.subtitle = .live { $0.bool(key) ? "Currently on for all accounts" : "Currently off" }
    } else {
      row.subtitle = .fixed(subtitles[(seed / 7) % nouns.count])
    }
    if seed % 50 == 0 { row.visibleWhen = .isOn(key) }
    return row
  }
}
