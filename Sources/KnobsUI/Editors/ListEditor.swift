import Gtk
import KnobsModel

/// An editable list of strings: a button that counts the items and opens a
/// popover where items are added, removed and moved with buttons or Alt+Up and
/// Alt+Down. Each item passes the row's rule before the list is written.
@MainActor
final class ListEditor: RowEditor {
  private let list: Row.StringList
  private let button = MenuButton(label: tr("No items"))
  private let itemsBox = ListBox()
  private let scroller = ScrolledWindow()
  private let entry = Entry()
  private let addButton = Button(label: tr("Add"))
  private let message = Label()
  private weak var row: (any RowBinding)?
  private(set) var items: [String] = []
  private var isBuilt = false
  private var title = ""

  init(_ list: Row.StringList) {
    self.list = list
    let column = Box(.vertical, spacing: 6)
    column.setMargins(top: 6, bottom: 6, start: 6, end: 6)
    itemsBox.addCSSClass("knobs-list")
    itemsBox.showsSeparators = true
    scroller.setChild(itemsBox)
    scroller.setContentHeight(minimum: -1, maximum: 320, propagates: true)
    scroller.setSizeRequest(width: 300, height: -1)
    column.append(scroller)
    message.wraps = true
    message.xAlign = 0
    message.maximumWidthChars = 40
    message.addCSSClass("dim-label")
    column.append(message)
    let adding = Box(.horizontal, spacing: 6)
    entry.expandsHorizontally = true
    entry.placeholder = list.placeholder ?? tr("New item")
    entry.maximumLength = Int32(clamping: list.itemRule.maximumLength + 1)
    adding.append(entry)
    adding.append(addButton)
    column.append(adding)
    _ = button.setPopover(child: column)
  }

  var suffix: Widget? { button }
  var focusWidget: Widget { button }
  var kind: String { "list" }
  var valueDescription: String {
    items.isEmpty
      ? tr("No items")
      // TRANSLATORS: a list's size ("3 items") and its first items, for screen readers.
      : tr("%s: %s", Self.count(items.count), items.prefix(20).joined(separator: ", "))
  }

  func label(title: String) {
    self.title = title
    button.setAccessibleLabel(title)
    button.setAccessibleLabelOfParts(title)
    itemsBox.setAccessibleLabel(title)
    entry.setAccessibleLabel(tr("New item for %s", title))
    addButton.setAccessibleLabel(tr("Add to %s", title))
  }

  func connect(to row: any RowBinding) {
    self.row = row
    addButton.onClick { [weak self] in self?.add() }
    entry.onActivate { [weak self] in self?.add() }
  }

  func refresh(_ settings: SettingsReader) {
    let value = settings[list.key]?.stringsValue ?? []
    button.label = Self.count(value.count)
    guard value != items || !isBuilt else { return }
    items = value
    isBuilt = true
    rebuild()
  }

  /// Opens the popover with the focus on the new item's field, ready to type.
  func activate() {
    button.popup()
    if entry.isSensitive { entry.grabFocus() }
  }

  private static func count(_ count: Int) -> String {
    count == 0 ? tr("No items") : trn("%d item", "%d items", count, count)
  }

  private func rebuild(focusing focusIndex: Int? = nil) {
    itemsBox.removeAll()
    guard items.count <= list.maximumItems else {
      say(
        trn(
          "This list has %d item, more than the %d edited here.",
          "This list has %d items, more than the %d edited here.", items.count, items.count, list.maximumItems))
      entry.isSensitive = false
      addButton.isSensitive = false
      return
    }
    entry.isSensitive = true
    addButton.isSensitive = true
    say(items.isEmpty ? tr("The list is empty.") : nil)
    for (index, item) in items.enumerated() {
      let itemRow = itemRow(item, at: index)
      itemsBox.append(itemRow)
      if index == focusIndex { itemRow.grabFocus() }
    }
  }

  private func itemRow(_ item: String, at index: Int) -> ListBoxRow {
    let listRow = ListBoxRow()
    let line = Box(.horizontal, spacing: 6)
    line.setMargins(top: 4, bottom: 4, start: 8, end: 4)
    let label = Label(item)
    label.xAlign = 0
    label.expandsHorizontally = true
    label.ellipsizesEnd = true
    line.append(label)
    let up = Button(iconName: "go-up-symbolic")
    up.setAccessibleLabel(tr("Move “%s” up", item))
    up.tooltip = tr("Move up (Alt+Up)")
    up.isSensitive = index > 0
    up.onClick { [weak self] in self?.move(index, by: -1) }
    let down = Button(iconName: "go-down-symbolic")
    down.setAccessibleLabel(tr("Move “%s” down", item))
    down.tooltip = tr("Move down (Alt+Down)")
    down.isSensitive = index < items.count - 1
    down.onClick { [weak self] in self?.move(index, by: 1) }
    let remove = Button(iconName: "list-remove-symbolic")
    remove.setAccessibleLabel(tr("Remove “%s”", item))
    remove.tooltip = tr("Remove (Delete)")
    remove.onClick { [weak self] in self?.remove(at: index) }
    [up, down, remove].forEach {
      $0.hasFrame = false
      line.append($0)
    }
    listRow.setChild(line)
    listRow.setAccessibleLabel(item)
    listRow.setAccessibleDescription(tr("Item %d of %d", index + 1, items.count))
    let keys = KeyController()
    keys.onKeyPressed { [weak self] key in
      guard let self else { return false }
      if key.alt && key.isUp { self.move(index, by: -1); return true }
      if key.alt && key.isDown { self.move(index, by: 1); return true }
      if key.isDelete { self.remove(at: index); return true }
      return false
    }
    listRow.add(keys)
    return listRow
  }

  private func add() {
    let item = entry.text
    if let problem = list.itemRule.problem(with: item) {
      say(tr("Not added: %s", "\(problem)"))
      entry.addCSSClass("error")
      return
    }
    entry.removeCSSClass("error")
    if write(items + [item]) { entry.text = "" }
  }

  func move(_ index: Int, by offset: Int) {
    let target = index + offset
    guard items.indices.contains(index), items.indices.contains(target) else { return }
    var changed = items
    changed.swapAt(index, target)
    if write(changed) { rebuild(focusing: target) }
  }

  func remove(at index: Int) {
    guard items.indices.contains(index) else { return }
    var changed = items
    changed.remove(at: index)
    if write(changed) { rebuild(focusing: min(index, changed.count - 1)) }
  }

  /// Writes the list if the row's rules allow it; says why not otherwise.
  private func write(_ changed: [String]) -> Bool {
    if let problem = list.problem(with: changed) {
      say(tr("Not saved: %s", "\(problem)"))
      return false
    }
    guard let row, row.write(.strings(changed), list.key) else { return false }
    items = changed
    return true
  }

  private func say(_ text: String?) {
    message.text = text ?? ""
    message.isVisible = text != nil
  }

  /// The message under the items, for tests.
  var messageText: String { message.isVisible ? message.text : "" }
  var newItemEntry: Entry { entry }
  var itemList: ListBox { itemsBox }
}
