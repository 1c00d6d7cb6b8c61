internal import CGtk
internal import CGioGlue
internal import CGtkGlue

/// A one-line GtkEntry.
@MainActor
public final class Entry: Widget {
  public init() {
    super.init(widget: gtk_entry_new())
  }

  public var text: String {
    get { String(cString: gtk_editable_get_text(c())) }
    set {
      guard text != newValue else { return }
      gtk_editable_set_text(c(), newValue)
    }
  }

  public var placeholder: String? {
    get { gtk_entry_get_placeholder_text(c()).map { String(cString: $0) } }
    set { gtk_entry_set_placeholder_text(c(), newValue) }
  }

  /// The most characters the entry takes; 0 for no limit. Longer text is cut when typed or pasted.
  public var maximumLength: Int32 {
    get { gtk_entry_get_max_length(c()) }
    set { gtk_entry_set_max_length(c(), newValue) }
  }

  /// Where the text sits when shorter than the field: 0 the start, 1 the end.
  public var xAlign: Float {
    get { gtk_editable_get_alignment(c()) }
    set { gtk_editable_set_alignment(c(), newValue) }
  }

  public var widthChars: Int32 {
    get { gtk_editable_get_width_chars(c()) }
    set { gtk_editable_set_width_chars(c(), newValue) }
  }

  /// The widest the entry asks to be, in characters; -1 for no limit.
  public var maximumWidthChars: Int32 {
    get { gtk_editable_get_max_width_chars(c()) }
    set { gtk_editable_set_max_width_chars(c(), newValue) }
  }

  /// Runs when the user presses Enter.
  @discardableResult
  public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    connect("activate", handler)
  }

  /// Runs when the user is done with the text: on Enter, and when the focus leaves the entry.
  public func onCommit(_ handler: @escaping @MainActor () -> Void) {
    onActivate(handler)
    let focus = FocusController()
    focus.onLeave(handler)
    add(focus)
  }

  /// Presses Enter as the user would: `onActivate` handlers run.
  public func pressEnter() { knobs_signal_emit(gobject, "activate") }

  /// Runs on every change of the text, typed or set.
  @discardableResult
  public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    connect("changed", handler)
  }
}

/// Focus entering and leaving a widget or its children.
@MainActor
public final class FocusController: EventController {
  public init() {
    super.init(gtk_event_controller_focus_new())
  }

  /// Runs when the focus leaves the widget.
  @discardableResult
  public func onLeave(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    connect("leave", handler)
  }
}

/// A GtkCheckButton; in a group, a radio button.
@MainActor
public final class CheckButton: Widget {
  public init(label: String) {
    super.init(widget: gtk_check_button_new_with_label(label))
    // The drawn indicator would otherwise be read as "GtkBuiltinIcon".
    knobs_accessible_hide_parts(widget)
  }

  /// A check box without a label of its own, for a row that names it.
  public init() {
    super.init(widget: gtk_check_button_new())
    knobs_accessible_hide_parts(widget)
  }

  /// A check button that screen readers announce as a radio button; join it to a group.
  public init(radioLabel label: String) {
    super.init(widget: knobs_radio_button_new(label))
    knobs_accessible_hide_parts(widget)
  }

  private var isSuppressing = false

  /// Whether it is checked. Setting it emits no `onToggle` callback.
  public var isActive: Bool {
    get { gtk_check_button_get_active(c()) != 0 }
    set {
      guard isActive != newValue else { return }
      isSuppressing = true
      gtk_check_button_set_active(c(), newValue ? 1 : 0)
      isSuppressing = false
    }
  }

  /// Joins `other`'s group: of the group only one is checked, and each is drawn as a radio button.
  public func joinGroup(of other: CheckButton) { gtk_check_button_set_group(c(), other.c()) }

  /// Runs when the user checks or unchecks it, with the new state.
  @discardableResult
  public func onToggle(_ handler: @escaping @MainActor (Bool) -> Void) -> SignalConnection {
    connect("toggled") { [weak self] in
      guard let self, !self.isSuppressing else { return }
      handler(self.isActive)
    }
  }
}
