@testable import KnobsDesktopModel
@testable import KnobsModel
import FoundationEssentials
import XCTest

/// The Ansible role `knobs export --ansible` writes.
final class AnsibleRoleTests: XCTestCase {
  func testAnAnsibleRoleIsWrittenWholeIntoANewFolderOrNotAtAll() throws {
    let parent = "/tmp/knobs-role-\(getpid())"
    mkdir(parent, 0o755)
    defer { SafeFiles.removeTree(parent) }
    let role = AnsibleRole(keyfile: "[a]\nk=1\n", locks: "/a/k\n")
    XCTAssertEqual(
      role.files.map(\.path),
      ["README.md", "defaults/main.yml", "tasks/main.yml", "handlers/main.yml", "files/settings", "files/locks"])
    XCTAssertTrue(role.files.first { $0.path == "tasks/main.yml" }?.text.contains("src: locks") == true)
    let unlocked = AnsibleRole(keyfile: "[a]\nk=1\n", locks: nil)
    XCTAssertFalse(unlocked.files.contains { $0.path == "files/locks" })
    XCTAssertEqual(
      unlocked.files.first { $0.path == "tasks/main.yml" }?.text.contains("locks"), false,
      "a role without locks makes no locks folder")

    XCTAssertNil(role.save(to: parent + "/new"))
    XCTAssertEqual(String(decoding: try SafeFiles.read(parent + "/new/files/settings"), as: UTF8.self), "[a]\nk=1\n")
    XCTAssertEqual(String(decoding: try SafeFiles.read(parent + "/new/files/locks"), as: UTF8.self), "/a/k\n")
    // A folder that holds anything is left as it was; an empty one is taken.
    let again = role.save(to: parent + "/new")
    XCTAssertEqual(again?.contains("is already there"), true, again ?? "")
    mkdir(parent + "/empty", 0o755)
    XCTAssertNil(role.save(to: parent + "/empty"))
    XCTAssertEqual(try names(parent + "/empty"), ["README.md", "defaults", "files", "handlers", "tasks"])
    // A symlink is not followed, even to an empty folder.
    mkdir(parent + "/target", 0o755)
    symlink(parent + "/target", parent + "/link")
    XCTAssertNotNil(role.save(to: parent + "/link"))
    XCTAssertEqual(try names(parent + "/target"), [])
    // A file that can't be made (its folder's name is a file's) leaves nothing behind, temporary folder included.
    let clash = AnsibleRole(keyfile: "", locks: nil)
    var files = clash.files.map { ($0.path, Data($0.text.utf8)) }
    files.append(("files/settings/inside", Data()))
    XCTAssertThrowsError(try SafeFiles.writeFolder(files, to: parent + "/clash"))
    XCTAssertEqual(try names(parent), ["empty", "link", "new", "target"])
  }

  private func names(_ folder: String) throws -> [String] {
    try XCTUnwrap(LocalFiles.names(in: folder)).sorted()
  }

}
