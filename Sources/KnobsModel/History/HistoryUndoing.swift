/// A store that can undo changes the history of changes notes: a capability
/// (`StoreCapabilities.undoing`), reached through routing and recording stores alike.
@MainActor
public protocol HistoryUndoing: AnyObject {
  /// Gives each key of `entries` (newest first) the value it held before, and notes that in
  /// `history` as an undo; returns a line per key (`ADDRESS: NEW → OLD`). Throws
  /// `UndoError.changedSince` when a key holds something other than its entry left there
  /// (unless `force`), and `UndoError.refused` when the system refuses a write.
  @discardableResult
  func undo(_ entries: [HistoryEntry], in history: ChangeHistory, force: Bool) throws(UndoError) -> [String]
}
