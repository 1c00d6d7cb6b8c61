internal import CGtk
internal import CGtkGlue

/// What a `ListView` shows in one of its slots. GTK creates a slot for each
/// position on screen (plus a margin), and rebinds slots to other positions as
/// the list scrolls, so a cell is built a few dozen times, not once per item.
@MainActor
public protocol ListCell: AnyObject {
  /// The slot's widget; set once as the list item's child.
  var root: Widget { get }
  /// Shows position `position` of the list in this slot.
  func bind(_ item: ListItem)
  /// The slot no longer shows its position.
  func unbind(_ item: ListItem)
  /// GTK is destroying the slot (the list got shorter): anything the cell
  /// borrowed can go back to its owner for the next slot.
  func teardown()
}

extension ListCell {
  public func teardown() {}
}

/// A GtkListView over positions `0..<count`, with no selection.
///
/// The model is a GtkStringList of empty strings: the list only needs a count,
/// and its owner knows what each position shows. `splice` changes part of it,
/// so only the slots at changed positions are rebound.
///
/// Until it is first painted, a GTK 4.8 list view does not know how tall it is
/// and fills up to 200 slots; so before its first frame the model holds at most
/// `heldBackLimit` positions (what a screen holds, as its owner reckons), and
/// the rest are added once that frame is painted.
@MainActor
public final class ListView: Widget {
  private let strings: OpaquePointer
  private var cells: [ListItem.ID: (item: ListItem, cell: any ListCell)] = [:]
  private let makeCell: @MainActor () -> any ListCell
  /// Positions the model will hold once the list has been painted.
  private var fullCount = 0
  /// True until the first frame: the model holds no more than `heldBackLimit` positions.
  public private(set) var holdsBack = true
  /// The positions held until the first frame: enough to fill the screen, as few as
  /// that, since each costs a slot's widgets, their styles and their layout.
  public var heldBackLimit = 24
  /// Whether the positions held back are added once the list's first frame is
  /// painted (a page), or only when `fill()` is called (search results, which
  /// grow when the user moves into them).
  public var fillsAfterFirstFrame = true
  /// Whether `replaceAll` keeps the slots of positions it no longer needs, as positions past
  /// `count` that its owner leaves empty and hidden, rather than have GTK destroy them and build
  /// them again when the list grows (search results, which change length with each keystroke).
  public var keepsSlots = false

  public init(makeCell: @escaping @MainActor () -> any ListCell) {
    self.makeCell = makeCell
    strings = gtk_string_list_new(nil)
    // The selection model takes the string list, and the list view takes the
    // selection model and the factory (all transfer full); we keep a reference to the strings.
    let selection = gtk_no_selection_new(OpaquePointer(UnsafeMutableRawPointer(strings)))
    g_object_ref(UnsafeMutableRawPointer(strings))
    let factory = gtk_signal_list_item_factory_new()!
    super.init(widget: gtk_list_view_new(selection, factory))
    connectFactory(factory)
    onMap { [weak self] in
      guard let self, self.holdsBack, self.fillsAfterFirstFrame else { return }
      // Once the frame is painted and the loop has had a turn (which sends it to the display).
      self.afterNextFrame { runWhenIdle { [weak self] in self?.fill() } }
    }
  }

  isolated deinit {
    g_object_unref(UnsafeMutableRawPointer(strings))
  }

  private func connectFactory(_ factory: OpaquePointer) {
    let instance = UnsafeMutableRawPointer(factory).assumingMemoryBound(to: GObject.self)
    _ = SignalBox<Trampolines.WithPointer> { [weak self] pointer in
      guard let self, let pointer else { return }
      let item = ListItem(pointer)
      let cell = self.makeCell()
      gtk_list_item_set_child(item.c(), cell.root.widget)
      self.cells[item.id] = (item, cell)
    }.connect(to: instance, signal: "setup", trampoline: Trampolines.withPointer)
    _ = SignalBox<Trampolines.WithPointer> { [weak self] pointer in
      guard let self, let pointer, let entry = self.cells[ListItem.ID(pointer)] else { return }
      entry.cell.bind(entry.item)
    }.connect(to: instance, signal: "bind", trampoline: Trampolines.withPointer)
    _ = SignalBox<Trampolines.WithPointer> { [weak self] pointer in
      guard let self, let pointer, let entry = self.cells[ListItem.ID(pointer)] else { return }
      entry.cell.unbind(entry.item)
    }.connect(to: instance, signal: "unbind", trampoline: Trampolines.withPointer)
    _ = SignalBox<Trampolines.WithPointer> { [weak self] pointer in
      guard let self, let pointer else { return }
      self.cells.removeValue(forKey: ListItem.ID(pointer))?.cell.teardown()
    }.connect(to: instance, signal: "teardown", trampoline: Trampolines.withPointer)
  }

  /// How many positions the list has.
  public var count: Int { fullCount }

