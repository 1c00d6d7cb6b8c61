import KnobsModel

/// Validates a panel before anything is shown: problems are printed with their row paths.
@MainActor
enum PanelCheck {
  /// Returns 0 for a valid panel and 2 for an invalid one.
  static func run(
    _ panel: Panel, quietWhenValid: Bool = false, report: (String) -> Void = printError
  ) -> Int32 {
    let problems = panel.validate()
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
