import Gtk
import KnobsModel

/// A string, or any other value as GVariant text, edited in an entry at the end
/// of the row: applied on Enter or when the focus leaves, put back on Escape; a
/// value the rule or the store refuses is explained and never written.
@MainActor
final class TextEditor: RowEditor {
  private let text: Row.Text
  private let entry = Entry()
  private weak var row: (any RowBinding)?
  /// The value last shown from the store, which Escape puts back.
  private var stored = ""

  init(_ text: Row.Text) {
    self.text = text
    entry.widthChars = 18
    entry.placeholder = text.placeholder
    // One character over the limit, so an over-long paste is refused with a reason instead of cut silently.
    entry.maximumLength = Int32(clamping: text.rule.maximumLength + 1)
  }

  var suffix: Widget? { entry }
  var focusWidget: Widget { entry }
  var kind: String { "entry" }

  func label(title: String) { entry.setAccessibleLabel(title) }

  func connect(to row: any RowBinding) {
    self.row = row
    entry.onCommit { [weak self] in self?.apply() }
    let keys = KeyController()
    keys.onKeyPressed { [weak self] key in
      guard key.isEscape, let self, self.entry.text != self.stored else { return false }
      self.restore()
      return true
    }
    entry.add(keys)
    entry.onChanged { [weak self] in
      guard let self, self.entry.hasCSSClass("error"), self.entry.text == self.stored else { return }
      self.clearProblem()
    }
  }

  func refresh(_ settings: SettingsReader) {
    let value = text.text(of: settings[text.key])
    // A value being typed is kept; a change from elsewhere replaces it only when nothing was typed.
    let isEditing = entry.containsFocus && entry.text != stored
    stored = value
    if !isEditing { entry.text = value }
  }

  private func apply() {
    guard let row, entry.text != stored else { return }
    if let problem = text.rule.problem(with: entry.text) {
      entry.addCSSClass("error")
      row.showProblem(tr("Not saved: %s", "\(problem)"))
      return
    }
    clearProblem()
    // GVariant text the store can't parse or type-check is refused there, and the row says why.
    row.write(text.value(of: entry.text), text.key)
  }

  private func restore() {
    entry.text = stored
    clearProblem()
  }

  private func clearProblem() {
    entry.removeCSSClass("error")
    row?.showProblem(nil)
  }
}
