import Gtk
import KnobsModel

/// A small modal window that asks before a confirmed action runs.
@MainActor
final class ConfirmDialog {
  let window = Window()
  private var onConfirm: (@MainActor () -> Void)?
  /// Runs once the window has gone, whether the action ran or not.
  var onFinish: (@MainActor () -> Void)?

  init(_ confirmation: Confirmation, destructive: Bool, parent: Window?, onConfirm: @escaping @MainActor () -> Void) {
    self.onConfirm = onConfirm
    let column = DialogFrame(
      window: window, title: confirmation.title, heading: confirmation.title, width: 360, parent: parent,
      onEscape: { [weak self] in self?.close() }
    ).column
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
    // Closed by the window manager: forgotten the same way.
    window.onCloseRequest { [weak self] in
      self?.onConfirm = nil
      self?.finish()
      return false
    }
    cancel.grabFocus()
  }

  func present() { window.present() }

  /// Runs the action and closes, as the confirm button does.
  func confirm() {
    let action = onConfirm
    close()
    action?()
  }

  /// Closes without running the action, as Cancel and Escape do.
  func close() {
    onConfirm = nil
    // destroy, not close: close does nothing to a window that was never realized.
    window.destroy()
    finish()
  }

  private func finish() {
    let finished = onFinish
    onFinish = nil
    finished?()
  }
}
