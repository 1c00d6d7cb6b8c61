import Gtk
import KnobsModel

/// Two numbers of one type (`(ii)`, `(dd)`, `(uu)`), each in a field named after what the
/// description calls it (“X” and “Y”, “Width” and “Height”) or “First” and “Second”. Written
/// together as the key's own type on Enter or when the focus leaves a field; Up and Down step
/// the focused number. A number the type can't hold is explained and never written; a stored
/// value that is no such pair leaves the fields off, with a note.
///
/// Fields rather than GtkSpinButtons, as `NumberEditor` explains: on GTK 4.8 a spin button
/// inside a list view row takes no typed text.
@MainActor
final class PairEditor: RowEditor {
  private let text: Row.Text
  let pair: NumberPair
  private let box = Box(.horizontal, spacing: 6)
  let firstEntry = Entry()
  let secondEntry = Entry()
  private weak var row: (any RowBinding)?
  /// The numbers last shown from the store; nil when the value is no pair.
  private(set) var stored: (GVariantValue, GVariantValue)?

  init(_ text: Row.Text, pair: NumberPair) {
    self.text = text
    self.pair = pair
    for (label, entry) in [(pair.first, firstEntry), (pair.second, secondEntry)] {
      let name = Label(label)
      name.addCSSClass("dim-label")
      name.ellipsizesEnd = true
      name.maximumWidthChars = 10
      entry.widthChars = 6
      entry.maximumWidthChars = 10
      entry.xAlign = 1
      entry.maximumLength = 64
      box.append(name)
      box.append(entry)
    }
  }

  var suffix: Widget? { box }
  var focusWidget: Widget { firstEntry }
  var kind: String { "pair" }
  var valueDescription: String {
    guard let stored else { return tr("No value") }
    return tr("%1$s %2$s, %3$s %4$s", pair.first, pair.shown(stored.0), pair.second, pair.shown(stored.1))
  }

  func label(title: String) {
    // TRANSLATORS: a number of a pair: %1$s is the setting's title, %2$s the number's name ("Width").
    firstEntry.setAccessibleLabel(tr("%1$s: %2$s", title, pair.first))
    secondEntry.setAccessibleLabel(tr("%1$s: %2$s", title, pair.second))
  }

  func connect(to row: any RowBinding) {
    self.row = row
    for (index, entry) in [firstEntry, secondEntry].enumerated() {
      entry.onCommit { [weak self] in self?.apply() }
      let keys = KeyController()
      keys.onKeyPressed { [weak self] key in
        guard let self else { return false }
        if key.isEscape { self.restore(); return true }
        if key.isUp { self.step(index, by: 1); return true }
        if key.isDown { self.step(index, by: -1); return true }
        return false
      }
      entry.add(keys)
    }
  }

  func refresh(_ settings: SettingsReader) {
    let value = text.text(of: settings[text.key])
    let isEditing = box.containsFocus && typedDiffers
    if let numbers = try? GVariantValue.parse(value, typeString: pair.typeString), case .tuple(let items) = numbers,
      items.count == 2
    {
      stored = (items[0], items[1])
      row?.showNote(nil)
    } else {
      stored = nil
      row?.showNote(tr("This value is not two numbers of type %s and can't be edited here.", pair.typeString))
    }
    firstEntry.isSensitive = stored != nil
    secondEntry.isSensitive = stored != nil
    if !isEditing { restoreText() }
  }

  private var typedDiffers: Bool {
    guard let stored else { return false }
    return firstEntry.text != pair.shown(stored.0) || secondEntry.text != pair.shown(stored.1)
  }

  private func restoreText() {
    firstEntry.text = stored.map { pair.shown($0.0) } ?? ""
    secondEntry.text = stored.map { pair.shown($0.1) } ?? ""
  }

  private func restore() {
    restoreText()
    clearProblem()
  }

  /// Writes both numbers when each is one the type holds; says why not otherwise.
  func apply() {
    guard let row, stored != nil, typedDiffers else { return }
    do {
      let first = try pair.number(firstEntry.text, label: pair.first)
      let second = try pair.number(secondEntry.text, label: pair.second)
      clearProblem()
      row.write(.variant(type: pair.typeString, text: pair.text(first, second)), text.key)
    } catch {
      row.showProblem(tr("Not saved: %s", "\(error)"))
      let firstWrong = (try? pair.number(firstEntry.text, label: pair.first)) == nil
      (firstWrong ? firstEntry : secondEntry).addCSSClass("error")
    }
  }

  private func step(_ index: Int, by steps: Double) {
    guard let stored, let row else { return }
    let values = [stored.0, stored.1]
    let current: Double
    switch values[index] {
    case .integer(let value, _): current = Double(value)
    case .double(let value): current = value
    default: return
    }
    let next = min(max(current + steps * (pair.isDouble ? 0.1 : 1), pair.bounds.lowerBound), pair.bounds.upperBound)
    let value: GVariantValue
    if pair.isDouble {
      value = .double((next * 1000).rounded() / 1000)
    } else {
      guard let number = try? pair.number(String(Int64(next)), label: "") else { return }
      value = number
    }
    var changed = values
    changed[index] = value
    clearProblem()
    row.write(.variant(type: pair.typeString, text: pair.text(changed[0], changed[1])), self.text.key)
  }

  private func clearProblem() {
    firstEntry.removeCSSClass("error")
    secondEntry.removeCSSClass("error")
    row?.showProblem(nil)
  }
}
