import Gtk
import KnobsModel

/// The Set Shortcut dialog, as GNOME Settings has it: the next key combination
/// pressed becomes the shortcut. Escape cancels, Backspace disables the
/// shortcut, modifiers alone are waited past. A combination another keybinding
/// uses asks first, offering Replace (which clears the other) or Cancel.
///
/// The dialog is a modal window of its own with a key controller in the capture
/// phase, so it sees every key before any widget does, and the main window's
/// shortcuts are untouched and work again as soon as it closes.
@MainActor
final class ShortcutDialog {
  let window = Window()
  private weak var editor: ShortcutEditor?
  private let heading = Label()
  private let message = Label()
  private let hint = Label("Press Esc to cancel or Backspace to disable the keyboard shortcut.")
  let cancelButton = Button(label: "Cancel")
  let replaceButton = Button(label: "Replace")
  private var closeHandlers: [@MainActor () -> Void] = []
  /// The shortcuts waiting for Replace, and the bindings they would be taken from.
  private(set) var pending: (accelerators: [Accelerator], conflicts: [ShortcutConflict])?

  init(editor: ShortcutEditor, title: String, parent: Window) {
    self.editor = editor
    window.title = "Set Shortcut"
    window.isModal = true
    window.destroysWithParent = true
    window.setTransient(for: parent)
    window.setDefaultSize(width: 400, height: -1)
    let column = Box(.vertical, spacing: 12)
    column.setMargins(top: 24, bottom: 24, start: 24, end: 24)
    heading.text = "Set Shortcut"
    heading.addCSSClass("knobs-dialog-title")
    message.text = "Enter a new shortcut to change “\(title)”."
    message.wraps = true
    hint.wraps = true
    hint.addCSSClass("dim-label")
    let buttons = Box(.horizontal, spacing: 12)
    buttons.horizontalAlignment = .end
    replaceButton.addCSSClass("destructive-action")
    replaceButton.isVisible = false
    cancelButton.onClick { [weak self] in self?.close() }
    replaceButton.onClick { [weak self] in self?.replace() }
    buttons.append(cancelButton)
    buttons.append(replaceButton)
    [heading, message, hint, buttons].forEach(column.append)
    window.setChild(column)
    let keys = KeyController(capturing: true)
    keys.onKeyPressed { [weak self] key in self?.handle(key) ?? false }
    window.add(keys)
    window.onCloseRequest { [weak self] in
      self?.finish()
      return false
    }
  }

  func present() { window.present() }

  func onClose(_ handler: @escaping @MainActor () -> Void) { closeHandlers.append(handler) }

  /// What the dialog says now, for tests and screen readers.
  var messageText: String { message.text }

  /// Takes a key pressed in the dialog; returns whether it was used, as a key controller does.
  @discardableResult
  func handle(_ key: Key) -> Bool {
    let plain = !key.control && !key.alt && !key.shift && !key.super && !key.hyper && !key.meta
    if key.isEscape && plain {
      close()
      return true
    }
    // Asking about a conflict: the buttons take Tab, Enter and Space; another combination is captured anew.
    if pending != nil, plain, !key.isBackSpace { return false }
    if key.isModifier { return true }
    if key.isBackSpace && plain {
      editor?.apply([])
      close()
      return true
    }
    take(key)
    return true
  }

  private func take(_ key: Key) {
    guard let editor, let name = key.acceleratorKeyName else { return }
    var modifiers: Accelerator.Modifiers = []
    if key.shift { modifiers.insert(.shift) }
    if key.control { modifiers.insert(.control) }
    if key.alt { modifiers.insert(.alt) }
    // X servers often put Hyper on Super's modifier and Meta on Alt's: GDK then reports
    // both for one key, and the shortcut means the key the user pressed.
    if key.super { modifiers.insert(.super) }
    if key.hyper && !key.super { modifiers.insert(.hyper) }
    if key.meta && !key.alt { modifiers.insert(.meta) }
    let accelerator: Accelerator
    do {
      accelerator = try Accelerator(modifiers: modifiers, key: name)
    } catch {
      show("That key can't be part of a shortcut: \(error)")
      return
    }
    if accelerator.needsModifier {
      show("\(accelerator.label) types text or moves around. Hold Ctrl, Alt or Super with it.")
      return
    }
    let proposal = editor.proposal(setting: accelerator)
    let conflicts = editor.conflicts(for: accelerator)
    guard let first = conflicts.first else {
      editor.apply(proposal)
      close()
      return
    }
    pending = (proposal, conflicts)
    show(
      "\(accelerator.label) is already used for “\(first.binding.title)” (\(first.binding.path)). "
        + "If you replace it, “\(first.binding.title)” will lose this shortcut.")
    heading.text = "Replace Shortcut?"
    replaceButton.isVisible = true
    _ = cancelButton.grabFocus()
  }

  private func show(_ text: String) {
    message.text = text
    window.setAccessibleDescription(text)
  }

  /// Writes the waiting shortcut, clearing it from the other keybindings.
  func replace() {
    guard let pending, let editor else { return }
    editor.apply(pending.accelerators, replacing: pending.conflicts)
    close()
  }

  func close() {
    finish()
    // destroy, not close: close does nothing to a window that was never realized.
    window.destroy()
  }

  private func finish() {
    let handlers = closeHandlers
    closeHandlers = []
    handlers.forEach { $0() }
  }
}
