import Gtk
import KnobsModel

/// Keyboard shortcuts shown as keycaps on a button; activating it opens the
/// Set Shortcut dialog, which captures the next key combination.
@MainActor
final class ShortcutEditor: RowEditor {
  let shortcut: Row.Shortcut
  private let keycaps = Box(.horizontal, spacing: 4)
  let button: Button
  private weak var row: (any RowBinding)?
  private var title = ""
  private(set) var accelerators: [Accelerator] = []
  private var isShown = false
  /// The open Set Shortcut dialog, if any.
  private(set) var dialog: ShortcutDialog?

  init(_ shortcut: Row.Shortcut) {
    self.shortcut = shortcut
    button = Button(child: keycaps)
    button.hasFrame = false
    button.addCSSClass("knobs-shortcut")
  }

  var suffix: Widget? { button }
  var focusWidget: Widget { button }
  var kind: String { "shortcut" }
  var valueDescription: String { Self.spoken(accelerators) }

  func label(title: String) {
    self.title = title
    button.setAccessibleLabel(title)
    button.tooltip = tr("Set Shortcut")
  }

  func connect(to row: any RowBinding) {
    self.row = row
    button.onClick { [weak self] in self?.activate() }
  }

  func refresh(_ settings: SettingsReader) {
    let current = shortcut.accelerators(of: settings[shortcut.key])
    guard current != accelerators || !isShown else { return }
    accelerators = current
    isShown = true
    keycaps.removeAll()
    if current.isEmpty {
      let disabled = Label(tr("Disabled"))
      disabled.addCSSClass("dim-label")
      keycaps.append(disabled)
    }
    // The first shortcut as keycaps and a count of the others: every shortcut
    // side by side could make the row wider than the window. The dialog lists them all.
    for cap in current.first?.keycaps ?? [] {
      let label = Label(cap)
      label.addCSSClass("keycap")
      keycaps.append(label)
    }
    if current.count > 1 {
      let more = Label("+\(current.count - 1)")
      more.addCSSClass("dim-label")
      keycaps.append(more)
    }
  }

  /// Opens the Set Shortcut dialog.
  func activate() {
    guard let row, dialog == nil, row.hostWindow != nil else { return }
    let dialog = ShortcutDialog(editor: self, title: title)
    dialog.onFinish { [weak self] in self?.dialog = nil }
    self.dialog = dialog
    row.present(dialog)
  }

  /// The shortcuts after `accelerator` is set: it replaces the first, the others stay.
  func proposal(setting accelerator: Accelerator) -> [Accelerator] {
    guard shortcut.storage == .list else { return [accelerator] }
    return [accelerator] + accelerators.dropFirst().filter { $0 != accelerator }
  }

  /// Other keybindings that use `accelerator` now.
  func conflicts(for accelerator: Accelerator) -> [ShortcutConflict] {
    guard shortcut.checksConflicts, let row else { return [] }
    return row.shortcutConflicts(for: [accelerator], of: shortcut.key)
  }

  /// Writes the shortcuts, first clearing `replacing` from the other keybindings.
  @discardableResult
  func apply(_ accelerators: [Accelerator], replacing conflicts: [ShortcutConflict] = []) -> Bool {
    guard let row else { return false }
    row.showProblem(nil)
    return row.write(shortcut.value(of: accelerators), shortcut.key, clearing: conflicts)
  }

  /// “Super+H”, or “Disabled”, for screen readers.
  static func spoken(_ accelerators: [Accelerator]) -> String {
    accelerators.isEmpty ? tr("Disabled") : accelerators.map(\.label).joined(separator: ", ")
  }
}
