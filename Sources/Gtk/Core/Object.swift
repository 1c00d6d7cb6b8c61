internal import CGtk

/// A Swift owner of one GObject reference.
///
/// The wrapper takes its own reference (`g_object_ref_sink`, which also sinks a
/// floating reference of a new widget) and drops it in `deinit`, so the object
/// lives at least as long as the wrapper. Signal handlers are boxed and owned by
/// GObject (see `SignalBox`), never by the wrapper.
@MainActor
public class Object {
  let gobject: UnsafeMutablePointer<GObject>

  /// Takes a reference to `pointer`, sinking it if it is floating.
  init(retaining pointer: UnsafeMutableRawPointer) {
    gobject = pointer.assumingMemoryBound(to: GObject.self)
    g_object_ref_sink(gobject)
  }

  /// Adopts a reference the caller already owns (a `*_new` that returns a full, non-floating reference).
  init(adopting pointer: UnsafeMutableRawPointer) {
    gobject = pointer.assumingMemoryBound(to: GObject.self)
  }

  isolated deinit {
    g_object_unref(gobject)
  }

  /// The object as a pointer of another GObject type.
  func cast<T>(_: T.Type = T.self) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(gobject).assumingMemoryBound(to: T.self)
  }

  /// The object as whatever pointer the C function being called expects: a typed
  /// pointer for types with a public struct, an opaque one for the others.
  func c<P: CPointer>() -> P {
    P(UnsafeMutableRawPointer(gobject))
  }

  /// Sets a string property by name, for properties GTK 4.8 has no setter for.
  public func setProperty(_ name: String, _ text: String) {
    var value = GValue()
    g_value_init(&value, GType(16 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_STRING
    g_value_set_string(&value, text)
    g_object_set_property(gobject, name, &value)
    g_value_unset(&value)
  }

  /// Connects a signal whose handler takes no arguments beyond the emitter.
  @discardableResult
  public func connect(_ signal: String, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    SignalBox<Trampolines.Plain>(handler).connect(to: gobject, signal: signal, trampoline: Trampolines.plain)
  }
}

/// A connected signal handler; `disconnect()` removes it early.
@MainActor
public struct SignalConnection {
  let instance: UnsafeMutablePointer<GObject>
  let id: gulong

  public func disconnect() {
    if g_signal_handler_is_connected(instance, id) != 0 {
      g_signal_handler_disconnect(instance, id)
    }
  }
}

/// A C pointer type an `Object` can be passed as.
protocol CPointer {
  init(_ raw: UnsafeMutableRawPointer)
}

extension UnsafeMutablePointer: CPointer {
  init(_ raw: UnsafeMutableRawPointer) {
    self = raw.assumingMemoryBound(to: Pointee.self)
  }
}

extension OpaquePointer: CPointer {}
