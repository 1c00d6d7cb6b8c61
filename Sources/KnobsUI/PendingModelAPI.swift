// TEMPORARY: a stand-in for the model's search (Sources/KnobsModel/Search), being
// written in parallel. Deleted as soon as the real one lands.
import Foundation
import KnobsModel

struct SearchGroup {
  var pageTitles: [String]
  var section: Section
  var entries: [PanelEntry]
}

struct PanelSearch {
  let panel: Panel
  init(panel: Panel) { self.panel = panel }
  @MainActor
  func search(_ query: String, settings: SettingsReader) -> [SearchGroup] {
    let words = query.lowercased().split(separator: " ").map(String.init)
    guard !words.isEmpty else { return [] }
    var groups: [SearchGroup] = []
    for entry in panel.entries where words.allSatisfy({ entry.row.title.lowercased().contains($0) }) {
      if let last = groups.last, last.section.id == entry.section.id, last.pageTitles == entry.pageTitles {
        groups[groups.count - 1].entries.append(entry)
      } else {
        groups.append(SearchGroup(pageTitles: entry.pageTitles, section: entry.section, entries: [entry]))
      }
    }
    return groups
  }
}

