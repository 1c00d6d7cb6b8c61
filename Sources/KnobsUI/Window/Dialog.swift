import Gtk

/// A small window of Knobs' own (a question, a chooser, Set Shortcut, a panel's problems): a
/// title, and a padded column under a bold heading (or, without a heading, a bare column under
/// a header bar of the subclass's own), modal over the window that shows it.
///
/// It ends one way, whatever ends it (a button, Escape, the window's close button, or another
/// dialog taking its place in ``PanelView``'s one slot, unless it `holdsAnEdit`): the window is destroyed and the
/// `onFinish` handlers run, once. The parent window's focus is left where it was: the widget
/// that opened the dialog has it again once the parent is active.
@MainActor
package class Dialog {
  package let window: Window
  /// The dialog's content: under the heading, or the whole window when there is none.
  package let column: Box
  /// The bold heading at the top; nil when a header bar says the title.
  package let heading: Label?
  /// What has the focus when the dialog shows.
  package var initialFocus: Widget?
  /// Whether the dialog has not ended yet.
  package private(set) var isOpen = true
  /// Whether it asks about a value the person typed, which ending it unanswered would drop: a
  /// dialog presented in ``PanelView``'s slot meanwhile waits for the answer instead of ending it.
  package var holdsAnEdit = false
  private var finishHandlers: [@MainActor () -> Void] = []

  /// - Parameters:
  ///   - heading: the bold line at the top of the padded column; nil for a bare column.
  ///   - window: the window to use (an `ApplicationWindow` for a window of an application's own).
  /// Internal, with `make` for other modules: a `package` designated initializer makes the
  /// compiler warn of an infinite recursion in each subclass of this module (a false alarm about
  /// a thunk it never calls: swiftlang/swift#92023).
  init(title: String, heading text: String?, width: Int32, height: Int32 = -1, window: Window = Window()) {
    self.window = window
    window.title = title
    window.setDefaultSize(width: width, height: height)
    column = Box(.vertical, spacing: text == nil ? 0 : 12)
    heading = text.map(Label.init)
    if let heading {
      column.setMargins(top: 24, bottom: 24, start: 24, end: 24)
      heading.addCSSClass("knobs-dialog-title")
      heading.wraps = true
      column.append(heading)
    }
    window.setChild(column)
    let keys = KeyController()
    keys.onKeyPressed { [weak self] key in self?.pressed(key) ?? false }
    window.add(keys)
    // The window's close button: GTK destroys the window once this returns false.
    window.onCloseRequest { [weak self] in
      self?.finish()
      return false
    }
  }

  /// A dialog of another module's own (`init`'s parameters).
  package static func make(
    title: String, heading: String?, width: Int32, height: Int32 = -1, window: Window = Window()
  ) -> Dialog {
    Dialog(title: title, heading: heading, width: width, height: height, window: window)
  }

  /// Runs `handler` once, when the dialog has ended, whatever ended it.
  package func onFinish(_ handler: @escaping @MainActor () -> Void) { finishHandlers.append(handler) }

  /// Shows the window, modal over `parent` when there is one, with the focus on `initialFocus`.
  package func present(over parent: Window?) {
    if let parent {
      window.isModal = true
      window.destroysWithParent = true
      window.setTransient(for: parent)
    }
    window.present()
    _ = initialFocus?.grabFocus()
  }

  /// Takes a key no widget of the dialog used: Escape closes it. Returns whether it was used.
  func pressed(_ key: Key) -> Bool {
    guard key.isEscape else { return false }
    close()
    return true
  }

  /// Ends the dialog: destroys the window and runs the `onFinish` handlers. Closing again does nothing.
  package func close() {
    guard isOpen else { return }
    // destroy, not close: close does nothing to a window that was never realized.
    window.destroy()
    finish()
  }

  private func finish() {
    guard isOpen else { return }
    isOpen = false
    let handlers = finishHandlers
    finishHandlers = []
    handlers.forEach { $0() }
  }
}
