import Gtk
import KnobsModel

/// The widgets for one row: a list row with an optional icon, the title, a
/// dim subtitle and a suffix that depends on the row's kind.
///
/// A row view is built once and updated in place by `refresh`, so focus and
/// the widget instances survive every settings change.
@MainActor
final class RowView {
  let row: Row
  /// The row's address, e.g. `appearance/dark-style`.
  let path: RowPath
  let listRow = ListViewRow()
  private let titleLabel: Label
  /// Titles and subtitles up to this many characters don't wrap when the row's
  /// control is narrow (a switch, an arrow): they fit beside it in the narrowest
  /// window (360 pixels), and labels that wrap cost far more to measure (see
  /// `Label.wrapsWhenLonger`). Beside a wide control (a drop-down, a field,
  /// keycaps) any text may need the room, so it always wraps.
  static func shortText(beside kind: Row.Kind) -> Int {
    switch kind.form {
    case .toggle, .link, .email, .detail, .page, .action, .value: return 24
    case .slider, .choice, .text, .number, .font, .file, .multiSelect, .list, .shortcut, .color: return 0
    }
  }
  /// The line that holds the title and subtitle (and a control shown below them).
  private let textBox = Box(.vertical, spacing: 2)
  /// The row's line: icon, text, modified mark, control, button.
  private let content = RowBox(spacing: 12)
  /// Made when the row first has a subtitle, problem or note to show: most
  /// rows of a long page never do, and a label costs as much as a switch.
  private var subtitleLabel: Label?
  /// A dot before the control while the setting differs from its default;
  /// made when the setting first does.
  private var modifiedMark: Label?
  private(set) var isModified = false
  /// Whether `isModified` says the user has a value of their own (the store can tell), not only
  /// that the setting differs from its default.
  private var marksOwnValue = false
  private let control: RowControl
  private(set) weak var host: PageHost?
  private(set) lazy var menu = RowContextMenu(rowView: self)
  /// What `showProblem` and `showNote` said, shown under the subtitle.
  private var problem: String?
  private var note: String?
  private var baseSubtitle = ""
  /// Where the value comes from when it is the system's or a vendor's, read once the loop is
  /// idle after a refresh: never before the first frame.
  private var sourceNote: String?
  private var sourceTimer: MainLoopTimer?
  /// The row's own button (e.g. Remove), if it has one.
  private(set) var rowButton: Button?
  private var currentDescription = ""
  /// The row's accessible description as last set: what a screen reader says after its title.
  private(set) var spokenDescription = ""

  init(row: Row, path: RowPath, host: PageHost) {
    self.row = row
    self.path = path
    self.host = host
    titleLabel = Label(row.title)
    control = RowControl(kind: row.kind)
    build()
    control.connect(to: self)
    refresh(SettingsReader(host.store))
  }

  /// What the row shows apart from its value: rows found again with the same
  /// identity keep their widgets.
  static func identity(of row: Row) -> String {
    [row.id, row.kindName, row.title, row.iconName ?? "", row.subtitle?.fixedText ?? "", row.button?.label ?? ""]
      .joined(separator: "\u{1}")
  }

  private func build() {
    content.addCSSClass("knobs-row-content")
    if let iconName = row.iconName {
      // Symbolic icons are drawn small like text; an application's icon at 32 pixels, as GNOME lists do.
      let icon =
        iconName.hasSuffix("-symbolic")
        ? Image(iconName: iconName)
        : Image(applicationIcon: iconName, fallback: "application-x-executable", pixelSize: 32)
      icon.addCSSClass(iconName.hasSuffix("-symbolic") ? "knobs-row-icon" : "knobs-app-icon")
      // The title says what the row is; the icon would only repeat it to screen readers.
      icon.hideFromAssistiveTechnologies(label: row.title)
      content.append(icon)
    }
    // Left to fill: the row centres it (RowBox).
    let text = textBox
    text.expandsHorizontally = true
    titleLabel.xAlign = 0
    titleLabel.wrapsWhenLonger(than: Self.shortText(beside: row.kind))
    titleLabel.addCSSClass("knobs-row-title")
    text.append(titleLabel)
    if let below = control.belowWidget {
      below.setMargins(top: 6, bottom: 0, start: 0, end: 0)
      text.append(below)
    }
    content.append(text)
    if let suffix = control.widget {
      suffix.verticalAlignment = .center
      content.append(suffix)
    }
    if let button = row.button {
      let widget = Button(iconName: button.iconName)
      widget.hasFrame = false
      widget.verticalAlignment = .center
      widget.setAccessibleLabel(button.label)
      widget.tooltip = button.label + " (Delete)"
      widget.onClick { [weak self] in self?.pressButton() }
      content.append(widget)
      rowButton = widget
    }
    listRow.setChild(content)
    listRow.isActivatable = control.isActivatable
    listRow.setAccessibleLabel(row.title)
    control.label(title: row.title)
    if let destination = row.destinationText { listRow.tooltip = destination }
    if case .action(let action) = row.kind.form, action.isDestructive {
      titleLabel.addCSSClass("knobs-destructive")
    }
    listRow.onActivate { [weak self] in self?.activate() }
    menu.install(on: listRow)
  }

