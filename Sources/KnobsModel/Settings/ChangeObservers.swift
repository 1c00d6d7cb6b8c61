/// The change handlers of a settings store, called in the order they were added.
@MainActor
public final class ChangeObservers {
  private var handlers: [Int: @MainActor (SettingKey) -> Void] = [:]
  private var nextID = 0

  /// No observers yet.
  public init() {}

  /// Adds a handler; it stays until the returned observation is cancelled or dropped.
  public func add(_ handler: @escaping @MainActor (SettingKey) -> Void) -> Observation {
    let id = nextID
    nextID += 1
    handlers[id] = handler
    return Observation { [weak self] in self?.handlers[id] = nil }
  }

  /// Tells every handler that `key` changed.
  public func notify(_ key: SettingKey) {
    for id in handlers.keys.sorted() {
      handlers[id]?(key)
    }
  }
}
