import KnobsModel

/// The installed GNOME Shell extensions as switches, one per extension, each named
/// by its `metadata.json` and saying when it does not declare the installed Shell's
/// version. The switches are `ShellExtensionSwitches`; the rows follow extensions
/// installed and removed while the window is open.
@MainActor
package final class ShellExtensionRows: RowSource {
  package private(set) var rows: [Row] = []
  package private(set) var extensions = ShellExtensions([])
  /// The installed Shell's version, once found; nil before, or when there is no Shell.
  package private(set) var shellVersion: String?
  /// Why the Shell's version was not found, when the look for it went wrong (not when there is no Shell).
  package private(set) var shellProblem: String?
  /// Whether the Shell's version has been looked for, and whether the look is over.
  private var lookedForShell = false
  package private(set) var shellLookFinished = false
  package let watchedFolders: [String]
  /// Where the switches read the Shell's settings; set when the panel's store is connected.
  private var settings: (any SettingsStore)?
  private var settingsObservation: Observation?
  private let find: @MainActor () -> ShellExtensions
  private let findShellVersion: @Sendable () -> Result<String, ShellVersion.NotFound>
  private let observers = ChangeObservers()
  /// What the running Shell reports of each extension, by uuid; nil when no Shell answered.
  package private(set) var live: [String: ShellExtensionLive]?
  /// Whether a Shell that answered has since gone (stopped, crashed, restarting): the rows read
  /// the lists again until one answers.
  package private(set) var shellStoppedAnswering = false
  /// For each extension last switched through the Shell, the noting of the Shell's writes of its
  /// lists as this switch's change, until they are written.
  private var shellWrites: [String: Observation] = [:]
  /// Hands a switch to the running Shell (the app sets it): called with the uuid, on or off, and
  /// what to do when the Shell does not take it (write the lists here).
  package var switchThroughShell:
    (@MainActor (_ uuid: String, _ on: Bool, _ otherwise: @escaping @MainActor () -> Void) -> Void)?
  /// Asks the running Shell for every extension's state again (the app sets it).
  package var askShellAgain: (@MainActor () -> Void)?
  /// Opens an extension's own preferences through the Shell (the app sets it).
  package var openPreferences: (@MainActor (String) -> Void)?
  /// Removes an extension the user installed (the app sets it): called with its uuid, and what
  /// to say when it is done or refused, in a sentence.
  package var uninstall: (@MainActor (_ uuid: String, _ done: @escaping @MainActor (String) -> Void) -> Void)?
  /// Installs an extension from an archive (the app sets it): called with the file's path, and
  /// what to say when it is done or refused, in a sentence.
  package var install: (@MainActor (_ file: String, _ done: @escaping @MainActor (String) -> Void) -> Void)?
  /// Whether something other than Knobs turned every extension off last (the Shell's crash
  /// guard, say), when the app can tell.
  package var turnedOffElsewhere: (@MainActor () -> Bool)?

  /// Longest description shown under an extension's name; the rest is cut.
  static let longestDescription = 300

  /// - Parameters:
  ///   - find: reads the installed extensions (tests pass their own).
  ///   - folders: where they are installed, watched for changes.
  ///   - shellVersion: finds the installed Shell's version; it runs in the background, once,
  ///     and only when an extension is installed.
  package init(
    find: @escaping @MainActor () -> ShellExtensions, folders: [String],
    shellVersion: @escaping @Sendable () -> Result<String, ShellVersion.NotFound> = ShellVersion.find
  ) {
    self.find = find
    self.findShellVersion = shellVersion
    watchedFolders = folders
    reload()
  }

  package func observeRows(_ handler: @escaping @MainActor () -> Void) -> Observation {
    observers.add { _ in handler() }
  }

  package func reload() {
    let found = find()
    let changed = found.all != extensions.all
    extensions = found
    if !lookedForShell && !found.all.isEmpty { lookForShell() }
    guard changed || rows.isEmpty else { return }
    rebuild()
  }

  package func connect(to store: any SettingsStore) -> (schema: String, store: any SettingsStore)? {
    settings = store
    settingsObservation = store.observe { [weak self] key in
      guard key.covers(ShellExtensionSwitches.anyVersionKey) || key.covers(ShellExtensionSwitches.disableAllKey)
      else { return }
      self?.rebuild()
      // The Shell announces a change of state, not of what may change: asked again.
      if key.covers(ShellExtensionSwitches.disableAllKey) { self?.askShellAgain?() }
    }
    rebuild()
    let switches = ShellExtensionSwitches(base: store) { [weak self] in
      Set(self?.extensions.all.map(\.uuid) ?? [])
    }
    // Only an extension the running Shell knows is switched through it.
    switches.throughShell = { [weak self] uuid, on in
      guard let self, let hand = self.switchThroughShell, self.live?[uuid] != nil else { return false }
      // The Shell writes its two lists itself: what it writes is this switch's change, noted in
      // the history as the store's own (not as another program's), until the lists say so.
      self.shellWrites[uuid] = store.capabilities.changeNoting?.noteChanges(
        of: [ShellExtensionSwitches.disabledKey, ShellExtensionSwitches.enabledKey]
      ) {
        let listed = { (key: SettingKey) in store.value(for: key)?.stringsValue?.contains(uuid) == true }
        return listed(ShellExtensionSwitches.enabledKey) == on && listed(ShellExtensionSwitches.disabledKey) != on
      }
      hand(uuid, on) { [weak self] in
        self?.shellWrites[uuid] = nil
        let lists = ShellExtensionSwitches(base: store) { [uuid] }
        try? lists.write(.bool(on), for: ShellExtensionSwitches.key(uuid))
      }
      return true
    }
    return (ShellExtensionSwitches.schema, switches)
  }

  private func lookForShell() {
    lookedForShell = true
    let findShellVersion = self.findShellVersion
    Task.detached(priority: .utility) {
      let version = findShellVersion()
      await self.foundShell(version)
    }
  }

  private func foundShell(_ found: Result<String, ShellVersion.NotFound>) {
    shellVersion = try? found.get()
    if case .failure(.problem(let problem)) = found { shellProblem = problem }
    shellLookFinished = true
    rebuild()
  }

  /// Takes the running Shell's reports (nil when no Shell answers): rows then say what the Shell
  /// made of each extension, and offer its own preferences.
  package func setLive(_ reports: [String: ShellExtensionLive]?) {
    guard reports != live else { return }
    shellStoppedAnswering = live != nil && reports == nil
    live = reports
    rebuild(announcing: true)
  }

  /// Takes one extension's new report, as the Shell announces a change.
  package func updateLive(_ report: ShellExtensionLive) {
    guard live != nil, live?[report.uuid] != report else { return }
    live?[report.uuid] = report
    rebuild(announcing: true)
  }

  /// The extensions in the order the page shows them: by name as people read names, then uuid.
  package var sortedExtensions: [ShellExtension] {
    extensions.all.sorted { first, second in
      let (a, b) = (first.name.lowercased(), second.name.lowercased())
      return a == b ? first.uuid < second.uuid : a < b
    }
  }

  /// The row id of each extension, by uuid: `caffeine@example.org` is `caffeine`.
  package private(set) var rowIDs: [String: String] = [:]

  /// - Parameter announcing: announce the rows as changed even when they show the same texts
  ///   (the Shell's word changes whether a switch can be used).
  private func rebuild(announcing: Bool = false) {
    rowIDs = FoundRowIDs.unique(extensions.all.map(\.uuid), reserved: [Self.noneRowID]) { uuid in
      FoundRowIDs.slug(String(uuid.split(separator: "@", maxSplits: 1).first ?? ""), fallback: "extension")
    }
    let made = extensions.all.isEmpty ? [noneRow] : sortedExtensions.map(row)
    // Rows are compared by what they show; only a change is announced.
    let changed = announcing || made.map(Self.signature) != rows.map(Self.signature)
    rows = made
    if changed { observers.notify(.wholeSchema(ShellExtensionSwitches.schema)) }
  }

  /// The id of the row shown when no extension is installed.
  package static let noneRowID = "none"

  private var noneRow: Row {
    ValueRow(Self.noneRowID, tr("No Extensions Installed"), value: "")
      .subtitle(tr("Extensions you install for GNOME Shell appear here."))
      .icon("application-x-addon-symbolic")
  }

  /// Whether the running Shell lets the extension's switch change anything (not for one out of
  /// date, or when its lists are locked). It says no of an extension that failed too, which is
  /// left switchable: turning it off helps. True without a Shell.
  package func canChange(_ uuid: String) -> Bool {
    guard let report = live?[uuid] else { return true }
    return report.canChange || report.state == .error
  }

  /// “Remove…”: asks, then removes an extension the user installed; one installed for everyone
  /// says why it can't be removed here.
  private func removeItem(_ shellExtension: ShellExtension) -> Row.MenuItem {
    let label = tr("Remove…")
    guard shellExtension.isUsers else {
      return Row.MenuItem(
        label: label,
        action: Row.Action { context in
          context.presenter?.showMessage(
            tr(
              "“%s” is installed for everyone: only an administrator can remove it, with the package that installed it.",
              shellExtension.name.escapedForMessage), undo: nil)
          return nil
        })
    }
    let uuid = shellExtension.uuid
    let folder = watchedFolders.first.map { $0 + "/" + uuid } ?? uuid
    let confirmation = Confirmation(
      title: tr("Remove “%s”?", shellExtension.name.escapedForMessage),
      message: tr("Its files are deleted from %s. Its settings are kept.", folder.escapedForMessage),
      confirmLabel: tr("Remove"))
    return Row.MenuItem(
      label: label,
      action: Row.Action(confirmation: confirmation, isDestructive: true) { [weak self] context in
        guard let uninstall = self?.uninstall else { return nil }
        uninstall(uuid) { [weak self] message in
          self?.reload()
          context.presenter?.showMessage(message, undo: nil)
        }
        return nil
      })
  }

  private static func signature(_ row: Row) -> [String] {
    [row.id, row.title, row.subtitle?.fixedText ?? "", row.iconName ?? "", row.button?.label ?? ""]
  }

  /// What the section's footer says when the Shell stopped answering, or its version can't be found.
  package var note: String {
    if shellStoppedAnswering {
      return tr(
        "GNOME Shell stopped answering: until it runs again, the switches edit its lists, and it starts the extensions on them when it starts."
      )
    }
    if shellLookFinished, let shellProblem {
      return tr("The installed GNOME Shell's version could not be read: %s", shellProblem)
    }
    if shellLookFinished && shellVersion == nil {
      return tr("GNOME Shell is not installed here, so extensions are not checked against its version.")
    }
    return ""
  }

  /// Why the Shell would not start the extension, when the Shell's version is known and
  /// the extension does not declare it (and the Shell checks versions).
  package func versionProblem(_ shellExtension: ShellExtension) -> String? {
    guard let shellVersion, !ShellVersion.supports(shellExtension.shellVersions, version: shellVersion) else {
      return nil
    }
    if let settings, settings.value(for: ShellExtensionSwitches.anyVersionKey) == .bool(true) { return nil }
    guard !shellExtension.shellVersions.isEmpty else {
      return tr("It declares no GNOME Shell version, so GNOME Shell %s won't start it.", shellVersion)
    }
    return tr(
      // TRANSLATORS: %1$s is a list of versions such as “42, 43”; %2$s is one version, such as 45.2.
      "Made for GNOME Shell %1$s, so GNOME Shell %2$s won't start it.",
      shellExtension.shellVersions.joined(separator: ", "), shellVersion)
  }

  private func row(_ shellExtension: ShellExtension) -> Row {
    let id = rowIDs[shellExtension.uuid] ?? shellExtension.uuid
    let description = TextBounds.fitted(
      String(shellExtension.description.split(whereSeparator: \.isNewline).first ?? ""),
      limit: Self.longestDescription)
    let report = live?[shellExtension.uuid]
    // The running Shell's word wins over Knobs' own reading of versions.
    let problem = report.map { $0.problem } ?? versionProblem(shellExtension)
    var details: [String] = []
    if !shellExtension.isUsers { details.append(tr("Installed for everyone")) }
    if let version = shellExtension.version {
      details.append(
        tr(
          // TRANSLATORS: %s is an extension's version, such as 12 or 2.1.
          "Version %s", TextBounds.fitted(version, limit: 40)))
    }
    if let url = shellExtension.url, !url.isEmpty { details.append(TextBounds.fitted(url, limit: 200)) }
    let allOff = settings?.value(for: ShellExtensionSwitches.disableAllKey) == .bool(true)
    let waiting = allOff ? tr("Extensions are off: this switch takes effect when they are on again.") : nil
    var lines: [String] = [waiting, problem, description, details.joined(separator: " · ")].compactMap { $0 }
    lines.removeAll { $0.isEmpty }
    let subtitle = lines.joined(separator: "\n")
    var row = ToggleRow(id, shellExtension.name, key: ShellExtensionSwitches.key(shellExtension.uuid))
      .icon(problem == nil ? "application-x-addon-symbolic" : "dialog-warning-symbolic")
      .keywords([shellExtension.uuid, tr("extension"), shellExtension.description])
    // While every extension is off the Shell says none can change; their switches still pick
    // which start when extensions are on again. Read when asked: a window keeps a row whose
    // texts did not change, and with it this condition.
    let uuid = shellExtension.uuid
    row = row.enabled(
      when: Condition { [weak self] settings in
        settings.bool(ShellExtensionSwitches.disableAllKey) || self?.canChange(uuid) != false
      })
    if !subtitle.isEmpty { row = row.subtitle(subtitle) }
    row.menuItems = [removeItem(shellExtension)]
    if let report, report.hasPrefs, let openPreferences {
      let uuid = shellExtension.uuid
      row.button = Row.Button(
        iconName: "emblem-system-symbolic",
        label: tr(
          // TRANSLATORS: %s is the name of a GNOME Shell extension.
          "Preferences of %s", shellExtension.name),
        action: Row.Action { _ in
          openPreferences(uuid)
          return nil
        })
    } else if let schema = shellExtension.settingsSchema ?? shellExtension.schemaIDs.first {
      row.button = Row.Button(
        iconName: "emblem-system-symbolic",
        label: tr(
          // TRANSLATORS: %s is the name of a GNOME Shell extension.
          "Settings of %s", shellExtension.name),
        action: Row.Action { context in
          context.presenter?.open(SchemaPath.schema(schema).path)
          return nil
        })
    }
    return row
  }
}
