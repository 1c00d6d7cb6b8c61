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
      report("knobs: the settings panel has \(problems.count) problem\(problems.count == 1 ? "" : "s"):")
      problems.forEach { report("  \($0)") }
      return 2
    }
    if !quietWhenValid { print("The settings panel is valid: \(panel.entryCount) rows.") }
    return 0
  }
}
