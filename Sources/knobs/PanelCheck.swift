import KnobsModel

/// Validates a panel against the store it will use before anything is shown: problems are
/// printed with their row paths.
@MainActor
enum PanelCheck {
  /// Returns 0 for a valid panel and 2 for an invalid one. With `tolerating`, problems that only
  /// the store shows (this system's schema gives a key another type, say) go there instead of
  /// failing: the window says them and the rows they concern refuse what their key can't take.
  static func run(
    _ panel: Panel, store: any SettingsStore, quietWhenValid: Bool = false,
    tolerating: (([PanelProblem]) -> Void)? = nil, report: (String) -> Void = printError
  ) -> Int32 {
    var problems = panel.validate(against: store)
    if let tolerating {
      let fromStore = problems.filter(\.comesFromStore)
      if !fromStore.isEmpty { tolerating(fromStore) }
      problems.removeAll(where: \.comesFromStore)
    }
    guard problems.isEmpty else {
      report(
        "knobs: "
          + trn(
            "the settings panel has %d problem:", "the settings panel has %d problems:", problems.count, problems.count)
      )
      problems.forEach { report("  \($0)") }
      return 2
    }
    if !quietWhenValid {
      print(
        trn(
          "The settings panel is valid: %d row.", "The settings panel is valid: %d rows.", panel.entryCount,
          panel.entryCount))
    }
    return 0
  }
}
