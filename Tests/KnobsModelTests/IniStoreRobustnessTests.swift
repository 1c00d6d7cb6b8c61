import Foundation
import Synchronization
import XCTest

@testable import KnobsModel

#if canImport(Glibc)
  import Glibc
#endif

/// The INI store against real-world files and other programs: nothing reformatted, nothing lost,
/// and a write that says it succeeded only when the value is in the file.
@MainActor
final class IniStoreRobustnessTests: XCTestCase {
  static let schema = "ini:app/app.ini"
  var config = ""
  var path: String { config + "/app/app.ini" }

  override func setUp() async throws {
    config = FileManager.default.temporaryDirectory.appendingPathComponent("knobs-ini-\(UUID())").path
    try FileManager.default.createDirectory(atPath: config + "/app", withIntermediateDirectories: true)
  }

  override func tearDown() async throws {
    try? FileManager.default.removeItem(atPath: config)
  }

  func key(_ name: String) -> SettingKey { SettingKey(schema: Self.schema, key: name) }

  func makeStore(_ defaults: [String: SettingValue], dialect: IniDialect = .keyfile) throws -> IniStore {
    try IniStore(
      schema: Self.schema, relativePath: "app/app.ini", configHome: config,
      defaults: Dictionary(uniqueKeysWithValues: defaults.map { (key($0.key), $0.value) }), dialect: dialect)
  }

  func contents() throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

  func put(_ bytes: [UInt8], mode: mode_t = 0o644) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    chmod(path, mode)
    // Old enough to count as settled.
    var times = [timespec(tv_sec: time(nil) - 5, tv_nsec: 0), timespec(tv_sec: time(nil) - 5, tv_nsec: 0)]
    utimensat(AT_FDCWD, path, &times, 0)
  }

  func testASetOnASpacedFileChangesOneLineAndKeepsModeAndTheRest() async throws {
    let original =
      Array(
        """
        # header comment
        [global]
            monitor = 0
            width = 300
            frame_color = "#aaaaaa"   # border

        [other]
            key = value\n
        """.utf8) + [0xE9, 0x0A]
    try put(original, mode: 0o640)
    let store = try makeStore(["global/width": 0, "global/frame_color": ""], dialect: .plain)
    XCTAssertEqual(store.value(for: key("global/frame_color")), "#aaaaaa", "read without its quotes")
    try store.write(420, for: key("global/width"))
    try store.write("#123456", for: key("global/frame_color"))
    var expected = original
    expected.replaceSubrange(expected.firstRange(of: Array("300".utf8))!, with: Array("420".utf8))
    expected.replaceSubrange(expected.firstRange(of: Array("aaaaaa".utf8))!, with: Array("123456".utf8))
    XCTAssertEqual(try contents(), expected, "only the two values changed")
    var info = stat()
    stat(path, &info)
    XCTAssertEqual(info.st_mode & 0o777, 0o640, "the file's mode is kept")
  }

  func testKeysBeforeTheFirstGroupAreReadAndWritten() async throws {
    try put(Array("# top\nshell=/bin/sh\nfont=Mono:size=9\n\n[colors]\nalpha=0.9\n".utf8))
    let store = try makeStore(["shell": "", "font": "", "colors/alpha": 1.0, "term": ""], dialect: .plain)
    XCTAssertNil(store.problem)
    XCTAssertEqual(store.value(for: key("shell")), "/bin/sh")
    XCTAssertEqual(store.value(for: key("colors/alpha")), 0.9)
    try store.write("/bin/zsh", for: key("shell"))
    try store.write("xterm", for: key("term"))
    XCTAssertEqual(
      String(decoding: try contents(), as: UTF8.self),
      "# top\nshell=/bin/zsh\nfont=Mono:size=9\nterm=xterm\n\n[colors]\nalpha=0.9\n")
  }

  func testAReadOnlyFileIsRefusedNotReplaced() async throws {
    let original = Array("[a]\nx=1\n".utf8)
    try put(original, mode: 0o444)
    let store = try makeStore(["a/x": 0])
    XCTAssertThrowsError(try store.write(2, for: key("a/x"))) { error in
      XCTAssertTrue(String(describing: error).contains("read-only"), "\(error)")
    }
    XCTAssertEqual(try contents(), original)
    var info = stat()
    stat(path, &info)
    XCTAssertEqual(info.st_mode & 0o777, 0o444)
  }

  func testUnreadableFilesFailTheWrite() async throws {
    // A file over the limit.
    try put([UInt8](repeating: UInt8(ascii: "#"), count: IniStore.sizeLimit + 1))
    var store = try makeStore(["a/x": 0])
    XCTAssertNotNil(store.problem)
    XCTAssertThrowsError(try store.write(2, for: key("a/x")))
    XCTAssertEqual(try contents().count, IniStore.sizeLimit + 1, "left as it was")
    // A pipe where the file should be: never blocks, never written.
    try FileManager.default.removeItem(atPath: path)
    XCTAssertEqual(mkfifo(path, 0o644), 0)
    store = try makeStore(["a/x": 0])
    XCTAssertNotNil(store.problem)
    XCTAssertThrowsError(try store.write(2, for: key("a/x")))
    var info = stat()
    lstat(path, &info)
    XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO)
  }

  func testAWriteIntoAFolderThatCantBeMadeFails() async throws {
    // As root every folder is writable: a path under a file can never be made.
    let blocker = config + "/blocked"
    try Data().write(to: URL(fileURLWithPath: blocker))
    let store = try IniStore(
      schema: "ini:blocked/app.ini", relativePath: "blocked/app.ini", configHome: config,
      defaults: [SettingKey(schema: "ini:blocked/app.ini", key: "a/x"): 0])
    XCTAssertThrowsError(try store.write(1, for: SettingKey(schema: "ini:blocked/app.ini", key: "a/x")))
  }

  func testValuesAFileCantHoldAreRefusedBeforeWriting() async throws {
    try put(Array("[a]\nname = \"x\"\n".utf8))
    let store = try makeStore(["a/name": ""], dialect: .plain)
    XCTAssertThrowsError(try store.check("two\nlines", for: key("a/name"))) { error in
      XCTAssertTrue((error as? SettingsError)?.isBadValue == true, "\(error)")
    }
    XCTAssertThrowsError(try store.write("say \"hi\"", for: key("a/name")))
    XCTAssertEqual(String(decoding: try contents(), as: UTF8.self), "[a]\nname = \"x\"\n")
  }

  func testIntegersAtTheEdgesNeverTrap() async throws {
    try put(
      Array("[n]\nbig=9223372036854775807\nsmall=-9223372036854775808\nover=9223372036854775808\nexp=1e400\n".utf8))
    let store = try makeStore(["n/big": 0, "n/small": 0, "n/over": 7, "n/exp": 1.0])
    XCTAssertEqual(store.value(for: key("n/big")), .int(Int.max))
    XCTAssertEqual(store.value(for: key("n/small")), .int(Int.min))
    XCTAssertEqual(store.value(for: key("n/over")), 7, "past Int64: unreadable, so the default")
    XCTAssertEqual(store.value(for: key("n/exp")), 1.0, "past Double: unreadable, so the default")
  }

  /// Another program rewrites the file in place (truncate, then write) or replaces it atomically, as fast as a
  /// busy app would, while Knobs sets a key 60 times. None of that program's changes may be undone, no
  /// comment or group of its may go missing, and every one of Knobs' writes must land.
  func testAnotherProgramWritingAtTheSameTimeLosesNothing() async throws {
    for atomic in [false, true] {
      try put(Array("# header kept\n[mine]\nvalue=0\n\n[theirs]\ncounter=0\n".utf8))
      let store = try makeStore(["mine/value": 0])
      let writer = OtherProgram(path: path, atomic: atomic)
      writer.start()
      for round in 1...60 {
        try store.write(.int(round), for: key("mine/value"))
        usleep(UInt32.random(in: 0..<8000))
      }
      let report = writer.stop()
      let final = String(decoding: try contents(), as: UTF8.self)
      XCTAssertEqual(report.lost, 0, "atomic \(atomic): the other program found its change undone")
      XCTAssertEqual(report.incomplete, 0, "atomic \(atomic): the other program found its file cut short")
      XCTAssertGreaterThan(report.writes, 10, "atomic \(atomic): the other program kept writing")
      XCTAssertTrue(final.hasPrefix("# header kept\n[mine]\n"), final)
      XCTAssertTrue(final.contains("\n[theirs]\ncounter=\(report.writes)\n"), "atomic \(atomic): \(final)")
      // The other program rewrote [mine] as it read it, so Knobs' last value stands unless it came after.
      try store.write(61, for: key("mine/value"))
      XCTAssertTrue(String(decoding: try contents(), as: UTF8.self).contains("value=61\n"))
      XCTAssertEqual(store.value(for: key("mine/value")), 61)
    }
  }
}

