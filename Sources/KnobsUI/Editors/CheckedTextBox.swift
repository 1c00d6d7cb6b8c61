import Gtk
import KnobsModel

/// A field for text of several lines, checked as it is typed: the reason it can't be written is
/// said under it, and Apply beside it stays off until it can. The GVariant editor, the JSON
/// editor and a table whose value fits no table each give it what to check and how to write.
@MainActor
final class CheckedTextBox {
  let widget: Widget
  let view = TextView()
  let applyButton = Button(label: tr("Apply"))
  private let message = Label()
  private let note = Label()
  /// What is wrong with a text; nil when it can be written.
  private let problemOf: @MainActor (String) -> String?
  /// Writes a text through the row, given the text stored: the text stored then, or nil when
  /// nothing was written (the same value, or a write refused).
  private let write: @MainActor (_ text: String, _ stored: String, any RowBinding) -> String?
  /// Whether the field shows the text as it was stored after a write (JSON's escapes).
  private let showsStoredText: Bool
  /// The field's accessible label for a row's title.
  private let fieldLabel: @MainActor (String) -> String
  private weak var row: (any RowBinding)?
  /// The text last shown from the store.
  private(set) var stored = ""

  init(
    problem: @escaping @MainActor (String) -> String?,
    write: @escaping @MainActor (_ text: String, _ stored: String, any RowBinding) -> String?,
    showsStoredText: Bool = false, fieldLabel: @escaping @MainActor (String) -> String
  ) {
    problemOf = problem
    self.write = write
    self.showsStoredText = showsStoredText
    self.fieldLabel = fieldLabel
    let column = Box(.vertical, spacing: 6)
    column.setMargins(top: 6, bottom: 6, start: 6, end: 6)
    for (label, style) in [(note, "dim-label"), (message, "knobs-destructive")] {
      label.wraps = true
      label.xAlign = 0
      label.maximumWidthChars = 48
      label.addCSSClass(style)
      label.isVisible = false
    }
    column.append(note)
    let scroller = ScrolledWindow()
    scroller.setChild(view)
    scroller.setContentHeight(minimum: 120, maximum: 320, propagates: true)
    scroller.setSizeRequest(width: 360, height: -1)
    scroller.addCSSClass("frame")
    column.append(scroller)
    column.append(message)
    let buttons = Box(.horizontal, spacing: 6)
    buttons.horizontalAlignment = .end
    applyButton.addCSSClass("suggested-action")
    buttons.append(applyButton)
    column.append(buttons)
    widget = column
  }

  /// GVariant text of the key's `type`, checked by GLib's parser (and, on a schema page, for
  /// characters that hide what a string holds).
  static func variant(type: String, key: SettingKey, refusesHiddenCharacters: Bool = false) -> CheckedTextBox {
    CheckedTextBox(
      problem: { typed in
        if typed.unicodeScalars.count > maximumLength {
          return tr(
            "The text is %d characters long; at most %d are allowed.", typed.unicodeScalars.count, maximumLength)
        }
        let value: GVariantValue
        do throws(GVariantTextProblem) {
          value = try GVariantValue.parse(typed, typeString: type)
        } catch {
          return error.description
        }
        return refusesHiddenCharacters ? value.hiddenCharacterProblem : nil
      },
      write: { text, stored, row in
        let typed = StructuredValues.writtenText(text)
        guard typed != stored else { return nil }
        return row.write(.variant(type: type, text: typed), key) ? typed : nil
      },
      fieldLabel: { tr("%s as GVariant text", $0) })
  }

  /// The longest GVariant text written: what the row's entry took before.
  static let maximumLength = 65536

  func label(title: String) {
    view.setAccessibleLabel(fieldLabel(title))
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

  /// What is wrong with the text; nil when it can be written.
  var problem: String? { problemOf(view.text) }

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

  /// Writes the text when it can be written; says why not otherwise.
  func apply() {
    guard check(), let row, let written = write(view.text, stored, row) else { return }
    stored = written
    if showsStoredText { view.text = written }
    check()
  }
}
