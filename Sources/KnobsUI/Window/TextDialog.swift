import Gtk
import KnobsModel

/// A small modal window that asks for a line of text, checks it as it is
/// typed, and hands it on only when the check finds nothing wrong.
@MainActor
final class TextDialog: Dialog {
  let entry = Entry()
  private let problem = Label("")
  private let confirm: Button
  private let request: TextRequest
  private let onAnswer: @MainActor (String) -> Void
  /// What the dialog says above the field.
  var message: String { request.message }

  init(_ request: TextRequest, onAnswer: @escaping @MainActor (String) -> Void) {
    self.request = request
    self.onAnswer = onAnswer
    confirm = Button(label: request.confirmLabel)
    super.init(title: request.title, heading: request.title, width: 420)
    let message = Label(request.message)
    message.wraps = true
    entry.text = request.initialText
    entry.placeholder = request.placeholder
    entry.setAccessibleLabel(request.fieldLabel)
    problem.wraps = true
    problem.addCSSClass("knobs-destructive")
    problem.isVisible = false
    let buttons = Box(.horizontal, spacing: 12)
    buttons.horizontalAlignment = .end
    let cancel = Button(label: tr("Cancel"))
    confirm.addCSSClass("suggested-action")
    cancel.onClick { [weak self] in self?.close() }
    confirm.onClick { [weak self] in self?.answer() }
    entry.onActivate { [weak self] in self?.answer() }
    entry.onChanged { [weak self] in self?.check(showing: false) }
    buttons.append(cancel)
    buttons.append(confirm)
    [message, entry, problem, buttons].forEach(column.append)
    check(showing: false)
    initialFocus = entry
  }

  /// Whether the text is acceptable; the reason it is not is shown when `showing`, or once the field has text.
  @discardableResult
  private func check(showing: Bool) -> Bool {
    let text = entry.text
    let reason = request.check(text)
    confirm.isSensitive = reason == nil
    let shown = reason != nil && (showing || !text.isEmpty)
    problem.text = shown ? reason ?? "" : ""
    problem.isVisible = shown
    if shown { entry.addCSSClass("error") } else { entry.removeCSSClass("error") }
    return reason == nil
  }

  /// Hands the text on and closes, as the confirm button does; text the check refuses stays, with the reason.
  func answer() {
    guard isOpen, check(showing: true) else { return }
    let text = entry.text
    close()
    onAnswer(text)
  }
}
