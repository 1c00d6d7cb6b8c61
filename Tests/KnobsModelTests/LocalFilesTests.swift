import Foundation
import KnobsModel
import XCTest

/// The environment and file questions a start asks, answered by the C library as
/// Foundation answers them.
final class LocalFilesTests: XCTestCase {
  var folder: String!

  override func setUp() {
    folder = NSTemporaryDirectory() + "knobs-local-files-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: folder)
  }

  func testTheEnvironmentIsTheProcesssOwn() {
    XCTAssertEqual(LocalFiles.environment(), ProcessInfo.processInfo.environment)
  }

  func testHomeIsHomeUnlessItIsEmptyThenTheAccounts() {
    XCTAssertEqual(LocalFiles.home(environment: ["HOME": "/home/ada"]), "/home/ada")
    let account = FileManager.default.homeDirectoryForCurrentUser.path
    XCTAssertEqual(LocalFiles.home(environment: ["HOME": ""]), account)
    XCTAssertEqual(LocalFiles.home(environment: [:]), account)
  }

  func testNamesInAFolderLeaveOutItselfAndItsParent() throws {
    for name in ["b.desktop", ".hidden", "é spaced"] {
      XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data("x".utf8)))
    }
    try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: false)
    XCTAssertEqual(LocalFiles.names(in: folder)?.sorted(), [".hidden", "b.desktop", "sub", "é spaced"])
    XCTAssertEqual(
      LocalFiles.names(in: folder)?.sorted(), try FileManager.default.contentsOfDirectory(atPath: folder).sorted())
    XCTAssertNil(LocalFiles.names(in: folder + "/missing"))
    XCTAssertNil(LocalFiles.names(in: folder + "/b.desktop"), "a file is not a folder")
  }

  func testTextIsUTF8WithoutAByteOrderMarkAndNothingElse() {
    let plain = folder + "/plain.theme"
    XCTAssertTrue(FileManager.default.createFile(atPath: plain, contents: Data("[Icon Theme]\nName=Ünïcode\n".utf8)))
    XCTAssertEqual(LocalFiles.text(at: plain), "[Icon Theme]\nName=Ünïcode\n")
    let marked = folder + "/marked.desktop"
    XCTAssertTrue(
      FileManager.default.createFile(
        atPath: marked, contents: Data([0xEF, 0xBB, 0xBF] + Array("[Desktop Entry]".utf8))))
    XCTAssertEqual(LocalFiles.text(at: marked), "[Desktop Entry]")
    let latin1 = folder + "/latin1.desktop"
    XCTAssertTrue(FileManager.default.createFile(atPath: latin1, contents: Data([0x4E, 0x61, 0x6D, 0x65, 0x3D, 0xE9])))
    XCTAssertNil(LocalFiles.text(at: latin1), "not UTF-8")
    XCTAssertEqual(LocalFiles.bytes(at: latin1), [0x4E, 0x61, 0x6D, 0x65, 0x3D, 0xE9])
    let empty = folder + "/empty"
    XCTAssertTrue(FileManager.default.createFile(atPath: empty, contents: Data()))
    XCTAssertEqual(LocalFiles.text(at: empty), "")
    XCTAssertNil(LocalFiles.text(at: folder), "a folder has no text")
    XCTAssertNil(LocalFiles.bytes(at: folder + "/missing"))
  }

  func testABigFileIsReadWhole() {
    let big = folder + "/big"
    let bytes = (0..<300_000).map { UInt8($0 % 251) }
    XCTAssertTrue(FileManager.default.createFile(atPath: big, contents: Data(bytes)))
    XCTAssertEqual(LocalFiles.bytes(at: big), bytes)
  }

  func testAFifoIsNotWaitedFor() {
    let fifo = folder + "/pipe"
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    XCTAssertNil(LocalFiles.bytes(at: fifo))
  }

  func testExistsAndFolderFollowLinks() throws {
    let file = folder + "/file"
    XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data()))
    try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: file)
    try FileManager.default.createSymbolicLink(atPath: folder + "/dangling", withDestinationPath: folder + "/gone")
    XCTAssertTrue(LocalFiles.exists(folder + "/link"))
    XCTAssertFalse(LocalFiles.exists(folder + "/dangling"), "as FileManager.fileExists: a link to nothing is nothing")
    XCTAssertEqual(
      LocalFiles.exists(folder + "/dangling"), FileManager.default.fileExists(atPath: folder + "/dangling"))
    XCTAssertTrue(LocalFiles.isFolder(folder))
    XCTAssertFalse(LocalFiles.isFolder(file))
    XCTAssertTrue(LocalFiles.isReadable(file))
  }

  func testModificationTimeIsTheFilesOwn() throws {
    let file = folder + "/timed"
    XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data()))
    let date = Date(timeIntervalSince1970: 1_700_000_000.5)
    try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: file)
    XCTAssertEqual(LocalFiles.modificationTime(file) ?? 0, 1_700_000_000.5, accuracy: 0.001)
    XCTAssertNil(LocalFiles.modificationTime(folder + "/missing"))
  }

  func testAProgramsFolderIsFoundThroughLinksAndFromARelativeName() throws {
    let bin = folder + "/prefix/bin"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    XCTAssertTrue(FileManager.default.createFile(atPath: bin + "/knobs", contents: Data()))
    try FileManager.default.createSymbolicLink(atPath: folder + "/knobs-link", withDestinationPath: bin + "/knobs")
    let real = LocalFiles.resolvingLinks(bin)
    XCTAssertEqual(LocalFiles.programFolder(folder + "/knobs-link"), real)
    XCTAssertEqual(LocalFiles.absolute("/usr/bin/knobs"), "/usr/bin/knobs")
    XCTAssertEqual(LocalFiles.absolute("knobs"), FileManager.default.currentDirectoryPath + "/knobs")
    XCTAssertEqual(LocalFiles.resolvingLinks(folder + "/missing"), folder + "/missing")
  }

  func testTheClocksTellTheTime() {
    XCTAssertEqual(LocalFiles.now(), Date().timeIntervalSince1970, accuracy: 5)
    let before = LocalFiles.monotonicNow()
    XCTAssertGreaterThanOrEqual(LocalFiles.monotonicNow(), before)
  }
}
