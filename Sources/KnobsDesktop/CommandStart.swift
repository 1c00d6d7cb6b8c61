import Glibc
import KnobsModel
import KnobsSettings

/// The start of the `knobs` program: its commands run here, in a process that does not link GTK
/// (a `get` costs a GLib program's start, not a GTK one's), panel files' too; a window (Knobs'
/// own or a panel file's) and a D-Bus start replace the process with the window program
/// (`knobs-window`, whose start is `DesktopStart`), given the same arguments.
@MainActor
package enum CommandStart {
  /// The window program's file name.
  package static let windowProgramName = "knobs-window"

  package static func run() -> Never {
    let environment = DesktopSession.processSetUp()
    let request = DesktopSession.parseArguments()
    if request.needsWindowProgram { openWindowProgram() }
    let session = DesktopSession(request: request, processEnvironment: environment)
    let status: Int32
    switch request.invocation {
    case .help:
      print(Invocation.usage)
      status = 0
    case .command(let command):
      // A panel file's rows, or the desktop's.
      if let source = request.panel {
        status = FilePanels.runCommand(source, command, schemaDirectories: session.schemaDirectories)
      } else {
        status = session.runCommand(command)
      }
    case .checkPanel:
      status = session.checkPanel()
    case .own(let command):
      guard let ran = session.runOwn(command) else { openWindowProgram() }
      status = ran
    case .window:
      openWindowProgram()
    }
    exit(status)
  }

  /// Where the window program is, for the program in `folder`: beside it (a build), else where
  /// meson installs it, in the prefix's `lib/knobs` (`/usr/bin/knobs`, `/usr/lib/knobs/knobs-window`).
  package static func windowProgram(besides folder: String) -> String {
    let beside = folder + "/" + windowProgramName
    if access(beside, X_OK) == 0 { return beside }
    return PathText.parent(folder) + "/lib/knobs/" + windowProgramName
  }

  /// Replaces this process with the window program, given the same arguments (the first, the
  /// program's name as it was run, still finds the translations and schemas beside `knobs`).
  private static func openWindowProgram() -> Never {
    let folder = PathText.parent(LocalFiles.realPath("/proc/self/exe") ?? LocalFiles.absolute(CommandLine.arguments[0]))
    let program = windowProgram(besides: folder)
    execv(program, CommandLine.unsafeArgv)
    let reason = String(cString: strerror(errno))
    printError(
      "knobs: "
        + tr(
          "The window can't open: its program %1$s can't be run (%2$s). Reinstalling Knobs brings it back.",
          program.escapedForTerminal, reason))
    exit(1)
  }
}
