import FoundationEssentials

/// One line of a settings section: a title, an optional subtitle and icon, and
/// what the row does, its `Kind`.
public struct Row: Identifiable {
  /// Unique within its panel; with the section id it forms the row's path.
  public var id: String { storage.id }
  /// What the row is called in the window, in search and on the command line.
  public var title: String {
    get { storage.title }
    set { uniqueStorage().title = newValue }
  }
  /// Shown under the title; nil for none.
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
  /// What the row does and holds: a switch bound to a key, a slider, a page of its own (`Kind`).
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
  /// Commands of the row's context menu, after the ones every row has (Copy Link, the
  /// button's, Reset to Default): Remove…, say.
  public var menuItems: [MenuItem] {
    get { storage.menuItems }
    set { uniqueStorage().menuItems = newValue }
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
    var menuItems: [MenuItem] = []

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
      copy.menuItems = menuItems
      return copy
    }
  }

  private mutating func uniqueStorage() -> Storage {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    return storage
  }

  /// A row with this id, title and kind.
  public init(id: String, title: String, kind: Kind) {
    storage = Storage(id: id, title: title, kind: kind)
  }

  /// What a row does: `.toggle(…)`, `.slider(…)`, `.detail(page)` and the other kinds.
  ///
  /// A struct, not an enum, so that a new kind is not a breaking change: an app reads the kind
  /// it cares about (`row.kind.toggle`, `row.kind.name`) instead of switching over all of them.
  /// Knobs' own code, which must handle every kind, switches over `form`.
  public struct Kind {
    /// Every kind, for the code of this package: the renderer, search and the command line
    /// switch over it exhaustively, so a new kind does not compile until each handles it.
    package enum Form {
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

    /// What the row is and holds.
    package var form: Form

    package init(_ form: Form) {
      self.form = form
    }

    /// A switch bound to a setting.
    public static func toggle(_ toggle: Toggle) -> Kind { Kind(.toggle(toggle)) }
    /// What a toggle row holds; nil for a row of another kind.
    public var toggle: Toggle? {
      if case .toggle(let toggle) = form { return toggle }
      return nil
    }

    /// Opens a URL in the user's browser or the scheme's handler.
    public static func link(_ link: Link) -> Kind { Kind(.link(link)) }
    /// What a link row holds; nil for a row of another kind.
    public var link: Link? {
      if case .link(let link) = form { return link }
      return nil
    }

    /// Composes a message in the user's mail client.
    public static func email(_ email: Email) -> Kind { Kind(.email(email)) }
    /// What a email row holds; nil for a row of another kind.
    public var email: Email? {
      if case .email(let email) = form { return email }
      return nil
    }

    /// Opens a page of its own.
    public static func detail(_ detail: Panel) -> Kind { Kind(.detail(detail)) }
    /// What a detail row holds; nil for a row of another kind.
    public var detail: Panel? {
      if case .detail(let detail) = form { return detail }
      return nil
    }

    /// Opens a page made when it is first opened.
    public static func page(_ page: PageLink) -> Kind { Kind(.page(page)) }
    /// What a page row holds; nil for a row of another kind.
    public var page: PageLink? {
      if case .page(let page) = form { return page }
      return nil
    }

    /// A read-only value shown at the right.
    public static func value(_ value: LiveText) -> Kind { Kind(.value(value)) }
    /// What a value row holds; nil for a row of another kind.
    public var value: LiveText? {
      if case .value(let value) = form { return value }
      return nil
    }

    /// A number bound to a setting.
    public static func slider(_ slider: Slider) -> Kind { Kind(.slider(slider)) }
    /// What a slider row holds; nil for a row of another kind.
    public var slider: Slider? {
      if case .slider(let slider) = form { return slider }
      return nil
    }

    /// One of a list of labelled options bound to a setting.
    public static func choice(_ choice: Choice) -> Kind { Kind(.choice(choice)) }
    /// What a choice row holds; nil for a row of another kind.
    public var choice: Choice? {
      if case .choice(let choice) = form { return choice }
      return nil
    }

    /// Runs a closure.
    public static func action(_ action: Action) -> Kind { Kind(.action(action)) }
    /// What a action row holds; nil for a row of another kind.
    public var action: Action? {
      if case .action(let action) = form { return action }
      return nil
    }

    /// A string edited in place.
    public static func text(_ text: Text) -> Kind { Kind(.text(text)) }
    /// What a text row holds; nil for a row of another kind.
    public var text: Text? {
      if case .text(let text) = form { return text }
      return nil
    }

    /// A whole or decimal number typed or stepped, with a range.
    public static func number(_ number: Number) -> Kind { Kind(.number(number)) }
    /// What a number row holds; nil for a row of another kind.
    public var number: Number? {
      if case .number(let number) = form { return number }
      return nil
    }

    /// A Pango font description such as “Cantarell 11”.
    public static func font(_ font: Font) -> Kind { Kind(.font(font)) }
    /// What a font row holds; nil for a row of another kind.
    public var font: Font? {
      if case .font(let font) = form { return font }
      return nil
    }

    /// A file or folder, kept as a URI or a path.
    public static func file(_ file: File) -> Kind { Kind(.file(file)) }
    /// What a file row holds; nil for a row of another kind.
    public var file: File? {
      if case .file(let file) = form { return file }
      return nil
    }

    /// Several of a fixed set of options: a flags key or a list of strings.
    public static func multiSelect(_ multiSelect: MultiSelect) -> Kind { Kind(.multiSelect(multiSelect)) }
    /// What a multi-select row holds; nil for a row of another kind.
    public var multiSelect: MultiSelect? {
      if case .multiSelect(let multiSelect) = form { return multiSelect }
      return nil
    }

    /// An editable list of strings.
    public static func list(_ list: StringList) -> Kind { Kind(.list(list)) }
    /// What a list row holds; nil for a row of another kind.
    public var list: StringList? {
      if case .list(let list) = form { return list }
      return nil
    }

    /// Keyboard shortcuts, captured from the keyboard and kept as GTK accelerators.
    public static func shortcut(_ shortcut: Shortcut) -> Kind { Kind(.shortcut(shortcut)) }
    /// What a shortcut row holds; nil for a row of another kind.
    public var shortcut: Shortcut? {
      if case .shortcut(let shortcut) = form { return shortcut }
      return nil
    }

    /// A color kept as text, such as `#3465a4`.
    public static func color(_ color: Color) -> Kind { Kind(.color(color)) }
    /// What a color row holds; nil for a row of another kind.
    public var color: Color? {
      if case .color(let color) = form { return color }
      return nil
    }
  }

  /// Whether the row shows one part of its key's value (a titlebar button of `button-layout`), not all of it.
  package var showsPartOfItsKey: Bool {
    switch kind.form {
    case .toggle(let toggle): return toggle.part != nil
    case .choice(let choice): return choice.part != nil
    default: return false
    }
  }

  /// The setting the row reads and writes, for the kinds that have one.
  public var key: SettingKey? {
    switch kind.form {
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