  private func makeSubtitleLabel() -> Label {
    if let subtitleLabel { return subtitleLabel }
    let label = Label()
    label.xAlign = 0
    label.addCSSClass("dim-label")
    label.addCSSClass("knobs-row-subtitle")
    textBox.insert(label, after: titleLabel)
    subtitleLabel = label
    return label
  }

  private func makeModifiedMark() -> Label {
    if let modifiedMark { return modifiedMark }
    let mark = Label("•")
    mark.addCSSClass("knobs-modified")
    // Hidden and outside the window while its tooltip is set (see `Widget.tooltip`).
    mark.isVisible = false
    mark.tooltip = changedText
    mark.verticalAlignment = .center
    // The row's description says it to screen readers, once.
    mark.hideFromAssistiveTechnologies(label: tr("Changed"))
    content.insert(mark, after: textBox)
    modifiedMark = mark
    return mark
  }

  /// Does what a click on the row does.
  func activate() {
    guard let host, listRow.isSensitive else { return }
    switch row.kind.form {
    case .link, .email:
      host.launch(row, path: path, from: listRow)
    case .detail(let page):
      host.openDetail(page, path: path)
    case .page(let link):
      host.openDetail(link.page, path: path)
    case .action(let action):
      host.runAction(action, title: row.title)
    case .toggle, .slider, .choice, .text, .number, .font, .file, .multiSelect, .list, .shortcut, .color:
      control.editor?.activate()
    case .value:
      break
    }
  }

  /// Runs the action of the row's button, as a click on it or Delete on the row does.
  func pressButton() {
    guard let host, let button = row.button else { return }
    host.runAction(button.action, title: button.label)
  }

  /// Runs one of the row's context menu items.
  func run(_ item: Row.MenuItem) {
    host?.runAction(item.action, title: item.label)
  }

  /// Writes a value the user chose; a refusal is shown in the window and the control snaps back.
  @discardableResult
  func write(_ value: SettingValue, _ key: SettingKey) -> Bool { write(value, key, clearing: []) }

  /// Writes a value the user chose through the one write every change takes (`SettingEdit`),
  /// first taking `conflicts` (the shortcuts the person agreed to move) from the keybindings that have them.
  @discardableResult
  func write(_ value: SettingValue, _ key: SettingKey, clearing conflicts: [ShortcutConflict]) -> Bool {
    guard let host else { return false }
    var edit = SettingEdit(key, in: host.store)
    edit.conflicts = .clearing(conflicts, in: host.keybindings)
    do throws(SettingEdit.Refusal) {
      try edit.write(value)
      return true
    } catch .notCleared(let error) {
      showProblem(tr("Not saved: %s", error.description))
      return false
    } catch {
      host.showMessage(tr("Couldn't change “%s”: %s", row.title, error.description), actions: [])
      refresh(SettingsReader(host.store))
      return false
    }
  }

  /// Why the value the user entered was not written, shown in the row until it is fixed; nil clears it.
  func showProblem(_ text: String?) {
    guard problem != text else { return }
    problem = text
    updateSubtitle()
  }

  /// A note about the current value (a missing file, options that couldn't be found); nil clears it.
  func showNote(_ text: String?) {
    guard note != text else { return }
    note = text
    updateSubtitle()
  }

  /// The window the row is in, as the parent of its dialogs.
  var hostWindow: Window? { host?.parentWindow }

