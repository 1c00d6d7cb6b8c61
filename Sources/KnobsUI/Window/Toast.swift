import Gtk
import KnobsModel

/// An in-window message at the bottom of the window: it does not block, screen
/// readers announce it (role alert), and it can carry buttons such as "Undo"
/// or "Copy Link". It hides itself after a while unless it is focused.
///
/// It is a plain box, not a GtkRevealer: GTK 4.8 mismeasures a revealer around
/// a wrapping label and logs a critical.
@MainActor
final class Toast {
  private let box = Box(alertRoleWithSpacing: 12)
  var container: Widget { box }
  private let label = Label()
  private let buttons = Box(.horizontal, spacing: 6)
  private var generation = 0
  /// The fewest characters a line of the message holds, alone and with buttons beside it: the
  /// toast still fits a window 360 pixels wide. The fewer, the more lines GTK lays out, each
  /// shaped anew, to find the narrowest the toast may be.
  static let narrowestLine: (alone: Int32, besideButtons: Int32) = (28, 16)
  /// Seconds a message stays up.
  var timeout = 8.0

  init() {
    box.horizontalAlignment = .center
    box.verticalAlignment = .end
    box.addCSSClass("knobs-toast")
    box.setAccessibleLabel(tr("Message"))
    box.setMargins(top: 0, bottom: 18, start: 12, end: 12)
    label.wraps = true
    label.maximumWidthChars = 60
    // GTK finds a wrapping label's minimum width by laying it out at the narrowest width it may
    // take, shaping it anew for each line: a letter a line without a floor, a quarter of a second
    // for a "did you mean" message with three paths, on every message a deep link shows.
    label.widthChars = Self.narrowestLine.alone
    label.xAlign = 0
    label.verticalAlignment = .center
    label.expandsHorizontally = true
    let close = Button(iconName: "window-close-symbolic")
    close.hasFrame = false
    close.setAccessibleLabel(tr("Dismiss"))
    close.tooltip = tr("Dismiss")
    close.onClick { [weak self] in self?.dismiss() }
    box.append(label)
    box.append(buttons)
    box.append(close)
    box.isVisible = false
  }

  var message: String? { box.isVisible ? label.text : nil }
  var actionLabels: [String] { box.isVisible ? actionTitles : [] }
  private var actionTitles: [String] = []
  private var actionButtons: [Button] = []

  func show(_ message: String, actions: [ToastAction]) {
    generation += 1
    let current = generation
    label.text = message
    label.widthChars = actions.isEmpty ? Self.narrowestLine.alone : Self.narrowestLine.besideButtons
    buttons.removeAll()
    actionButtons = actions.map { action in
      let button = Button(label: action.label)
      button.onClick { [weak self] in
        self?.dismiss()
        action.perform()
      }
      buttons.append(button)
      return button
    }
    actionTitles = actions.map(\.label)
    box.isVisible = true
    runOnMainLoop(after: timeout) { [weak self] in
      guard let self, self.generation == current, !self.box.containsFocus else { return }
      self.dismiss()
    }
  }

  /// Presses one of the message's buttons, as a click would.
  func perform(_ label: String) {
    actionButtons.first { $0.label == label }?.click()
  }

  func dismiss() {
    box.isVisible = false
    actionTitles = []
  }
}
