internal import CGtk

/// A horizontal GtkScale over a range with a step.
@MainActor
public final class Scale: Widget {
  public init(minimum: Double, maximum: Double, step: Double) {
    super.init(widget: gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, minimum, maximum, step))
    gtk_scale_set_draw_value(c(), 0)
    gtk_range_set_increments(c(), step, step * 4)
  }

  private var isSuppressing = false

  /// The current value. Setting it emits no `onChange` callback.
  public var value: Double {
    get { gtk_range_get_value(c()) }
    set {
      guard value != newValue else { return }
      isSuppressing = true
      gtk_range_set_value(c(), newValue)
      isSuppressing = false
    }
  }

  /// Moves the scale as the user would with the keyboard or pointer: `onChange` runs.
  public func move(to value: Double) {
    gtk_range_set_value(c(), value)
  }

  /// Runs `handler` when the user moves the scale, not when the program sets `value`.
  @discardableResult
  public func onChange(_ handler: @escaping @MainActor (Double) -> Void) -> SignalConnection {
    connect("value-changed") { [weak self] in
      guard let self, !self.isSuppressing else { return }
      handler(self.value)
    }
  }
}
