import Gtk
import KnobsModel

/// A table of rows for an array of tuples (`a(sss)`) or a dictionary (`a{ss}`, `a{sv}`): a
/// button that counts the rows and opens a popover where each row's fields are edited in
/// place (written on Enter or when the focus leaves), rows are removed, and a new row is
/// added. Every write is GVariant of the key's own type; a dictionary's key typed twice is
/// refused with a message. A stored value the table can't show (written by another program)
/// is shown as GVariant text instead, with a note, and never rewritten by the table.
@MainActor
final class TableEditor: RowEditor {
  private let text: Row.Text
  let table: ValueTable
  private let button = MenuButton(label: "")
  private let tablePart = Box(.vertical, spacing: 6)
  private let rowsBox = ListBox()
  private let message = Label()
  private(set) var newRowEntries: [Entry] = []
  let addButton = Button(label: tr("Add"))
  let textBox: CheckedTextBox
  private weak var row: (any RowBinding)?
  private(set) var rows: [[GVariantValue]] = []
  private var cellEntries: [[Entry]] = []
  private var isBuilt = false
  private var title = ""
  private let columnWidth: Int32
  /// Counts the times the rows were built; a field of rows built before edits nothing.
  private var generation = 0
  /// Whether the stored value fits no table and is shown as text.
  private(set) var isShowingText = false
  /// What the popover shows, for screenshots.
  let popoverContent: Widget

  init(_ text: Row.Text, table: ValueTable) {
    self.text = text
    self.table = table
    textBox = .variant(
      type: table.typeString, key: text.key, refusesHiddenCharacters: text.rule.refusesHiddenCharacters)
    let column = Box(.vertical, spacing: 6)
    column.setMargins(top: 6, bottom: 6, start: 6, end: 6)
    // Every column as wide in the header, the rows and the new row, so they line up.
    let columnWidth: Int32 = table.columns.count <= 3 ? 150 : 110
    self.columnWidth = columnWidth
    let header = Box(.horizontal, spacing: 6)
    header.setMargins(top: 0, bottom: 0, start: 6, end: 40)
    for tableColumn in table.columns {
      let label = Label(tableColumn.title)
      label.xAlign = 0
      label.setSizeRequest(width: columnWidth, height: -1)
      label.ellipsizesEnd = true
      label.addCSSClass("heading")
      header.append(label)
    }
    tablePart.append(header)
    rowsBox.addCSSClass("knobs-list")
    rowsBox.showsSeparators = true
    let scroller = ScrolledWindow()
    scroller.setChild(rowsBox)
    scroller.setContentHeight(minimum: -1, maximum: 320, propagates: true)
    scroller.setSizeRequest(width: (columnWidth + 6) * Int32(table.columns.count) + 50, height: -1)
    tablePart.append(scroller)
    message.wraps = true
    message.xAlign = 0
    message.maximumWidthChars = 48
    message.addCSSClass("dim-label")
    tablePart.append(message)
    let adding = Box(.horizontal, spacing: 6)
    for tableColumn in table.columns {
      let entry = Entry()
      entry.widthChars = 4
      entry.setSizeRequest(width: columnWidth, height: -1)
      entry.placeholder = tableColumn.title
      entry.maximumLength = Int32(clamping: CheckedTextBox.maximumLength + 1)
      newRowEntries.append(entry)
      adding.append(entry)
    }
    adding.append(addButton)
    tablePart.append(adding)
    column.append(tablePart)
    textBox.widget.isVisible = false
    column.append(textBox.widget)
    popoverContent = column
    _ = button.setPopover(child: column)
  }

  var suffix: Widget? { button }
  var focusWidget: Widget { button }
  var kind: String { "table" }
  var valueDescription: String {
    guard !isShowingText else { return textBox.stored.shortenedForMessage }
    guard !rows.isEmpty else { return tr("No rows") }
    let shown = rows.prefix(10).map { $0.map(table.cellText).joined(separator: ", ") }.joined(separator: "; ")
    // TRANSLATORS: a table's size ("3 rows") and its first rows, for screen readers.
    return tr("%s: %s", Self.count(rows.count), shown)
  }

  func label(title: String) {
    self.title = title
    button.setAccessibleLabel(title)
    button.setAccessibleLabelOfParts(title)
    rowsBox.setAccessibleLabel(title)
    for (index, entry) in newRowEntries.enumerated() {
      // TRANSLATORS: %1$s is a table's column ("Name"), %2$s the setting's title.
      entry.setAccessibleLabel(tr("%1$s of a new row of %2$s", table.columns[index].title, title))
    }
    addButton.setAccessibleLabel(tr("Add to %s", title))
    textBox.label(title: title)
  }

  func connect(to row: any RowBinding) {
    self.row = row
    addButton.onClick { [weak self] in self?.addRow() }
    newRowEntries.forEach { $0.onActivate { [weak self] in self?.addRow() } }
    textBox.connect(to: row)
  }

  func refresh(_ settings: SettingsReader) {
    let stored = text.text(of: settings[text.key])
    switch table.rows(ofText: stored.isEmpty ? "[]" : stored) {
    case .success(let value):
      button.label = Self.count(value.count)
      showText(nil)
      guard value != rows || !isBuilt else { return }
      rows = value
      isBuilt = true
      rebuild()
    case .failure(let mismatch):
      button.label = PopoverTextEditor.oneLine(stored)
      rows = []
      isBuilt = false
      showText(mismatch.description)
      textBox.show(stored)
    }
  }

