import KnobsModel

/// Keys of `org.gnome.desktop.interface` the reference panel shows.
extension SettingKey {
  static func interface(_ key: String) -> SettingKey {
    SettingKey(schema: "org.gnome.desktop.interface", key: key)
  }

  static let colorScheme = interface("color-scheme")
  static let textScalingFactor = interface("text-scaling-factor")
  static let enableAnimations = interface("enable-animations")
  static let cursorSize = interface("cursor-size")
  static let clockShowWeekday = interface("clock-show-weekday")
  static let clockShowSeconds = interface("clock-show-seconds")
  static let clockFormat = interface("clock-format")
}

/// The panel `knobs` shows when run with no arguments.
@MainActor
func referencePanel(gtkVersion: @escaping @MainActor () -> String) -> Panel {
  Panel(AppInfo.name) {
    Section("appearance", "Appearance") {
      ToggleRow("dark-style", "Dark Style", key: .colorScheme, on: "prefer-dark", off: "default")
        .subtitle("Prefer dark colors in apps that support it")
        .keywords("theme", "night", "color scheme")
      SliderRow("text-size", "Text Size", key: .textScalingFactor, range: (0.5, 3.0), step: 0.05, format: .percent)
        .keywords("font", "scaling", "zoom")
      ToggleRow("animations", "Animations", key: .enableAnimations)
        .keywords("motion", "effects")
      ChoiceRow(
        "cursor-size", "Cursor Size", key: .cursorSize,
        options: [(24, "Default"), (32, "Medium"), (48, "Large"), (64, "Larger"), (96, "Largest")]
      )
      .keywords("pointer", "mouse")
    }
    Section("clock", "Clock") {
      ToggleRow("show-weekday", "Show Weekday", key: .clockShowWeekday)
      ToggleRow("show-seconds", "Show Seconds", key: .clockShowSeconds)
      ChoiceRow("time-format", "Time Format", key: .clockFormat, options: [("24h", "24-hour"), ("12h", "AM/PM")])
        .keywords("12-hour", "am", "pm")
    }
    .footer { ClockPreview(settings: $0).sentence }
    Section("reach-out", "Reach Out") {
      EmailRow(
        "feedback", "Send Feedback", to: AppInfo.maintainersAddress, subject: "Knobs feedback",
        body: "\n\n--\nKnobs \(AppInfo.version)"
      )
      .subtitle("Write to the maintainers")
      LinkRow("website", "Website", url: AppInfo.website)
      LinkRow("report-issue", "Report an Issue", url: AppInfo.issues)
        .keywords("bug", "problem")
    }
    Section("help", "Help") {
      DetailRow("shortcuts", "Keyboard Shortcuts") {
        Section("shortcuts", "General") {
          ValueRow("search", "Search", value: "Ctrl+F")
          ValueRow("back", "Go Back", value: "Alt+Left or Escape")
          ValueRow("context-menu", "Row Menu", value: "Menu or Shift+F10")
          ValueRow("close", "Close Window", value: "Ctrl+W")
          ValueRow("quit", "Quit", value: "Ctrl+Q")
        }
      }
      DetailRow("about", "About Knobs") {
        Section("info", "Knobs") {
          ValueRow("version", "Version", value: AppInfo.version)
          ValueRow("gtk-version", "GTK Version") { _ in gtkVersion() }
          ValueRow("storage", "Settings Storage") { settings in
            let storage = settings.store.storage
            return storage.isPersistent ? "\(storage.backend)" : "\(storage.backend) (not kept)"
          }
        }
        Section("links", "Links") {
          LinkRow("license", "License", url: AppInfo.license)
            .subtitle("GNU General Public License, version 3 or later")
          LinkRow("source", "Source Code", url: AppInfo.source)
        }
      }
      LinkRow("privacy", "Privacy Policy", url: AppInfo.privacy)
    }
    Section("reset", footer: "Returns every setting on this panel to its default.") {
      ActionRow(
        "reset-all", "Reset All",
        confirmation: Confirmation(
          title: "Reset All Settings?",
          message: "Every setting on this panel returns to its default. You can undo this right after.",
          confirmLabel: "Reset"),
        isDestructive: true
      ) { context in
        context.panel.resetAll(in: context.store)
      }
    }
  }
}
