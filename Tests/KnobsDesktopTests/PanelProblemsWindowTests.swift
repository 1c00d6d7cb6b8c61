import Foundation
import Gtk
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI
@testable import KnobsDesktop
@testable import KnobsDesktopWindow

/// A panel file that can't be used shows its problems in a window of their own:
/// each `file:line:column: path: message` line, selectable, and a Close button.
@MainActor
final class PanelProblemsWindowTests: GtkTestCase {
  func testProblemsAreShownSelectableAndCloseClosesTheWindow() async throws {
    let text = """
      id: org.example.Broken
      name: Broken
      sections:
        - id: dough
          rows:
            - kind: slider
              id: thickness
              title: Thickness
              setting: {schema: org.example.Dough, key: thickness}
              min: one
              max: 5
              step: 1
            - kind: choise
              id: sauce
              title: Sauce
      """
    var lines: [String] = []
    do {
      _ = try PanelFile.parse(text, file: "broken.yaml")
      XCTFail("the broken file was read")
    } catch {
      lines = error.errors.map(\.description)
    }
    XCTAssertEqual(lines.count, 2)
    let shown = PanelProblemsWindow(
      application: try Self.sharedApplication(), source: "org.example.Broken", lines: lines)
    shown.present()
    await settle()
    XCTAssertEqual(shown.window.title, "org.example.Broken")
    XCTAssertEqual(
      shown.problems.text,
      "broken.yaml:10:14: dough/thickness: “min” must be a number, not “one”.\n"
        + "broken.yaml:13:15: dough/sauce: Unknown row kind “choise”. Did you mean “choice”? The kinds are toggle, "
        + "link, email, detail, value, slider, choice, action, text, number, font, file, multi-select, list, "
        + "shortcut, color.")
    XCTAssertTrue(shown.problems.isSelectable)
    let path = "\(Self.artifactsDirectory)/panel-problems.png"
    await waitUntil("panel-problems.png is saved", timeout: 5) { shown.window.savePNG(to: path) }
    XCTAssertTrue(shown.window.isVisible)
    shown.closeButton.click()
    await settle()
    XCTAssertFalse(shown.window.isVisible)
  }
}
