import Gtk
import KnobsModel

/// A small modal window that asks before a confirmed action runs.
@MainActor
final class ConfirmDialog {
  let window = Window()
  private var onConfirm: (@MainActor () -> Void)?

  init(_ confirmation: Confirmation, destructive: Bool, parent: Window, onConfirm: @escaping @MainActor () -> Void) {
    self.onConfirm = onConfirm
    window.title = confirmation.title
    window.isModal = true
    window.destroysWithParent = true
    window.setTransient(for: parent)
    window.setDefaultSize(width: 360, height: -1)
    let column = Box(.vertical, spacing: 12)
    column.setMargins(top: 24, bottom: 24, start: 24, end: 24)
    let title = Label(confirmation.title)
    title.addCSSClass("knobs-dialog-title")
    title.wraps = true
    let message = Label(confirmation.message)
    message.wraps = true
    let buttons = Box(.horizontal, spacing: 12)
    buttons.horizontalAlignment = .end
    let cancel = Button(label: tr("Cancel"))
    let confirm = Button(label: confirmation.confirmLabel)
    confirm.addCSSClass(destructive ? "destructive-action" : "suggested-action")
    cancel.onClick { [weak self] in self?.window.destroy() }
    confirm.onClick { [weak self] in self?.confirm() }
    buttons.append(cancel)
    buttons.append(confirm)
    [title, message, buttons].forEach(column.append)
    window.setChild(column)
    let keys = KeyController()
    keys.onKeyPressed { [weak self] key in
      guard key.isEscape else { return false }
      self?.window.destroy()
      return true
    }
    window.add(keys)
    cancel.grabFocus()
  }

  func present() { window.present() }

  /// Runs the action and closes, as the confirm button does.
  func confirm() {
    let action = onConfirm
    onConfirm = nil
    // destroy, not close: close does nothing to a window that was never realized.
    window.destroy()
    action?()
  }
}
