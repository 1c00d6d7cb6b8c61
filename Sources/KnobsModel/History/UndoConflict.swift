import FoundationEssentials

/// A key an undo would overwrite: it no longer holds the value the change being undone left
/// there, because something changed it since.
public struct UndoConflict: Sendable, Hashable {
  /// The change that was to be taken back.
  public var entry: HistoryEntry
  /// What the key holds now, as GVariant text; nil for its default.
  public var current: String?
  /// The newest change of the key after `entry`, when the history has one: who changed it.
  public var changedSince: HistoryEntry?

  /// A conflict: `entry` would be undone, but the key now holds `current`, changed since by `changedSince`.
  public init(entry: HistoryEntry, current: String?, changedSince: HistoryEntry?) {
    self.entry = entry
    self.current = current
    self.changedSince = changedSince
  }

  /// `schema/…/cursor-size now holds 56, not 40 as change 12 left it (by another program, 2026-…)`.
  public var description: String {
    let none = tr("(default)")
    let who =
      changedSince.map {
        // TRANSLATORS: %1$s says how a change was made (“By another program”), %2$s when.
        " " + tr("(changed since: %1$s, %2$s)", $0.source.label.lowercasedFirst, $0.when)
      } ?? ""
    return tr(
      // TRANSLATORS: %1$s is a setting's address, %2$s and %3$s values, %4$d a change's number in the history.
      "%1$s now holds %2$s, not %3$s as change %4$d left it", entry.address, (current ?? none).shortenedForMessage,
      (entry.new ?? none).shortenedForMessage, entry.id) + who
  }

}

/// Why an undo wrote nothing, or stopped.
public enum UndoError: Error, CustomStringConvertible {
  /// Keys changed since the change being undone; nothing was written.
  case changedSince([UndoConflict])
  /// The store refused a write; the keys before it were changed back.
  case refused(SettingsError)

  public var description: String {
    switch self {
    case .changedSince(let conflicts):
      let shown = conflicts.prefix(5).map(\.description)
      let more = conflicts.count > shown.count ? [tr("and %d more", conflicts.count - shown.count)] : []
      return trn(
        "Not undone: the setting changed since, and undo would overwrite that: %s.",
        "Not undone: %2$d settings changed since, and undo would overwrite them: %1$s.", conflicts.count,
        (shown + more).joined(separator: "; "), conflicts.count)
    case .refused(let error):
      return error.description
    }
  }
}

extension String {
  /// `By another program` → `by another program`, to follow other words.
  var lowercasedFirst: String {
    guard let first else { return self }
    return first.lowercased() + dropFirst()
  }
}
