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
  let path: String
  let listRow = ListRow()
  private let titleLabel: Label
  private let subtitleLabel = Label()
  private let control: RowControl
  private weak var host: PageHost?
  private(set) lazy var menu = RowContextMenu(rowView: self)

  init(row: Row, path: String, host: PageHost) {
    self.row = row
    self.path = path
    self.host = host
    titleLabel = Label(row.title)
    control = RowControl(kind: row.kind)
    build()
    control.connect(to: self)
    refresh(SettingsReader(host.store))
  }

  private func build() {
    let content = Box(.horizontal, spacing: 12)
    content.addCSSClass("knobs-row-content")
    if let iconName = row.iconName {
      let icon = Image(iconName: iconName)
      icon.addCSSClass("knobs-row-icon")
      content.append(icon)
    }
    let text = Box(.vertical, spacing: 2)
    text.verticalAlignment = .center
    text.expandsHorizontally = true
    titleLabel.xAlign = 0
    titleLabel.wraps = true
    titleLabel.addCSSClass("knobs-row-title")
    subtitleLabel.xAlign = 0
    subtitleLabel.wraps = true
    subtitleLabel.addCSSClass("dim-label")
    subtitleLabel.addCSSClass("knobs-row-subtitle")
    text.append(titleLabel)
    text.append(subtitleLabel)
    content.append(text)
    if let suffix = control.widget {
      suffix.verticalAlignment = .center
      content.append(suffix)
    }
    listRow.setChild(content)
    listRow.isActivatable = control.isActivatable
    listRow.setAccessibleLabel(row.title)
    control.label(title: row.title)
    switch row.kind {
    case .link(let link): listRow.tooltip = link.displayURL
    case .email(let email): listRow.tooltip = email.displayAddress
    default: break
    }
    if case .action(let action) = row.kind, action.isDestructive {
      titleLabel.addCSSClass("knobs-destructive")
    }
    listRow.onActivate { [weak self] in self?.activate() }
    menu.install(on: listRow)
  }

  /// Does what a click on the row does.
  func activate() {
    guard let host, listRow.isSensitive else { return }
    switch row.kind {
    case .toggle(let toggle):
      let isOn = toggle.isOn(host.store.value(for: toggle.key))
      write(isOn ? toggle.off : toggle.on, toggle.key)
    case .link, .email:
      host.launch(row, path: path, from: listRow)
    case .detail(let page):
      host.openDetail(page, path: path)
    case .action(let action):
      host.runAction(action, title: row.title)
    case .slider, .choice:
      control.interactiveWidget?.grabFocus()
    case .value:
      break
    }
  }

  /// Writes a value the user chose; a refusal is shown in the window and the control snaps back.
  func write(_ value: SettingValue, _ key: SettingKey) {
    guard let host else { return }
    do {
      try host.store.write(value, for: key)
    } catch {
      host.showMessage("Couldn't change “\(row.title)”: \(error)", actions: [])
      refresh(SettingsReader(host.store))
    }
  }

  /// Brings every part of the row up to date with the settings, changing only what differs.
  func refresh(_ settings: SettingsReader) {
    let status = availabilityNote(settings)
    let subtitle = [row.subtitle?.text(settings), status].compactMap { $0 }.filter { !$0.isEmpty }
      .joined(separator: "\n")
    subtitleLabel.text = subtitle
    subtitleLabel.isVisible = !subtitle.isEmpty
    listRow.isVisible = row.visibleWhen?.holds(settings) ?? true
    let isSensitive = status == nil && (row.enabledWhen?.holds(settings) ?? true)
    listRow.isSensitive = isSensitive
    control.refresh(settings)
    let description = accessibleDescription(subtitle: subtitle, settings)
    listRow.setAccessibleDescription(description)
    // Screen readers read the control's own state and description, not its row's:
    // a dimmed row's switch must say it is unavailable, and why.
    if let widget = control.interactiveWidget {
      widget.isSensitive = isSensitive
      if !description.isEmpty { widget.setAccessibleDescription(description) }
    }
  }

  /// Why the row can't be used, if it can't: a missing schema or key, or a locked key.
  private func availabilityNote(_ settings: SettingsReader) -> String? {
    guard let key = row.key else { return nil }
    switch settings.store.availability(of: key) {
    case .missingSchema(let schema):
      return "Unavailable: the settings schema \(schema) is not installed."
    case .missingKey(let key):
      return "Unavailable: \(key.schema) has no setting named \(key.key)."
    case .available:
      return settings.store.isWritable(key) ? nil : "Managed by the system administrator."
    }
  }

  private func accessibleDescription(subtitle: String, _ settings: SettingsReader) -> String {
    let purpose: String
    switch row.kind {
    case .link(let link): purpose = "Opens \(link.displayURL)"
    case .email(let email): purpose = "Writes an email to \(email.displayAddress)"
    case .detail: purpose = "Opens a page"
    case .value(let text): purpose = text.text(settings)
    case .toggle, .slider, .choice, .action: purpose = ""
    }
    return [subtitle, purpose].filter { !$0.isEmpty }.joined(separator: ". ")
  }

  /// Whether the row's setting differs from its default and can be reset.
  func canReset(_ store: any SettingsStore) -> Bool {
    guard let key = row.key, store.isWritable(key) else { return false }
    return store.value(for: key) != store.defaultValue(for: key)
  }

  func resetToDefault() {
    guard let key = row.key, let host else { return }
    host.store.reset(key)
  }

  var store: (any SettingsStore)? { host?.store }
  var hostWidgetForMessages: PageHost? { host }

  var suffixDescription: String { control.suffixDescription }

  /// The switch, scale or drop-down, for tests and focus.
  var controlWidget: Widget? { control.interactiveWidget }
  var titleText: String { titleLabel.text }
  var subtitleText: String { subtitleLabel.isVisible ? subtitleLabel.text : "" }
}
