import Gtk
import KnobsModel

/// A small modal window that asks before a confirmed action runs.
@MainActor
final class ConfirmDialog: Dialog {
  private let onConfirm: @MainActor () -> Void

  init(_ confirmation: Confirmation, destructive: Bool, onConfirm: @escaping @MainActor () -> Void) {
    self.onConfirm = onConfirm
    super.init(title: confirmation.title, heading: confirmation.title, width: 360)
    let message = Label(confirmation.message)
    message.wraps = true
    let buttons = Box(.horizontal, spacing: 12)
    buttons.horizontalAlignment = .end
    let cancel = Button(label: tr("Cancel"))
    let confirm = Button(label: confirmation.confirmLabel)
    confirm.addCSSClass(destructive ? "destructive-action" : "suggested-action")
    cancel.onClick { [weak self] in self?.close() }
    confirm.onClick { [weak self] in self?.confirm() }
    buttons.append(cancel)
    buttons.append(confirm)
    [message, buttons].forEach(column.append)
    initialFocus = cancel
  }

  /// Runs the action and closes, as the confirm button does; nothing once the dialog has ended.
  func confirm() {
    guard isOpen else { return }
    close()
    onConfirm()
  }
}
