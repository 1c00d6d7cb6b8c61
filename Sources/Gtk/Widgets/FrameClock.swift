internal import CGtk

extension Widget {
  /// Runs `handler` once, right after GTK next paints this widget's window (the
  /// frame clock's after-paint phase); for benchmarks that time up to a painted
  /// frame. Does nothing for a widget that is not realized.
  public func afterNextPaint(_ handler: @escaping @MainActor () -> Void) {
    guard let clock = gtk_widget_get_frame_clock(widget) else { return }
    let instance = UnsafeMutableRawPointer(clock).assumingMemoryBound(to: GObject.self)
    // The box GObject owns holds the watch; disconnecting releases both.
    let watch = PaintWatch(handler)
    watch.connection = SignalBox<Trampolines.Plain> { watch.fire() }
      .connect(to: instance, signal: "after-paint", trampoline: Trampolines.plain)
    // GTK paints only when something asks for it.
    gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_PAINT)
  }
}

/// One `afterNextPaint` request, which disconnects itself when it fires.
@MainActor
private final class PaintWatch {
  private let handler: @MainActor () -> Void
  var connection: SignalConnection?

  init(_ handler: @escaping @MainActor () -> Void) {
    self.handler = handler
  }

  func fire() {
    guard let connection else { return }
    self.connection = nil
    connection.disconnect()
    handler()
  }
}