  /// The keys the row showed at its last refresh: its own, and those its texts and conditions read.
  private let shownKeys = KeyReads()
  /// How many times the row was brought up to date, for tests of what a change refreshes.
  private(set) var refreshCount = 0

  /// Whether the row showed `key` at its last refresh, so a change of it must refresh the row.
  func shows(_ key: SettingKey) -> Bool { shownKeys.include(key) || row.key.map(key.covers) == true }

  /// Brings every part of the row up to date with the settings, changing only what differs.
  func refresh(_ reader: SettingsReader) {
    refreshCount += 1
    shownKeys.reset()
    let settings = reader.recording(into: shownKeys)
    let status = availabilityNote(settings)
    baseSubtitle = [row.subtitle?.text(settings), status].compactMap { $0 }.filter { !$0.isEmpty }
      .joined(separator: "\n")
    listRow.isVisible = row.visibleWhen?.holds(settings) ?? true
    let isSensitive = status == nil && (row.enabledWhen?.holds(settings) ?? true)
    listRow.isSensitive = isSensitive
    control.refresh(settings)
    // The mark means the user set a value of their own, when the store can tell.
    let ownValue = row.key.flatMap { host?.provenance?.hasUserValue($0) }
    marksOwnValue = ownValue != nil
    isModified = ownValue ?? row.isModified(in: settings.store) ?? false
    if isModified || modifiedMark != nil {
      let mark = makeModifiedMark()
      mark.isVisible = isModified
      if isModified { mark.tooltip = changedText }
    }
    currentDescription = accessibleDescription(subtitle: baseSubtitle, settings)
    if let widget = control.interactiveWidget { widget.isSensitive = isSensitive }
    control.belowWidget?.isSensitive = isSensitive
    updateSubtitle()
    scheduleSourceNote(locked: status != nil)
  }

  /// Reads where the value comes from once the loop is idle, and says it under the title
  /// when it is the system's or a vendor's (a locked row's subtitle says so already).
  private func scheduleSourceNote(locked: Bool) {
    guard let key = row.key, host?.provenance != nil else { return }
    if locked {
      sourceTimer?.cancel()
      if sourceNote != nil {
        sourceNote = nil
        updateSubtitle()
      }
      return
    }
    let timer = sourceTimer ?? MainLoopTimer()
    sourceTimer = timer
    timer.schedule(after: 0, priority: .idle) { [weak self] in
      guard let self, let found = self.host?.provenance?.provenance(of: key) else { return }
      let note: String?
      switch found.source {
      case .vendor, .system: note = found.source.sentence
      case .schemaDefault, .user, .locked, .unknown: note = nil
      }
      guard note != self.sourceNote else { return }
      self.sourceNote = note
      self.updateSubtitle()
    }
  }

  /// Shows the subtitle with any problem or note after it, and tells screen readers.
  private func updateSubtitle() {
    let subtitle = [baseSubtitle, sourceNote ?? "", problem ?? "", note ?? ""].filter { !$0.isEmpty }
      .joined(separator: "\n")
    if !subtitle.isEmpty || subtitleLabel != nil {
      let subtitleLabel = makeSubtitleLabel()
      subtitleLabel.text = subtitle
      subtitleLabel.wrapsWhenLonger(than: Self.shortText(beside: row.kind))
      subtitleLabel.isVisible = !subtitle.isEmpty
      subtitleLabel.removeCSSClass("error")
      if problem != nil { subtitleLabel.addCSSClass("error") }
    }
    let description = [currentDescription, sourceNote ?? "", problem ?? "", note ?? ""].filter { !$0.isEmpty }
      .joined(separator: ". ")
    listRow.setAccessibleDescription(description)
    spokenDescription = description
    // Screen readers read the control's own state and description, not its row's:
    // a dimmed row's switch must say it is unavailable, and why.
    if let widget = control.interactiveWidget {
      let full = [description, control.editor?.valueDescription ?? ""].filter { !$0.isEmpty }.joined(separator: ". ")
      if !full.isEmpty { widget.setAccessibleDescription(full) }
    }
  }

