import Foundation
@testable import KnobsDesktopModel
import XCTest

@testable import KnobsModel

#if canImport(Glibc)
  import Glibc
#endif

/// An autostart entry removed by another program while Knobs turns it off stays removed.
@MainActor
final class AutostartRaceRobustnessTests: XCTestCase {
  func testARemovedEntryNeverComesBack() async throws {
    let home = try AutostartHome()
    defer { home.remove() }
    let store = AutostartStore(folders: home.folders)
    var resurrected = 0
    var tried = 0
    for round in 0..<40 {
      let path = try home.write(AutostartHome.entry("Notes"), to: home.user, "notes.desktop")
      // Settled, as a file written a while ago is.
      var times = [timespec(tv_sec: time(nil) - 5, tv_nsec: 0), timespec(tv_sec: time(nil) - 5, tv_nsec: 0)]
      utimensat(AT_FDCWD, path, &times, 0)
      store.reload()
      XCTAssertNotNil(store.entry("notes.desktop"))
      // Another program removes the file at some moment during the change.
      let delay = UInt32(round % 10) * 150
      let remover = Thread {
        usleep(delay)
        unlink(path)
      }
      remover.start()
      tried += 1
      try? store.setEnabled(false, id: "notes.desktop")
      while remover.isExecuting || !remover.isFinished { usleep(100) }
      if FileManager.default.fileExists(atPath: path) { resurrected += 1 }
    }
    XCTAssertEqual(resurrected, 0, "\(resurrected) of \(tried) removed entries came back")
  }

  /// Another program rewrites the user's copy while Knobs hides the entry: its change is never lost.
  func testAnotherProgramsChangeToTheUserCopySurvivesHidingIt() async throws {
    let home = try AutostartHome()
    defer { home.remove() }
    try home.write(AutostartHome.entry("Clock"), to: home.system, "clock.desktop")
    let store = AutostartStore(folders: home.folders)
    var lost = 0
    for round in 0..<30 {
      let path = try home.write(AutostartHome.entry("Clock"), to: home.user, "clock.desktop")
      var times = [timespec(tv_sec: time(nil) - 5, tv_nsec: 0), timespec(tv_sec: time(nil) - 5, tv_nsec: 0)]
      utimensat(AT_FDCWD, path, &times, 0)
      store.reload()
      let marker = "X-Other-Program=\(round)"
      let text = AutostartHome.entry("Clock") + marker + "\n"
      let delay = UInt32(round % 10) * 150
      let other = Thread {
        usleep(delay)
        try? Data(text.utf8).write(to: URL(fileURLWithPath: path + ".other"))
        rename(path + ".other", path)
      }
      other.start()
      _ = try? store.remove(id: "clock.desktop")
      while !other.isFinished { usleep(100) }
      if !(home.read(path) ?? "").contains(marker) { lost += 1 }
    }
    XCTAssertEqual(lost, 0, "\(lost) of 30 changes by another program were lost")
  }
}
