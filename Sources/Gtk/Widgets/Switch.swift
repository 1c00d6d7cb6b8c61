internal import CGtk

/// A GtkSwitch.
///
/// With animations on, GtkSwitch slides for 100 ms and only then sets itself
/// and emits `state-set`; a switch that is destroyed or leaves its window
/// before that (the page closed, the window closed) never does. So the user's
/// flip is reported when it starts, from the switch's `activate` signal
/// (keyboard, assistive technologies) and from its own click gesture, and the
/// `state-set` that ends the slide is not reported again.
@MainActor
public final class Switch: Widget {
  public init() {
    super.init(widget: gtk_switch_new())
  }

  /// Whether the switch is on, or will be once the slide under way ends.
  /// Setting it emits no `onToggle` callback.
  public var isOn: Bool {
    get { sliding ?? isActive }
    set {
      if let sliding {
        guard sliding != newValue else { return }
        // GtkSwitch stops a slide only when its state changes: change it twice.
        self.sliding = nil
        suppressingCallbacks {
          gtk_switch_set_active(c(), newValue ? 0 : 1)
          gtk_switch_set_active(c(), newValue ? 1 : 0)
        }
        return
      }
      guard isActive != newValue else { return }
      suppressingCallbacks { gtk_switch_set_active(c(), newValue ? 1 : 0) }
    }
  }

  private var isActive: Bool { gtk_switch_get_active(c()) != 0 }

  /// The state the switch's slide will end in, already reported; nil when it is not sliding.
  private var sliding: Bool?
  private var isSuppressing = false
  private var toggled: (@MainActor (Bool) -> Void)?

  private func suppressingCallbacks(_ body: () -> Void) {
    isSuppressing = true
    body()
    isSuppressing = false
  }

  /// Runs `handler` when the user flips the switch (click, drag, keyboard,
  /// assistive technology), not when the program sets `isOn`; at once, even
  /// when the switch slides to its new state afterwards.
  public func onToggle(_ handler: @escaping @MainActor (Bool) -> Void) {
    toggled = handler
    _ = SignalBox<Trampolines.WithBool> { [weak self] state in
      self?.stateSet(state)
      return false
    }.connect(to: gobject, signal: "state-set", trampoline: Trampolines.withBool)
    // Connected after GtkSwitch's own handlers, so these run once it has
    // decided, checking what it checks.
    connect("activate") { [weak self] in self?.slideBegan() }
    let gestures = ownGestures
    guard let click = gestures.click, let pan = gestures.pan else { return }
    _ = SignalBox<Trampolines.Press> { [weak self] _, x, y in
      guard let self, gtk_widget_contains(self.widget, x, y) != 0, Self.handlesCurrentSequence(click) else { return }
      self.slideBegan()
    }.connect(to: click, signal: "released", trampoline: Trampolines.press)
    _ = SignalBox<Trampolines.Point> { [weak self] _, _ in
      let sequence = gtk_gesture_single_get_current_sequence(OpaquePointer(pan))
      let dragged = gtk_gesture_get_sequence_state(OpaquePointer(pan), sequence) == GTK_EVENT_SEQUENCE_CLAIMED
      guard dragged || !Self.handlesCurrentSequence(click, sequence) else { return }
      self?.dragEnded()
    }.connect(to: pan, signal: "drag-end", trampoline: Trampolines.point)
  }

  /// GtkSwitch's click and pan gestures.
  private var ownGestures: (click: UnsafeMutablePointer<GObject>?, pan: UnsafeMutablePointer<GObject>?) {
    guard let model = gtk_widget_observe_controllers(widget) else { return (nil, nil) }
    defer { g_object_unref(UnsafeMutableRawPointer(model)) }
    var found: (click: UnsafeMutablePointer<GObject>?, pan: UnsafeMutablePointer<GObject>?) = (nil, nil)
    for index in 0..<g_list_model_get_n_items(model) {
      guard let item = g_list_model_get_item(model, index) else { continue }
      // The widget keeps its controllers; the list's reference can go.
      g_object_unref(item)
      let instance = UnsafeMutableRawPointer(item).assumingMemoryBound(to: GTypeInstance.self)
      if g_type_check_instance_is_a(instance, gtk_gesture_click_get_type()) != 0 {
        found.click = UnsafeMutableRawPointer(item).assumingMemoryBound(to: GObject.self)
      } else if g_type_check_instance_is_a(instance, gtk_gesture_pan_get_type()) != 0 {
        found.pan = UnsafeMutableRawPointer(item).assumingMemoryBound(to: GObject.self)
      }
    }
    return found
  }

  private static func handlesCurrentSequence(
    _ gesture: UnsafeMutablePointer<GObject>, _ sequence: OpaquePointer? = nil
  ) -> Bool {
    let sequence = sequence ?? gtk_gesture_single_get_current_sequence(OpaquePointer(gesture))
    return gtk_gesture_handles_sequence(OpaquePointer(gesture), sequence) != 0
  }

  /// The user flipped the switch: without animations it has set itself
  /// already (and `state-set` reported it); with them, it slides now.
  private func slideBegan() {
    guard Style.animationsEnabled else { return }
    let target = !isActive
    guard sliding != target else { return }
    sliding = target
    toggled?(target)
  }

  private func stateSet(_ state: Bool) {
    guard !isSuppressing else { return }
    let reported = sliding
    sliding = nil
    if reported != state { toggled?(state) }
  }

  /// A drag ended: GtkSwitch set itself where the handle was dropped, which
  /// stops a slide and emits no `state-set` when that is where it was.
  private func dragEnded() {
    guard let reported = sliding else { return }
    sliding = nil
    if reported != isActive { toggled?(isActive) }
  }
}
