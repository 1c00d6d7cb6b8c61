import Gtk
import KnobsModel

/// A number in a spin button, with its unit after it. Typed values are brought
/// into the range and to the row's decimals before they are written.
@MainActor
final class NumberEditor: RowEditor {
  private let number: Row.Number
  private let spin: SpinButton
  private let box = Box(.horizontal, spacing: 6)

  init(_ number: Row.Number) {
    self.number = number
    spin = SpinButton(minimum: number.minimum, maximum: number.maximum, step: number.step, digits: number.decimals)
    box.append(spin)
    if !number.unit.isEmpty {
      let unit = Label(number.unit)
      unit.addCSSClass("dim-label")
      box.append(unit)
    }
  }

  var suffix: Widget? { box }
  var focusWidget: Widget { spin }
  var kind: String { "spin-button" }

  func label(title: String) { spin.setAccessibleLabel(title) }

  func connect(to row: RowView) {
    spin.onChange { [weak row, number] value in
      guard let row, let store = row.store else { return }
      let clamped = min(max(value, number.minimum), number.maximum)
      if case .int = store.defaultValue(for: number.key) {
        row.write(.int(Int(clamped.rounded())), number.key)
      } else {
        row.write(.double(Self.rounded(clamped, decimals: number.decimals)), number.key)
      }
    }
  }

  func refresh(_ settings: SettingsReader) {
    spin.value = settings[number.key]?.doubleValue ?? number.minimum
    spin.setAccessibleDescription(number.format.string(spin.value))
  }

  private static func rounded(_ value: Double, decimals: Int) -> Double {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    return (value * scale).rounded() / scale
  }
}