  func activate() {
    button.popup()
    if isShowingText {
      textBox.focus()
    } else {
      newRowEntries.first?.grabFocus()
    }
  }

  private func showText(_ note: String?) {
    isShowingText = note != nil
    tablePart.isVisible = note == nil
    textBox.widget.isVisible = note != nil
    textBox.say(note: note)
  }

  private static func count(_ count: Int) -> String {
    count == 0 ? tr("No rows") : trn("%d row", "%d rows", count, count)
  }

  private func rebuild() {
    // Fields being removed may commit as they lose the focus: what they hold belongs to rows gone.
    generation += 1
    rowsBox.removeAll()
    cellEntries = []
    say(rows.isEmpty ? tr("The table is empty.") : nil)
    for (index, fields) in rows.enumerated() {
      rowsBox.append(tableRow(fields, at: index))
    }
  }

  private func tableRow(_ fields: [GVariantValue], at index: Int) -> ListBoxRow {
    let listRow = ListBoxRow()
    let line = Box(.horizontal, spacing: 6)
    line.setMargins(top: 4, bottom: 4, start: 0, end: 4)
    var entries: [Entry] = []
    for (column, field) in fields.enumerated() {
      let entry = Entry()
      entry.widthChars = 4
      entry.setSizeRequest(width: columnWidth, height: -1)
      entry.text = table.cellText(field)
      entry.maximumLength = Int32(clamping: CheckedTextBox.maximumLength + 1)
      entry.setAccessibleLabel(
        // TRANSLATORS: a cell of a table: %1$s is the setting's title, %2$d the row's number, %3$s the column.
        tr("%1$s, row %2$d, %3$s", title, index + 1, table.columns[column].title))
      let built = generation
      entry.onCommit { [weak self, weak entry] in
        guard let self, let entry, self.generation == built else { return }
        self.edit(index, column, to: entry.text, in: entry)
      }
      entries.append(entry)
      line.append(entry)
    }
    let remove = Button(iconName: "list-remove-symbolic")
    remove.setAccessibleLabel(tr("Remove row %1$d of %2$s", index + 1, title))
    remove.tooltip = tr("Remove (Alt+Delete)")
    remove.hasFrame = false
    remove.onClick { [weak self] in self?.remove(at: index) }
    line.append(remove)
    listRow.setChild(line)
    listRow.setAccessibleLabel(tr("Row %d of %d", index + 1, rows.count))
    let keys = KeyController()
    keys.onKeyPressed { [weak self] key in
      guard let self, key.isDelete, key.alt else { return false }
      self.remove(at: index)
      return true
    }
    listRow.add(keys)
    cellEntries.append(entries)
    return listRow
  }

  /// The field at `column` of row `index`, for tests.
  func cellEntry(_ index: Int, _ column: Int) -> Entry? {
    cellEntries.indices.contains(index) && cellEntries[index].indices.contains(column)
      ? cellEntries[index][column] : nil
  }

  var rowCount: Int { rowsBox.rowCount }

  /// Adds the row typed in the new row's fields, when each field holds a value of its column.
  func addRow() {
    var fields: [GVariantValue] = []
    for (index, entry) in newRowEntries.enumerated() {
      do {
        fields.append(
          try table.cell(
            entry.text, column: index, refusingHiddenCharacters: text.rule.refusesHiddenCharacters))
        entry.removeCSSClass("error")
      } catch {
        entry.addCSSClass("error")
        say(tr("Not added: %s", "\(error)"))
        return
      }
    }
    guard write(rows + [fields], verb: .add) else { return }
    newRowEntries.forEach { $0.text = "" }
    rebuild()
    newRowEntries.first?.grabFocus()
  }

  private func edit(_ index: Int, _ column: Int, to typed: String, in entry: Entry) {
    guard rows.indices.contains(index), typed != table.cellText(rows[index][column]) else {
      entry.removeCSSClass("error")
      return
    }
    let value: GVariantValue
    do {
      value = try table.cell(
        typed, column: column, refusingHiddenCharacters: text.rule.refusesHiddenCharacters)
    } catch {
      entry.addCSSClass("error")
      say(tr("Not saved: %s", "\(error)"))
      return
    }
    var changed = rows
    changed[index][column] = value
    if write(changed, verb: .save) {
      entry.removeCSSClass("error")
    } else {
      entry.addCSSClass("error")
    }
  }

  func remove(at index: Int) {
    guard rows.indices.contains(index) else { return }
    var changed = rows
    changed.remove(at: index)
    if write(changed, verb: .save) { rebuild() }
  }

  private enum Verb { case add, save }

  /// Writes the rows in the key's type; says why not when a key comes twice or the store refuses.
  private func write(_ changed: [[GVariantValue]], verb: Verb) -> Bool {
    let written: String
    do {
      written = try table.text(of: changed)
    } catch {
      say(verb == .add ? tr("Not added: %s", "\(error)") : tr("Not saved: %s", "\(error)"))
      return false
    }
    guard let row, row.write(.variant(type: table.typeString, text: written), text.key) else { return false }
    rows = changed
    say(rows.isEmpty ? tr("The table is empty.") : nil)
    return true
  }

  private func say(_ text: String?) {
    message.text = text ?? ""
    message.isVisible = text != nil
  }

  /// The message under the rows, for tests.
  var messageText: String { message.isVisible ? message.text : "" }
}
