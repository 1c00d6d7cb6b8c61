internal import CGio

/// Counts GObject's critical warnings and warnings while it is alive (an assertion such as
/// `G_TYPE_CHECK_INSTANCE (instance)` failing on a freed object), for tests that prove a call
/// touches no freed object. One at a time; it puts GLib's default handler back when released.
@MainActor
public final class CriticalCounter {
  public private(set) var count = 0
  public private(set) var messages: [String] = []
  private var handler: guint = 0
  private let domain = "GLib-GObject"

  public init() {
    let levels = GLogLevelFlags(
      rawValue: G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_WARNING.rawValue | G_LOG_FLAG_FATAL.rawValue)
    handler = g_log_set_handler(
      domain, levels,
      { _, _, message, data in
        guard let data else { return }
        let counter = Unmanaged<CriticalCounter>.fromOpaque(data).takeUnretainedValue()
        let text = message.map { String(cString: $0) } ?? ""
        MainActor.assumeIsolated {
          counter.count += 1
          counter.messages.append(text)
        }
      }, Unmanaged.passUnretained(self).toOpaque())
  }

  isolated deinit {
    g_log_remove_handler(domain, handler)
  }
}
