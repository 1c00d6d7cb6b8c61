import Gtk
import KnobsModel

/// The control of a row that edits a value: a switch or check box, a slider, text, numbers,
/// fonts, files, choices, multi-selects, lists, shortcuts and colors.
///
/// An editor shows the setting in `refresh` (never writing back) and sends the
/// user's changes to its row, which writes them or says why not.
@MainActor
protocol RowEditor: AnyObject {
  /// Placed at the end of the row.
  var suffix: Widget? { get }
  /// Placed under the title, for controls too big for the end of the row (radio buttons).
  var below: Widget? { get }
  /// The widget that takes the keyboard focus and carries the row's name for screen readers.
  var focusWidget: Widget { get }
  /// What the editor is, for tests: "entry", "number", "font-button", …
  var kind: String { get }
  /// What the control shows, said to screen readers after the row's subtitle
  /// (“Cantarell 11”, “2 items”); "" when the control says it itself.
  var valueDescription: String { get }
  /// Names the controls after the row's title.
  func label(title: String)
  func connect(to row: any RowBinding)
  func refresh(_ settings: SettingsReader)
  /// What activating the row does: flip the switch, focus the field, open the chooser or the popover.
  func activate()
  /// Whether a click on the row does something (a slider's row: no, its scale takes the clicks).
  var isActivatable: Bool { get }
  /// The text beside a slider, for tests; nil for other editors.
  var shownValue: String? { get }
}

extension RowEditor {
  var below: Widget? { nil }
  var valueDescription: String { "" }
  var isActivatable: Bool { true }
  var shownValue: String? { nil }
  func activate() { focusWidget.grabFocus() }
}