/// A program that keeps its own counter in the file, reading the file and writing it back changed, in place
/// or through a temporary file and a rename, on a thread of its own.
final class OtherProgram: Sendable {
  struct Report: Sendable {
    var writes = 0
    var lost = 0
    var incomplete = 0
  }

  let path: String
  let atomic: Bool
  private let state = Mutex((running: false, report: Report()))
  private let done = Mutex(false)

  init(path: String, atomic: Bool) {
    self.path = path
    self.atomic = atomic
  }

  func start() {
    state.withLock { $0.running = true }
    let thread = Thread { [self] in
      run()
      done.withLock { $0 = true }
    }
    thread.start()
  }

  func stop() -> Report {
    state.withLock { $0.running = false }
    while !done.withLock({ $0 }) { usleep(1000) }
    return state.withLock { $0.report }
  }

  private func run() {
    var counter = 0
    while state.withLock({ $0.running }) {
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
      guard text.hasPrefix("# header kept\n"), let range = text.range(of: "\ncounter=") else {
        state.withLock { $0.report.incomplete += 1 }
        usleep(2000)
        continue
      }
      let number = Int(text[range.upperBound...].prefix { $0.isNumber }) ?? -1
      if number != counter { state.withLock { $0.report.lost += 1 } }
      counter += 1
      let updated = text[..<range.upperBound] + String(counter) + "\n"
      if atomic {
        let temporary = path + ".tmp-other"
        try? updated.write(toFile: temporary, atomically: false, encoding: .utf8)
        rename(temporary, path)
      } else {
        let descriptor = open(path, O_WRONLY | O_TRUNC)
        usleep(300)  // the moment the file is empty
        let bytes = Array(updated.utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, bytes.count) }
        close(descriptor)
      }
      state.withLock { $0.report.writes = counter }
      usleep(UInt32.random(in: 20_000..<60_000))
    }
  }
}
