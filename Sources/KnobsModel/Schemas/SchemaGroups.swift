/// The groups a schema's page shows its keys in, as sections: those the schema file's comments
/// head (`<!-- Dash -->`; one over a single key only notes it, see `mergingNotes`), else runs of
/// three or more keys, in the file's order, whose names share their first word (`dash-max-icon-size`,
/// `dash-fixed`, `dash-scroll`: “Dash”). Keys in natural order (no schema file) are one section, as is a
/// schema whose keys all share a word.
enum SchemaGroups {
  struct Group: Equatable {
    /// Nil for keys between groups.
    var title: String?
    var keys: Range<Int>
  }

  /// Runs shorter than this are no group.
  static let minimumRun = 3

  static func split(_ schema: SchemaDescription) -> [Group] {
    let keys = schema.keys
    let whole = [Group(title: nil, keys: 0..<keys.count)]
    guard schema.isInFileOrder, keys.count > minimumRun else { return whole }
    if keys.contains(where: { $0.comment != nil }) {
      var groups: [Group] = []
      for (index, key) in keys.enumerated() {
        if index == 0 || key.comment != nil {
          groups.append(Group(title: key.comment, keys: index..<(index + 1)))
        } else {
          groups[groups.count - 1].keys = groups[groups.count - 1].keys.lowerBound..<(index + 1)
        }
      }
      return mergingNotes(groups, keys: keys)
    }
    var groups: [Group] = []
    var start = 0
    while start < keys.count {
      let word = firstWord(keys[start].name)
      var end = start + 1
      while end < keys.count, firstWord(keys[end].name) == word { end += 1 }
      if end - start >= minimumRun, end - start < keys.count {
        groups.append(Group(title: title(keys[start..<end].map(\.name)), keys: start..<end))
      } else if let last = groups.last, last.title == nil {
        groups[groups.count - 1].keys = last.keys.lowerBound..<end
      } else {
        groups.append(Group(title: nil, keys: start..<end))
      }
      start = end
    }
    return groups.contains { $0.title != nil } ? groups : whole
  }

  /// The groups with the one-key sections that comments over single keys make merged into their neighbours: a file
  /// with a comment above every key (`<!-- SIGMA -->`, `<!-- BRIGHTNESS -->`) notes keys, it heads no groups.
  /// A one-key group is merged when its comment repeats its key's name, when the next or the previous group is one
  /// too, or when more than half of the file's comments head one key; each merged run becomes keys between groups (no
  /// title), joined with such keys beside it. A comment over several keys stays their section's heading, and so does
  /// a lone one among them (`<!-- Debug -->` over the last key).
  static func mergingNotes(_ groups: [Group], keys: [KeyDescription]) -> [Group] {
    func isNote(_ group: Group) -> Bool { group.title != nil && group.keys.count == 1 }
    let titled = groups.filter { $0.title != nil }.count
    let notes = groups.filter(isNote).count
    let mostlyNotes = notes * 2 > titled
    var merged: [Group] = []
    for (index, group) in groups.enumerated() {
      var group = group
      if isNote(group) {
        let beside =
          (index > 0 && isNote(groups[index - 1])) || (index + 1 < groups.count && isNote(groups[index + 1]))
        if mostlyNotes || beside || repeatsName(group.title ?? "", of: keys[group.keys.lowerBound].name) {
          group.title = nil
        }
      }
      if group.title == nil, let last = merged.last, last.title == nil {
        merged[merged.count - 1].keys = last.keys.lowerBound..<group.keys.upperBound
      } else {
        merged.append(group)
      }
    }
    return merged
  }

  /// Whether a comment only says its key's name (`<!-- NOISE AMOUNT -->` over `noise-amount`).
  static func repeatsName(_ comment: String, of name: String) -> Bool {
    func words(_ text: String) -> [String] {
      text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
    return words(comment) == words(name)
  }

  private static func firstWord(_ name: String) -> Substring {
    name.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? Substring(name)
  }

  /// The words the names share, made readable: `hot-keys-a`, `hot-keys-b` → “Hot keys”.
  private static func title(_ names: [String]) -> String {
    let split = names.map { $0.split(whereSeparator: { $0 == "-" || $0 == "_" }) }
    var shared = split[0]
    for words in split.dropFirst() {
      shared = Array(zip(shared, words).prefix { $0.0 == $0.1 }.map(\.0))
    }
    return KeyText.readable(shared.joined(separator: "-"))
  }
}
