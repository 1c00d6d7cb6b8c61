// XCTest is there only for builds with tests: a release build of every target leaves this out.
#if canImport(XCTest)
  import Foundation
  import XCTest

  /// Schemas compiled for a test in a temporary folder, as an install would compile them.
  public enum CompiledSchemas {
    /// Compiles the `.gschema.xml` files in `directory` strictly, as an install would.
    public static func compile(in directory: String) throws {
      let compiler = Process()
      compiler.executableURL = URL(fileURLWithPath: "/usr/bin/glib-compile-schemas")
      compiler.arguments = ["--strict", directory]
      try compiler.run()
      compiler.waitUntilExit()
      XCTAssertEqual(compiler.terminationStatus, 0)
    }

    /// A schema shaped like a tray-icon host's: a table for `a(sss)`, `a{ss}` and `a{sv}`, two
    /// fields for `(ii)`, GVariant text for `(sa{sv})`.
    public static let structuredSchema = "dev.knobs.Knobs.Structured"

    static let structuredXML = """
      <?xml version="1.0" encoding="UTF-8"?>
      <schemalist>
        <schema id="\(structuredSchema)" path="/dev/knobs/Knobs/Structured/">
          <key name="icons" type="a(sss)"><default>[('chat', 'Chat', '')]</default>
            <summary>Icons and their overrides</summary>
            <description>Each icon's id, name and custom icon.</description></key>
          <key name="icon-aliases" type="a{ss}"><default>{'org.example.Chat': 'chat-symbolic'}</default>
            <summary>Icon aliases</summary></key>
          <key name="tray-offset" type="(ii)"><default>(0, 0)</default><summary>Tray offset</summary>
            <description>Shift of the tray in pixels as x, y.</description></key>
          <key name="app-options" type="a{sv}"><default>{'scale': &lt;1.0&gt;}</default>
            <summary>Options per application</summary></key>
          <key name="menu-layout" type="(sa{sv})"><default>('default', @a{sv} {})</default>
            <summary>Menu layout</summary></key>
        </schema>
      </schemalist>
      """

    /// A folder holding `structuredSchema`, compiled.
    public static func structuredFolder() throws -> String {
      let directory = NSTemporaryDirectory() + "knobs-structured-schemas-\(getpid())"
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      try structuredXML.write(toFile: directory + "/\(structuredSchema).gschema.xml", atomically: true, encoding: .utf8)
      try compile(in: directory)
      return directory
    }
  }
#endif
