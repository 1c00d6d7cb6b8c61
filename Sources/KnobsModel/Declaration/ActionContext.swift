/// What an action can reach: the store, the panel it was declared in, and the
/// window it runs in, if any.
@MainActor
public struct ActionContext {
  /// The store the panel reads and writes, for the action to change settings through.
  public let store: any SettingsStore
  /// The panel the action's row belongs to.
  public let panel: Panel
  /// The window's dialogs and messages; nil where there is no window.
  public let presenter: (any ActionPresenter)?

  /// Makes the context an action runs with; `presenter` is the window's, nil on the command line.
  public init(store: any SettingsStore, panel: Panel, presenter: (any ActionPresenter)? = nil) {
    self.store = store
    self.panel = panel
    self.presenter = presenter
  }
}
