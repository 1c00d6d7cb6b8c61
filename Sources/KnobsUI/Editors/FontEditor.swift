import Gtk
import KnobsModel

/// A font shown in its own face on a button that opens GTK's font chooser.
@MainActor
final class FontEditor: RowEditor {
  private let font: Row.Font
  private let button: FontButton

  init(_ font: Row.Font) {
    self.font = font
    button = FontButton(title: "Choose a Font", monospaceOnly: font.monospaceOnly)
  }

  var suffix: Widget? { button }
  var focusWidget: Widget { button }
  var kind: String { "font-button" }

  func label(title: String) {
    button.setAccessibleLabel(title)
    button.setAccessibleLabelOfParts(title)
  }

  func connect(to row: RowView) {
    button.onChange { [weak row, font] description in
      guard let row else { return }
      if let problem = FontDescription.problem(with: description) {
        row.showProblem("Not saved: \(problem)")
        return
      }
      row.showProblem(nil)
      row.write(.string(description), font.key)
    }
  }

  func refresh(_ settings: SettingsReader) {
    let value = settings.string(font.key)
    button.font = value
    button.setAccessibleDescription(value)
  }

  func activate() { button.activateAsUser() }
}
