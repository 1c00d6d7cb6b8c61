@testable import KnobsModel
import FoundationEssentials
import Glibc
import XCTest

/// A writer killed mid-write (`kill -9` of `knobs profile save`, a crash during an INI write)
/// leaves its temporary `.NAME.knobs-XXXXXX` beside the file. The next write beside it removes
/// it, and nothing else: not a temporary a live writer holds, not one just made, not another
/// file's, not what is no regular file.
final class AbandonedTemporaryRobustnessTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws {
    folder = NSTemporaryDirectory() + "knobs-abandoned-\(UUID().uuidString)"
    XCTAssertEqual(mkdir(folder, 0o700), 0)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: folder)
  }

  private func make(_ name: String, _ text: String = "half a wri") {
    XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(text.utf8)))
  }

  /// Sets the modification time a minute back, of the link itself for a symlink.
  private func age(_ name: String) {
    var times = [timespec(tv_sec: time(nil) - 60, tv_nsec: 0), timespec(tv_sec: time(nil) - 60, tv_nsec: 0)]
    XCTAssertEqual(utimensat(AT_FDCWD, folder + "/" + name, &times, AT_SYMLINK_NOFOLLOW), 0)
  }

  private var names: [String] { (LocalFiles.names(in: folder) ?? []).sorted() }

  /// Every kind of name and file a write beside `target` must leave alone, aged unless said.
  private func strays(of target: String) -> [String] {
    make(".\(target).knobs-Fresh1")  // just made: its writer may not have locked it yet
    make(".\(target).knobs-Abc123.old")  // a multi-file write's second name of an old file
    make(".other.ini.knobs-Abc123")  // another file's
    make(".\(target).knobs-Ab12")  // not a name mkstemp makes
    XCTAssertEqual(mkdir(folder + "/.\(target).knobs-Dir001", 0o700), 0)
    make("outside", "not ours")
    XCTAssertEqual(symlink(folder + "/outside", folder + "/.\(target).knobs-Link01"), 0)
    let kept = [
      ".\(target).knobs-Abc123.old", ".other.ini.knobs-Abc123", ".\(target).knobs-Ab12",
      ".\(target).knobs-Dir001", ".\(target).knobs-Link01", "outside",
    ]
    for name in kept { age(name) }
    return kept + [".\(target).knobs-Fresh1"]
  }

  func testAWriteRemovesWhatAKilledWriterLeftAndNothingElse() throws {
    make(".a.ini.knobs-Abc123")
    age(".a.ini.knobs-Abc123")
    // A live writer's: made long ago, still held.
    make(".a.ini.knobs-Held01")
    age(".a.ini.knobs-Held01")
    let holder = open(folder + "/.a.ini.knobs-Held01", O_RDONLY)
    defer { close(holder) }
    XCTAssertEqual(flock(holder, LOCK_EX), 0)
    let kept = strays(of: "a.ini") + [".a.ini.knobs-Held01"]

    try SafeFiles.writeAtomically(Data("[a]\nb=1\n".utf8), to: folder + "/a.ini", mode: 0o600)
    XCTAssertEqual(names, (kept + ["a.ini"]).sorted())
    XCTAssertEqual(try String(contentsOfFile: folder + "/outside", encoding: .utf8), "not ours")

    // Let go by its writer (which died, say): the next write after a minute removes it.
    flock(holder, LOCK_UN)
    try SafeFiles.writeAtomically(Data("[a]\nb=2\n".utf8), to: folder + "/a.ini", mode: 0o600)
    XCTAssertTrue(names.contains(".a.ini.knobs-Held01"), "looked for at most once a minute")
    SafeFiles.lastSweeps.withLock { $0[folder + "/a.ini"]! -= SafeFiles.sweepInterval }
    try SafeFiles.writeAtomically(Data("[a]\nb=3\n".utf8), to: folder + "/a.ini", mode: 0o600)
    XCTAssertEqual(names, (kept.filter { $0 != ".a.ini.knobs-Held01" } + ["a.ini"]).sorted())
  }

  func testAnIniFilesUpdateRemovesThemToo() throws {
    make("app.conf", "[General]\nsize=1\n")
    make(".app.conf.knobs-Xy7Xy7")
    age(".app.conf.knobs-Xy7Xy7")
    let kept = strays(of: "app.conf")
    try IniFileAccess.update(folder + "/app.conf", limit: 1 << 20) { _ in Array("[General]\nsize=2\n".utf8) }
    XCTAssertEqual(names, (kept + ["app.conf"]).sorted())
    XCTAssertEqual(try String(contentsOfFile: folder + "/app.conf", encoding: .utf8), "[General]\nsize=2\n")
  }

  func testAWritersTemporaryIsLockedUntilItLetsGo() throws {
    let temporary = try SafeFiles.lockedTemporary(beside: folder + "/p.ini")
    let other = open(temporary.path, O_RDONLY)
    defer { close(other) }
    XCTAssertEqual(flock(other, LOCK_EX | LOCK_NB), -1, "held by its writer")
    XCTAssertEqual(fcntl(temporary.descriptor, F_GETFD) & FD_CLOEXEC, FD_CLOEXEC, "not handed to programs started")
    close(temporary.descriptor)
    XCTAssertEqual(flock(other, LOCK_EX | LOCK_NB), 0, "free once its writer closed it, or died")
  }
}
