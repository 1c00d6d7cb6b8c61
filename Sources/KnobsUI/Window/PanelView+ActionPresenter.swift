import Gtk
import KnobsModel

extension PanelView: ActionPresenter {
  public func chooseApplication(
    title: String, from applications: [DesktopApplication],
    onChoose: @escaping @MainActor (DesktopApplication) -> Void
  ) {
    chooser?.close()
    let chooser = ApplicationChooser(title: title, applications: applications, parent: parentWindow, onChoose: onChoose)
    self.chooser = chooser
    chooser.onFinish = { [weak self, weak chooser] in
      if self?.chooser === chooser { self?.chooser = nil }
    }
    chooser.present()
  }

  public func showMessage(_ message: String, undo: Undo?) {
    showMessage(message, actions: undo.map { [ToastAction(label: tr("Undo"), perform: $0.perform)] } ?? [])
  }

  public func askForText(_ request: TextRequest, onAnswer: @escaping @MainActor (String) -> Void) {
    textDialog?.window.destroy()
    let dialog = TextDialog(request, parent: parentWindow, onAnswer: onAnswer)
    textDialog = dialog
    dialog.present()
  }

  public func chooseFile(_ request: FileRequest, onChoose: @escaping @MainActor (String) -> Void) {
    fileChooser?.hide()
    let chooser = FileChooser(
      title: request.title, parent: parentWindow, selectsFolder: false, mimeTypes: request.mimeTypes,
      filterName: request.filterName, acceptLabel: request.acceptLabel, cancelLabel: tr("_Cancel"))
    fileChooser = chooser
    chooser.show { [weak self, weak chooser] path in
      if let self, self.fileChooser === chooser { self.fileChooser = nil }
      if let path { onChoose(path) }
    }
  }
}
