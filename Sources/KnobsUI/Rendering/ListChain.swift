import Gtk

/// Lets the arrow keys run from one section's list into the next, as they do
/// across a GNOME preferences page: Down past the last row focuses the next
/// visible list's first row, Up past the first the previous list's last row.
@MainActor
enum ListChain {
  /// Links `lists` in order; `lists` is asked again on every key press, so it
  /// may change, and it should capture its owner weakly.
  static func link(_ lists: [ListBox], current: @escaping @MainActor () -> [ListBox]) {
    for (index, list) in lists.enumerated() {
      list.onKeynavFailed { direction in
        let all = current()
        guard all.indices.contains(index) else { return false }
        let neighbours = direction == .down ? Array(all[(index + 1)...]) : Array(all[..<index].reversed())
        return neighbours.contains { $0.isDrawable && $0.focusRow(last: direction == .up) }
      }
    }
  }
}
