import Gtk
import KnobsModel

extension GSettingsStore {
  /// Gives each key of `entries` (newest first) the value it held before, and notes that in
  /// `history` as an undo; returns a line per key (`ADDRESS: NEW → OLD`). Throws why a key
  /// could not be changed back; the keys before it stay changed back.
  @discardableResult
  public func undo(_ entries: [HistoryEntry], in history: ChangeHistory) throws(SettingsError) -> [String] {
    var changes: [RecordedChange] = []
    var lines: [String] = []
    defer {
      Settings.sync()
      _ = try? history.record(changes, source: .undo)
    }
    for entry in entries {
      let key = entry.settingKey
      guard let type = typeString(of: key) else { throw .unavailable(availability(of: key)) }
      let before = value(for: key).flatMap { $0 == defaultValue(for: key) ? nil : $0.gvariantText }
      if let old = entry.old {
        try write(.variant(type: type, text: old), for: key)
      } else {
        try reset(key)
      }
      changes.append(RecordedChange(key: key, old: before, new: entry.old))
      lines.append("\(entry.address): \(entry.new ?? tr("(default)")) → \(entry.old ?? tr("(default)"))")
    }
    return lines
  }
}
