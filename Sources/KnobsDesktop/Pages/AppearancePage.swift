import KnobsDesktopModel
import KnobsModel

/// Style, themes found on this system, and the background pictures.
@MainActor
func appearancePage(themes: InstalledThemes) -> Row {
  desktopPage("appearance", tr("Appearance"), icon: "preferences-desktop-appearance-symbolic") {
    Section("style", tr("Style")) {
      ToggleRow("dark-style", tr("Dark Style"), key: .colorScheme, on: "prefer-dark", off: "default")
        .subtitle(tr("Prefer dark colors in apps that support it"))
        .keywords(tr("theme"), tr("night"), tr("color scheme"))
      ToggleRow("animations", tr("Animations"), key: .enableAnimations)
        .keywords(tr("motion"), tr("effects"))
    }
    Section("themes", tr("Themes")) {
      ChoiceRow("icons", tr("Icons"), key: .iconTheme, provider: themes.iconThemeOptions)
        .keywords(tr("icon theme"))
      ChoiceRow("cursor", tr("Cursor"), key: .cursorTheme, provider: themes.cursorThemeOptions)
        .keywords(tr("cursor theme"), tr("pointer"))
      ChoiceRow(
        "cursor-size", tr("Cursor Size"), key: .cursorSize,
        options: [(24, tr("Default")), (32, tr("Medium")), (48, tr("Large")), (64, tr("Larger")), (96, tr("Largest"))]
      )
      .keywords(tr("pointer"), tr("mouse"))
      ChoiceRow("shell", tr("Shell"), key: .shellTheme, provider: themes.shellThemeOptions)
        .subtitle { settings in
          // Without the extension's schema the row says that instead.
          guard settings.store.availability(of: .shellTheme) == .available else { return "" }
          guard CurrentDesktop.isGNOME else { return CurrentDesktop.onlyInGNOMENote }
          return shellThemesEnabled(settings)
            ? tr("The look of the top bar and the overview")
            : tr("Needs the User Themes extension, which is not enabled")
        }
        .enabled(when: Condition(shellThemesEnabled))
        .keywords(tr("shell theme"), tr("user themes"), tr("top bar"))
      ChoiceRow(
        "legacy-applications", tr("Legacy Applications"), key: .gtkTheme,
        provider: themes.legacyApplicationThemeOptions
      )
      .subtitle(tr("The theme of GTK 3 applications"))
      .keywords(tr("gtk theme"), tr("gtk3"))
    }
    Section("background", tr("Background")) {
      FileRow("picture", tr("Picture"), key: .backgroundPicture, mimeTypes: ["image/*"])
        .keywords(tr("wallpaper"), tr("background"))
      FileRow("dark-picture", tr("Picture in Dark Style"), key: .backgroundPictureDark, mimeTypes: ["image/*"])
        .keywords(tr("wallpaper"), tr("background"), tr("dark"))
      ChoiceRow(
        "adjustment", tr("Adjustment"), key: .backgroundAdjustment,
        options: [
          ("zoom", tr("Zoom")), ("centered", tr("Centered")), ("scaled", tr("Scaled")), ("stretched", tr("Stretched")),
          ("wallpaper", tr("Tiled")), ("spanned", tr("Spanned")), ("none", tr("None")),
        ]
      )
      .keywords(tr("wallpaper"), tr("fit"))
    }
  }
}

/// Whether the User Themes extension is turned on, so a shell theme takes effect.
@MainActor
func shellThemesEnabled(_ settings: SettingsReader) -> Bool {
  settings[.enabledExtensions]?.stringsValue?.contains("user-theme@gnome-shell-extensions.gcampax.github.com") == true
}
