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
  static let iconTheme = interface("icon-theme")
  static let cursorTheme = interface("cursor-theme")
  static let interfaceFont = interface("font-name")
  static let documentFont = interface("document-font-name")
  static let monospaceFont = interface("monospace-font-name")
  static let fontHinting = interface("font-hinting")
  static let fontAntialiasing = interface("font-antialiasing")

  static func windowManager(_ key: String) -> SettingKey {
    SettingKey(schema: "org.gnome.desktop.wm.preferences", key: key)
  }

  static let workspaceCount = windowManager("num-workspaces")
  static let workspaceNames = windowManager("workspace-names")
  static let buttonLayout = windowManager("button-layout")
  static let backgroundPicture = SettingKey(schema: "org.gnome.desktop.background", key: "picture-uri")
}

/// The panel `knobs` shows when run with no arguments; startup apps come from `autostart` (tests pass folders of their own).
@MainActor
func referencePanel(
  autostart: AutostartStore = AutostartStore(folders: DesktopFolders()), gtkVersion: @escaping @MainActor () -> String
) -> Panel {
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
      ChoiceRow("icons", "Icons", key: .iconTheme, provider: InstalledThemes().iconThemeOptions)
        .keywords("icon theme")
      ChoiceRow("cursor", "Cursor", key: .cursorTheme, provider: InstalledThemes().cursorThemeOptions)
        .keywords("cursor theme", "pointer")
      FileRow("background", "Background", key: .backgroundPicture, mimeTypes: ["image/*"])
        .keywords("wallpaper", "picture")
    }
    Section("clock", "Clock") {
      ToggleRow("show-weekday", "Show Weekday", key: .clockShowWeekday)
      ToggleRow("show-seconds", "Show Seconds", key: .clockShowSeconds)
      ChoiceRow("time-format", "Time Format", key: .clockFormat, options: [("24h", "24-hour"), ("12h", "AM/PM")])
        .keywords("12-hour", "am", "pm")
    }
    .footer { ClockPreview(settings: $0).sentence }
    Section("fonts", "Fonts") {
      FontRow("interface", "Interface Text", key: .interfaceFont)
      FontRow("document", "Document Text", key: .documentFont)
      FontRow("monospace", "Monospace Text", key: .monospaceFont, monospaceOnly: true)
        .keywords("fixed width", "terminal", "code")
      ChoiceRow(
        "hinting", "Hinting", key: .fontHinting,
        options: [("full", "Full"), ("medium", "Medium"), ("slight", "Slight"), ("none", "None")]
      )
      .radio()
      ChoiceRow(
        "antialiasing", "Antialiasing", key: .fontAntialiasing,
        options: [("rgba", "Subpixel (for LCD screens)"), ("grayscale", "Standard (grayscale)"), ("none", "None")]
      )
      .radio()
      .keywords("smoothing")
    }
    Section("windows", "Windows") {
      NumberRow("workspaces", "Workspaces", key: .workspaceCount, range: (1, 36))
        .subtitle("How many workspaces there are when they are not added as needed")
        .keywords("desktops", "virtual")
      ListRow(
        "workspace-names", "Workspace Names", key: .workspaceNames,
        itemRule: TextRule(nonEmpty: true, maximumLength: 100)
      )
      .keywords("desktops", "virtual")
      TextRow(
        "titlebar-buttons", "Titlebar Buttons", key: .buttonLayout, placeholder: "appmenu:close",
        rule: TextRule(
          maximumLength: 200, pattern: "[a-z,]*(:[a-z,]*)?",
          patternHint: "button names such as close, minimize, maximize and appmenu, separated by commas, "
            + "with one colon between the left and the right side")
      )
      .subtitle("The buttons left and right of the colon, e.g. appmenu:minimize,maximize,close")
      .keywords("button layout", "minimize", "maximize", "close")
    }
    Section("apps", "Apps") {
      startupApplicationsPage(autostart: autostart)
    }
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
