import KnobsModel

/// GNOME Shell extensions: the Shell's switch for all of them, and one switch per
/// installed extension, with a way to its settings.
@MainActor
func extensionsPage(extensions: ShellExtensionRows) -> Row {
  DetailRow("extensions", tr("Extensions")) {
    Section("general") {
      ToggleRow(
        "use-extensions", tr("Use Extensions"), key: ShellExtensionSwitches.disableAllKey, on: false, off: true
      )
      .subtitle(tr("Turn off to stop every extension at once; each keeps its own switch."))
      ToggleRow("any-version", tr("Allow Any Shell Version"), key: ShellExtensionSwitches.anyVersionKey)
        .subtitle(tr("Start extensions made for other versions of GNOME Shell. They may not work."))
        .keywords(tr("version check"), tr("compatibility"))
    }
    Section("installed", tr("Installed Extensions"), rows: extensions)
      .footer { _ in extensions.note }
  }
  .icon("application-x-addon-symbolic")
  .keywords(tr("add-ons"), tr("plugins"), tr("GNOME Shell"))
}
