/// What an action can reach: the store, the panel it was declared in, and the
/// window it runs in, if any.
@MainActor
public struct ActionContext {
  public let store: any SettingsStore
  public let panel: Panel
  /// The window's dialogs and messages; nil where there is no window.
  public let presenter: (any ActionPresenter)?

  public init(store: any SettingsStore, panel: Panel, presenter: (any ActionPresenter)? = nil) {
    self.store = store
    self.panel = panel
    self.presenter = presenter
  }
}
