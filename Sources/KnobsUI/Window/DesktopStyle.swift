import Gtk
import KnobsModel

/// Makes Knobs follow the desktop's dark-style and animation preferences, which
/// GTK 4.8 does not read by itself: `color-scheme` set to `prefer-dark` picks
/// the theme's dark variant and `enable-animations` turns GTK's animations on
/// or off, at once and whenever the settings change.
@MainActor
public final class DesktopStyle {
  /// The desktop's dark-style preference (`default`, `prefer-dark`, `prefer-light`).
  public static let colorScheme = SettingKey(schema: "org.gnome.desktop.interface", key: "color-scheme")
  /// Whether the desktop wants animations.
  public static let enableAnimations = SettingKey(schema: "org.gnome.desktop.interface", key: "enable-animations")
  private let store: any SettingsStore
  private var observation: Observation?

  /// Applies `store`'s preferences now, then each time they change, for as long as this object lives.
  public init(following store: any SettingsStore) {
    self.store = store
    apply()
    observation = store.observe { [weak self] key in
      if key == Self.colorScheme || key == Self.enableAnimations { self?.apply() }
    }
  }

  private func apply() {
    let prefersDark = store.value(for: Self.colorScheme) == .string("prefer-dark")
    if Style.prefersDark != prefersDark { Style.prefersDark = prefersDark }
    if let animations = store.value(for: Self.enableAnimations)?.boolValue, Style.animationsEnabled != animations {
      Style.animationsEnabled = animations
    }
  }
}
