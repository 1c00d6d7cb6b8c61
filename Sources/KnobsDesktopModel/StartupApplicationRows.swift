import KnobsModel

/// The rows of the startup applications: a switch per entry with a remove
/// button, a row per file Knobs leaves alone saying why, and a last row that
/// adds an installed application.
@MainActor
package final class StartupApplicationRows: RowSource {
  package let store: AutostartStore
  /// The id of the last row, which adds an application.
  package static let addRowID = "add"
  package private(set) var rows: [Row] = []
  /// The row id of each entry, by desktop file name.
  package private(set) var rowIDs: [String: String] = [:]
  private var observation: Observation?
  private let observers = ChangeObservers()

  package init(store: AutostartStore) {
    self.store = store
    rebuild()
    observation = store.observeEntries { [weak self] in
      self?.rebuild()
      self?.observers.notify(AutostartStore.key(""))
    }
  }

  package func observeRows(_ handler: @escaping @MainActor () -> Void) -> Observation {
    observers.add { _ in handler() }
  }

  package func reload() { store.reload() }

  package var watchedFolders: [String] { [store.folders.userAutostart] + store.folders.systemAutostart }

  package func connect(to store: any SettingsStore) -> (schema: String, store: any SettingsStore)? {
    (AutostartStore.schema, self.store)
  }

  /// What the section's footer says: nothing to show, or system files left out.
  package var note: String {
    var lines: [String] = []
    if store.entries.isEmpty { lines.append(tr("No apps start when you log in.")) }
    if !store.skipped.isEmpty {
      lines.append(
        tr(
          // TRANSLATORS: %s is a list of file names separated by semicolons.
          "Left out because they can't be read: %s.", store.skipped.joined(separator: "; ")))
    }
    return lines.joined(separator: "\n")
  }

  private func rebuild() {
    rowIDs = Self.rowIDs(for: store.entries.map(\.id))
    rows = store.entries.map(row) + [addRow]
  }

  /// Row ids from file names: `org.gnome.Evolution-alarm-notify.desktop` is
  /// `org-gnome-evolution-alarm-notify`; clashes get `-2`, `-3` in file-name order.
  static func rowIDs(for ids: [String]) -> [String: String] {
    FoundRowIDs.unique(ids, reserved: [addRowID], slug: slug)
  }

  static func slug(_ id: String) -> String {
    FoundRowIDs.slug(id.hasSuffix(".desktop") ? String(id.dropLast(".desktop".count)) : id, fallback: "app")
  }

  /// An app's name is a few words, its comment a sentence: longer ones are cut short.
  static let longestName = 120
  static let longestComment = 300

  private func row(_ entry: AutostartEntry) -> Row {
    let id = rowIDs[entry.id] ?? Self.slug(entry.id)
    let removal = removeButton(entry)
    // Names and comments come from other programs' files: any length, any characters.
    let name = TextBounds.fitted(entry.name, limit: Self.longestName)
    guard let problem = entry.problem else {
      var row = ToggleRow(id, name, key: AutostartStore.key(entry.id))
        .icon(entry.iconName ?? "application-x-executable")
        .keywords([entry.id, tr("startup"), tr("autostart"), tr("login")])
      if !entry.comment.isEmpty { row = row.subtitle(TextBounds.fitted(entry.comment, limit: Self.longestComment)) }
      row.button = removal
      return row
    }
    var row = ValueRow(id, name, value: tr("Left as it is"))
      .subtitle(TextBounds.fitted(problem.prefix(1).uppercased() + problem.dropFirst() + "."))
      .icon("dialog-warning-symbolic")
      .keywords([entry.id, tr("startup"), tr("autostart")])
    if entry.origin != .system { row.button = removal }
    return row
  }

  private func removeButton(_ entry: AutostartEntry) -> Row.Button {
    let store = self.store
    let name = TextBounds.fitted(entry.name, limit: Self.longestName)
    return Row.Button(
      iconName: "user-trash-symbolic",
      label: tr(
        // TRANSLATORS: %s is the name of an app.
        "Remove %s", name),
      action: Row.Action { context in
        do {
          let change = try store.remove(id: entry.id)
          return Undo(message: tr("“%s” won't start when you log in", name)) { [weak store] in
            do {
              try store?.undo(change)
            } catch {
              context.presenter?.showMessage("\(error)", undo: nil)
            }
          }
        } catch {
          context.presenter?.showMessage("\(error)", undo: nil)
          return nil
        }
      })
  }

  private var addRow: Row {
    let store = self.store
    return ActionRow(Self.addRowID, tr("Add Startup App…")) { context in
      guard let presenter = context.presenter else { return nil }
      let listed = Set(store.entries.map(\.id))
      let applications = InstalledApplications(folders: store.folders).all().filter { !listed.contains($0.id) }
      presenter.chooseApplication(title: tr("Add Startup App"), from: applications) { [weak presenter] application in
        do {
          let change = try store.add(application)
          presenter?.showMessage(
            tr("“%s” will start when you log in", application.name),
            undo: Undo(message: "") { [weak store, weak presenter] in
              do {
                try store?.undo(change)
              } catch {
                presenter?.showMessage("\(error)", undo: nil)
              }
            })
        } catch {
          presenter?.showMessage("\(error)", undo: nil)
        }
      }
      return nil
    }
    .icon("list-add-symbolic")
    .keywords(tr("autostart"), tr("login"), tr("new"))
  }
}
