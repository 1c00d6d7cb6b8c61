import Foundation

/// One line of a settings section: a title, an optional subtitle and icon, and
/// what the row does, its `Kind`.
public struct Row: Identifiable {
  /// Unique within its panel; with the section id it forms the row's path.
  public var id: String { storage.id }
  public var title: String {
    get { storage.title }
    set { uniqueStorage().title = newValue }
  }
  public var subtitle: LiveText? {
    get { storage.subtitle }
    set { uniqueStorage().subtitle = newValue }
  }
  /// A freedesktop icon name shown before the title.
  public var iconName: String? {
    get { storage.iconName }
    set { uniqueStorage().iconName = newValue }
  }
  /// Extra words search matches, beyond the title and subtitle.
  public var keywords: [String] {
    get { storage.keywords }
    set { uniqueStorage().keywords = newValue }
  }
  public var kind: Kind {
    get { storage.kind }
    set { uniqueStorage().kind = newValue }
  }
  /// The row is insensitive while this does not hold.
  public var enabledWhen: Condition? {
    get { storage.enabledWhen }
    set { uniqueStorage().enabledWhen = newValue }
  }
  /// The row is hidden while this does not hold.
  public var visibleWhen: Condition? {
    get { storage.visibleWhen }
    set { uniqueStorage().visibleWhen = newValue }
  }
  /// A small button at the row's end that acts on what the row shows, e.g. removes it.
  public var button: Button? {
    get { storage.button }
    set { uniqueStorage().button = newValue }
  }

  /// The row's parts, shared by its copies until one of them changes
  /// (copy on write): a row is copied whole as panels are built, checked,
  /// translated and shown, and copying one reference is much cheaper than
  /// copying every text and value in it.
  private var storage: Storage

  private final class Storage {
    let id: String
    var title: String
    var subtitle: LiveText?
    var iconName: String?
    var keywords: [String] = []
    var kind: Kind
    var enabledWhen: Condition?
    var visibleWhen: Condition?
    var button: Button?

    init(id: String, title: String, kind: Kind) {
      self.id = id
      self.title = title
      self.kind = kind
    }

    func copy() -> Storage {
      let copy = Storage(id: id, title: title, kind: kind)
      copy.subtitle = subtitle
      copy.iconName = iconName
      copy.keywords = keywords
      copy.enabledWhen = enabledWhen
      copy.visibleWhen = visibleWhen
      copy.button = button
      return copy
    }
  }

  private mutating func uniqueStorage() -> Storage {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    return storage
  }

  public init(id: String, title: String, kind: Kind) {
    storage = Storage(id: id, title: title, kind: kind)
  }

  /// What a row does. A closed set: the renderer, search and the command line
  /// switch over it exhaustively.
  public enum Kind {
    /// A switch bound to a setting.
    case toggle(Toggle)
    /// Opens a URL in the user's browser or the scheme's handler.
    case link(Link)
    /// Composes a message in the user's mail client.
    case email(Email)
    /// Opens a page of its own.
    case detail(Panel)
    /// Opens a page made when it is first opened.
    case page(PageLink)
    /// A read-only value shown at the right.
    case value(LiveText)
    /// A number bound to a setting.
    case slider(Slider)
    /// One of a list of labelled options bound to a setting.
    case choice(Choice)
    /// Runs a closure.
    case action(Action)
    /// A string edited in place.
    case text(Text)
    /// A whole or decimal number typed or stepped, with a range.
    case number(Number)
    /// A Pango font description such as “Cantarell 11”.
    case font(Font)
    /// A file or folder, kept as a URI or a path.
    case file(File)
    /// Several of a fixed set of options: a flags key or a list of strings.
    case multiSelect(MultiSelect)
    /// An editable list of strings.
    case list(StringList)
    /// Keyboard shortcuts, captured from the keyboard and kept as GTK accelerators.
    case shortcut(Shortcut)
    /// A color kept as text, such as `#3465a4`.
    case color(Color)
  }

  /// The setting the row reads and writes, for the kinds that have one.
  public var key: SettingKey? {
    switch kind {
    case .toggle(let toggle): return toggle.key
    case .slider(let slider): return slider.key
    case .choice(let choice): return choice.key
    case .text(let text): return text.key
    case .number(let number): return number.key
    case .font(let font): return font.key
    case .file(let file): return file.key
    case .multiSelect(let multiSelect): return multiSelect.key
    case .list(let list): return list.key
    case .shortcut(let shortcut): return shortcut.key
    case .color(let color): return color.key
    case .link, .email, .detail, .page, .value, .action: return nil
    }
  }

  /// The name of the row's kind, as files, the command line and messages write it.
  public var kindName: String { kind.name.rawValue }
}

extension Row {
  /// A switch. `on` and `off` are the values written; any other value reads as
  /// off. With a `part`, the switch shows and changes one part of the key's value.
  public struct Toggle {
    public var key: SettingKey
    public var on: SettingValue
    public var off: SettingValue
    public var part: ValuePart?

    public init(key: SettingKey, on: SettingValue = true, off: SettingValue = false) {
      self.key = key
      self.on = on
      self.off = off
    }

