import Gio
import KnobsModel

extension GSettingsStore: HistoryUndoing {
  /// Gives each key of `entries` (newest first) the value it held before, and notes that in
  /// `history` as an undo; returns a line per key (`ADDRESS: NEW → OLD`).
  ///
  /// Undo is compare-and-swap: a key is changed back only while it still holds what its
  /// entry left there. When any key of the entries (a whole import) holds something else,
  /// nothing is written and `UndoError.changedSince` names each such key, its value and who
  /// changed it; `force` changes them back anyway. A write the system refuses throws
  /// `UndoError.refused`; the keys before it stay changed back.
  @discardableResult
  public func undo(_ entries: [HistoryEntry], in history: ChangeHistory, force: Bool = false) throws(UndoError)
    -> [String]
  {
    if !force {
      let conflicts = conflicts(undoing: entries, in: history)
      guard conflicts.isEmpty else { throw .changedSince(conflicts) }
    }
    var changes: [RecordedChange] = []
    var lines: [String] = []
    defer {
      Settings.sync()
      _ = try? history.record(changes, source: .undo)
    }
    for entry in entries {
      let key = entry.settingKey
      guard let type = typeString(of: key) else { throw .refused(.unavailable(availability(of: key))) }
      let before = currentText(of: key)
      do {
        if let old = entry.old {
          try write(.variant(type: type, text: old), for: key)
        } else {
          try reset(key)
        }
      } catch {
        throw .refused(error)
      }
      changes.append(RecordedChange(key: key, old: before, new: entry.old))
      lines.append(
        "\(entry.address): \((entry.new ?? tr("(default)")).shortenedForMessage) → "
          + (entry.old ?? tr("(default)")).shortenedForMessage)
    }
    return lines
  }

  /// The keys of `entries` that no longer hold what their entry left there. A key several
  /// entries of a group changed is checked against the newest of them.
  public func conflicts(undoing entries: [HistoryEntry], in history: ChangeHistory) -> [UndoConflict] {
    var seen = Set<SettingKey>()
    var conflicts: [UndoConflict] = []
    for entry in entries where seen.insert(entry.settingKey).inserted {
      let key = entry.settingKey
      let current = currentText(of: key)
      guard !holdsSame(current, entry.new, key: key) else { continue }
      conflicts.append(
        UndoConflict(
          entry: entry, current: current, changedSince: history.latestChange(of: key, after: entry.id)))
    }
    return conflicts
  }

  /// The key's value as GVariant text, nil when it holds its default (as the history notes it).
  func currentText(of key: SettingKey) -> String? {
    value(for: key).flatMap { $0 == defaultValue(for: key) ? nil : $0.gvariantText }
  }

  /// Whether two values noted for `key` are the same value, as the key's type reads them:
  /// `uint32 60` and `60` are; no value of its own (nil) and the default are.
  public func holdsSame(_ first: String?, _ second: String?, key: SettingKey) -> Bool {
    let shipped = defaultValue(for: key)?.gvariantText
    guard let type = typeString(of: key) else { return (first ?? shipped) == (second ?? shipped) }
    func normalized(_ text: String?) -> String? {
      guard let text else { return nil }
      guard case .success(let value) = Variant.parse(text, type: type) else { return text }
      return value.text
    }
    return normalized(first ?? shipped) == normalized(second ?? shipped)
  }
}
