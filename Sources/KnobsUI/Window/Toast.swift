import Gtk

/// An in-window message at the bottom of the window: it does not block, screen
/// readers announce it (role alert), and it can carry buttons such as "Undo"
/// or "Copy Link". It hides itself after a while unless it is focused.
@MainActor
final class Toast {
  let revealer = Revealer(fromBottom: true)
  private let box = Box(alertRoleWithSpacing: 12)
  private let label = Label()
  private let buttons = Box(.horizontal, spacing: 6)
  private var generation = 0
  /// Seconds a message stays up.
  var timeout = 8.0

  init() {
    revealer.horizontalAlignment = .center
    revealer.verticalAlignment = .end
    box.addCSSClass("knobs-toast")
    box.setAccessibleLabel("Message")
    box.setMargins(top: 0, bottom: 18, start: 12, end: 12)
    label.wraps = true
    label.xAlign = 0
    label.verticalAlignment = .center
    label.expandsHorizontally = true
    let close = Button(iconName: "window-close-symbolic")
    close.hasFrame = false
    close.setAccessibleLabel("Dismiss")
    close.tooltip = "Dismiss"
    close.onClick { [weak self] in self?.dismiss() }
    box.append(label)
    box.append(buttons)
    box.append(close)
    revealer.setChild(box)
    revealer.isVisible = false
  }

  var message: String? { revealer.isVisible ? label.text : nil }
  var actionLabels: [String] { revealer.isVisible ? actionTitles : [] }
  private var actionTitles: [String] = []
  private var actionButtons: [Button] = []

  func show(_ message: String, actions: [ToastAction]) {
    generation += 1
    let current = generation
    label.text = message
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
    revealer.isVisible = true
    revealer.isRevealed = true
    Task { @MainActor [weak self] in
      try? await Task.sleep(for: .seconds(self?.timeout ?? 8))
      guard let self, self.generation == current, !self.revealer.containsFocus else { return }
      self.dismiss()
    }
  }

  /// Presses one of the message's buttons, as a click would.
  func perform(_ label: String) {
    actionButtons.first { $0.label == label }?.click()
  }

  func dismiss() {
    revealer.isRevealed = false
    revealer.isVisible = false
    actionTitles = []
  }
}
