import KnobsDesktopModel
import KnobsModel

/// The apps that start when the user logs in: one switch per app, with a
/// button that removes it, and a last row that adds an installed app. The rows
/// are found in the autostart folders and follow changes made there.
@MainActor
func startupApplicationsPage(autostart: AutostartStore) -> Row {
  let apps = StartupApplicationRows(store: autostart)
  return DetailRow("startup", tr("Startup Applications")) {
    Section(
      "autostart",
      header: .fixed(tr("Apps here start when you log in. Turn one off to keep it in the list without starting it.")),
      rows: apps
    )
    .footer { _ in apps.note }
  }
  .icon("system-run-symbolic")
  .keywords(tr("autostart"), tr("login"), tr("session"), tr("startup apps"))
}