  /// Why the row can't be used, if it can't: a missing schema or key, or a locked key.
  private func availabilityNote(_ settings: SettingsReader) -> String? {
    guard let key = row.key else { return nil }
    switch settings.store.availability(of: key) {
    case .missingSchema(let schema):
      return tr("Unavailable: the settings schema %s is not installed.", schema)
    case .missingKey(let key):
      return tr("Unavailable: %s has no setting named %s.", key.schema, key.key)
    case .available:
      guard !settings.store.isWritable(key) else { return nil }
      // Only locked rows read the layers here, to name the database that locks them.
      if let found = host?.provenance?.provenance(of: key), case .locked = found.source,
        let sentence = found.source.sentence
      {
        return sentence
      }
      return tr("Managed by the system administrator.")
    }
  }

  private func accessibleDescription(subtitle: String, _ settings: SettingsReader) -> String {
    let purpose: String
    switch row.kind.form {
    case .link(let link): purpose = tr("Opens %s", link.displayURL)
    case .email(let email): purpose = tr("Writes an email to %s", email.displayAddress)
    case .detail, .page: purpose = tr("Opens a page")
    case .value(let text): purpose = text.text(settings)
    case .toggle, .slider, .choice, .action, .text, .number, .font, .file, .multiSelect, .list, .shortcut, .color:
      purpose = ""
    }
    return [subtitle, purpose, isModified ? changedText : ""].filter { !$0.isEmpty }.joined(separator: ". ")
  }

  /// What the modified mark's tooltip and screen readers say: a value of the user's own is set
  /// (GSettings, where the store can tell), else the setting differs from its default.
  var changedText: String { marksOwnValue ? Self.ownValueText : Self.changedText }

  /// What the mark says of a setting that differs from its default (INI files, memory stores).
  static var changedText: String { tr("Changed from the default") }
  /// What the mark says of a setting the user has a value of their own for, even one equal to the default.
  static var ownValueText: String { tr("Set to a value of your own") }

  /// Whether the row's setting can be reset: the user set a value of their own (when the
  /// store can tell), else it differs from its default.
  func canReset(_ store: any SettingsStore) -> Bool {
    guard let key = row.key, store.isWritable(key) else { return false }
    if let own = host?.provenance?.hasUserValue(key) { return own }
    return store.value(for: key) != store.defaultValue(for: key)
  }

  /// The key's layers, read now; nil for rows without a GSettings key.
  var provenance: ValueProvenance? {
    guard let key = row.key else { return nil }
    return host?.provenance?.provenance(of: key)
  }

  /// Shows the key's layers, bottom to top, as `knobs explain` prints them, in a popover on the row.
  func showProvenance() {
    guard let found = provenance else { return }
    let label = Label(ProvenanceText.window(found))
    label.addCSSClass("knobs-provenance")
    label.isSelectable = true
    let popover = Popover(child: label)
    let (parent, rowPoint) = menu.popoverParent()
    popover.attach(to: parent)
    if let rowPoint { popover.point(at: rowPoint.0, rowPoint.1) }
    popover.connect("closed") { [weak popover] in
      Task { @MainActor in popover?.detach() }
    }
    popover.popup()
  }

  func resetToDefault() {
    guard let key = row.key, let host else { return }
    do throws(SettingEdit.Refusal) {
      try SettingEdit(key, in: host.store).reset()
    } catch {
      host.showMessage(tr("Couldn't reset “%s”: %s", row.title, error.description), actions: [])
    }
  }

  var store: (any SettingsStore)? { host?.store }
  var keybindings: KeybindingIndex? { host?.keybindings }

  var suffixDescription: String { control.suffixDescription }

  /// The switch, scale or editor's widget, for tests and focus.
  var controlWidget: Widget? { control.interactiveWidget }
  /// The text beside a slider, or a value row's value.
  var shownValue: String? { control.shownValue }
  /// The editor of a text, number, font, file, choice, multi-select or list row.
  var editor: (any RowEditor)? { control.editor }
  var titleText: String { titleLabel.text }
  var subtitleText: String { subtitleLabel.map { $0.isVisible ? $0.text : "" } ?? "" }
  /// Whether the row has made its subtitle's label (see `subtitleLabel`).
  var hasSubtitleLabel: Bool { subtitleLabel != nil }
  /// Whether the row has made its modified mark, and whether it shows it.
  var hasModifiedMark: Bool { modifiedMark != nil }
  var showsModifiedMark: Bool { modifiedMark?.isVisible == true }
}
