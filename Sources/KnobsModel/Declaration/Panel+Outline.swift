/// A text outline of everything a panel declares, one line per page, section
/// and row, for comparing declarations made through different front doors (a
/// Swift declaration and a panel file).
///
/// What closures compute is shown as they read with `settings`: live text as
/// its text, conditions as whether they hold. Actions show only that they are
/// actions, and choices found at run time only that they have a provider.
extension Panel {
  /// The panel as indented text, a line a section or row with its current value: what `knobs list` prints.
  @MainActor
  public func outline(_ settings: SettingsReader) -> String {
    var lines: [String] = []
    outline(into: &lines, indent: "", settings)
    return lines.joined(separator: "\n")
  }

  @MainActor
  private func outline(into lines: inout [String], indent: String, _ settings: SettingsReader) {
    lines.append("\(indent)page \(title.debugDescription)")
    for section in sections {
      var line = "\(indent)  section \(section.id) title=\(String(describing: section.title))"
      line += " header=\(Self.text(section.header, settings)) footer=\(Self.text(section.footer, settings))"
      line += " visible=\(section.visibleWhen.map { String($0.holds(settings)) } ?? "always")"
      if section.rowSource != nil { line += " row-source" }
      lines.append(line)
      for row in section.rows {
        lines.append("\(indent)    " + Self.describe(row, settings))
        if case .detail(let page) = row.kind.form { page.outline(into: &lines, indent: indent + "      ", settings) }
      }
    }
  }

  @MainActor
  private static func describe(_ row: Row, _ settings: SettingsReader) -> String {
    var parts = [
      "row \(row.id)", "title=\(row.title.debugDescription)", "subtitle=\(text(row.subtitle, settings))",
      "icon=\(String(describing: row.iconName))", "keywords=\(row.keywords)",
      "enabled=\(row.enabledWhen.map { String($0.holds(settings)) } ?? "always")",
      "visible=\(row.visibleWhen.map { String($0.holds(settings)) } ?? "always")",
    ]
    if let button = row.button { parts.append("button=\(button.iconName) \(button.label.debugDescription)") }
    parts.append(kind(row.kind, settings))
    return parts.joined(separator: " ")
  }

  @MainActor
  private static func kind(_ kind: Row.Kind, _ settings: SettingsReader) -> String {
    switch kind.form {
    case .toggle(let toggle):
      return
        "toggle \(toggle.key) on=\(toggle.on.gvariantText) off=\(toggle.off.gvariantText) part=\(toggle.part != nil)"
    case .link(let link): return "link \(link.url) schemes=\(link.extraSchemes.sorted())"
    case .email(let email):
      return "email to=\(email.to) cc=\(email.cc) bcc=\(email.bcc) subject=\(String(describing: email.subject)) "
        + "body=\(String(describing: email.body))"
    case .detail: return "detail"
    case .page(let link): return "page \(link.title.debugDescription)"
    case .value(let text): return "value \(Self.text(text, settings))"
    case .slider(let slider):
      return "slider \(slider.key) \(slider.minimum)…\(slider.maximum) step \(slider.step) "
        + "format \(slider.format.string(slider.minimum))/\(slider.format.string(slider.maximum))"
    case .choice(let choice):
      let options = choice.options.map { "\($0.value.gvariantText)=\($0.label.debugDescription)" }
      return "choice \(choice.key) \(choice.presentation) options=\(options) provider=\(choice.provider != nil) "
        + "part=\(choice.part != nil)"
    case .action(let action):
      return "action destructive=\(action.isDestructive) confirm=\(String(describing: action.confirmation?.title))"
    case .text(let text):
      return "text \(text.key) \(text.format) placeholder=\(String(describing: text.placeholder)) \(rule(text.rule))"
    case .number(let number):
      return "number \(number.key) \(number.minimum)…\(number.maximum) step \(number.step) "
        + "decimals \(number.decimals) unit \(number.unit.debugDescription)"
    case .font(let font): return "font \(font.key) monospace=\(font.monospaceOnly)"
    case .file(let file):
      return "file \(file.key) types=\(file.mimeTypes) folder=\(file.selectsFolder) storage=\(file.storage)"
    case .multiSelect(let multiSelect):
      let options = multiSelect.options.map { "\($0.value)=\($0.label.debugDescription)" }
      return "multi-select \(multiSelect.key) options=\(options) others=\(multiSelect.showsOtherValues)"
    case .list(let list):
      return "list \(list.key) placeholder=\(String(describing: list.placeholder)) max=\(list.maximumItems) "
        + rule(list.itemRule)
    case .shortcut(let shortcut):
      return "shortcut \(shortcut.key) \(shortcut.storage) conflicts=\(shortcut.checksConflicts)"
    case .color(let color): return "color \(color.key) format=\(String(describing: color.format))"
    }
  }

  private static func rule(_ rule: TextRule) -> String {
    "rule(non-empty=\(rule.nonEmpty) max=\(rule.maximumLength) pattern=\(String(describing: rule.pattern)) "
      + "hint=\(String(describing: rule.patternHint))\(rule.test == nil ? "" : " test=swift"))"
  }

  @MainActor
  private static func text(_ text: LiveText?, _ settings: SettingsReader) -> String {
    text.map { $0.text(settings).debugDescription } ?? "nil"
  }
}
