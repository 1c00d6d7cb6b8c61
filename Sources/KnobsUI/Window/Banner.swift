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
    // In a row box, not side by side in the alert box: GTK 4.8's box measured the icon and the
    // wrapping label one pixel shorter for no width than for any width, and a window measuring
    // its width for a height then logged a critical ("Expect overlapping widgets").
    let line = RowBox(spacing: 6)
    line.append(icon)
    line.append(label)
    container.append(line)
    container.isVisible = false
  }

  var text: String? { container.isVisible ? label.text : nil }

  func show(_ text: String) {
    label.text = text
    container.isVisible = true
  }

  func hide() { container.isVisible = false }
}
