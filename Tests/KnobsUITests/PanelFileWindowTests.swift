import Foundation
import Gtk
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI

/// The example panel files in a real window, with a screenshot of each in
/// `KNOBS_TEST_ARTIFACTS` (`panel-file-NAME.png`).
@MainActor
final class PanelFileWindowTests: GtkTestCase {
  static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("examples").path

  func testEachExampleOpensAndIsPhotographed() async throws {
    for name in ["pizza", "composed", "meal-plan", "bb-links"] {
      let file = try PanelFile.read(path: "\(Self.examples)/\(name).yaml")
      // Memory stores stand in for the INI file, so nothing is written.
      let store = file.routing(MemoryStore(defaults: [:]), ini: MemoryStore(defaults: file.iniDefaults))
      XCTAssertEqual(file.problems(against: store), [])
      let window = await makeWindow(file.panel, store: store)
      window.window.setDefaultSize(width: 640, height: 820)
      XCTAssertEqual(window.window.title, file.name)
      let path = "\(Self.artifactsDirectory)/panel-file-\(name).png"
      await waitUntil("panel-file-\(name).png is saved", timeout: 5) { window.window.savePNG(to: path) }
      let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      XCTAssertGreaterThan(size, 10_000, "\(name).png looks empty")
      window.window.destroy()
      await settle()
    }
  }
}
