import Foundation
import Gtk
import KnobsModel
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
    try GSettingsStoreTests.compileSchemas(in: folder)
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
}
