internal import CGio
internal import CGioGlue

/// Lets `DispatchQueue.main` and `@MainActor` tasks run while GLib owns the main loop.
///
/// libdispatch signals a file descriptor when the main queue has work; a GLib
/// source watching it drains the queue from inside the GLib loop.
@MainActor
public enum MainLoopBridge {
  private static var sourceID: guint = 0
  /// How many times the bridge has drained the main queue, so tests can see it goes quiet when idle.
  public private(set) static var drainCount = 0

  /// Installs the bridge once; later calls do nothing.
  public static func install() {
    guard sourceID == 0 else { return }
    let fd = knobs_dispatch_main_queue_fd()
    sourceID = g_unix_fd_add(
      fd, G_IO_IN,
      { _, _, _ in
        MainActor.assumeIsolated { MainLoopBridge.drainCount += 1 }
        knobs_dispatch_drain_main_queue()
        return 1
      }, nil)
  }

}

/// Runs GLib's default main context until `condition` holds or `timeout` seconds pass.
///
/// For tests and start-up: it iterates the real loop, so signals, idle handlers
/// and bridged main-actor work all run. Returns whether the condition held.
@MainActor
@discardableResult
public func runMainLoop(until condition: () -> Bool, timeout: Double) -> Bool {
  let deadline = g_get_monotonic_time() + gint64(timeout * 1_000_000)
  while !condition() {
    if g_get_monotonic_time() > deadline { return false }
    g_main_context_iteration(nil, 0)
    if !condition() && g_main_context_pending(nil) == 0 {
      g_usleep(2_000)
    }
  }
  return true
}

/// When the GLib main loop runs a handler among the other work it has.
public enum MainLoopPriority: Sendable {
  /// With events and redraws.
  case normal
  /// Once the loop has nothing more pressing to do.
  case idle

  var glib: Int32 { self == .idle ? G_PRIORITY_DEFAULT_IDLE : G_PRIORITY_DEFAULT }
}

/// Runs `handler` once on the GLib main loop after `seconds`, at `priority`.
@MainActor
public func runOnMainLoop(
  after seconds: Double, priority: MainLoopPriority = .normal, _ handler: @escaping @MainActor () -> Void
) {
  addTimeout(after: seconds, priority: priority, handler)
}

/// A GLib timeout running `handler` once; returns its source's ID.
@MainActor
@discardableResult
private func addTimeout(
  after seconds: Double, priority: MainLoopPriority, _ handler: @escaping @MainActor () -> Void
) -> guint {
  let box = Unmanaged.passRetained(SignalBox<Trampolines.Plain>(handler)).toOpaque()
  return g_timeout_add_full(
    priority.glib, guint(max(0, seconds * 1000)),
    { data in
      let handler = SignalBox<Trampolines.Plain>.from(data)
      MainActor.assumeIsolated { handler() }
      return 0  // G_SOURCE_REMOVE
    }, box,
    { data in
      guard let data else { return }
      Unmanaged<AnyObject>.fromOpaque(data).release()
    })
}

/// Waits `seconds` on the GLib main loop, then goes on on the main actor.
///
/// Unlike `Task.sleep`, no thread of the concurrency runtime's global executor
/// is started to keep the time: the main loop already keeps it.
@MainActor
public func sleepOnMainLoop(_ seconds: Double) async {
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    addTimeout(after: seconds, priority: .normal) { continuation.resume() }
  }
}

/// One delayed action at a time, on the GLib main loop: scheduling it again
/// replaces what was waiting (a debounce), and `cancel` drops it.
///
/// It is a GLib timeout: no thread is started to keep the time, as `Task.sleep`
/// starts the concurrency runtime's.
@MainActor
public final class MainLoopTimer {
  private var sourceID: guint = 0

  public init() {}

  /// Whether an action is waiting.
  public var isPending: Bool { sourceID != 0 }

  /// Runs `handler` after `seconds`, instead of whatever was waiting.
  public func schedule(
    after seconds: Double, priority: MainLoopPriority = .normal, _ handler: @escaping @MainActor () -> Void
  ) {
    cancel()
    sourceID = addTimeout(after: seconds, priority: priority) { [weak self] in
      self?.sourceID = 0
      handler()
    }
  }

  /// Drops the waiting action, if any.
  public func cancel() {
    guard sourceID != 0 else { return }
    g_source_remove(sourceID)
    sourceID = 0
  }

  isolated deinit {
    cancel()
  }
}

/// Runs `handler` once on the GLib main loop when nothing more urgent is
/// pending: after input, timeouts and redraws (GLib's default idle priority).
@MainActor
public func runWhenIdle(_ handler: @escaping @MainActor () -> Void) {
  runOnMainLoop(after: 0, priority: .idle, handler)
}

/// Dispatches whatever GLib's default main context has ready now, without waiting.
@MainActor
public func dispatchPendingMainLoopEvents() {
  var budget = 1_000
  while budget > 0, g_main_context_iteration(nil, 0) != 0 { budget -= 1 }
}

/// Runs `handler` on the GLib main loop each time the process receives one of `signals`
/// (SIGTERM, SIGINT, SIGHUP: the ways a session or a terminal ends a program), instead of
/// the signal ending the process at once (`g_unix_signal_add`). Lasts for the process.
@MainActor
public func onUnixSignals(_ signals: [Int32], _ handler: @escaping @MainActor (Int32) -> Void) {
  for signal in signals {
    let box = Unmanaged.passRetained(
      SignalBox<Trampolines.Plain>({ handler(signal) })
    ).toOpaque()
    g_unix_signal_add_full(
      G_PRIORITY_HIGH, signal,
      { data in
        let handler = SignalBox<Trampolines.Plain>.from(data)
        MainActor.assumeIsolated { handler() }
        return 1  // G_SOURCE_CONTINUE
      }, box,
      { data in
        guard let data else { return }
        Unmanaged<AnyObject>.fromOpaque(data).release()
      })
  }
}
