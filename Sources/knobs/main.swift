import FoundationEssentials
import Glibc
import Gtk
import KnobsModel
import KnobsUI

let started = LocalFiles.monotonicNow()
// Read once: each read builds a dictionary of every variable.
let processEnvironment = LocalFiles.environment()
Translation.setUp(
  directory: Translation.directory(executable: CommandLine.arguments[0], environment: processEnvironment))
let request: Request
do {
  request = try Request.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  printError("knobs: \(error.message)\n" + tr("Try “knobs --help”."))
  exit(2)
}

var benchmark = BenchmarkHook(environment: processEnvironment, start: started)
let userSchemas = UserSchemaFolders.find(environment: processEnvironment)
userSchemas.bindTextDomains()
let schemaDirectories =
  SettingsEnvironment.schemaDirectories(executable: CommandLine.arguments[0]) + userSchemas.compiledFolders
var windowSettings: SettingsEnvironment?
let extensionRows = ShellExtensionRows(
  find: { ShellExtensions.installed(environment: processEnvironment) },
  folders: ShellExtensions.folders(environment: processEnvironment))
let allSettings = AllSettings(
  library: { windowSettings?.store.capabilities.schemaLibrary }, apps: { DesktopApps.installed() },
  extensions: { extensionRows.extensions },
  folderProblems: userSchemas.problems)
// One history for the window and the commands of this process.
let history = ChangeHistory(file: ChangeHistory.defaultFile(environment: processEnvironment))
let recentChanges = RecentChangesRows(history: history)
let importPreview = ImportPreviewRows(history: history)
let profileRows = ProfileRows(
  profiles: SettingsProfiles(folder: SettingsProfiles.defaultFolder(environment: processEnvironment)),
  preview: importPreview)
let panel =
  benchmark?.panel
  ?? referencePanel(
    extensions: extensionRows, recentChanges: recentChanges, importPreview: importPreview, profiles: profileRows,
    allSettings: allSettings.section
  ) { Style.gtkVersion }
recentChanges.name(by: panel)
importPreview.name(by: panel)
profileRows.name(by: panel)

let invocation = request.invocation
// A command that may write settings says so until it ends, so that an open window hearing its
// writes from dconf waits for their history entries instead of noting them as another program's.
let writingHold: WritingHold? =
  switch invocation {
  case .set, .reset, .importFile, .undo, .addCustomShortcut, .removeCustomShortcut, .shellExtension, .profile:
    history.holdWhileWriting()
  default: nil
  }
if let source = request.panel, invocation != .checkPanel(file: source) {
  exit(FilePanels.run(source, invocation, schemaDirectories: schemaDirectories))
}
switch invocation {
case .version:
  print("knobs \(AppInfo.version)")
case .help:
  print(Invocation.usage)
case .manPage:
  print(ManPage.roff(usage: Invocation.usage, version: AppInfo.version), terminator: "")
case .complete(let words):
  print(
    Completion.run(
      words, panel: panel, schemaDirectories: schemaDirectories, history: history, environment: processEnvironment),
    terminator: "")
case .checkPanel(let file?):
  exit(FilePanels.check(file, schemaDirectories: schemaDirectories))
case .checkPanel(nil):
  let environment = SettingsEnvironment.make(appID: AppInfo.id, panel: panel, schemaDirectories: schemaDirectories)
  exit(PanelCheck.run(panel, store: panel.routing(environment.store)))
case .installPanel(let file):
  exit(FilePanels.install(file, schemaDirectories: schemaDirectories))
case .uninstallPanel(let id):
  exit(FilePanels.uninstall(id))
case .list, .get, .set, .reset, .explain, .addCustomShortcut, .removeCustomShortcut, .export, .exportAnsible,
  .profile, .importFile, .history, .undo, .shellExtension:
  exit(CommandLineTool(panel: panel, schemaDirectories: schemaDirectories, history: history).run(invocation))
case .window, .service:
  let environment =
    benchmark?.environment
    ?? SettingsEnvironment.make(appID: AppInfo.id, panel: panel, schemaDirectories: schemaDirectories)
  // The declaration is checked before anything is shown; the store's checks follow the first frame.
  guard PanelCheck.run(panel, store: nil, quietWhenValid: true) == 0 else { exit(2) }
  // GTK would wait up to 25 s for an accessibility bus that is slow to answer.
  if let problem = AccessibilityBus.prepare(timeout: 4) {
    printError("knobs: " + tr("The accessibility bus did not answer (%s); Knobs starts without it.", problem))
  }
  guard initializeGtk() else {
    printError(Display.missingMessage())
    exit(1)
  }
  benchmark?.soakPanel = panel
  // What the running Shell makes of each extension, kept up to date while the window is open.
  let shellExtensions = benchmark == nil ? ShellExtensionsWatch.start(extensionRows) : nil
  ExtensionActions.connect(extensionRows, bus: shellExtensions, history: history)
  // All Settings is left out of the benchmark's generated panels, kept with the shipped one.
  let app = KnobsApplication(
    panel: panel, allSettings: benchmark?.panel == nil ? allSettings : nil,
    history: benchmark?.keepsHistory ?? true ? history : nil, importPreview: benchmark == nil ? importPreview : nil
  ) {
    windowSettings = environment
    return environment
  }
  app.onWindowPresented = benchmark?.windowPresented
  let status: Int32
  if case .window(let openPath) = invocation {
    status = app.run(openPath: openPath)
  } else {
    status = app.run(openPath: nil, service: true)
  }
  withExtendedLifetime(shellExtensions) {}
  exit(status)
}
