import FoundationEssentials
import KnobsModel

/// Explains a missing or unreachable display in one sentence.
package enum Display {
  /// - Parameter program: the program's name, which starts the message.
  package static func missingMessage(
    program: String = "knobs", environment: [String: String] = LocalFiles.environment()
  ) -> String {
    let x11 = environment["DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }
    let wayland = environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }
    if x11 == nil && wayland == nil && program != "knobs" {
      return "\(program): "
        + tr(
          "no graphical display is available (DISPLAY and WAYLAND_DISPLAY are unset); “%1$s list/get/set” work without one, or start it on a virtual display with “xvfb-run %1$s”.",
          program)
    }
    if x11 == nil && wayland == nil {
      return "knobs: "
        + tr(
          "no graphical display is available (DISPLAY and WAYLAND_DISPLAY are unset); run Knobs in a desktop session, use “knobs list/get/set” for the command line, or start it on a virtual display with “xvfb-run knobs”."
        )
    }
    let reason: String
    switch (wayland, x11) {
    case (let wayland?, let x11?):
      reason = tr(
        "can't connect to the Wayland display “%s” or the X display “%s”; check that the display is running and that you may use it.",
        wayland, x11)
    case (let wayland?, nil):
      reason = tr(
        "can't connect to the Wayland display “%s”; check that the display is running and that you may use it.",
        wayland)
    default:
      reason = tr(
        "can't connect to the X display “%s”; check that the display is running and that you may use it.", x11 ?? "")
    }
    return "\(program): " + reason
  }
}
