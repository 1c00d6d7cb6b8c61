import KnobsModel
import KnobsUI

/// `knobs list/get/set/reset`: the panel's rows on the command line, through
/// the same stores and validation as the window.
@MainActor
struct CommandLineTool {
  let panel: Panel
  let schemaDirectories: [String]

  func run(_ invocation: Invocation) -> Int32 {
    printError("knobs: this command is not available yet.")
    return 1
  }
}
