import Foundation
import Gtk
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI

/// The window size is kept in Knobs' own schema (the real one from data/).
@MainActor
final class WindowStateTests: GtkTestCase {
  func testWindowSizeIsSavedOnCloseAndRestored() async throws {
    let directory = NSTemporaryDirectory() + "knobs-own-schema-\(getpid())"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../data/dev.knobs.Knobs.gschema.xml").standardized.path
    try? FileManager.default.removeItem(atPath: directory + "/dev.knobs.Knobs.gschema.xml")
    try FileManager.default.copyItem(atPath: schema, toPath: directory + "/dev.knobs.Knobs.gschema.xml")
    let compiler = try Process.run(URL(fileURLWithPath: "/usr/bin/glib-compile-schemas"), arguments: [directory])
    compiler.waitUntilExit()
    let settings = try XCTUnwrap(SchemaSource(extraDirectories: [directory]).lookup("dev.knobs.Knobs"))
    settings.reset("window-width")
    settings.reset("window-height")
    XCTAssertEqual(settings.int("window-width"), 640)

    let first = PanelWindow(
      application: application, panel: Fixture.panel(), store: Fixture.store(), windowSettings: settings)
    first.window.setDefaultSize(width: 800, height: 600)
    first.present()
    await settle()
    first.window.close()
    await settle()
    XCTAssertEqual(settings.int("window-width"), 800)
    XCTAssertEqual(settings.int("window-height"), 600)

    let second = PanelWindow(
      application: application, panel: Fixture.panel(), store: Fixture.store(), windowSettings: settings)
    XCTAssertEqual(second.window.defaultSize.width, 800)
    XCTAssertEqual(second.window.defaultSize.height, 600)
    second.window.destroy()
  }
}
