import Gtk
import KnobsModel

/// A number typed in a field, with − and + buttons beside it and its unit
/// after it. Up and Down step it, Page Up and Page Down step it ten times.
/// Numbers show and are typed in the user's locale (1,5 in German; a point
/// is taken too, as GTK's spin buttons take it). Typed values are brought into
/// the range and to the row's decimals before they are written; text that is
/// no number, or whose point could be a thousands separator, is explained and
/// never written. A value past what only convention bounds (an opacity over 255,
/// `Row.Number.usualMaximum`) is written once the person says so in a dialog.
///
/// A field and two buttons rather than a GtkSpinButton: on GTK 4.8 a spin
/// button inside a list view row takes no typed text.
@MainActor
final class NumberEditor: RowEditor {
  private let number: Row.Number
  private let entry = Entry()
  private let less = Button(iconName: "list-remove-symbolic")
  private let more = Button(iconName: "list-add-symbolic")
  private let box = Box(.horizontal, spacing: 6)
  private weak var row: (any RowBinding)?
  /// The value last shown from the store, which Escape puts back.
  private var stored: Double?
  private var title = ""
  /// The question asked before a value past the usual maximum is written; nil when none is open.
  private(set) var confirmation: ConfirmDialog?

  init(_ number: Row.Number) {
    self.number = number
    entry.widthChars = 6
    entry.maximumWidthChars = 8
    entry.xAlign = 1
    let field = Box(.horizontal)
    field.addCSSClass("linked")
    field.append(entry)
    field.append(less)
    field.append(more)
    box.append(field)
    if !number.unit.isEmpty {
      let unit = Label(number.unit)
      unit.addCSSClass("dim-label")
      box.append(unit)
    }
  }

  var suffix: Widget? { box }
  var focusWidget: Widget { entry }
  var kind: String { "number" }
  var valueDescription: String {
    tr(
      "%s, from %s to %s", stored.map { number.format.string($0) } ?? tr("No value"),
      number.format.string(number.minimum),
      number.format.string(number.maximum))
  }

  func label(title: String) {
    self.title = title
    entry.setAccessibleLabel(title)
    less.setAccessibleLabel(tr("Decrease %s", title))
    more.setAccessibleLabel(tr("Increase %s", title))
    less.tooltip = tr("Decrease (Down)")
    more.tooltip = tr("Increase (Up)")
  }

  func connect(to row: any RowBinding) {
    self.row = row
    entry.onCommit { [weak self] in self?.apply() }
    let keys = KeyController()
    keys.onKeyPressed { [weak self] key in self?.handleKey(key) ?? false }
    entry.add(keys)
    less.onClick { [weak self] in self?.step(by: -1) }
    more.onClick { [weak self] in self?.step(by: 1) }
  }

  func refresh(_ settings: SettingsReader) {
    let value = settings[number.key]?.doubleValue
    let isEditing = entry.containsFocus && entry.text != stored.map(text)
    stored = value
    if !isEditing { entry.text = value.map(text) ?? "" }
    row?.showNote(
      value.flatMap {
        Row.Slider.outOfRangeNote($0, minimum: number.minimum, maximum: number.maximum, format: number.format)
      })
    less.isSensitive = (value ?? number.minimum) > number.minimum
    more.isSensitive = (value ?? number.maximum) < number.maximum
  }

  private func text(_ value: Double) -> String { number.format.string(value).dropUnit(number.unit) }

  private func handleKey(_ key: Key) -> Bool {
    if key.isEscape, let stored, entry.text != text(stored) {
      entry.text = text(stored)
      row?.showProblem(nil)
      return true
    }
    if key.isUp { step(by: 1); return true }
    if key.isDown { step(by: -1); return true }
    if key.isPageUp { step(by: 10); return true }
    if key.isPageDown { step(by: -10); return true }
    return false
  }

  /// Writes what was typed, brought into the range; says why when it is no number.
  private func apply() {
    guard let row else { return }
    let typed = entry.text.dropUnit(number.unit).trimmingSpaces
    guard !(stored.map(text) == typed) else { return }
    let style = NumberStyle.current
    guard let value = style.number(from: typed) else {
      row.showProblem(tr("Not saved: “%s” is not a number.", typed))
      entry.addCSSClass("error")
      return
    }
    // German "1.000" may be a thousand or a one with decimals: ask rather than guess.
    if style.isAmbiguous(typed) {
      let grouped = typed.replacingAll(style.groupingSeparator, with: "")
      row.showProblem(
        tr(
          // TRANSLATORS: %1$s is what was typed ("1.000"), %2$s it without the point ("1000"),
          // %3$s it with a decimal comma ("1,000").
          "Not saved: “%1$s” could be %2$s or %3$s. Type it without the point, or with a decimal comma.", typed,
          grouped, typed.replacingAll(style.groupingSeparator, with: style.decimalSeparator)))
      entry.addCSSClass("error")
      return
    }
    entry.removeCSSClass("error")
    row.showProblem(nil)
    write(value)
    // A value brought into the range shows as it was written.
    if let stored { entry.text = text(stored) }
  }

  private func step(by steps: Double) {
    write((stored ?? number.minimum) + steps * number.step)
  }

  private func write(_ value: Double) {
    let clamped = min(max(value, number.minimum), number.maximum)
    // Crossing the usual maximum is asked about first; once past it (said so, or set elsewhere), steps are not.
    if number.isPastUsualMaximum(clamped), !(stored.map(number.isPastUsualMaximum) ?? false) {
      ask(clamped)
      return
    }
    store(clamped)
  }

  /// Asks whether a value past the usual maximum is meant, and writes it when it is; the field shows the stored
  /// value again when it is not.
  private func ask(_ value: Double) {
    guard let row, confirmation == nil else { return }
    let shown = text(value)
    let said = number.usualMaximumProblem(value, text: shown, title: title) ?? ""
    let question = Confirmation(
      title: tr("Set a Value Past the Usual Maximum?"),
      message: said + " " + tr("The program that reads it may not expect a larger value."),
      confirmLabel: tr("Set %s", shown))
    let dialog = ConfirmDialog(question, destructive: false) { [weak self] in
      self?.store(value)
      self?.entry.text = shown
    }
    dialog.onFinish { [weak self] in
      guard let self else { return }
      self.confirmation = nil
      self.entry.text = self.stored.map(self.text) ?? ""
    }
    // The typed value is answered for before any dialog the same click opens.
    dialog.holdsAnEdit = true
    confirmation = dialog
    row.present(dialog)
  }

  private func store(_ clamped: Double) {
    guard let row else { return }
    if case .int = row.defaultValue(for: number.key) {
      row.write(.int(ExactNumber.clampedInteger(clamped)), number.key)
    } else {
      row.write(.double(Self.rounded(clamped, decimals: number.decimals)), number.key)
    }
  }

  private static func rounded(_ value: Double, decimals: Int) -> Double {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    return (value * scale).rounded() / scale
  }
}

extension String {
  /// The text without a trailing unit (“24 px” → “24”).
  fileprivate func dropUnit(_ unit: String) -> String {
    guard !unit.isEmpty, hasSuffix(unit) else { return self }
    return String(dropLast(unit.count)).trimmingSpaces
  }
}
