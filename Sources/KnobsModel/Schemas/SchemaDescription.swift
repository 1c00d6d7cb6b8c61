/// An installed GSettings schema as the generator sees it: plain values, read
/// from GIO by the GTK side, or written by hand in tests.
public struct SchemaDescription: Hashable, Sendable {
  /// The schema id, e.g. `org.gnome.desktop.interface`.
  public var id: String
  /// The dconf path, e.g. `/org/gnome/desktop/interface/`; nil for a relocatable schema.
  public var path: String?
  /// In the order a page lists them: GIO lists them by name, and Knobs in natural order.
  public var keys: [KeyDescription]

  public init(id: String, path: String?, keys: [KeyDescription]) {
    self.id = id
    self.path = path
    self.keys = keys
  }
}

/// One key of a schema.
public struct KeyDescription: Hashable, Sendable {
  /// The key name, e.g. `clock-format`: lowercase letters, digits and “-”.
  public var name: String
  /// The GVariant type string, e.g. `b`, `i`, `as`, `a{sv}`.
  public var typeString: String
  /// One line, possibly empty.
  public var summary: String
  /// Paragraphs, possibly empty.
  public var description: String
  public var range: KeyRange
  /// The default of a string key (it tells a color key from other text); nil when not known.
  public var defaultString: String?
  /// The default of a string-list key (it tells a list of shortcuts from other lists); nil when not known.
  public var defaultStrings: [String]?
  /// The summary and description as the schema writes them, when `summary` and
  /// `description` are translations; nil when they are not, or not known.
  public var englishSummary: String?
  public var englishDescription: String?

  public init(
    name: String, typeString: String, summary: String = "", description: String = "", range: KeyRange = .any,
    defaultString: String? = nil, defaultStrings: [String]? = nil, englishSummary: String? = nil,
    englishDescription: String? = nil
  ) {
    self.defaultStrings = defaultStrings
    self.name = name
    self.typeString = typeString
    self.summary = summary
    self.description = description
    self.range = range
    self.defaultString = defaultString
    self.englishSummary = englishSummary
    self.englishDescription = englishDescription
  }
}

/// The values a key allows beyond its type (GSettings' `g_settings_schema_key_get_range`).
public enum KeyRange: Hashable, Sendable {
  /// Any value of the type.
  case any
  /// A string from an `<enum>`, by nick.
  case enumeration([String])
  /// A set of nicks from a `<flags>`, kept as a string array.
  case flags([String])
  /// A string (or each string of an array) from a `<choices>` list.
  case choices([String])
  /// A number from `<range min max>`.
  case range(minimum: Double, maximum: Double)
}
