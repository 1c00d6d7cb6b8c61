internal import CGio

/// Counts GObjects finalized, for tests that check what a page built is freed when the page is left.
@MainActor
public final class FinalizationCounter {
  public private(set) var finalized = 0
  public private(set) var watched = 0

  public init() {}

  /// Counts `object`'s GObject when GLib finalizes it. Holds no reference to it.
  public func watch(_ object: Object) {
    watched += 1
    let box = Unmanaged.passRetained(self).toOpaque()
    g_object_weak_ref(
      object.gobject,
      { data, _ in
        guard let data else { return }
        let counter = Unmanaged<FinalizationCounter>.fromOpaque(data).takeRetainedValue()
        MainActor.assumeIsolated { counter.finalized += 1 }
      }, box)
  }
}
