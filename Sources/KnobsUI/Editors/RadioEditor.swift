import Gtk
import KnobsModel

/// A small choice drawn as radio buttons under the row's title, as GNOME Tweaks
/// shows hinting and focus mode.
@MainActor
final class RadioEditor: RowEditor {
  private let choice: Row.Choice
  private let box = Box(.vertical, spacing: 2)
  private let buttons: [CheckButton]

  init(_ choice: Row.Choice) {
    self.choice = choice
    buttons = choice.options.map { CheckButton(radioLabel: $0.label) }
    for button in buttons {
      if button !== buttons[0] { button.joinGroup(of: buttons[0]) }
      box.append(button)
    }
    box.addCSSClass("knobs-radio-group")
  }

  var suffix: Widget? { nil }
  var below: Widget? { box }
  var focusWidget: Widget { buttons.first { $0.isActive } ?? buttons[0] }
  var kind: String { "radio" }

  func label(title: String) {
    box.setAccessibleLabel(title)
    for (button, option) in zip(buttons, choice.options) {
      button.setAccessibleLabel(option.label)
      button.setAccessibleDescription(title)
    }
  }

  func connect(to row: any RowBinding) {
    // Up and Down move to the previous or next option and choose it, as in any radio group.
    for (index, button) in buttons.enumerated() {
      let keys = KeyController()
      keys.onKeyPressed { [weak self] key in
        guard let self, key.isUp || key.isDown else { return false }
        let target = index + (key.isDown ? 1 : -1)
        guard self.buttons.indices.contains(target) else { return true }
        self.buttons[target].grabFocus()
        self.buttons[target].activateAsUser()
        return true
      }
      button.add(keys)
    }
    for (button, option) in zip(buttons, choice.options) {
      button.onToggle { [weak row, choice] isActive in
        guard isActive, let row else { return }
        row.write(choice.value(choosing: option.value, from: row.value(for: choice.key)), choice.key)
      }
    }
  }

  func refresh(_ settings: SettingsReader) {
    let index = choice.index(of: choice.shownValue(settings[choice.key]))
    for (position, button) in buttons.enumerated() {
      button.isActive = position == index
    }
  }

  /// The radio buttons, for tests.
  var radioButtons: [CheckButton] { buttons }
}
