import Foundation
import Gtk
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI
@testable import KnobsDesktop

/// A deep link at start-up to a row near the end of its page: the rows around
/// it are built too, though GTK 4.8 leaves the slots past the screen without a
/// place until the user scrolls.
@MainActor
final class DeepLinkNeighbourTests: GtkTestCase {
  func testTheRowsBelowADeepLinkedRowAreBuilt() async throws {
    let panel = ReferencePanelTests.panel()
    let store = panel.connectRowSources(to: GSettingsStore(source: SchemaSource()))
    let window = PanelWindow(
      application: application, panel: panel, store: store, windowSettings: nil,
      opener: { _, _, completion in completion(nil) })
    defer { window.window.destroy() }
    XCTAssertTrue(window.open("windows/focus-mode"))
    window.present()
    let page = window.currentPage
    await waitUntil("the page's rows past its first screenful are listed") {
      !page.list.holdsBack && page.list.heldCount == page.list.count
    }
    XCTAssertGreaterThan(page.list.count, page.list.heldBackLimit, "the page is longer than a screenful")
    await waitUntil("every row of the page is built, none left a placeholder") {
      let cells = page.list.boundCells.compactMap { $0.cell as? SectionCell }
      return cells.count == page.list.count && cells.allSatisfy { !$0.isPlaceholder }
    }
    let raise = try XCTUnwrap(page.rowView(path: "desktop/windows/focus/raise-on-focus"))
    XCTAssertTrue(raise.controlWidget is Switch)
  }
}
