import Foundation
import KnobsModel
import XCTest

/// Installed GNOME Shell extensions as their metadata.json files describe them, in the shapes
/// published extensions use, and the names they give their schemas' pages.
@MainActor
final class ShellExtensionsTests: XCTestCase {
  var root: URL!

  override func setUp() async throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("knobs-extensions-\(UUID().uuidString)")
  }

  override func tearDown() async throws {
    try? FileManager.default.removeItem(at: root)
  }

  private func install(_ uuid: String, in share: String, metadata: String, schemas: [String: String] = [:]) throws {
    let folder = root.appendingPathComponent(share).appendingPathComponent("gnome-shell/extensions/\(uuid)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("schemas"), withIntermediateDirectories: true)
    try metadata.write(to: folder.appendingPathComponent("metadata.json"), atomically: true, encoding: .utf8)
    for (name, xml) in schemas {
      try xml.write(to: folder.appendingPathComponent("schemas/\(name)"), atomically: true, encoding: .utf8)
    }
  }

  func testExtensionsAreReadFromTheUsersFolderAndEveryonesWithTheirSchemas() async throws {
    try install(
      "stay-awake@example.org", in: "home",
      metadata: """
        {"uuid": "stay-awake@example.org", "name": "Stay Awake", "description": "Keeps the screen on.\\nEven in films.",
         "shell-version": ["43", "44"], "version": 12, "url": "https://example.org/stay-awake",
         "settings-schema": "org.gnome.shell.extensions.stay-awake"}
        """,
      schemas: [
        "org.gnome.shell.extensions.stay-awake.gschema.xml": """
        <?xml version="1.0"?>
        <schemalist gettext-domain="stay-awake">
          <schema id="org.gnome.shell.extensions.stay-awake" path="/org/gnome/shell/extensions/stay-awake/">
            <key name="show-indicator" type="b"><default>true</default></key>
          </schema>
          <schema id='org.gnome.shell.extensions.stay-awake.apps' path="/org/gnome/shell/extensions/stay-awake/apps/">
          </schema>
        </schemalist>
        """
      ])
    try install(
      "tiles@example.org", in: "system", metadata: #"{"name": "Tiles", "version-name": "3.1", "shell-version": ["45"]}"#
    )
    try install("stay-awake@example.org", in: "system", metadata: #"{"name": "Stay Awake (system copy)"}"#)
    try install("broken@example.org", in: "system", metadata: "{ not json")
    try install("nameless@example.org", in: "system", metadata: #"{"description": "no name"}"#)
    try install("numbered@example.org", in: "system", metadata: #"{"name": 7}"#)
    try install("odd@example.org", in: "system", metadata: #"{"name": "Odd", "shell-version": "43", "version": "v2"}"#)
    let found = ShellExtensions.installed(environment: [
      "HOME": root.path, "XDG_DATA_HOME": root.appendingPathComponent("home").path,
      "XDG_DATA_DIRS": root.appendingPathComponent("system").path,
    ])
    XCTAssertEqual(
      found.all.map(\.uuid), ["stay-awake@example.org", "odd@example.org", "tiles@example.org"],
      "the user's copy wins; unreadable and nameless metadata is left out")
    let odd = found.all[1]
    XCTAssertEqual(odd.version, "v2")
    XCTAssertEqual(odd.shellVersions, [], "a value of another type reads as missing")
    let awake = found.all[0]
    XCTAssertEqual(awake.name, "Stay Awake")
    XCTAssertEqual(awake.description, "Keeps the screen on.\nEven in films.")
    XCTAssertEqual(awake.version, "12")
    XCTAssertEqual(awake.shellVersions, ["43", "44"])
    XCTAssertTrue(awake.isUsers)
    XCTAssertEqual(
      awake.allSchemaIDs, ["org.gnome.shell.extensions.stay-awake", "org.gnome.shell.extensions.stay-awake.apps"])
    XCTAssertEqual(found.all[2].version, "3.1")
    XCTAssertFalse(found.all[2].isUsers)
    XCTAssertEqual(found.bySchema["org.gnome.shell.extensions.stay-awake.apps"]?.name, "Stay Awake")
  }
}