    /// A switch over one part of a key whose values are like `sample` (a string, say).
    public init(key: SettingKey, part: ValuePart, sample: SettingValue) {
      self.key = key
      self.on = sample
      self.off = sample
      self.part = part
    }
  }

  /// A URL to open. Only `https` and `http` are opened unless the row names
  /// another scheme in `extraSchemes`.
  public struct Link {
    public var url: String
    public var extraSchemes: Set<String>

    public init(url: String, extraSchemes: Set<String> = []) {
      self.url = url
      self.extraSchemes = Set(extraSchemes.map { $0.lowercased() })
    }
  }

  /// A message to compose: addresses and optional fields, kept typed so the
  /// `mailto:` URI can be built safely.
  public struct Email {
    public var to: [String]
    public var cc: [String]
    public var bcc: [String]
    public var subject: String?
    public var body: String?
    /// Header names that a parsed `mailto:` carried and Knobs refuses to send (validation reports them).
    public var unsupportedHeaders: [String]

    public init(
      to: [String], cc: [String] = [], bcc: [String] = [], subject: String? = nil, body: String? = nil,
      unsupportedHeaders: [String] = []
    ) {
      self.to = to
      self.cc = cc
      self.bcc = bcc
      self.subject = subject
      self.body = body
      self.unsupportedHeaders = unsupportedHeaders
    }

    /// Every address, in order: to, cc, bcc.
    public var allAddresses: [String] { to + cc + bcc }
  }

  /// A number between `minimum` and `maximum` in steps of `step`.
  public struct Slider {
    public var key: SettingKey
    public var minimum: Double
    public var maximum: Double
    public var step: Double
    public var format: ValueFormat

    public init(
      key: SettingKey, minimum: Double, maximum: Double, step: Double, format: ValueFormat = .number(decimals: 0)
    ) {
      self.key = key
      self.minimum = minimum
      self.maximum = maximum
      self.step = step
      self.format = format
    }

    /// The value rounded to the nearest step and clamped to the range.
    public func snapped(_ value: Double) -> Double {
      guard step > 0 else { return min(max(value, minimum), maximum) }
      let steps = ((value - minimum) / step).rounded()
      return min(max(minimum + steps * step, minimum), maximum)
    }
  }

  /// One of a list of values, each with a label: fixed in the declaration, or
  /// found when the row is shown by a `provider` (installed themes, say).
  public struct Choice {
    public var key: SettingKey
    /// The declared options; for a choice with a provider, the last ones it found.
    public var options: [Option]
    /// Finds the options at run time; nil for a fixed choice.
    public var provider: OptionProvider?
    public var presentation: Presentation = .menu
    /// Set when the options name one part of the key's value rather than the whole of it.
    public var part: ValuePart?

    public init(key: SettingKey, options: [Option]) {
      self.key = key
      self.options = options
    }

    public init(key: SettingKey, provider: OptionProvider) {
      self.key = key
      self.options = []
      self.provider = provider
    }

    /// How the options are drawn.
    public enum Presentation: Sendable {
      /// A drop-down at the end of the row.
      case menu
      /// Radio buttons under the title, for three or four short options.
      case radio
    }

    public struct Option {
      public var value: SettingValue
      public var label: String

      public init(_ value: SettingValue, _ label: String) {
        self.value = value
        self.label = label
      }
    }

    /// The index of the option holding `value`, if any.
    public func index(of value: SettingValue?) -> Int? {
      options.firstIndex { $0.value == value }
    }

    /// The options offered now: the provider's when there is one, else the declared ones.
    @MainActor
    public func currentOptions() throws(OptionProviderError) -> [Option] {
      guard let provider else { return options }
      return try provider.options()
    }
  }

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

/// How a slider shows its value.
public enum ValueFormat {
  /// 1.25 reads "125%" in English, "125 %" in German.
  case percent
  /// A plain number with the given decimals and an optional unit.
  case number(decimals: Int, unit: String = "")
  case custom((Double) -> String)

  /// A setting's value for people, in `style`. An integer past 2^53, which a Double would print with
  /// other digits, is written exactly.
  public func string(of value: SettingValue, style: NumberStyle = .current) -> String {
    if case .int(let integer) = value, integer.magnitude >= 1 << 53, case .number(_, let unit) = self {
      return unit.isEmpty ? String(integer) : "\(integer) \(unit)"
    }
    return string(value.doubleValue ?? 0, style: style)
  }

  /// `value` for people, in `style`: the user's locale unless told otherwise.
  public func string(_ value: Double, style: NumberStyle = .current) -> String {
    switch self {
    case .percent:
      return style.percent(value)
    case .number(let decimals, let unit):
      let text = style.decimal(value, decimals: decimals)
      return unit.isEmpty ? text : "\(text) \(unit)"
    case .custom(let format):
      return format(value)
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
  /// Shows the row or page at a path, as `knobs --open` does; false, with a message said, when there is none.
  @discardableResult
  func open(path: String) -> Bool
}

/// A question whose answer is a line of text, checked as it is typed.
public struct TextRequest {
  public var title: String
  public var message: String
  /// What screen readers call the field.
  public var fieldLabel: String
  public var placeholder: String?
  public var initialText: String
  public var confirmLabel: String
  /// Why a text can't be taken, in words; nil when it can.
  public var check: @MainActor (String) -> String?

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
