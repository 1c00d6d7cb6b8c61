import Gtk
import KnobsModel

/// A scale with its value beside it; the value snaps to the slider's step, an integer key gets an integer.
@MainActor
final class SliderEditor: RowEditor {
  let slider: Row.Slider
  private let scale: Scale
  private let valueLabel = Label()
  private let box = Box(.horizontal, spacing: 6)
  private weak var row: (any RowBinding)?

  init(_ slider: Row.Slider) {
    self.slider = slider
    scale = Scale(minimum: slider.minimum, maximum: slider.maximum, step: slider.step)
    // With its value beside it and a title of a few words, it fits the narrowest window (360 pixels).
    scale.setSizeRequest(width: 160, height: -1)
    valueLabel.addCSSClass("dim-label")
    valueLabel.addCSSClass("knobs-slider-value")
    valueLabel.xAlign = 1
    box.append(scale)
    box.append(valueLabel)
  }

  var suffix: Widget? { box }
  var focusWidget: Widget { scale }
  var kind: String { "scale" }
  var isActivatable: Bool { false }
  var shownValue: String? { valueLabel.text }

  func label(title: String) { scale.setAccessibleLabel(title) }

  func connect(to row: any RowBinding) {
    self.row = row
    scale.onChange { [weak self] value in
      guard let self, let row = self.row else { return }
      let snapped = self.slider.snapped(value)
      row.write(Self.numberValue(snapped, like: row.defaultValue(for: self.slider.key)), self.slider.key)
    }
  }

  /// An integer key gets an integer, a double key a double.
  private static func numberValue(_ value: Double, like sample: SettingValue?) -> SettingValue {
    if case .int = sample { return .int(ExactNumber.clampedInteger(value)) }
    return .double(value)
  }

  func refresh(_ settings: SettingsReader) {
    let value = settings[slider.key]
    scale.value = value?.doubleValue ?? slider.minimum
    valueLabel.text = value.map { slider.format.string(of: $0) } ?? "—"
    scale.setAccessibleDescription(valueLabel.text)
    row?.showNote(
      value?.doubleValue.flatMap {
        Row.Slider.outOfRangeNote($0, minimum: slider.minimum, maximum: slider.maximum, format: slider.format)
      })
  }
}
