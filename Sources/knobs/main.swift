import Foundation
import Gtk
import KnobsModel
import KnobsUI

let started = ContinuousClock.now
Translation.setUp(directory: Translation.directory(executable: CommandLine.arguments[0]))
let invocation: Invocation
do {
  invocation = try Invocation.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  printError("knobs: \(error.message)\n" + tr("Try “knobs --help”."))
  exit(2)
}

let benchmark = BenchmarkHook(environment: ProcessInfo.processInfo.environment, start: started)
let userSchemas = UserSchemaFolders.find()
let schemaDirectories =
  SettingsEnvironment.schemaDirectories(executable: CommandLine.arguments[0]) + userSchemas.compiledFolders
var windowSettings: SettingsEnvironment?
let allSettings = AllSettings(
  library: { windowSettings?.store as? SchemaLibrary }, apps: { DesktopApps.installed() },
  folderProblems: userSchemas.problems)
let panel = benchmark?.panel ?? referencePanel(allSettings: allSettings.section) { Style.gtkVersion }

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
  let app = KnobsApplication(panel: panel, allSettings: benchmark == nil ? allSettings : nil) {
    let environment =
      benchmark?.environment
      ?? SettingsEnvironment.make(appID: AppInfo.id, panel: panel, schemaDirectories: schemaDirectories)
    windowSettings = environment
    return environment
  }
  app.onWindowPresented = benchmark?.windowPresented
  exit(app.run(openPath: openPath))
}
