import KnobsModel

/// The panel `knobs` shows when run with no arguments: the desktop's settings
/// on pages of their own, ways to reach the maintainers, and help. Startup apps
/// come from `autostart` (tests pass folders of their own).
@MainActor
func referencePanel(
  autostart: AutostartStore = AutostartStore(folders: DesktopFolders()), allSettings: Section,
  gtkVersion: @escaping @MainActor () -> String
) -> Panel {
  let themes = InstalledThemes()
  return Panel(AppInfo.name) {
    Section("desktop") {
      appearancePage(themes: themes)
      fontsPage()
      topBarPage()
      windowsPage()
      mousePage()
      keyboardPage()
      shortcutsPage()
      soundPage(themes: themes)
      startupApplicationsPage(autostart: autostart)
    }
    allSettings
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
      DetailRow("shortcuts", "Shortcuts in Knobs") {
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
    Section("reset", footer: "Returns every setting on every page to its default.") {
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
