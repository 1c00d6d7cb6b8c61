import Gtk
import KnobsModel

/// One of several options in a drop-down. Options found at run time are asked
/// for when the row is built and again on `reloadOptions`; a current value
/// that is not among them is kept and shown as “not found”.
@MainActor
final class ChoiceEditor: RowEditor {
  private let choice: Row.Choice
  private let dropDown: DropDown
  private weak var row: (any RowBinding)?
  /// The options in the drop-down, in order; may end with the current value when it was not found.
  private(set) var shown: [Row.Choice.Option] = []
  /// The drop-down's items: those of `shown`, and a last one saying why there is no value, if any.
  private(set) var shownLabels: [String] = []
  private var found: [Row.Choice.Option]
  private var providerProblem: String?
  private var title = ""

  init(_ choice: Row.Choice) {
    self.choice = choice
    found = choice.options
    dropDown = DropDown(items: [])
    loadOptions()
  }

  var suffix: Widget? { dropDown }
  var focusWidget: Widget { dropDown }
  var kind: String { "drop-down" }

  /// Enter or Space on the row opens the list at once, as a click does.
  func activate() {
    dropDown.grabFocus()
    dropDown.popUp()
  }

  func label(title: String) {
    self.title = title
    dropDown.setAccessibleLabel(title)
    dropDown.setAccessibleLabelOfParts(title)
  }

  func connect(to row: any RowBinding) {
    self.row = row
    dropDown.onSelect { [weak self] index in
      guard let self, self.shown.indices.contains(index), let row = self.row else { return }
      let current = row.value(for: self.choice.key)
      row.write(self.choice.value(choosing: self.shown[index].value, from: current), self.choice.key)
    }
  }

  /// Asks the provider again, e.g. when the window comes back to the front after a theme was installed.
  func reloadOptions(_ settings: SettingsReader) {
    guard choice.provider != nil else { return }
    loadOptions()
    refresh(settings)
  }

  private func loadOptions() {
    do {
      found = try choice.currentOptions()
      providerProblem = nil
    } catch {
      found = []
      providerProblem = error.description
    }
  }

  func refresh(_ settings: SettingsReader) {
    let value = choice.shownValue(settings[choice.key])
    var options = found
    // A value none of the options holds (a theme since removed, a value another program
    // wrote) is shown as it is, never as no value.
    if let value, !options.contains(where: { $0.value == value }) {
      options.append(
        Row.Choice.Option(
          value,
          tr(
            // TRANSLATORS: %s is a setting's value, such as a theme's name, that is not installed.
            "%s (not found)", value.description)))
    }
    // Something is always selected, in Knobs' words: GTK's own “(None)” is not translated in
    // every language. Nothing to offer, or a key that can't be read, says so and can't be opened.
    let placeholder = options.isEmpty ? tr("None Found") : value == nil ? tr("Unavailable") : nil
    let labels = options.map(\.label) + (placeholder.map { [$0] } ?? [])
    if labels != shownLabels || options.map(\.value) != shown.map(\.value) {
      shown = options
      shownLabels = labels
      dropDown.setItems(labels)
      dropDown.isSensitive = placeholder == nil
      if !title.isEmpty { dropDown.setAccessibleLabelOfParts(title) }
    }
    dropDown.selectedIndex = placeholder != nil ? labels.count - 1 : shown.firstIndex { $0.value == value }
    row?.showNote(providerProblem)
  }
}
