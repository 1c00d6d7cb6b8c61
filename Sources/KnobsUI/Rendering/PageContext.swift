import Gtk
import KnobsModel

/// What rows need from the window they are shown in: the store, and the
/// window-level things a row can ask for.
@MainActor
protocol PageHost: AnyObject {
  var store: any SettingsStore { get }
  /// The root panel, for actions that work on everything (Reset All).
  var rootPanel: Panel { get }
  /// The window rows open their dialogs over.
  var parentWindow: Window? { get }
  /// Shows `dialog` over that window, in the host's one dialog slot.
  func present(_ dialog: Dialog)
  func openDetail(_ page: Panel, path: RowPath)
  func launch(_ row: Row, path: RowPath, from widget: Widget)
  func runAction(_ action: Row.Action, title: String)
  func showMessage(_ message: String, actions: [ToastAction])
  /// The desktop's keybindings, to report a shortcut another one uses; nil to check none.
  var keybindings: KeybindingIndex? { get }
  /// Where values come from (dconf's layers), read only for the rows that ask; nil when unknown.
  var provenance: (any ProvenanceReading)? { get }
  /// How tall a page's list may be: the window's height once it is shown, else the height it opens at.
  var expectedPageHeight: Int { get }
}

/// A button in an in-window message.
struct ToastAction {
  let label: String
  let perform: @MainActor () -> Void
}
