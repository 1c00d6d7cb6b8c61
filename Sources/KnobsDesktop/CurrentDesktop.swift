import Gio
import KnobsModel
import KnobsSettings

/// The desktop this process runs on (`GtkDesktop`), found once when first asked: from the
/// session's variables, and when they do not say GNOME, whether GNOME Shell owns its name on
/// the session bus. The window, the command line and the search provider ask the same.
@MainActor
package enum CurrentDesktop {
  /// The process's environment, set at start.
  static var environment: [String: String] = [:]
  private static var found: GtkDesktop?
  private static var foundGNOME: Bool?

  /// The desktop, with whether an XSETTINGS daemon runs on X (a look through the processes).
  static var kind: GtkDesktop {
    if let found { return found }
    let desktop = GtkDesktop.detect(environment: environment) { isGNOME }
    found = desktop
    return desktop
  }

  /// Whether GNOME Shell reads the settings it alone reads (the top bar's, extensions): the
  /// session's variables, else one question to the bus. Asked by the first page's subtitles.
  static var isGNOME: Bool {
    if let foundGNOME { return foundGNOME }
    let start = LocalFiles.monotonicNow()
    let gnome =
      GtkDesktop.sessionSaysGNOME(environment) || SessionBus.nameHasOwner("org.gnome.Shell")
    foundGNOME = gnome
    detectionSeconds = LocalFiles.monotonicNow() - start
    return gnome
  }

  /// How long telling GNOME from the rest took (the variables, and the bus when asked), once it
  /// was; bench/run's section 11 reports it through knobs-bench-app.
  package private(set) static var detectionSeconds: Double?

  /// Takes the desktop for GNOME or not without asking (tests); nil asks again.
  static func assume(gnome: Bool?) {
    foundGNOME = gnome
    found = nil
  }

  /// Said under a page or row that only GNOME Shell reads, elsewhere; "" on GNOME.
  static var onlyInGNOMENote: String {
    isGNOME ? "" : tr("Takes effect only in GNOME; this desktop does not read it.")
  }

  /// From now on every GSettings write of this process also goes where this desktop's GTK reads.
  package static func start(environment: [String: String]) {
    self.environment = environment
    GSettingsStore.mirror = GtkFilesMirror(environment: environment) { CurrentDesktop.kind }
  }
}
