import Glibc
import KnobsDesktopModel
import XCTest

/// The installed GNOME Shell's version, asked of `gnome-shell --version`.
final class ShellVersionTests: XCTestCase {
  func testAShellThatSaysTooMuchIsAProblemNamedNotAVersion() throws {
    let folder = "/tmp/knobs-endless-\(getpid())"
    mkdir(folder, 0o755)
    defer {
      unlink(folder + "/gnome-shell")
      rmdir(folder)
    }
    let script = "#!/bin/sh\nexec yes 'GNOME Shell 43.9'\n"
    let file = fopen(folder + "/gnome-shell", "w")
    fputs(script, file)
    fclose(file)
    chmod(folder + "/gnome-shell", 0o755)
    let path = String(cString: getenv("PATH"))
    setenv("PATH", folder + ":" + path, 1)
    defer { setenv("PATH", path, 1) }
    guard case .failure(.problem(let problem)) = ShellVersion.find() else {
      return XCTFail("\(ShellVersion.find())")
    }
    XCTAssertEqual(
      problem, "gnome-shell --version wrote more than 64 KB; it was stopped and what it wrote was not used.")
    XCTAssertNil(ShellVersion.installed())
  }
}
