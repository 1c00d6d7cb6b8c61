// TEMPORARY: stand-ins for KnobsModel APIs being written in parallel (Rules/, Search/, Paths/).
// Deleted as soon as the real ones land; nothing here is final.
import Foundation
import KnobsModel

extension Row.Link {
  func checkedURL() throws -> URL {
    guard let url = URL(string: url), let scheme = url.scheme?.lowercased(),
      ["https", "http"].contains(scheme) || extraSchemes.contains(scheme)
    else { throw LaunchRefusal.notLaunchable(url) }
    return url
  }
  var displayURL: String { url.removingPercentEncoding ?? url }
}

extension Row.Email {
  func mailtoURI() throws -> String { "mailto:" + to.joined(separator: ",") }
  var displayAddress: String { to.joined(separator: ", ") }
}

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

extension Panel {
  public var boundKeys: [SettingKey] { entries.compactMap(\.row.key) }
}

extension Panel {
  @MainActor
  public func resetAll(in store: any SettingsStore) -> Undo {
    let keys = boundKeys
    let saved = keys.compactMap { key in store.value(for: key).map { (key, $0) } }
    keys.forEach(store.reset)
    return Undo(message: "All settings were reset") { for (key, value) in saved { try? store.write(value, for: key) } }
  }
}

public struct PanelProblem: CustomStringConvertible { public var description: String }
extension Panel {
  @MainActor public func validate() -> [PanelProblem] { [] }
}
