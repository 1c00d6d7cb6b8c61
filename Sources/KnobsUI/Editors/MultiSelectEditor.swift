import Gtk
import KnobsModel

/// Several of a fixed set of options: a button that names the chosen ones and
/// opens a popover of check boxes.
@MainActor
final class MultiSelectEditor: RowEditor {
  private let multiSelect: Row.MultiSelect
  private let button = MenuButton(label: tr("None"))
  private let checks: [CheckButton]
  private var values: [String] = []

  init(_ multiSelect: Row.MultiSelect) {
    self.multiSelect = multiSelect
    checks = multiSelect.options.map { CheckButton(label: $0.label) }
    let column = Box(.vertical, spacing: 2)
    column.setMargins(top: 6, bottom: 6, start: 6, end: 6)
    checks.forEach(column.append)
    // Up and Down move between the check boxes, as in a menu (Tab does too).
    let keys = KeyController()
    keys.onKeyPressed { [checks] key in
      guard key.isUp || key.isDown, let focused = checks.firstIndex(where: \.hasFocus) else { return false }
      let next = focused + (key.isDown ? 1 : -1)
      guard checks.indices.contains(next) else { return true }
      return checks[next].grabFocus()
    }
    column.add(keys)
    // Long groups (forty ways to switch layouts) scroll inside the popover.
    let scroller = ScrolledWindow()
    scroller.setChild(column)
    scroller.setContentHeight(minimum: -1, maximum: 360, propagates: true)
    scroller.setPropagatesNaturalWidth(true)
    _ = button.setPopover(child: scroller)
  }

  var suffix: Widget? { button }
  var focusWidget: Widget { button }
  var kind: String { "multi-select" }
  var valueDescription: String {
    let labels = multiSelect.labels(of: values)
    return labels.isEmpty ? tr("None chosen") : labels.joined(separator: ", ")
  }

  func label(title: String) {
    button.setAccessibleLabel(title)
    button.setAccessibleLabelOfParts(title)
    for (check, option) in zip(checks, multiSelect.options) {
      check.setAccessibleLabel(option.label)
      check.setAccessibleDescription(title)
    }
  }

  func connect(to row: any RowBinding) {
    for (check, option) in zip(checks, multiSelect.options) {
      check.onToggle { [weak self, weak row] isActive in
        guard let self, let row else { return }
        let chosen = self.multiSelect.setting(option.value, chosen: isActive, in: self.values)
        row.write(.strings(chosen), self.multiSelect.key)
      }
    }
  }

  func refresh(_ settings: SettingsReader) {
    values = settings[multiSelect.key]?.stringsValue ?? []
    let chosen = Set(values)
    for (check, option) in zip(checks, multiSelect.options) {
      check.isActive = chosen.contains(option.value)
    }
    let labels = multiSelect.labels(of: values)
    button.label = labels.isEmpty ? tr("None") : labels.joined(separator: ", ")
  }

  func activate() { button.popup() }

  /// The check boxes, for tests.
  var checkButtons: [CheckButton] { checks }
  var summary: String { button.label }
}
