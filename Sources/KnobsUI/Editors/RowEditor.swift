import Gtk
import KnobsModel

/// The control of a row that edits a value in more than one widget or with a
/// dialog: text, numbers, fonts, files, choices, multi-selects, lists,
/// shortcuts and colors.
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
  func connect(to row: RowView)
  func refresh(_ settings: SettingsReader)
  /// What activating the row does: focus the field, open the chooser or the popover.
  func activate()
}

extension RowEditor {
  var below: Widget? { nil }
  var valueDescription: String { "" }
  func activate() { focusWidget.grabFocus() }
}

/// Builds the editor for a kind of row, or nil for the kinds `RowControl` draws itself.
@MainActor
enum RowEditors {
  static func make(for kind: Row.Kind) -> (any RowEditor)? {
    switch kind {
    case .text(let text): return TextEditor(text)
    case .number(let number): return NumberEditor(number)
    case .font(let font): return FontEditor(font)
    case .file(let file): return FileEditor(file)
    case .choice(let choice): return choice.presentation == .radio ? RadioEditor(choice) : ChoiceEditor(choice)
    case .multiSelect(let multiSelect): return MultiSelectEditor(multiSelect)
    case .list(let list): return ListEditor(list)
    case .shortcut(let shortcut): return ShortcutEditor(shortcut)
    case .color(let color): return ColorEditor(color)
    case .toggle, .link, .email, .detail, .page, .value, .slider, .action: return nil
    }
  }
}
