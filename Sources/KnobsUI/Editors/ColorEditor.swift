import Gtk
import KnobsModel

/// A color shown as a swatch on a button that opens GTK's color chooser; the
/// chosen color is written in the key's own format (`#rrggbb` for the
/// desktop's background colors).
@MainActor
final class ColorEditor: RowEditor {
  private let color: Row.Color
  let button: ColorButton
  private weak var row: (any RowBinding)?
  private var shown = ""

  init(_ color: Row.Color) {
    self.color = color
    button = ColorButton(title: tr("Choose a Color"), usesAlpha: color.format?.keepsAlpha ?? false)
  }

  var suffix: Widget? { button }
  var focusWidget: Widget { button }
  var kind: String { "color-button" }
  var valueDescription: String { shown }

  func label(title: String) {
    button.setAccessibleLabel(title)
    button.setAccessibleLabelOfParts(title)
  }

  func connect(to row: any RowBinding) {
    self.row = row
    button.onChange { [weak self, weak row] picked in
      guard let self, let row else { return }
      let format = self.color.format(default: row.defaultValue(for: self.color.key))
      let rgb = RGBColor(
        red: Self.byte(picked.red), green: Self.byte(picked.green), blue: Self.byte(picked.blue), alpha: picked.alpha)
      row.showProblem(nil)
      row.write(Row.Color.value(rgb, in: format), self.color.key)
    }
  }

  func refresh(_ settings: SettingsReader) {
    let text = Row.Color.text(of: settings[color.key]) ?? ""
    shown = text
    guard let parsed = try? RGBColor(parsing: text) else {
      row?.showNote(text.isEmpty ? nil : tr("“%s” is not a color; choosing one replaces it.", text))
      return
    }
    row?.showNote(nil)
    button.color = ColorButton.Color(
      red: Double(parsed.red) / 255, green: Double(parsed.green) / 255, blue: Double(parsed.blue) / 255,
      alpha: parsed.alpha)
  }

  func activate() { button.activateAsUser() }

  private static func byte(_ channel: Double) -> UInt8 { UInt8((min(max(channel, 0), 1) * 255).rounded()) }
}
