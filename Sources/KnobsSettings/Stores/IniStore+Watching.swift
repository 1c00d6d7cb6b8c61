import Gio
import KnobsModel

extension IniStore {
  /// Starts following changes other programs make to the file, through a monitor on its folder.
  public func watch() {
    guard watcher == nil, let monitor = FileMonitor(folder: folder) else { return }
    monitor.onChange { [weak self] in self?.reloadAndNotify() }
    watcher = monitor
  }
}
