import Gtk
import KnobsModel

/// A strip at the top of the window for a lasting condition, such as settings
/// that won't be kept. Unlike a toast it stays until the condition ends.
@MainActor
final class Banner {
  /// A plain box, not a GtkRevealer: GTK 4.8 mismeasures a revealer around a
  /// wrapping label and logs a critical.
  let container = Box(alertRoleWithSpacing: 6)
  private let label = Label()

  init() {
    container.addCSSClass("knobs-banner")
    container.setAccessibleLabel(tr("Notice"))
    let icon = Image(iconName: "dialog-warning-symbolic")
    icon.hideFromAssistiveTechnologies(label: tr("Warning"))
    label.wraps = true
    label.xAlign = 0.5
    label.expandsHorizontally = true
    container.append(icon)
    container.append(label)
    container.isVisible = false
  }

  var text: String? { container.isVisible ? label.text : nil }

  func show(_ text: String) {
    label.text = text
    container.isVisible = true
  }

  func hide() { container.isVisible = false }
}
