import FoundationEssentials

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

  /// Whether the row shows one part of its key's value (a titlebar button of `button-layout`), not all of it.
  public var showsPartOfItsKey: Bool {
    switch kind {
    case .toggle(let toggle): return toggle.part != nil
    case .choice(let choice): return choice.part != nil
    default: return false
    }
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
