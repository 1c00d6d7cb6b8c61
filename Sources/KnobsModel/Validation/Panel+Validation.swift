extension Panel {
  /// Every mistake in the declaration, in panel order, recursing into detail pages: the one
  /// validator of panels declared in Swift, read from files and generated from schemas.
  ///
  /// Checks ids (unique per page, only `a-z`, `0-9` and `-`), titles, link
  /// schemes, email fields, slider ranges and steps, choice options, toggle
  /// values and empty pages and sections. With a store it also checks each bound
  /// key's default against the row. A key the store does not have is a mistake
  /// only with `checks.requiresKeys` (panel files); elsewhere its row shows as
  /// unavailable at run time.
  @MainActor
  public func validate(against store: (any SettingsStore)? = nil, checks: ValidationChecks = .init()) -> [PanelProblem]
  {
    var validator = PanelValidator(store: store, checks: checks)
    validator.check(page: self, pagePath: .root)
    return validator.problems
  }
}

/// What the validator checks beyond the declaration and the defaults of its store's keys.
public struct ValidationChecks {
  /// A bound key the store does not have is a mistake, with the nearest key's name as a hint.
  public var requiresKeys: Bool
  /// Why GVariant text is not a value of a type (GLib's parser, which the model has not);
  /// with it, a default the store holds as GVariant text (an INI key's) is checked to be a value.
  public var variantProblem: (@MainActor (String, String) -> String?)?
  /// Row ids are checked to be `a-z`, `0-9` and `-`. A generated page's row ids are its schema's
  /// key names, which GSettings names (some schemas, compiled with `--allow-any-name`, have others).
  public var checksRowIDs: Bool
  /// The declaration is checked (ids, titles, ranges, options…); without it only the store's checks
  /// run, for a panel whose declaration was checked before it was shown.
  public var declaration: Bool

  /// Checks with these parts.
  public init(
    requiresKeys: Bool = false, variantProblem: (@MainActor (String, String) -> String?)? = nil,
    checksRowIDs: Bool = true, declaration: Bool = true
  ) {
    self.requiresKeys = requiresKeys
    self.variantProblem = variantProblem
    self.checksRowIDs = checksRowIDs
    self.declaration = declaration
  }

  /// Only what the store shows: each bound key's default against its row.
  public static var storeOnly: ValidationChecks { ValidationChecks(declaration: false) }
}
