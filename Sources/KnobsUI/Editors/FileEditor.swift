import FoundationEssentials
import Gtk
import KnobsModel

/// A file or folder: a button with the file's name opens GTK's file chooser. A
/// file that is missing or unreadable is said so in the row, not as an error.
@MainActor
final class FileEditor: RowEditor {
  private let file: Row.File
  private let name = Label(tr("None"))
  private let button: Button
  private weak var row: (any RowBinding)?
  private var chooser: FileChooser?
  private var title = ""
  private var current = ""

  init(_ file: Row.File) {
    self.file = file
    name.ellipsizesEnd = true
    name.maximumWidthChars = 24
    button = Button(child: name)
  }

  var suffix: Widget? { button }
  var focusWidget: Widget { button }
  var kind: String { "file-button" }
  var valueDescription: String { file.displayName(of: current) }

  func label(title: String) {
    self.title = title
    button.setAccessibleLabel(title)
  }

  func connect(to row: any RowBinding) {
    self.row = row
    button.onClick { [weak self] in self?.choose() }
  }

  func refresh(_ settings: SettingsReader) {
    current = settings.string(file.key)
    name.text = file.displayName(of: current)
    let problem = file.fileProblem(of: current)
    row?.showNote(problem)
    button.tooltip = file.localPath(of: current) ?? (current.isEmpty ? nil : current)
  }

  func activate() { choose() }

  private func choose() {
    guard chooser == nil, let row else { return }
    let chooser = FileChooser(
      title: title, parent: row.hostWindow, selectsFolder: file.selectsFolder, mimeTypes: file.mimeTypes,
      filterName: file.mimeTypes.contains { $0.hasPrefix("image/") } ? tr("Pictures") : tr("Supported files"),
      acceptLabel: tr("_Select"), cancelLabel: tr("_Cancel"))
    if let path = file.localPath(of: current), LocalFiles.exists(path) {
      chooser.start(at: path)
    }
    self.chooser = chooser
    chooser.show { [weak self] path in
      guard let self else { return }
      self.chooser = nil
      guard let path else { return }
      let value = self.file.value(forPath: path)
      if let problem = self.file.fileProblem(of: value) {
        self.row?.showProblem(tr("Not saved: %s", "\(problem)"))
        return
      }
      self.row?.write(.string(value), self.file.key)
    }
  }

  var fileName: String { name.text }

  /// The chooser while it is open, for tests.
  var openChooser: FileChooser? { chooser }
}
