import KnobsModel

/// The pages the desktop entry offers as actions (the launcher's and the
/// Shell's right-click menu): each page of the desktop's settings, and Recent
/// Changes. Each is an app action of the same name that opens its page, so
/// `ActivateAction` over D-Bus, which GNOME uses for an entry that says
/// `DBusActivatable=true`, and the entry's `Exec` line agree.
package struct DesktopAction: Equatable {
  /// The action's name, in the desktop entry and as `app.NAME`: the page row's id.
  package let name: String
  /// The page's title, the action's `Name=` in the desktop entry.
  let title: String
  /// The path `--open` takes to show the page: its first section.
  package let path: RowPath

  /// The sections whose pages are actions: the desktop's settings, and the history.
  static let sectionIDs = ["desktop", "history"]
  /// Of the history's pages, the one always there (the import preview shows only while it has changes).
  static let historyPages = ["recent-changes"]

  /// The actions of `panel`'s pages, in panel order.
  package static func all(of panel: Panel) -> [DesktopAction] {
    var actions: [DesktopAction] = []
    for section in panel.sections where sectionIDs.contains(section.id) {
      for row in section.rows {
        guard case .detail(let page) = row.kind.form, let first = page.sections.first else { continue }
        if section.id == "history" && !historyPages.contains(row.id) { continue }
        actions.append(
          DesktopAction(
            name: row.id, title: row.title, path: RowPath.root.appending(section.id, row.id, first.id)))
      }
    }
    return actions
  }
}
