import CGtk

/// A GtkSwitch.
@MainActor
public final class Switch: Widget {
  public init() {
    super.init(widget: gtk_switch_new())
  }

  /// Whether the switch shows on. Setting it emits no `onToggle` callback.
  public var isOn: Bool {
    get { gtk_switch_get_active(c()) != 0 }
    set {
      guard isOn != newValue else { return }
      suppressingCallbacks { gtk_switch_set_active(c(), newValue ? 1 : 0) }
    }
  }

  private var isSuppressing = false

  private func suppressingCallbacks(_ body: () -> Void) {
    isSuppressing = true
    body()
    isSuppressing = false
  }

  /// Runs `handler` when the user flips the switch (click, keyboard, assistive
  /// technology), not when the program sets `isOn`. The handler returns false to
  /// let the switch move, the usual answer.
  @discardableResult
  public func onToggle(_ handler: @escaping @MainActor (Bool) -> Void) -> SignalConnection {
    let box = SignalBox<Trampolines.WithBool> { [weak self] state in
      guard let self, !self.isSuppressing else { return false }
      handler(state)
      return false
    }
    return box.connect(to: gobject, signal: "state-set", trampoline: Trampolines.withBool)
  }
}
