import KnobsDesktop
import Gtk
import KnobsModel
import KnobsUI

/// The window's main menu: Export… and Import… of the desktop's settings, its profiles, the shortcuts and About.
extension KnobsApplication {
  func addMainMenu(to window: PanelWindow, gsettings: GSettingsStore?) {
    guard let importPreview else { return }
    if let gsettings, importPreview.canImport {
      window.addMenuItem(tr("Export Settings…")) { [weak self, weak window] in
        guard let self, let window else { return }
        self.chooseExportFile(window, gsettings)
      }
      window.addMenuItem(tr("Import Settings…")) { [weak self, weak window] in
        guard let self, let window else { return }
        self.chooseImportFile(window, importPreview)
      }
      window.addMenuItem(tr("Profiles")) { [weak window] in window?.open(ProfileRows.saveRowPath) }
    }
    window.addMenuItem(tr("Shortcuts in Knobs")) { [weak window] in window?.open("help/shortcuts/shortcuts") }
    window.addMenuItem(tr("About Knobs")) { [weak window] in window?.open("help/about/info") }
  }

  private func chooseExportFile(_ window: PanelWindow, _ store: GSettingsStore) {
    chooser?.hide()
    let chooser = FileChooser(
      saveTitle: tr("Export Settings"), parent: window.window, suggestedName: tr("desktop-settings") + ".ini",
      acceptLabel: tr("_Export"), cancelLabel: tr("_Cancel"))
    self.chooser = chooser
    chooser.show { [weak self, weak window] path in
      self?.chooser = nil
      guard let path, let window else { return }
      window.view.showMessage(Self.export(store, to: path), undo: nil)
    }
  }

  /// Writes every setting that differs from its default, as `knobs export` does, to `path`;
  /// returns what happened, in words.
  static func export(_ store: GSettingsStore, to path: String) -> String {
    let entries = store.exportEntries(all: false, ownSchema: AppInfo.id, dconf: DconfPaths.read())
    let name = PathText.lastComponent(path)
    if let problem = DconfKeyfile.save(DconfKeyfile.text(entries), to: path) {
      return tr("Nothing was exported: %s", problem)
    }
    return trn("%1$d setting exported to %2$s", "%1$d settings exported to %2$s", entries.count, entries.count, name)
  }

  private func chooseImportFile(_ window: PanelWindow, _ preview: ImportPreviewRows) {
    chooser?.hide()
    let chooser = FileChooser(
      title: tr("Import Settings"), parent: window.window, selectsFolder: false, mimeTypes: [], filterName: "",
      acceptLabel: tr("_Open"), cancelLabel: tr("_Cancel"))
    self.chooser = chooser
    chooser.show { [weak self, weak window] path in
      self?.chooser = nil
      guard let path, let window else { return }
      Self.showImport(of: path, preview, in: window)
    }
  }

  /// Shows the changes of the keyfile at `path` on the Import Preview page, or says why there are none.
  static func showImport(of path: String, _ preview: ImportPreviewRows, in window: PanelWindow) {
    switch preview.load(path: path) {
    case .shown:
      window.open("history/import/changes")
    case .nothingToChange(let message), .refused(let message):
      window.view.showMessage(message, undo: nil)
    }
  }
}
