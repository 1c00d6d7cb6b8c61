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
  let box: CheckedTextBox

  init(_ text: Row.Text) {
    self.text = text
    box = CheckedTextBox(
      problem: { text.rule.problem(with: $0) },
      write: { typed, stored, row in
        guard typed != stored else { return nil }
        let value = text.value(of: typed)
        return row.write(value, text.key) ? text.text(of: value) : nil
      }, showsStoredText: true, fieldLabel: { tr("%s as JSON", $0) })
    _ = button.setPopover(child: box.widget)
  }

  var suffix: Widget? { button }
  var focusWidget: Widget { button }
  var kind: String { "json" }
  var valueDescription: String { box.stored.shortenedForMessage }
  /// The field, its Apply button and what was last stored, for tests.
  var view: TextView { box.view }
  var applyButton: Button { box.applyButton }
  var stored: String { box.stored }

  func label(title: String) {
    button.setAccessibleLabel(title)
    button.setAccessibleLabelOfParts(title)
    box.label(title: title)
  }

  func connect(to row: any RowBinding) { box.connect(to: row) }

  /// Shows the stored value; text being edited is kept.
  func refresh(_ settings: SettingsReader) {
    let value = text.text(of: settings[text.key])
    button.label = VariantEditor.oneLine(value)
    box.show(value)
  }

  func activate() {
    button.popup()
    box.focus()
  }

  /// What is wrong with the text, with its line and column; nil when it can be written.
  var problem: String? { box.problem }

  /// The message under the field, for tests.
  var messageText: String { box.messageText }

  /// Writes the text when it is JSON the row takes; says why not otherwise.
  func apply() { box.apply() }
}
