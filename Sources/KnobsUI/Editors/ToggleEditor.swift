import Gtk
import KnobsModel

/// A switch, or a check box: flipping it, or activating its row, writes the value that turns
/// the setting on or off.
@MainActor
final class ToggleEditor: RowEditor {
  let toggle: Row.Toggle
  private enum Control {
    case switchButton(Switch)
    case checkBox(CheckButton)
  }
  private let control: Control
  private weak var row: (any RowBinding)?

  init(_ toggle: Row.Toggle) {
    self.toggle = toggle
    control = toggle.isCheckBox ? .checkBox(CheckButton()) : .switchButton(Switch())
  }

  var suffix: Widget? { focusWidget }
  var focusWidget: Widget {
    switch control {
    case .switchButton(let widget): return widget
    case .checkBox(let widget): return widget
    }
  }
  var kind: String { toggle.isCheckBox ? "check box" : "switch" }

  func label(title: String) { focusWidget.setAccessibleLabel(title) }

  func connect(to row: any RowBinding) {
    self.row = row
    switch control {
    case .switchButton(let widget): widget.onToggle { [weak self] isOn in self?.turn(isOn) }
    case .checkBox(let widget): widget.onToggle { [weak self] isOn in self?.turn(isOn) }
    }
  }

  /// Writes the value that turns the setting on or off.
  private func turn(_ isOn: Bool) {
    guard let row else { return }
    row.write(toggle.value(turning: isOn, from: row.value(for: toggle.key)), toggle.key)
  }

  func refresh(_ settings: SettingsReader) {
    let isOn = toggle.isOn(settings[toggle.key])
    switch control {
    case .switchButton(let widget): widget.isOn = isOn
    case .checkBox(let widget): widget.isActive = isOn
    }
  }

  /// Activating the row flips the setting.
  func activate() {
    guard let row else { return }
    turn(!toggle.isOn(row.value(for: toggle.key)))
  }
}
