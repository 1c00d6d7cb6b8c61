import Foundation
import Gtk
import KnobsModel
import KnobsUI

let started = ContinuousClock.now
let invocation: Invocation
do {
  invocation = try Invocation.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  printError("knobs: \(error.message)\nTry “knobs --help”.")
  exit(2)
}

let benchmark = BenchmarkHook(environment: ProcessInfo.processInfo.environment, start: started)
let panel = benchmark?.panel ?? referencePanel { Style.gtkVersion }
let schemaDirectories = SettingsEnvironment.schemaDirectories(executable: CommandLine.arguments[0])

switch invocation {
case .version:
  print("knobs \(AppInfo.version)")
case .help:
  print(Invocation.usage)
case .checkPanel:
  exit(PanelCheck.run(panel))
case .list, .get, .set, .reset:
  exit(CommandLineTool(panel: panel, schemaDirectories: schemaDirectories).run(invocation))
case .window(let openPath):
  guard PanelCheck.run(panel, quietWhenValid: true) == 0 else { exit(2) }
  guard initializeGtk() else {
    printError(Display.missingMessage())
    exit(1)
  }
  let app = KnobsApplication(panel: panel) {
    benchmark?.environment
      ?? SettingsEnvironment.make(appID: AppInfo.id, panel: panel, schemaDirectories: schemaDirectories)
  }
  app.onWindowPresented = benchmark?.windowPresented
  exit(app.run(openPath: openPath))
}
