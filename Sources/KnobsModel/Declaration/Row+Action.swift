extension Row {
  /// A button at the end of a row: an icon, what it does in words (read by
  /// screen readers and shown as its tooltip), and the action it runs.
  public struct Button {
    /// The button's icon, a symbolic icon name.
    public var iconName: String
    /// What screen readers and the tooltip call the button.
    public var label: String
    /// What pressing the button does.
    public var action: Action

    /// A button showing `iconName` that runs `action`.
    public init(iconName: String, label: String, action: Action) {
      self.iconName = iconName
      self.label = label
      self.action = action
    }
  }

  /// A command of the row's context menu: what it does in words, and the action it runs
  /// (asking first when the action has a confirmation).
  public struct MenuItem {
    /// The item's text in the row's menu.
    public var label: String
    /// What choosing the item does.
    public var action: Action

    /// A menu item labelled `label` that runs `action`.
    public init(label: String, action: Action) {
      self.label = label
      self.action = action
    }
  }

  /// A command the row runs when activated.
  public struct Action {
    /// Asked before running, for actions that change many things at once.
    public var confirmation: Confirmation?
    /// Whether the action deletes or undoes something, so its button is drawn as a warning.
    public var isDestructive: Bool
    /// Runs the action; what it returns, if anything, undoes it.
    public var perform: @MainActor (ActionContext) -> Undo?

    /// An action that runs `perform`, after asking `confirmation` first when given.
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
  /// The confirmation dialog's title.
  public var title: String
  /// What the action will do, in a sentence.
  public var message: String
  /// The label of the button that goes ahead.
  public var confirmLabel: String

  /// A question asked before an action runs.
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
  /// Puts back what the action changed.
  public var perform: @MainActor () -> Void

  /// An undo, said as `message` beside its Undo button.
  public init(message: String, perform: @escaping @MainActor () -> Void) {
    self.message = message
    self.perform = perform
  }
}
