/// An installed GSettings schema as the generator sees it: plain values, read
/// from GIO by the GTK side, or written by hand in tests.
public struct SchemaDescription: Hashable, Sendable {
  /// The schema id, e.g. `org.gnome.desktop.interface`.
  public var id: String
  /// The dconf path, e.g. `/org/gnome/desktop/interface/`; nil for a relocatable schema.
  public var path: String?
  /// In the order a page lists them: the schema file's, when it is installed beside the
  /// compiled schema (`isInFileOrder`), else natural order (GIO lists them by name).
  public var keys: [KeyDescription]
  /// Whether `keys` are in the order of the schema's `.gschema.xml`, whose comments may group them.
  public var isInFileOrder: Bool

  /// A schema with this id, path and keys; `isInFileOrder` when the keys are in the order of its file.
  public init(id: String, path: String?, keys: [KeyDescription], isInFileOrder: Bool = false) {
    self.id = id
    self.path = path
    self.keys = keys
    self.isInFileOrder = isInFileOrder
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
  /// The values the key takes, as its schema states them.
  public var range: KeyRange
  /// The default of a string key (it tells a color key from other text); nil when not known.
  public var defaultString: String?
  /// The default of a string-list key (it tells a list of shortcuts from other lists); nil when not known.
  public var defaultStrings: [String]?
  /// The default of a number key (a code the description names must include it); nil when not known.
  public var defaultNumber: Double?
  /// The comment the schema file has just before this key (`<!-- Dash -->`), which starts a group; nil when none.
  public var comment: String?
  /// The summary and description as the schema writes them, when `summary` and
  /// `description` are translations; nil when they are not, or not known.
  public var englishSummary: String?
  /// The description in English, when `description` is translated.
  public var englishDescription: String?

  /// A key as its schema describes it.
  public init(
    name: String, typeString: String, summary: String = "", description: String = "", range: KeyRange = .any,
    defaultString: String? = nil, defaultStrings: [String]? = nil, defaultNumber: Double? = nil,
    englishSummary: String? = nil, englishDescription: String? = nil, comment: String? = nil
  ) {
    self.defaultNumber = defaultNumber
    self.comment = comment
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