  /// How many positions the model holds now.
  private var modelCount: Int { Int(g_list_model_get_n_items(OpaquePointer(UnsafeMutableRawPointer(strings)))) }

  /// How many positions GTK has now: all of them, or those not held back.
  public var heldCount: Int { min(modelCount, fullCount) }

  /// Replaces `removing` positions at `position` with `adding` new ones.
  public func splice(at position: Int, removing: Int, adding: Int) {
    fullCount += adding - removing
    if holdsBack {
      spliceModel(at: 0, removing: modelCount, adding: min(fullCount, heldBackLimit))
    } else {
      spliceModel(at: position, removing: removing, adding: adding)
    }
  }

  /// Replaces every position with `count` new ones, holding back all but the
  /// first `heldBackLimit` until `fill()`: GTK 4.8 binds and lays out up to 200
  /// slots whatever the screen shows, so a list that changes wholesale on every
  /// keystroke draws a screenful first.
  ///
  /// Positions that stay keep their slots, which are bound again: GTK 4.8
  /// would build new slots for new items rather than reuse the old ones.
  public func replaceAll(count: Int) {
    holdsBack = true
    fullCount = count
    let shown = min(count, heldBackLimit)
    // Kept slots past `count` stay, empty: at most a screenful of them.
    let target = keepsSlots ? max(shown, min(modelCount, heldBackLimit)) : shown
    let kept = min(modelCount, target)
    spliceModel(at: kept, removing: modelCount - kept, adding: target - kept)
    for (item, cell) in cells.values {
      if let position = item.position, position < kept { cell.bind(item) }
    }
  }

  /// Adds the positions held back until the first frame.
  public func fill() {
    holdsBack = false
    if modelCount > fullCount { spliceModel(at: fullCount, removing: modelCount - fullCount, adding: 0) }
    guard modelCount < fullCount else { return }
    spliceModel(at: modelCount, removing: 0, adding: fullCount - modelCount)
    // New slots off screen only need a layout, after which GTK paints nothing and
    // owners waiting for a painted frame (to fill slots near the screen) would not run.
    gtk_widget_queue_draw(widget)
  }

  private func spliceModel(at position: Int, removing: Int, adding: Int) {
    let empty = strdup("")!
    defer { free(empty) }
    var additions = [UnsafePointer<CChar>?](repeating: UnsafePointer(empty), count: adding)
    additions.append(nil)
    additions.withUnsafeBufferPointer { buffer in
      gtk_string_list_splice(strings, guint(position), guint(removing), buffer.baseAddress)
    }
  }

  /// How many slots GTK has made and not destroyed.
  public var slotCount: Int { cells.count }

  /// The slots showing a position now, with their cells.
  public var boundCells: [(item: ListItem, cell: any ListCell)] {
    cells.values.filter { $0.item.position != nil }
  }

  /// Runs when a position is activated: Enter on it, or a double click.
  @discardableResult
  public func onActivate(_ handler: @escaping @MainActor (Int) -> Void) -> SignalConnection {
    SignalBox<Trampolines.WithIndex>(handler).connect(
      to: gobject, signal: "activate", trampoline: Trampolines.withIndex)
  }

  /// Scrolls just enough to show `position`; GTK creates its slot if there is none.
  public func scroll(to position: Int) {
    if position >= modelCount { fill() }
    gtk_widget_activate_action_variant(widget, "list.scroll-to-item", g_variant_new_uint32(guint32(position)))
  }

  public var showsSeparators: Bool {
    get { gtk_list_view_get_show_separators(c()) != 0 }
    set { gtk_list_view_set_show_separators(c(), newValue ? 1 : 0) }
  }
}

/// A GtkListItem: one slot of a `ListView`.
@MainActor
public final class ListItem: Object {
  /// Identifies the slot across signals.
  public struct ID: Hashable {
    let pointer: UnsafeMutableRawPointer

    init(_ pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
  }

  let id: ID

  init(_ pointer: UnsafeMutableRawPointer) {
    id = ID(pointer)
    super.init(retaining: pointer)
  }

  /// The position the slot shows, or nil while it shows none.
  public var position: Int? {
    let position = gtk_list_item_get_position(c())
    // GTK_INVALID_LIST_POSITION
    return position == guint.max ? nil : Int(position)
  }

  /// Whether Enter (and a double click) on the slot activates its position.
  public var isActivatable: Bool {
    get { gtk_list_item_get_activatable(c()) != 0 }
    set { gtk_list_item_set_activatable(c(), newValue ? 1 : 0) }
  }

  /// The widget GTK puts the slot's child in: the one that takes the focus and
  /// that assistive technologies see as the list item.
  public var itemWidget: Widget? {
    guard let child = gtk_list_item_get_child(c()), let parent = gtk_widget_get_parent(child) else { return nil }
    return Widget(widget: parent)
  }
}
