/// What a store can do beyond keeping keys, for the window and the checks:
/// reached through `SettingsStore.capabilities`, which routing passes on from
/// its base store, never by asking a store what class it is (a routed store
/// is none of its parts).
@MainActor
public struct StoreCapabilities {
  /// The key names of installed schemas, for “did you mean” hints.
  public var keyNaming: (any KeyNaming)?
  /// Every installed schema: All Settings, and the keybindings a shortcut may clash with.
  public var schemaLibrary: (any SchemaLibrary)?
  /// The folders schemas are installed in, watched for schemas removed while the window is open.
  public var schemaFolders: [String]
  /// Looks at the schema folders again; returns the schemas in use that have gone since.
  public var recheckSchemas: (@MainActor () -> Set<String>)?
  /// Where the values of keys come from (the user's own value, the site's default, a lock): the
  /// modified mark, locked rows' subtitles and what Reset gives. Keep the reader: it reads once.
  public var provenance: (any ProvenanceReading)?
  /// Gives keys noted in the history of changes their values before, as Recent Changes' Undo does.
  public var undoing: (any HistoryUndoing)?
  /// Notes changes another process makes on the store's behalf as the store's own, in the
  /// history of changes (GNOME Shell writing its extension lists when asked to switch one).
  public var changeNoting: (any ChangeNoting)?

  /// Capabilities with these parts; each left out is one the store has not.
  public init(
    keyNaming: (any KeyNaming)? = nil, schemaLibrary: (any SchemaLibrary)? = nil, schemaFolders: [String] = [],
    recheckSchemas: (@MainActor () -> Set<String>)? = nil, provenance: (any ProvenanceReading)? = nil,
    undoing: (any HistoryUndoing)? = nil, changeNoting: (any ChangeNoting)? = nil
  ) {
    self.keyNaming = keyNaming ?? schemaLibrary
    self.schemaLibrary = schemaLibrary
    self.schemaFolders = schemaFolders
    self.recheckSchemas = recheckSchemas
    self.provenance = provenance
    self.undoing = undoing
    self.changeNoting = changeNoting
  }

  /// A store that only keeps keys.
  public static var none: StoreCapabilities { StoreCapabilities() }
}

/// A store that can take changes made by another process as its own.
@MainActor
public protocol ChangeNoting: AnyObject {
  /// Notes the changes of `keys` another process makes on the store's behalf, each as it is
  /// heard, until `done` says the change asked for is made or the observation is cancelled.
  func noteChanges(of keys: [SettingKey], until done: @escaping @MainActor () -> Bool) -> Observation
}
