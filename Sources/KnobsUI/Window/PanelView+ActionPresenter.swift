import Gtk
import KnobsModel

extension PanelView: ActionPresenter {
  public func chooseApplication(
    title: String, from applications: [DesktopApplication],
    onChoose: @escaping @MainActor (DesktopApplication) -> Void
  ) {
    present(ApplicationChooser(title: title, applications: applications, onChoose: onChoose))
  }

  public func showMessage(_ message: String, undo: Undo?) {
    showMessage(message, actions: undo.map { [ToastAction(label: tr("Undo"), perform: $0.perform)] } ?? [])
  }

  public func askForText(_ request: TextRequest, onAnswer: @escaping @MainActor (String) -> Void) {
    present(TextDialog(request, onAnswer: onAnswer))
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
