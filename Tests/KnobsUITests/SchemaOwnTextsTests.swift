import Foundation
import Gtk
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI

/// The command line reads one schema's texts from the files that name it, where GLib reads every
/// file of the schema's folder: the same texts as GLib's own reading, and nothing left behind.
@MainActor
final class SchemaOwnTextsTests: XCTestCase {
  func schemaFile(id: String, path: String, summary: String, description: String, comment: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <schemalist>
      <!-- \(comment) -->
      <schema id="\(id)" path="\(path)">
        <key name="size" type="i">
          <default>1</default>
          <summary>\(summary)</summary>
          <description>\(description)</description>
        </key>
        <key name="shown" type="b"><default>true</default><summary>Shown</summary></key>
      </schema>
    </schemalist>
    """
  }

  func temporaries() -> Set<String> {
    let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"] ?? ""
    let folder = runtime.hasPrefix("/") ? runtime : "/tmp"
    return Set(
      ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("knobs-schema-") })
  }

  func testEverySchemasTextsAreGLibsOwnAndNothingIsLeft() async throws {
    let folder = NSTemporaryDirectory() + "knobs-own-texts-\(getpid())"
    try? FileManager.default.removeItem(atPath: folder)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let files = [
      "a.gschema.xml": schemaFile(
        id: "dev.knobs.Own.A", path: "/dev/knobs/own/a/", summary: "  Wrapped\n      over   lines  ",
        description: "First paragraph\n   goes on.\n\n   Second\tone.  "),
      // Names A only in a comment.
      "b.gschema.xml": schemaFile(
        id: "dev.knobs.Own.B", path: "/dev/knobs/own/b/", summary: "B's size", description: "Of B.",
        comment: "dev.knobs.Own.A"),
      // An id written with a character reference, as XML allows.
      "c.gschema.xml": schemaFile(
        id: "dev.knobs.Own&#46;C", path: "/dev/knobs/own/c/", summary: "C &amp; more", description: "Of C."),
      "notes.txt": "Not a schema.",
    ]
    for (name, text) in files { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
    try CompiledSchemas.compile(in: folder)
    let before = temporaries()
    let glib = SchemaSource(extraDirectories: [folder])
    let own = SchemaSource(extraDirectories: [folder])
    own.readsTextsFromOwnFiles = true
    for id in ["dev.knobs.Own.A", "dev.knobs.Own.B", "dev.knobs.Own.C"] {
      let expected = try XCTUnwrap(glib.schema(id), id)
      let found = try XCTUnwrap(own.schema(forTextsOf: id), id)
      XCTAssertEqual(found.keyNames, expected.keyNames, id)
      for name in expected.keyNames {
        let key = try XCTUnwrap(expected.key(name))
        XCTAssertFalse(key.summary.isEmpty, "\(id) \(name): GLib read no text")
        XCTAssertEqual(found.key(name), key, "\(id) \(name)")
      }
    }
    XCTAssertEqual(own.schema(forTextsOf: "dev.knobs.Own.None")?.id, nil)
    XCTAssertEqual(temporaries(), before)
  }

  /// A folder `path` holding symlinks named `links` (to `target`), last changed `age` seconds ago.
  func plantFolder(
    _ path: String, links: [String] = ["a.gschema.xml", "gschemas.compiled"], target: String, age seconds: Int
  )
    throws
  {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    for link in links { XCTAssertEqual(symlink(target, path + "/" + link), 0, path) }
    age(path, by: seconds)
  }

  func age(_ path: String, by seconds: Int) {
    let then = timespec(tv_sec: time(nil) - seconds, tv_nsec: 0)
    let times = [then, then]
    XCTAssertEqual(utimensat(AT_FDCWD, path, times, AT_SYMLINK_NOFOLLOW), 0, path)
  }

  func names(in folder: String) -> Set<String> {
    Set((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
  }

  /// A process killed between making its private folder and removing it left the folder behind;
  /// the next one removes it, and nothing that only looks like one.
  func testLeftoversOfKilledProcessesGoAndNothingElse() async throws {
    let base = NSTemporaryDirectory() + "knobs-leftovers-\(getpid())"
    try? FileManager.default.removeItem(atPath: base)
    let runtime = base + "/runtime"
    let schemas = base + "/schemas"
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: schemas, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: base) }
    try schemaFile(id: "dev.knobs.Own.L", path: "/dev/knobs/own/l/", summary: "L", description: "Of L.")
      .write(toFile: schemas + "/l.gschema.xml", atomically: true, encoding: .utf8)
    try CompiledSchemas.compile(in: schemas)
    let target = schemas + "/l.gschema.xml"
    // The leftover: the user's, old, only symlinks.
    try plantFolder(runtime + "/knobs-schema-0ldAb1", target: target, age: 120)
    // Kept: too fresh, another user's, holding a file or a folder, misnamed, a symlink, a file.
    try plantFolder(runtime + "/knobs-schema-fresh1", target: target, age: 5)
    try plantFolder(runtime + "/knobs-schema-theirs", target: target, age: 120)
    XCTAssertEqual(lchown(runtime + "/knobs-schema-theirs", 65534, 65534), 0)
    age(runtime + "/knobs-schema-theirs", by: 120)
    try plantFolder(runtime + "/knobs-schema-afile1", target: target, age: 0)
    try "mine".write(toFile: runtime + "/knobs-schema-afile1/notes", atomically: false, encoding: .utf8)
    age(runtime + "/knobs-schema-afile1", by: 120)
    try plantFolder(runtime + "/knobs-schema-nested", links: [], target: target, age: 0)
    try FileManager.default.createDirectory(
      atPath: runtime + "/knobs-schema-nested/inner", withIntermediateDirectories: false)
    age(runtime + "/knobs-schema-nested", by: 120)
    try plantFolder(runtime + "/knobs-schema-longer1", target: target, age: 120)
    try plantFolder(runtime + "/knobs-schemata-abcdef", target: target, age: 120)
    try plantFolder(base + "/elsewhere", target: target, age: 120)
    XCTAssertEqual(symlink(base + "/elsewhere", runtime + "/knobs-schema-alink1"), 0)
    age(runtime + "/knobs-schema-alink1", by: 120)
    try "a file".write(toFile: runtime + "/knobs-schema-plain1", atomically: false, encoding: .utf8)
    age(runtime + "/knobs-schema-plain1", by: 120)
    let planted = names(in: runtime)

    let saved = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }
    setenv("XDG_RUNTIME_DIR", runtime, 1)
    defer {
      if let saved { setenv("XDG_RUNTIME_DIR", saved, 1) } else { unsetenv("XDG_RUNTIME_DIR") }
    }
    let own = SchemaSource(extraDirectories: [schemas])
    own.readsTextsFromOwnFiles = true
    XCTAssertEqual(own.schema(forTextsOf: "dev.knobs.Own.L")?.key("size")?.summary, "L")

    XCTAssertEqual(names(in: runtime), planted.subtracting(["knobs-schema-0ldAb1"]))
    XCTAssertEqual(names(in: runtime + "/knobs-schema-afile1"), ["a.gschema.xml", "gschemas.compiled", "notes"])
    XCTAssertEqual(names(in: runtime + "/knobs-schema-theirs"), ["a.gschema.xml", "gschemas.compiled"])
    XCTAssertEqual(names(in: runtime + "/knobs-schema-nested"), ["inner"])
    XCTAssertEqual(names(in: base + "/elsewhere"), ["a.gschema.xml", "gschemas.compiled"])
    XCTAssertTrue(FileManager.default.fileExists(atPath: target))
  }

  /// A live process's folder is locked while in use: however old, it is not taken for a leftover.
  func testALiveProcesssFolderIsKept() async throws {
    let runtime = NSTemporaryDirectory() + "knobs-live-\(getpid())"
    try? FileManager.default.removeItem(atPath: runtime)
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: runtime) }
    let live = runtime + "/knobs-schema-live01"
    try plantFolder(live, target: "/nonexistent/a.gschema.xml", age: 600)
    let lock = open(live, O_RDONLY | O_DIRECTORY)
    XCTAssertGreaterThanOrEqual(lock, 0)
    XCTAssertEqual(flock(lock, LOCK_EX | LOCK_NB), 0)
    SchemaSource.removeLeftoverFolders(in: runtime)
    XCTAssertEqual(names(in: live), ["a.gschema.xml", "gschemas.compiled"])
    // Once its process is gone (its lock with it), the same folder is a leftover.
    close(lock)
    SchemaSource.removeLeftoverFolders(in: runtime)
    XCTAssertEqual(names(in: runtime), [])
  }
}
