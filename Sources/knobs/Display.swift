import Foundation

/// Explains a missing or unreachable display in one sentence.
enum Display {
  static func missingMessage(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    let x11 = environment["DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }
    let wayland = environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }
    if x11 == nil && wayland == nil {
      return "knobs: no graphical display is available (DISPLAY and WAYLAND_DISPLAY are unset); "
        + "run Knobs in a desktop session, use “knobs list/get/set” for the command line, "
        + "or start it on a virtual display with “xvfb-run knobs”."
    }
    let name = [wayland.map { "Wayland display “\($0)”" }, x11.map { "X display “\($0)”" }]
      .compactMap { $0 }.joined(separator: " or ")
    return "knobs: can't connect to the \(name); check that the display is running and that you may use it."
  }
}
