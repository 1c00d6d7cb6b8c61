import Gtk

/// A strip at the top of the window for a lasting condition, such as settings
/// that won't be kept. Unlike a toast it stays until the condition ends.
@MainActor
final class Banner {
  let revealer = Revealer()
  private let label = Label()

  init() {
    let box = Box(alertRoleWithSpacing: 6)
    box.addCSSClass("knobs-banner")
    box.setAccessibleLabel("Notice")
    let icon = Image(iconName: "dialog-warning-symbolic")
    icon.hideFromAssistiveTechnologies(label: "Warning")
    label.wraps = true
    label.xAlign = 0.5
    label.expandsHorizontally = true
    box.append(icon)
    box.append(label)
    revealer.setChild(box)
    revealer.isRevealed = false
  }

  var text: String? { revealer.isRevealed ? label.text : nil }

  func show(_ text: String) {
    label.text = text
    revealer.isRevealed = true
  }

  func hide() { revealer.isRevealed = false }
}
