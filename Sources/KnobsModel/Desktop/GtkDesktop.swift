import FoundationEssentials
import Glibc

/// The desktop Knobs runs on, as far as where GTK reads its settings goes.
///
/// On GNOME, GTK reads GSettings (through its settings daemon over X); elsewhere GTK over X
/// (X11 window managers, Xwayland under sway) reads `settings.ini`, `~/.gtkrc-2.0` and an
/// XSETTINGS daemon when one runs, and native Wayland GTK takes its dark style from
/// `settings.ini` only.
package enum GtkDesktop: String, Sendable, Equatable, CaseIterable {
  /// GNOME: GNOME Shell owns its name on the session bus, or the session says it is GNOME.
  case gnome
  /// Another Wayland compositor, such as sway.
  case wayland
  /// An X11 window manager with no XSETTINGS daemon.
  case x11
  /// An X11 window manager beside an XSETTINGS daemon (xsettingsd, xfsettingsd…).
  case x11WithXSettings

  /// Whether GNOME's own programs read the settings: only GSettings is written then.
  package var isGNOME: Bool { self == .gnome }

  /// Decides from the session's variables first; only when they do not say GNOME is the bus
  /// asked (`shellOwnsName`), and only on X whether an XSETTINGS daemon runs.
  package static func detect(
    environment: [String: String], shellOwnsName: () -> Bool, xsettingsRunning: () -> Bool = { runsXSettingsDaemon() }
  ) -> GtkDesktop {
    if sessionSaysGNOME(environment) || shellOwnsName() { return .gnome }
    let wayland =
      !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty || environment["XDG_SESSION_TYPE"]?.lowercased() == "wayland"
    if wayland { return .wayland }
    return xsettingsRunning() ? .x11WithXSettings : .x11
  }

  /// Whether `XDG_CURRENT_DESKTOP` (a list separated by colons) or `XDG_SESSION_DESKTOP` names GNOME
  /// (`GNOME`, `ubuntu:GNOME`, `GNOME-Flashback:GNOME`, `gnome-xorg`).
  package static func sessionSaysGNOME(_ environment: [String: String]) -> Bool {
    let names =
      (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":")
      + (environment["XDG_SESSION_DESKTOP"] ?? "").split(separator: ":")
    return names.contains { name in
      let lower = name.lowercased()
      return lower == "gnome" || lower.hasPrefix("gnome-")
    }
  }

  /// The XSETTINGS daemons Knobs knows by their process names.
  static let xsettingsDaemons: Set<String> = [
    "xsettingsd", "xfsettingsd", "gsd-xsettings", "mate-settings-daemon", "cinnamon-settings-daemon",
  ]

  /// Whether one of the user's processes is an XSETTINGS daemon.
  package static func runsXSettingsDaemon() -> Bool {
    !processes(named: xsettingsDaemons).isEmpty
  }

  /// The ids of the user's own processes whose name (`/proc/PID/comm`) is one of `names`.
  package static func processes(named names: Set<String>) -> [pid_t] {
    guard let entries = LocalFiles.names(in: "/proc") else { return [] }
    let user = getuid()
    var found: [pid_t] = []
    for entry in entries {
      guard let pid = pid_t(entry), pid > 0 else { continue }
      var info = stat()
      guard stat("/proc/\(entry)", &info) == 0, info.st_uid == user else { continue }
      guard let comm = LocalFiles.text(at: "/proc/\(entry)/comm") else { continue }
      if names.contains(comm.trimmingWhitespace) { found.append(pid) }
    }
    return found
  }
}
