import KnobsDesktop
import Gtk
import KnobsModel
import KnobsUI

/// The window a panel file that can't be used shows instead of half a panel:
/// what went wrong, one `file:line:column: path: message` line each, as text
/// the user can select and copy, and a Close button.
@MainActor
package final class PanelProblemsWindow {
  private let dialog: Dialog
  package var window: Window { dialog.window }
  /// The problems, one a line.
  package let problems = Label("")
  package let closeButton = Button(label: tr("Close"))

  /// - Parameters:
  ///   - application: the application the window belongs to; nil for a window of its own.
  ///   - source: the panel's id or file, as it was asked for.
  ///   - lines: the problems as the command line prints them.
  package init(application: Application?, source: String, lines: [String]) {
    dialog = Dialog.make(
      title: source,
      heading: tr(
        "Couldn't open “%s”: %s", source,
        trn("the settings panel has %d problem:", "the settings panel has %d problems:", lines.count, lines.count)),
      width: 640, height: 360, window: application.map { ApplicationWindow(application: $0) } ?? Window())
    dialog.heading?.xAlign = 0
    problems.text = lines.joined(separator: "\n")
    problems.isSelectable = true
    problems.wraps = true
    problems.xAlign = 0
    problems.verticalAlignment = .start
    problems.addCSSClass("monospace")
    let scroller = ScrolledWindow()
    scroller.setChild(problems)
    scroller.expandsVertically = true
    closeButton.horizontalAlignment = .end
    closeButton.onClick { [weak dialog] in dialog?.close() }
    [scroller, closeButton].forEach(dialog.column.append)
    dialog.initialFocus = closeButton
  }

  /// Shows the window with Close focused, so the problems are not all selected at first.
  package func present() {
    dialog.present(over: nil)
    problems.clearSelection()
  }
}
