import KnobsModel

/// The user's custom keyboard shortcuts: a page per shortcut (its name, command and
/// accelerator, and a way to remove it), and a last row that adds one. The rows are
/// read through the panel's store and follow changes made anywhere.
@MainActor
package final class CustomShortcutRows: RowSource {
  /// The id of the last row, which adds a shortcut.
  package static let addRowID = "add"
  package private(set) var rows: [Row] = []
  package private(set) var shortcuts: [CustomShortcut] = []
  /// The row id of each shortcut, by folder.
  package private(set) var rowIDs: [String: String] = [:]
  /// Where the section is, so that an action can show a row of it.
  package let sectionPath: RowPath
  private var store: (any SettingsStore)?
  private var observation: Observation?
  private let observers = ChangeObservers()

  package init(sectionPath: RowPath) {
    self.sectionPath = sectionPath
    rows = [addRow]
  }

  package func observeRows(_ handler: @escaping @MainActor () -> Void) -> Observation {
    observers.add { _ in handler() }
  }

  package var watchedFolders: [String] { [] }

  package func reload() { rebuild() }

  package func connect(to store: any SettingsStore) -> (schema: String, store: any SettingsStore)? {
    self.store = store
    observation = store.observe { [weak self] key in
      guard key.covers(CustomShortcuts.listKey) || key.schema.hasPrefix(CustomShortcuts.schemaID + ":") else { return }
      self?.rebuild()
    }
    rebuild()
    return nil
  }

  /// Reads the shortcuts again; the rows are made anew only when they changed.
  private func rebuild() {
    guard let store else { return }
    let found = CustomShortcuts.read(from: store)
    guard found != shortcuts else { return }
    shortcuts = found
    rowIDs = CustomShortcuts.rowIDs(for: found, reserved: [Self.addRowID])
    rows = found.map(row) + [addRow]
    observers.notify(CustomShortcuts.listKey)
  }

  /// The path of a shortcut's page.
  package func path(of shortcut: CustomShortcut) -> RowPath? {
    rowIDs[shortcut.folder].map { sectionPath.appending($0) }
  }

  static let longestTitle = 120

  private func row(_ shortcut: CustomShortcut) -> Row {
    let id = rowIDs[shortcut.folder] ?? "shortcut"
    let title =
      shortcut.name.isBlank ? tr("Unnamed Shortcut") : TextBounds.fitted(shortcut.name, limit: Self.longestTitle)
    let accelerator = Row.Shortcut(key: shortcut.bindingKey, storage: .single)
    return DetailRow(id, title) {
      Section("details") {
        TextRow("name", tr("Name"), key: shortcut.nameKey, rule: TextRule(nonEmpty: true))
        TextRow("command", tr("Command"), key: shortcut.commandKey, rule: TextRule(nonEmpty: true))
          .subtitle(tr("Run as it is written, without a shell."))
        ShortcutRow("shortcut", tr("Shortcut"), key: shortcut.bindingKey, storage: .single)
      }
      Section("remove") {
        removeRow(shortcut, title: title)
      }
    }
    .subtitle { settings in
      let keys = accelerator.label(of: settings[shortcut.bindingKey])
      let command = TextBounds.fitted(settings[shortcut.commandKey]?.stringValue ?? "", limit: 200)
      return command.isEmpty ? keys : keys + " · " + command
    }
    .icon("preferences-desktop-keyboard-shortcuts-symbolic")
    .keywords([TextBounds.fitted(shortcut.command, limit: 200), tr("custom shortcut")])
  }

  private func removeRow(_ shortcut: CustomShortcut, title: String) -> ActionRow {
    let sectionPath = self.sectionPath
    return ActionRow("remove", tr("Remove Shortcut"), isDestructive: true) { context -> Undo? in
      guard let current = CustomShortcuts.read(from: context.store).first(where: { $0.folder == shortcut.folder })
      else {
        return nil
      }
      do {
        try CustomShortcuts.remove(current, from: context.store)
      } catch {
        context.presenter?.showMessage("\(error)", undo: nil)
        return nil
      }
      context.presenter?.open(sectionPath.appending(Self.addRowID))
      let store = context.store
      return Undo(message: tr("“%s” was removed", title)) { [weak presenter = context.presenter] in
        do {
          try CustomShortcuts.add(current, to: store)
        } catch {
          presenter?.showMessage("\(error)", undo: nil)
        }
      }
    }
  }

  private var addRow: Row {
    ActionRow(Self.addRowID, tr("Add Custom Shortcut…")) { [weak self] context in
      guard let self, let presenter = context.presenter else { return nil }
      if let problem = CustomShortcuts.problem(in: context.store) {
        presenter.showMessage("\(problem)", undo: nil)
        return nil
      }
      let store = context.store
      presenter.askForText(
        TextRequest(
          title: tr("Add Custom Shortcut"), message: tr("What should the shortcut be called?"), fieldLabel: tr("Name"),
          placeholder: tr("Open Terminal"), confirmLabel: tr("Next"),
          check: { CustomShortcuts.problem(withName: $0, in: store) })
      ) { [weak self, weak presenter] name in
        presenter?.askForText(
          TextRequest(
            title: tr("Add Custom Shortcut"),
            message: tr("Which command should “%s” run? It runs as written, without a shell.", name),
            fieldLabel: tr("Command"), placeholder: "gnome-terminal", confirmLabel: tr("Add"),
            check: CustomShortcuts.problem(withCommand:))
        ) { [weak self, weak presenter] command in
          self?.add(CustomShortcut(folder: "", name: name, command: command, binding: ""), store: store, presenter)
        }
      }
      return nil
    }
    .icon("list-add-symbolic")
    .keywords(tr("custom shortcut"), tr("new"), tr("command"))
  }

  /// Adds it, then shows its Shortcut row, where the accelerator is set.
  private func add(_ shortcut: CustomShortcut, store: any SettingsStore, _ presenter: (any ActionPresenter)?) {
    let added: CustomShortcut
    do {
      added = try CustomShortcuts.add(shortcut, to: store)
    } catch {
      presenter?.showMessage("\(error)", undo: nil)
      return
    }
    rebuild()
    if let path = path(of: added) { presenter?.open(path.appending("details").appending("shortcut")) }
    presenter?.showMessage(
      tr("“%s” was added. Press Enter on Shortcut to set its keys.", shortcut.name),
      undo: Undo(message: "") { [weak presenter] in
        do {
          try CustomShortcuts.remove(added, from: store)
        } catch {
          presenter?.showMessage("\(error)", undo: nil)
        }
      })
  }
}
