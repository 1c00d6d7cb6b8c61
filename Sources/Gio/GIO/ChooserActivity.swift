/// When this process last had one of GTK's choosers open. GTK keeps their state (a file
/// chooser's sort order and size, a color chooser's custom colors) in GSettings, so what
/// it writes then is this process's doing, not another program's.
@MainActor
public enum ChooserActivity {
  /// The schemas GTK keeps its choosers' state in.
  public static let stateSchemas: Set<String> = [
    "org.gtk.gtk4.Settings.FileChooser", "org.gtk.Settings.FileChooser", "org.gtk.gtk4.Settings.ColorChooser",
    "org.gtk.Settings.ColorChooser", "org.gtk.gtk4.Settings.EmojiChooser", "org.gtk.Settings.EmojiChooser",
  ]
  private static var openCount = 0
  private static var lastSeen: ContinuousClock.Instant?

  package static func opened() {
    openCount += 1
    lastSeen = .now
  }

  package static func closed() {
    openCount = max(0, openCount - 1)
    lastSeen = .now
  }

  /// A chooser whose state GTK writes as it closes or right after (a color picked).
  package static func used() { lastSeen = .now }

  /// Whether a chooser is open, or was within `seconds`.
  public static func wasActive(within seconds: Double) -> Bool {
    guard let lastSeen else { return false }
    return openCount > 0 || ContinuousClock.now - lastSeen < .seconds(seconds)
  }
}
