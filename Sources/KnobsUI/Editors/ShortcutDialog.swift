import Gtk
import KnobsModel

/// The Set Shortcut dialog, as GNOME Settings has it: the next key combination
/// pressed becomes the shortcut. Escape cancels, Backspace disables the
/// shortcut, modifiers alone are waited past. A combination another keybinding
/// uses asks first, offering Replace (which clears the other) or Cancel.
///
/// For a key that holds a list, the dialog also lists the current shortcuts,
/// each with a remove button, and offers Add Shortcut…: the next combination is
/// then added to the list instead of replacing the first shortcut. Tab, Enter
/// and Space (never shortcuts alone) reach those buttons.
///
/// The dialog is a modal window of its own with a key controller in the capture
/// phase, so it sees every key before any widget does, and the main window's
/// shortcuts are untouched and work again as soon as it closes.
@MainActor
final class ShortcutDialog: Dialog {
  private weak var editor: ShortcutEditor?
  private let message = Label()
  private let hint = Label(tr("Press Esc to cancel or Backspace to disable the keyboard shortcut."))
  let cancelButton = Button(label: tr("Cancel"))
  let replaceButton = Button(label: tr("Replace"))
  /// The current shortcuts with their remove buttons (keys that hold a list).
  private let shortcutList = Box(.vertical, spacing: 6)
  let addButton = Button(label: tr("Add Shortcut…"))
  /// The remove button of each listed shortcut, in the list's order.
  private(set) var removeButtons: [(accelerator: Accelerator, button: Button)] = []
  /// Whether the next combination is added to the list rather than replacing its first shortcut.
  private(set) var isAdding = false
  private let title: String
  /// The shortcuts waiting for Replace, and the bindings they would be taken from.
  private(set) var pending: (accelerators: [Accelerator], conflicts: [ShortcutConflict])?

  init(editor: ShortcutEditor, title: String) {
    self.editor = editor
    self.title = title
    super.init(title: tr("Set Shortcut"), heading: tr("Set Shortcut"), width: 400)
    message.text = tr("Enter a new shortcut to change “%s”.", title)
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
    let holdsList = editor.shortcut.storage == .list
    addButton.isVisible = holdsList
    addButton.horizontalAlignment = .start
    addButton.onClick { [weak self] in self?.startAdding() }
    [message, hint].forEach(column.append)
    if holdsList {
      column.append(shortcutList)
      column.append(addButton)
      list(editor.accelerators)
    }
    column.append(buttons)
    // In the capture phase: the dialog sees every key before any widget does.
    let keys = KeyController(capturing: true)
    keys.onKeyPressed { [weak self] key in self?.handle(key) ?? false }
    window.add(keys)
  }

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
    // With a list to edit, Tab, Enter and Space reach its buttons: none of them is a shortcut alone.
    if editor?.shortcut.storage == .list, Self.isNavigation(key) { return false }
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
      show(tr("That key can't be part of a shortcut: %s", error.description))
      return
    }
    if accelerator.needsModifier, !editor.shortcut.allowsBareKeys {
      show(
        tr(
          // TRANSLATORS: %1$s is a shortcut such as "Shift+A"; %2$s, %3$s and %4$s are the keys Ctrl, Alt and Super.
          "%1$s types text or moves around. Hold %2$s, %3$s or %4$s with it.", accelerator.label,
          Accelerator.keycap(named: "Ctrl"), Accelerator.keycap(named: "Alt"), Accelerator.keycap(named: "Super")))
      return
    }
    if isAdding, editor.accelerators.contains(accelerator) {
      close()
      return
    }
    let proposal = isAdding ? editor.accelerators + [accelerator] : editor.proposal(setting: accelerator)
    let conflicts = editor.conflicts(for: accelerator)
    guard let first = conflicts.first else {
      editor.apply(proposal)
      close()
      return
    }
    pending = (proposal, conflicts)
    show(
      tr(
        // TRANSLATORS: %1$s is a shortcut, %2$s the setting that has it (quoted), %3$s that setting's path.
        "%1$s is already used for %2$s (%3$s). If you replace it, %2$s will lose this shortcut.",
        accelerator.label, first.binding.quotedTitle, first.binding.path))
    heading?.text = tr("Replace Shortcut?")
    replaceButton.isVisible = true
    _ = cancelButton.grabFocus()
  }

  /// Tab and Shift+Tab, Enter and Space with no other modifier.
  private static func isNavigation(_ key: Key) -> Bool {
    guard !key.control, !key.alt, !key.super, !key.hyper, !key.meta else { return false }
    let name = key.acceleratorKeyName
    if name == "Tab" || name == "ISO_Left_Tab" { return true }
    return !key.shift && (name == "Return" || name == "KP_Enter" || key.isSpace)
  }

  /// Lists `accelerators`, each with a button that removes it.
  private func list(_ accelerators: [Accelerator]) {
    shortcutList.removeAll()
    removeButtons = []
    shortcutList.isVisible = !accelerators.isEmpty
    for accelerator in accelerators {
      let line = Box(.horizontal, spacing: 4)
      for cap in accelerator.keycaps {
        let label = Label(cap)
        label.addCSSClass("keycap")
        line.append(label)
      }
      let spacer = Label("")
      spacer.expandsHorizontally = true
      line.append(spacer)
      let remove = Button(iconName: "list-remove-symbolic")
      let name = tr("Remove “%s”", accelerator.label)
      remove.setAccessibleLabel(name)
      remove.tooltip = name
      remove.onClick { [weak self] in self?.remove(accelerator) }
      line.append(remove)
      shortcutList.append(line)
      removeButtons.append((accelerator, remove))
    }
  }

  /// Takes `accelerator` out of the key's list and writes the rest; the dialog stays open.
  func remove(_ accelerator: Accelerator) {
    guard let editor else { return }
    let rest = editor.accelerators.filter { $0 != accelerator }
    guard editor.apply(rest) else { return }
    list(rest)
    _ = (removeButtons.first?.button ?? addButton).grabFocus()
  }

  /// The next combination pressed is added to the list.
  func startAdding() {
    isAdding = true
    addButton.isVisible = false
    show(tr("Press the new shortcut to add to “%s”.", title))
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
}
