import Gtk
import KnobsModel

/// GVariant text of several lines in a popover, for structured values no table or pair fits
/// (`a{sv}` with nested values, `(sa{sv})`, `v`, `ay`, maybes). The text is checked as it is
/// typed: what is wrong is said in Knobs' words with its line and column, and Apply stays off
/// until the text is a value of the key's type.
@MainActor
final class VariantEditor: RowEditor {
  private let text: Row.Text
  private let button = MenuButton(label: "")
  let box: CheckedTextBox

  init(_ text: Row.Text, type: String) {
    self.text = text
    box = .variant(type: type, key: text.key, refusesHiddenCharacters: text.rule.refusesHiddenCharacters)
    _ = button.setPopover(child: box.widget)
  }

  var suffix: Widget? { button }
  var focusWidget: Widget { button }
  var kind: String { "gvariant" }
  var valueDescription: String { box.stored.shortenedForMessage }

  func label(title: String) {
    button.setAccessibleLabel(title)
    button.setAccessibleLabelOfParts(title)
    box.label(title: title)
  }

  func connect(to row: any RowBinding) { box.connect(to: row) }

  func refresh(_ settings: SettingsReader) {
    let value = text.text(of: settings[text.key])
    button.label = Self.oneLine(value)
    box.show(value)
  }

  func activate() {
    button.popup()
    box.focus()
  }

  /// A value on one line for the button, cut short: a long value is read in the popover.
  static func oneLine(_ text: String) -> String {
    let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
    return line.isEmpty ? tr("Empty") : String(line.prefix(60))
  }
}
