import Foundation
@testable import KnobsDesktopModel
import XCTest

@testable import KnobsModel

/// Extension archives are checked from their central directory before anything is written,
/// and installed by a rename: a refused archive leaves the extensions folder as it was.
final class ExtensionArchiveTests: XCTestCase {
  var root: String!

  override func setUp() {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("knobs-archive-\(UUID().uuidString)").path
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: root)
  }

  /// One entry of a hand-made zip: its name, bytes as stored, method, the size it claims and its Unix mode.
  struct Member {
    var name: String
    var stored: [UInt8]
    var method: UInt16 = 0
    var size: Int? = nil
    var mode: UInt32 = 0o100644
    var crcOf: [UInt8]? = nil
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xffff_ffff
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1 }
    }
    return ~crc
  }

  static func zip(_ members: [Member]) -> [UInt8] {
    func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xff), UInt8(value >> 8 & 0xff)] }
    func le32(_ value: Int) -> [UInt8] { le16(value & 0xffff) + le16(value >> 16 & 0xffff) }
    var file: [UInt8] = []
    var directory: [UInt8] = []
    for member in members {
      let name = Array(member.name.utf8)
      let crc = Int(crc32(member.crcOf ?? member.stored))
      let size = member.size ?? member.stored.count
      let offset = file.count
      let common =
        le16(20) + le16(0) + le16(Int(member.method)) + le16(0) + le16(0) + le32(crc) + le32(member.stored.count)
        + le32(size) + le16(name.count) + le16(0)
      file += [0x50, 0x4b, 3, 4] + common + name + member.stored
      directory +=
        [0x50, 0x4b, 1, 2] + le16(3 << 8 | 20) + common + le16(0) + le16(0) + le16(0)
        + le32(Int(member.mode) << 16) + le32(offset) + name
    }
    let start = file.count
    return file + directory + [0x50, 0x4b, 5, 6] + le16(0) + le16(0) + le16(members.count)
      + le16(members.count) + le32(directory.count) + le32(start) + le16(0)
  }

  static let metadata = Member(
    name: "metadata.json", stored: Array(#"{"uuid": "tidy@example.org", "name": "Tidy"}"#.utf8))

  private func problem(_ members: [Member], claimed: String? = nil) -> String? {
    do {
      _ = try ExtensionArchive(bytes: Self.zip(members), claimedUUID: claimed)
      return nil
    } catch {
      return error.description
    }
  }

  func testAGoodArchiveGivesItsUUIDAndName() throws {
    let archive = try ExtensionArchive(
      bytes: Self.zip([Self.metadata, Member(name: "schemas/", stored: [], mode: 0o040755)]),
      claimedUUID: "tidy@example.org")
    XCTAssertEqual(archive.uuid, "tidy@example.org")
    XCTAssertEqual(archive.name, "Tidy")
    XCTAssertEqual(archive.entries.map(\.path), ["metadata.json", "schemas"])
  }

  func testNamesOutsideTheFolderLinksAndOtherFilesAreRefused() {
    for name in ["../x", "a/../../x", "/etc/x", "a/./x", "a//x", "a\\x", "a\u{1}b", ".."] {
      XCTAssertNotNil(
        problem([Self.metadata, Member(name: name, stored: [])])?.contains("reach outside"), name)
    }
    XCTAssertEqual(
      problem([Self.metadata, Member(name: "etc", stored: Array("/etc".utf8), mode: 0o120777)]),
      "The archive holds “etc”, a symbolic link; extensions are installed without links.")
    XCTAssertEqual(
      problem([Self.metadata, Member(name: "fifo", stored: [], mode: 0o010644)]),
      "The archive holds “fifo”, which is neither a file nor a folder.")
    XCTAssertEqual(
      problem([Self.metadata, Member(name: "a", stored: []), Member(name: "a/b", stored: [])]),
      "The archive holds “a” both as a file and as a folder.")
    XCTAssertEqual(
      problem([Self.metadata, Self.metadata]), "The archive holds “metadata.json” twice.")
  }

  func testADeflatedEntryInflatingPastItsSizeIsRefused() {
    // A final stored deflate block of 100 bytes, claiming 10.
    let payload = [UInt8](repeating: 0x41, count: 100)
    let deflated: [UInt8] = [0x01, 100, 0, 155, 255] + payload
    let liar = Member(name: "big.bin", stored: deflated, method: 8, size: 10, crcOf: payload)
    let archive = try? ExtensionArchive(bytes: Self.zip([Self.metadata, liar]))
    XCTAssertNotNil(archive, "the directory alone is consistent")
    XCTAssertThrowsError(try archive?.unpacked()) { error in
      XCTAssertEqual("\(error)", "The archive's “big.bin” inflates to more than the size it gives.")
    }
    let honest = Member(name: "big.bin", stored: deflated, method: 8, size: 100, crcOf: payload)
    XCTAssertEqual(try ExtensionArchive(bytes: Self.zip([Self.metadata, honest])).unpacked()[1].bytes, payload)
    let short = Member(name: "big.bin", stored: Array(deflated.prefix(50)), method: 8, size: 100, crcOf: payload)
    XCTAssertThrowsError(try ExtensionArchive(bytes: Self.zip([Self.metadata, short])).unpacked()) { error in
      XCTAssertEqual("\(error)", "The archive's “big.bin” is damaged or cut short.")
    }
  }

  func testTheUUIDMustBeASafeNameAndTheOneClaimed() {
    for uuid in ["a/b", "..", "../x", ".x", "a b", "ü@x"] {
      let metadata = Member(name: "metadata.json", stored: Array(#"{"uuid": "\#(uuid)", "name": "X"}"#.utf8))
      XCTAssertTrue(problem([metadata])?.contains("no safe folder name") == true, uuid)
    }
    XCTAssertEqual(
      problem([Self.metadata], claimed: "other@example.org"),
      "The archive's name says it holds “other@example.org”, but its metadata.json says “tidy@example.org”.")
    XCTAssertEqual(ExtensionArchive.claimedUUID(fileName: "/d/x@y.shell-extension.zip"), "x@y")
    XCTAssertNil(ExtensionArchive.claimedUUID(fileName: "x@y.zip"))
  }

  func testEveryCutOfAnArchiveIsRefused() {
    let whole = Self.zip([Self.metadata, Member(name: "extension.js", stored: Array("x".utf8))])
    for length in 0..<whole.count {
      XCTAssertThrowsError(try ExtensionArchive(bytes: Array(whole.prefix(length))), "cut at \(length)")
    }
  }

  func testARefusedInstallLeavesNothingAndAGoodOneIsRenamedIntoPlace() throws {
    let folder = root + "/extensions"
    let installer = ShellExtensionInstaller(folder: folder)
    let bad = root + "/bad.zip"
    let good = root + "/good.zip"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    // The first file unpacks, the second fails its checksum: the half-made folder goes.
    let damaged = Member(name: "z.js", stored: Array("abc".utf8), crcOf: Array("abd".utf8))
    try Data(Self.zip([Self.metadata, Member(name: "a.js", stored: [1]), damaged])).write(to: URL(fileURLWithPath: bad))
    XCTAssertThrowsError(try installer.install(file: bad))
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
    try Data(Self.zip([Self.metadata, Member(name: "bin/run", stored: [1], mode: 0o100755)]))
      .write(to: URL(fileURLWithPath: good))
    let installed = try installer.install(file: good)
    XCTAssertEqual(installed.path, folder + "/tidy@example.org")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["tidy@example.org"])
    XCTAssertTrue(FileManager.default.isExecutableFile(atPath: installed.path + "/bin/run"))
    XCTAssertEqual(try installer.uninstall(uuid: "tidy@example.org"), installed.path)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
  }
}
