extension Panel {
  /// Every mistake in the declaration, in panel order, recursing into detail pages.
  ///
  /// Checks ids (unique per page, only `a-z`, `0-9` and `-`), titles, link
  /// schemes, email fields, slider ranges and steps, choice options, toggle
  /// values and empty pages and sections. With a store it also checks each bound
  /// key's default against the row; a key the store does not have is not a
  /// mistake here (a missing schema is shown in the window at run time).
  @MainActor
  public func validate(against store: (any SettingsStore)? = nil) -> [PanelProblem] {
    var validator = PanelValidator(store: store)
    validator.check(page: self, pagePath: "")
    return validator.problems
  }
}
