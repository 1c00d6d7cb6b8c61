import Gtk
import KnobsModel

/// Makes Knobs follow the desktop's dark-style preference, which GTK 4.8 does
/// not read by itself: `color-scheme` set to `prefer-dark` picks the theme's
/// dark variant, at once and whenever the setting changes.
@MainActor
public final class DesktopStyle {
  public static let colorScheme = SettingKey(schema: "org.gnome.desktop.interface", key: "color-scheme")
  private let store: any SettingsStore
  private var observation: Observation?

  public init(following store: any SettingsStore) {
    self.store = store
    apply()
    observation = store.observe { [weak self] key in
      if key == Self.colorScheme { self?.apply() }
    }
  }

  private func apply() {
    let prefersDark = store.value(for: Self.colorScheme) == .string("prefer-dark")
    if Style.prefersDark != prefersDark { Style.prefersDark = prefersDark }
  }
}
