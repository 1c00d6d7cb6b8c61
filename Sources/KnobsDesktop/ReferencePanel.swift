import KnobsDesktopModel
import KnobsModel
import KnobsSettings

/// The panel `knobs` shows when run with no arguments: the desktop's settings
/// on pages of their own, ways to reach the maintainers, and help. Startup apps
/// come from `autostart` (tests pass folders of their own).
@MainActor
package func referencePanel(
  autostart: AutostartStore = AutostartStore(folders: DesktopFolders()),
  extensions: ShellExtensionRows,
  customShortcuts: CustomShortcutRows = CustomShortcutRows(sectionPath: "desktop/keyboard-shortcuts/custom"),
  recentChanges: (any RowSource)? = nil,
  importPreview: ImportPreviewRows? = nil,
  profiles: ProfileRows? = nil,
  allSettings: Section,
  gtkVersion: @escaping @MainActor () -> String
) -> Panel {
  let themes = InstalledThemes()
  let desktopPages = [
    appearancePage(themes: themes),
    fontsPage(),
    topBarPage(),
    windowsPage(),
    mousePage(),
    keyboardPage(),
    shortcutsPage(custom: customShortcuts),
    soundPage(themes: themes),
    startupApplicationsPage(autostart: autostart),
    extensionsPage(extensions: extensions),
  ]
  return Panel(AppInfo.name) {
    Section("desktop") { desktopPages }
    allSettings
    if let recentChanges {
      Section("history") {
        DetailRow("recent-changes", tr("Recent Changes")) {
          Section(
            "changes",
            header: .fixed(tr("Every change made with Knobs or by another program, newest first.")),
            rows: recentChanges)
        }
        .icon("document-open-recent-symbolic")
        .keywords(tr("history"), tr("undo"), tr("log"))
        if let importPreview { importPage(importPreview) }
        if let profiles { profilesPage(profiles, pages: desktopPages.map { ("desktop/" + $0.id, $0.title) }) }
      }
    }
    Section("reach-out", tr("Reach Out")) {
      EmailRow(
        "feedback", tr("Send Feedback"), to: AppInfo.maintainersAddress, subject: "Knobs feedback",
        body: "\n\n--\nKnobs \(AppInfo.version)"
      )
      .subtitle(tr("Write to the maintainers"))
      LinkRow("website", tr("Website"), url: AppInfo.website)
      LinkRow("report-issue", tr("Report an Issue"), url: AppInfo.issues)
        .keywords(tr("bug"), tr("problem"))
    }
    Section("help", tr("Help")) {
      DetailRow("shortcuts", tr("Shortcuts in Knobs")) {
        Section("shortcuts", tr("General")) {
          ValueRow("search", tr("Search"), value: "Ctrl+F")
          ValueRow("back", tr("Go Back"), value: tr("Alt+Left or Escape"))
          ValueRow("context-menu", tr("Row Menu"), value: tr("Menu or Shift+F10"))
          ValueRow("main-menu", tr("Main Menu"), value: "F10")
          ValueRow("close", tr("Close Window"), value: "Ctrl+W")
          ValueRow("quit", tr("Quit"), value: "Ctrl+Q")
        }
      }
      DetailRow("about", tr("About Knobs")) {
        Section("info", tr("Knobs")) {
          ValueRow("version", tr("Version"), value: AppInfo.version)
          ValueRow("gtk-version", tr("GTK Version")) { _ in gtkVersion() }
          ValueRow("storage", tr("Settings Storage")) { settings in
            let storage = settings.store.storage
            return storage.isPersistent
              ? "\(storage.backend)"
              : tr(
                // TRANSLATORS: %s is the name of a settings backend, such as memory.
                "%s (not kept)", "\(storage.backend)")
          }
        }
        Section("links", tr("Links")) {
          LinkRow("license", tr("License"), url: AppInfo.license)
            .subtitle(tr("GNU General Public License, version 3 or later"))
          LinkRow("source", tr("Source Code"), url: AppInfo.source)
        }
      }
      LinkRow("privacy", tr("Privacy Policy"), url: AppInfo.privacy)
    }
    Section("reset", footer: .fixed(tr("Returns every setting on every page to its default."))) {
      ActionRow(
        "reset-all", tr("Reset All"),
        confirmation: Confirmation(
          title: tr("Reset All Settings?"),
          message: tr("Every setting on this panel returns to its default. You can undo this right after."),
          confirmLabel: tr("Reset")),
        isDestructive: true
      ) { context in
        context.panel.resetAll(in: context.store)
      }
    }
  }
}

/// The changes of a file chosen with Import…, each with a check box, and Apply; shown only
/// while a file's changes wait to be applied.
@MainActor
func importPage(_ preview: ImportPreviewRows) -> Row {
  DetailRow("import", tr("Import Preview")) {
    Section(
      "apply",
      header: .live { _ in
        guard let name = preview.fileName, let plan = preview.plan else { return "" }
        return trn(
          "%1$s changes %2$d setting. Uncheck what should stay as it is.",
          "%1$s changes %2$d settings. Uncheck what should stay as it is.", plan.changes.count, name,
          plan.changes.count)
      }
    ) {
      ActionRow("apply", tr("Apply Checked Changes")) { context in
        let undo = preview.apply(context)
        // The import, listed where one Undo takes it back.
        if undo != nil { context.presenter?.open("history/recent-changes/changes") }
        return undo
      }
      .subtitle(tr("One Undo takes the whole import back"))
      .icon("document-save-symbolic")
      ActionRow("check-all", tr("Check All")) { _ in
        preview.checkAll(true)
        return nil
      }
      ActionRow("uncheck-all", tr("Uncheck All")) { _ in
        preview.checkAll(false)
        return nil
      }
      ActionRow("discard", tr("Discard")) { context in
        preview.discard()
        context.presenter?.open("history")
        return nil
      }
      .subtitle(tr("Leave the settings as they are"))
    }
    Section("changes", rows: preview)
  }
  .icon("document-open-symbolic")
  .subtitle(tr("Changes from a file, waiting to be applied"))
  .visible(when: .isOn(ImportPreviewRows.loadedKey))
}
