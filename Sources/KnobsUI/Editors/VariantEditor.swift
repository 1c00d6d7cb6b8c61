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
  let box: VariantTextBox

  init(_ text: Row.Text, type: String) {
    self.text = text
    box = VariantTextBox(
      type: type, key: text.key, refusesHiddenCharacters: text.rule.refusesHiddenCharacters)
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

/// A field for GVariant text of several lines, with the reason it can't be written under it
/// and Apply beside it; used by the GVariant editor and by a table whose value fits no table.
@MainActor
final class VariantTextBox {
  let widget: Widget
  let view = TextView()
  let applyButton = Button(label: tr("Apply"))
  private let message = Label()
  private let note = Label()
  private let type: String
  private let key: SettingKey
  /// Whether a string in the value holding a character that changes the direction of text or a control character
  /// is refused (a schema page's value, as its free text is).
  private let refusesHiddenCharacters: Bool
  private weak var row: (any RowBinding)?
  /// The text last shown from the store.
  private(set) var stored = ""

  init(type: String, key: SettingKey, refusesHiddenCharacters: Bool = false) {
    self.type = type
    self.key = key
    self.refusesHiddenCharacters = refusesHiddenCharacters
    let column = Box(.vertical, spacing: 6)
    column.setMargins(top: 6, bottom: 6, start: 6, end: 6)
    note.wraps = true
    note.xAlign = 0
    note.maximumWidthChars = 48
    note.addCSSClass("dim-label")
    note.isVisible = false
    column.append(note)
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
    widget = column
  }

  func label(title: String) {
    view.setAccessibleLabel(tr("%s as GVariant text", title))
    applyButton.setAccessibleLabel(tr("Apply %s", title))
  }

  func connect(to row: any RowBinding) {
    self.row = row
    view.onChanged { [weak self] in self?.check() }
    applyButton.onClick { [weak self] in self?.apply() }
  }

  /// Shows the stored text; text being edited is kept.
  func show(_ text: String) {
    let isEditing = view.containsFocus && view.text != stored
    stored = text
    if !isEditing { view.text = text }
    check()
  }

  /// Says why the value is shown as text (a table's value that fits no table); nil hides it.
  func say(note text: String?) {
    note.text = text ?? ""
    note.isVisible = text != nil
  }

  func focus() { view.grabFocus() }

  /// What is wrong with the text, in Knobs' words with its line and column; nil when it can be written.
  var problem: String? {
    let typed = view.text
    if typed.unicodeScalars.count > Self.maximumLength {
      return tr(
        "The text is %d characters long; at most %d are allowed.", typed.unicodeScalars.count, Self.maximumLength)
    }
    let value: GVariantValue
    do {
      value = try GVariantValue.parse(typed, typeString: type)
    } catch {
      return error.description
    }
    guard refusesHiddenCharacters else { return nil }
    return value.hiddenCharacterProblem
  }

  /// The longest text written: what the row's entry took before.
  static let maximumLength = 65536

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

  /// Writes the text when it is a value of the key's type; says why not otherwise.
  func apply() {
    guard check(), let row else { return }
    let typed = StructuredValues.writtenText(view.text)
    guard typed != stored else { return }
    if row.write(.variant(type: type, text: typed), key) {
      stored = typed
      check()
    }
  }
}
