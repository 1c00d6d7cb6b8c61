import KnobsModel

/// Style, themes found on this system, and the background pictures.
@MainActor
func appearancePage(themes: InstalledThemes) -> Row {
  desktopPage("appearance", "Appearance", icon: "preferences-desktop-appearance-symbolic") {
    Section("style", "Style") {
      ToggleRow("dark-style", "Dark Style", key: .colorScheme, on: "prefer-dark", off: "default")
        .subtitle("Prefer dark colors in apps that support it")
        .keywords("theme", "night", "color scheme")
      ToggleRow("animations", "Animations", key: .enableAnimations)
        .keywords("motion", "effects")
    }
    Section("themes", "Themes") {
      ChoiceRow("icons", "Icons", key: .iconTheme, provider: themes.iconThemeOptions)
        .keywords("icon theme")
      ChoiceRow("cursor", "Cursor", key: .cursorTheme, provider: themes.cursorThemeOptions)
        .keywords("cursor theme", "pointer")
      ChoiceRow(
        "cursor-size", "Cursor Size", key: .cursorSize,
        options: [(24, "Default"), (32, "Medium"), (48, "Large"), (64, "Larger"), (96, "Largest")]
      )
      .keywords("pointer", "mouse")
      ChoiceRow("shell", "Shell", key: .shellTheme, provider: themes.shellThemeOptions)
        .subtitle { settings in
          // Without the extension's schema the row says that instead.
          guard settings.store.availability(of: .shellTheme) == .available else { return "" }
          return shellThemesEnabled(settings)
            ? "The look of the top bar and the overview" : "Needs the User Themes extension, which is not enabled"
        }
        .enabled(when: Condition(shellThemesEnabled))
        .keywords("shell theme", "user themes", "top bar")
      ChoiceRow(
        "legacy-applications", "Legacy Applications", key: .gtkTheme,
        provider: themes.legacyApplicationThemeOptions
      )
      .subtitle("The theme of GTK 3 applications")
      .keywords("gtk theme", "gtk3")
    }
    Section("background", "Background") {
      FileRow("picture", "Picture", key: .backgroundPicture, mimeTypes: ["image/*"])
        .keywords("wallpaper", "background")
      FileRow("dark-picture", "Picture in Dark Style", key: .backgroundPictureDark, mimeTypes: ["image/*"])
        .keywords("wallpaper", "background", "dark")
      ChoiceRow(
        "adjustment", "Adjustment", key: .backgroundAdjustment,
        options: [
          ("zoom", "Zoom"), ("centered", "Centered"), ("scaled", "Scaled"), ("stretched", "Stretched"),
          ("wallpaper", "Tiled"), ("spanned", "Spanned"), ("none", "None"),
        ]
      )
      .keywords("wallpaper", "fit")
    }
  }
}

/// Whether the User Themes extension is turned on, so a shell theme takes effect.
@MainActor
func shellThemesEnabled(_ settings: SettingsReader) -> Bool {
  settings[.enabledExtensions]?.stringsValue?.contains("user-theme@gnome-shell-extensions.gcampax.github.com") == true
}
