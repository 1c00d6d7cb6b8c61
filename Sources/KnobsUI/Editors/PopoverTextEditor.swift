import Gtk
import KnobsModel

/// Text of several lines in a popover, checked as it is typed in a `CheckedTextBox`: what is wrong
/// is said in Knobs' words with its line and column, and Apply stays off until the row takes the
/// text. The button shows the value on one line, cut short.
/// - `json`: JSON kept in a string key (an extension's per-monitor settings), with bidirectional
///   and control characters in its strings shown as their escapes (`Row.Text.isJSON`);
/// - `variant`: GVariant text, for structured values no table or pair fits (`a{sv}` with nested
///   values, `(sa{sv})`, `v`, `ay`, maybes).
@MainActor
final class PopoverTextEditor: RowEditor {
  private let text: Row.Text
  private let button = MenuButton(label: "")
  let box: CheckedTextBox
  let kind: String

  private init(_ text: Row.Text, kind: String, box: CheckedTextBox) {
    self.text = text
    self.kind = kind
    self.box = box
    _ = button.setPopover(child: box.widget)
  }

  static func json(_ text: Row.Text) -> PopoverTextEditor {
    let box = CheckedTextBox(
      problem: { text.rule.problem(with: $0) },
      write: { typed, stored, row in
        guard typed != stored else { return nil }
        let value = text.value(of: typed)
        return row.write(value, text.key) ? text.text(of: value) : nil
      }, showsStoredText: true, fieldLabel: { tr("%s as JSON", $0) })
    return PopoverTextEditor(text, kind: "json", box: box)
  }

  static func variant(_ text: Row.Text, type: String) -> PopoverTextEditor {
    let box = CheckedTextBox.variant(
      type: type, key: text.key, refusesHiddenCharacters: text.rule.refusesHiddenCharacters)
    return PopoverTextEditor(text, kind: "gvariant", box: box)
  }

  var suffix: Widget? { button }
  var focusWidget: Widget { button }
  var valueDescription: String { box.stored.shortenedForMessage }
  /// The field, its Apply button, what was last stored and the message under the field, for tests.
  var view: TextView { box.view }
  var applyButton: Button { box.applyButton }
  var stored: String { box.stored }
  var messageText: String { box.messageText }
  /// What is wrong with the text, with its line and column; nil when it can be written.
  var problem: String? { box.problem }

  func label(title: String) {
    button.setAccessibleLabel(title)
    button.setAccessibleLabelOfParts(title)
    box.label(title: title)
  }

  func connect(to row: any RowBinding) { box.connect(to: row) }

  /// Shows the stored value; text being edited is kept.
  func refresh(_ settings: SettingsReader) {
    let value = text.text(of: settings[text.key])
    button.label = Self.oneLine(value)
    box.show(value)
  }

  func activate() {
    button.popup()
    box.focus()
  }

  /// Writes the text when the row takes it; says why not otherwise.
  func apply() { box.apply() }

  /// A value on one line for the button, cut short: a long value is read in the popover.
  static func oneLine(_ text: String) -> String {
    let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
    return line.isEmpty ? tr("Empty") : String(line.prefix(60))
  }
}
