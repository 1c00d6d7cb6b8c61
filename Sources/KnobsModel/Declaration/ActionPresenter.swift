/// What an action can ask of the window it runs in.
@MainActor
public protocol ActionPresenter: AnyObject {
  /// Shows a searchable list of `applications` titled `title`; `onChoose` runs
  /// with the one the user picks, and not at all when they cancel.
  func chooseApplication(
    title: String, from applications: [DesktopApplication], onChoose: @escaping @MainActor (DesktopApplication) -> Void)
  /// Says something in the window, with an Undo button when `undo` is given.
  func showMessage(_ message: String, undo: Undo?)
  /// Asks for a line of text; `onAnswer` runs with text the request's check
  /// accepts, and not at all when the user cancels.
  func askForText(_ request: TextRequest, onAnswer: @escaping @MainActor (String) -> Void)
  /// Asks for a file to open; `onChoose` runs with its path, and not at all when the user cancels.
  func chooseFile(_ request: FileRequest, onChoose: @escaping @MainActor (String) -> Void)
  /// Shows the row or page at a path, as `knobs --open` does; false, with a message said, when there is none.
  @discardableResult
  func open(_ path: RowPath) -> Bool
}

/// A question whose answer is a line of text, checked as it is typed.
public struct TextRequest {
  /// The dialog's title.
  public var title: String
  /// What the dialog asks, in a sentence.
  public var message: String
  /// What screen readers call the field.
  public var fieldLabel: String
  /// Shown in the empty field; nil for none.
  public var placeholder: String?
  /// The text the field starts with.
  public var initialText: String
  /// The label of the button that accepts the text.
  public var confirmLabel: String
  /// Why a text can't be taken, in words; nil when it can.
  public var check: @MainActor (String) -> String?

  /// Makes a request; `check` says why a text can't be taken, or nil when it can.
  public init(
    title: String, message: String, fieldLabel: String, placeholder: String? = nil, initialText: String = "",
    confirmLabel: String, check: @escaping @MainActor (String) -> String?
  ) {
    self.title = title
    self.message = message
    self.fieldLabel = fieldLabel
    self.placeholder = placeholder
    self.initialText = initialText
    self.confirmLabel = confirmLabel
    self.check = check
  }
}

/// A question whose answer is a file to open.
public struct FileRequest {
  /// The chooser's title.
  public var title: String
  /// The accept button's label, with “_” before its access key.
  public var acceptLabel: String
  /// The types offered, such as `application/zip`; any file when empty.
  public var mimeTypes: [String]
  /// What the chooser calls those types.
  public var filterName: String

  /// Makes a request for a file, offering `mimeTypes` (any file when empty) under `filterName`.
  public init(title: String, acceptLabel: String, mimeTypes: [String] = [], filterName: String = "") {
    self.title = title
    self.acceptLabel = acceptLabel
    self.mimeTypes = mimeTypes
    self.filterName = filterName
  }
}
