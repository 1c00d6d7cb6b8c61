import KnobsModel

/// A generated panel for tests of big pages: COUNT rows titled “Row N” in
/// sections of ten, kept in memory; plain switches, or mixed rows shaped like a
/// real page (subtitles, switches, sliders and drop-downs).
@MainActor
public enum BigPanel {
  public static let schema = "dev.knobs.bench"

  public static func make(rows count: Int, mixed: Bool) -> (Panel, MemoryStore) {
    var defaults: [SettingKey: SettingValue] = [:]
    var sections: [Section] = []
    for start in stride(from: 0, to: count, by: 10) {
      let index = start / 10
      var rows: [Row] = []
      for number in start..<min(start + 10, count) {
        let key = SettingKey(schema: schema, key: "r\(number)")
        rows.append(row(number, key: key, mixed: mixed, defaults: &defaults))
      }
      sections.append(Section("section-\(index)", "Section \(index)") { for row in rows { row } })
    }
    return (Panel(title: "Knobs", sections: sections), MemoryStore(defaults: defaults))
  }

  private static func row(
    _ number: Int, key: SettingKey, mixed: Bool, defaults: inout [SettingKey: SettingValue]
  ) -> Row {
    let id = "row-\(number)"
    let title = "Row \(number)"
    guard mixed else {
      defaults[key] = false
      return ToggleRow(id, title, key: key).row
    }
    var row: Row
    switch number % 4 {
    case 1:
      defaults[key] = 1.0
      row = SliderRow(id, title, key: key, range: 0.5...3, step: 0.05, format: .percent).row
    case 3:
      defaults[key] = "a"
      row = ChoiceRow(id, title, key: key, options: [("a", "Automatic"), ("b", "Always"), ("c", "Never")]).row
    default:
      defaults[key] = false
      row = ToggleRow(id, title, key: key).row
    }
    row.subtitle = .fixed("Changes how row \(number) behaves on this computer")
    return row
  }
}
