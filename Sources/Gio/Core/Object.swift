package import CGio

/// A Swift owner of one GObject reference.
///
/// The wrapper takes its own reference (`g_object_ref_sink`, which also sinks a
/// floating reference of a new widget) and drops it in `deinit`, so the object
/// lives at least as long as the wrapper. Signal handlers are boxed and owned by
/// GObject (see `SignalBox`), never by the wrapper.
@MainActor
open class Object {
  package let gobject: UnsafeMutablePointer<GObject>

  /// Takes a reference to `pointer`, sinking it if it is floating.
  package init(retaining pointer: UnsafeMutableRawPointer) {
    gobject = pointer.assumingMemoryBound(to: GObject.self)
    g_object_ref_sink(gobject)
  }

  /// Adopts a reference the caller already owns (a `*_new` that returns a full, non-floating reference).
  package init(adopting pointer: UnsafeMutableRawPointer) {
    gobject = pointer.assumingMemoryBound(to: GObject.self)
  }

  isolated deinit {
    g_object_unref(gobject)
  }

  /// The object as a pointer of another GObject type.
  package func cast<T>(_: T.Type = T.self) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(gobject).assumingMemoryBound(to: T.self)
  }

  /// The object as whatever pointer the C function being called expects: a typed
  /// pointer for types with a public struct, an opaque one for the others.
  package func c<P: CPointer>() -> P {
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

/// A connected signal handler; `disconnect()` removes it early. It holds its object weakly
/// (a GWeakRef): after the object is finalized, `disconnect()` does nothing, and it never
/// keeps the object alive.
@MainActor
public struct SignalConnection {
  let instance: WeakObject
  let id: gulong

  init(instance: UnsafeMutablePointer<GObject>, id: gulong) {
    self.instance = WeakObject(instance)
    self.id = id
  }

  public func disconnect() {
    // A strong reference for the call, or none when the object is gone: never a freed pointer.
    guard let object = instance.strong() else { return }
    defer { g_object_unref(object) }
    if g_signal_handler_is_connected(object, id) != 0 {
      g_signal_handler_disconnect(object, id)
    }
  }
}

/// A GObject held weakly: GLib clears the GWeakRef when the object is finalized. The GWeakRef
/// lives at a fixed address of its own, as GLib requires, for as long as this box does.
final class WeakObject: Sendable {
  private nonisolated(unsafe) let ref: UnsafeMutablePointer<GWeakRef>

  init(_ object: UnsafeMutablePointer<GObject>) {
    ref = .allocate(capacity: 1)
    ref.initialize(to: GWeakRef())
    g_weak_ref_init(ref, object)
  }

  deinit {
    g_weak_ref_clear(ref)
    ref.deallocate()
  }

  /// The object with a reference the caller must drop (`g_object_unref`); nil once it is finalized.
  func strong() -> UnsafeMutablePointer<GObject>? {
    g_weak_ref_get(ref)?.assumingMemoryBound(to: GObject.self)
  }
}

/// A C pointer type an `Object` can be passed as.
package protocol CPointer {
  init(_ raw: UnsafeMutableRawPointer)
}

extension UnsafeMutablePointer: CPointer {
  package init(_ raw: UnsafeMutableRawPointer) {
    self = raw.assumingMemoryBound(to: Pointee.self)
  }
}

extension OpaquePointer: CPointer {}
