import KnobsModel

/// Validates a panel against the store it will use before anything is shown: problems are
/// printed with their row paths.
@MainActor
package enum PanelCheck {
  /// Returns 0 for a valid panel and 2 for an invalid one. Without a store only the declaration
  /// is checked, as the window does before it opens (`storeProblems` follows its first frame).
  package static func run(
    _ panel: Panel, store: (any SettingsStore)?, checks: ValidationChecks = .init(), quietWhenValid: Bool = false,
    program: String = "knobs", report: (String) -> Void = printError
  ) -> Int32 {
    let problems = panel.validate(against: store, checks: checks)
    guard problems.isEmpty else {
      report(
        "\(program): "
          + trn(
            "the settings panel has %d problem:", "the settings panel has %d problems:", problems.count, problems.count)
      )
      String.boundedLines(problems.map(\.description)).forEach { report("  \($0)") }
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

  /// Where the store disagrees with the panel (this system's schema gives a key another type, say).
  /// The window checks this once it is on screen and says what it found; the rows concerned
  /// refuse what their key can't take.
  package static func storeProblems(_ panel: Panel, store: any SettingsStore) -> [PanelProblem] {
    panel.validate(against: store, checks: .storeOnly)
  }
}
