extension Row {
  /// A button at the end of a row: an icon, what it does in words (read by
  /// screen readers and shown as its tooltip), and the action it runs.
  public struct Button {
    public var iconName: String
    public var label: String
    public var action: Action

    public init(iconName: String, label: String, action: Action) {
      self.iconName = iconName
      self.label = label
      self.action = action
    }
  }

  /// A command of the row's context menu: what it does in words, and the action it runs
  /// (asking first when the action has a confirmation).
  public struct MenuItem {
    public var label: String
    public var action: Action

    public init(label: String, action: Action) {
      self.label = label
      self.action = action
    }
  }

  /// A command the row runs when activated.
  public struct Action {
    /// Asked before running, for actions that change many things at once.
    public var confirmation: Confirmation?
    public var isDestructive: Bool
    /// Runs the action; what it returns, if anything, undoes it.
    public var perform: @MainActor (ActionContext) -> Undo?

    public init(
      confirmation: Confirmation? = nil, isDestructive: Bool = false,
      perform: @escaping @MainActor (ActionContext) -> Undo?
    ) {
      self.confirmation = confirmation
      self.isDestructive = isDestructive
      self.perform = perform
    }
  }
}

/// The question asked before a confirmed action runs.
public struct Confirmation {
  public var title: String
  public var message: String
  public var confirmLabel: String

  public init(title: String, message: String, confirmLabel: String) {
    self.title = title
    self.message = message
    self.confirmLabel = confirmLabel
  }
}

/// Reverses an action.
public struct Undo {
  /// Shown with the undo button, e.g. "All settings were reset".
  public var message: String
  public var perform: @MainActor () -> Void

  public init(message: String, perform: @escaping @MainActor () -> Void) {
    self.message = message
    self.perform = perform
  }
}
