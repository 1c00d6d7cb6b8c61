import KnobsDesktopModel
import KnobsModel

/// GNOME Shell extensions: the Shell's switch for all of them, one switch per installed
/// extension with a way to its settings, and a way to install one from a file.
@MainActor
func extensionsPage(extensions: ShellExtensionRows) -> Row {
  DetailRow("extensions", tr("Extensions")) {
    Section("general") {
      ToggleRow(
        "use-extensions", tr("Use Extensions"), key: ShellExtensionSwitches.disableAllKey, on: false, off: true
      )
      .subtitle { settings in
        guard settings.bool(ShellExtensionSwitches.disableAllKey) else {
          return tr("Turn off to stop every extension at once; each keeps its own switch.")
        }
        let off = tr("Every extension is off. Turn this on to start the ones switched on below.")
        // The Shell's crash guard turns extensions off by itself after a crash at its start
        // (which ends the session on Wayland): the next start of Knobs notes it as another
        // program's change made while Knobs was closed.
        guard extensions.turnedOffElsewhere?() ?? false else {
          return off + " "
            + tr("If you did not turn them off, GNOME Shell may have: it does so when it crashes as it starts.")
        }
        return off + " "
          + tr("They were turned off outside Knobs: GNOME Shell does so itself when it crashes as it starts.")
      }
      ToggleRow("any-version", tr("Allow Any Shell Version"), key: ShellExtensionSwitches.anyVersionKey)
        .subtitle(tr("Start extensions made for other versions of GNOME Shell. They may not work."))
        .keywords(tr("version check"), tr("compatibility"))
    }
    Section("installed", tr("Installed Extensions"), rows: extensions)
      .footer { _ in extensions.note }
    Section("install") {
      ActionRow("install-from-file", tr("Install from File…")) { context in
        let request = FileRequest(
          title: tr("Install Extension"), acceptLabel: tr("_Install"), mimeTypes: ["application/zip"],
          filterName: tr("Extension archives"))
        context.presenter?.chooseFile(request) { path in
          extensions.install?(path) { message in context.presenter?.showMessage(message, undo: nil) }
        }
        return nil
      }
      .subtitle(tr("An extension's .zip file, as extensions.gnome.org offers it."))
      .icon("list-add-symbolic")
      .keywords(tr("zip"), tr("add extension"))
    }
  }
  .icon("application-x-addon-symbolic")
  .subtitle { _ in CurrentDesktop.onlyInGNOMENote }
  .keywords(tr("add-ons"), tr("plugins"), tr("GNOME Shell"))
}
