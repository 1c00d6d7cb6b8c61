import Gtk
import KnobsModel

/// JSON kept in a string key (an extension's per-monitor settings), edited as text of several lines
/// in a popover: what is wrong is said with its line and column as it is typed, and Apply stays off
/// until the text is JSON the row takes. The button shows the value on one line, cut short, with
/// bidirectional and control characters in its strings as their escapes (`Row.Text.isJSON`).
@MainActor
final class JSONEditor: RowEditor {
  private let text: Row.Text
  private let button = MenuButton(label: "")
  let view = TextView()
  let applyButton = Button(label: tr("Apply"))
  private let message = Label()
  private weak var row: (any RowBinding)?
  /// The text last shown from the store.
  private(set) var stored = ""

  init(_ text: Row.Text) {
    self.text = text
    let column = Box(.vertical, spacing: 6)
    column.setMargins(top: 6, bottom: 6, start: 6, end: 6)
    let scroller = ScrolledWindow()
    scroller.setChild(view)
    scroller.setContentHeight(minimum: 120, maximum: 320, propagates: true)
    scroller.setSizeRequest(width: 360, height: -1)
    scroller.addCSSClass("frame")
    column.append(scroller)
    message.wraps = true
    message.xAlign = 0
    message.maximumWidthChars = 48
    message.addCSSClass("knobs-destructive")
    message.isVisible = false
    column.append(message)
    let buttons = Box(.horizontal, spacing: 6)
    buttons.horizontalAlignment = .end
    applyButton.addCSSClass("suggested-action")
    buttons.append(applyButton)
    column.append(buttons)
    _ = button.setPopover(child: column)
  }

  var suffix: Widget? { button }
  var focusWidget: Widget { button }
  var kind: String { "json" }
  var valueDescription: String { stored.shortenedForMessage }

  func label(title: String) {
    button.setAccessibleLabel(title)
    button.setAccessibleLabelOfParts(title)
    view.setAccessibleLabel(tr("%s as JSON", title))
    applyButton.setAccessibleLabel(tr("Apply %s", title))
  }

  func connect(to row: any RowBinding) {
    self.row = row
    view.onChanged { [weak self] in self?.check() }
    applyButton.onClick { [weak self] in self?.apply() }
  }

  /// Shows the stored value; text being edited is kept.
  func refresh(_ settings: SettingsReader) {
    let value = text.text(of: settings[text.key])
    button.label = VariantEditor.oneLine(value)
    let isEditing = view.containsFocus && view.text != stored
    stored = value
    if !isEditing { view.text = value }
    check()
  }

  func activate() {
    button.popup()
    view.grabFocus()
  }

  /// What is wrong with the text, with its line and column; nil when it can be written.
  var problem: String? { text.rule.problem(with: view.text) }

  /// The message under the field, for tests.
  var messageText: String { message.isVisible ? message.text : "" }

  @discardableResult
  private func check() -> Bool {
    let problem = self.problem
    message.text = problem ?? ""
    message.isVisible = problem != nil
    applyButton.isSensitive = problem == nil && view.text != stored
    return problem == nil
  }

  /// Writes the text when it is JSON the row takes; says why not otherwise.
  func apply() {
    guard check(), let row, view.text != stored else { return }
    let value = text.value(of: view.text)
    if row.write(value, text.key) {
      stored = text.text(of: value)
      view.text = stored
      check()
    }
  }
}
