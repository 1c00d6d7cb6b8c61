import Gtk
import KnobsModel

/// The window a panel file that can't be used shows instead of half a panel:
/// what went wrong, one `file:line:column: path: message` line each, as text
/// the user can select and copy, and a Close button.
@MainActor
public final class PanelProblemsWindow {
  public let window: Window
  /// The problems, one a line.
  public let problems = Label("")
  public let closeButton = Button(label: tr("Close"))

  /// - Parameters:
  ///   - source: the panel's id or file, as it was asked for.
  ///   - lines: the problems as the command line prints them.
  public init(application: Application?, source: String, lines: [String]) {
    window = application.map { ApplicationWindow(application: $0) } ?? Window()
    window.title = source
    window.setDefaultSize(width: 640, height: 360)
    let column = Box(.vertical, spacing: 12)
    column.setMargins(top: 24, bottom: 24, start: 24, end: 24)
    let heading = Label(
      tr(
        "Couldn't open “%s”: %s", source,
        trn("the settings panel has %d problem:", "the settings panel has %d problems:", lines.count, lines.count)))
    heading.addCSSClass("knobs-dialog-title")
    heading.wraps = true
    heading.xAlign = 0
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
    closeButton.onClick { [weak self] in self?.window.destroy() }
    [heading, scroller, closeButton].forEach(column.append)
    window.setChild(column)
    let keys = KeyController()
    keys.onKeyPressed { [weak self] key in
      guard key.isEscape else { return false }
      self?.window.destroy()
      return true
    }
    window.add(keys)
  }

  /// Shows the window with Close focused, so the problems are not all selected at first.
  public func present() {
    window.present()
    _ = closeButton.grabFocus()
    problems.clearSelection()
  }
}
