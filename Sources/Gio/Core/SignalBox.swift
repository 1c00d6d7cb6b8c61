package import CGio
import Synchronization

/// Holds a signal handler closure for as long as GObject keeps the connection.
///
/// The box is passed to `g_signal_connect_data` retained and released by the
/// closure's destroy notify, so a handler can never fire into a freed box. A box
/// never holds its widget's wrapper strongly: handlers capture owners `weak`.
package final class SignalBox<Handler> {
  package let handler: Handler

  package init(_ handler: Handler) {
    self.handler = handler
    SignalBoxes.count.add(1, ordering: .relaxed)
  }

  deinit {
    SignalBoxes.count.subtract(1, ordering: .relaxed)
  }

  /// Connects `trampoline` (a `@convention(c)` function whose type matches the signal's C signature).
  @MainActor
  package func connect<Trampoline>(
    to instance: UnsafeMutablePointer<GObject>, signal: String, trampoline: Trampoline
  ) -> SignalConnection {
    let data = Unmanaged.passRetained(self).toOpaque()
    let callback = unsafeBitCast(trampoline, to: GCallback.self)
    let id = g_signal_connect_data(
      instance, signal, callback, data,
      { data, _ in
        guard let data else { return }
        Unmanaged<AnyObject>.fromOpaque(data).release()
      }, GConnectFlags(rawValue: 0))
    return SignalConnection(instance: instance, id: id)
  }

  package static func from(_ data: gpointer?) -> Handler {
    Unmanaged<SignalBox<Handler>>.fromOpaque(data!).takeUnretainedValue().handler
  }
}

/// How many signal boxes are alive, so tests can prove each one is released.
public enum SignalBoxes {
  static let count = Atomic<Int>(0)

  public static var alive: Int { count.load(ordering: .relaxed) }
}
