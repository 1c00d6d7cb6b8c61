import Gtk
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI

/// Another program changing thousands of keys at once (a `dconf load` of a backup): the first
/// few changes of a turn of the main loop show at once, the rest wait for the burst's end and
/// are shown in one pass, so the search results run once, not once a key.
@MainActor
final class BurstRefreshTests: GtkTestCase {
  func testABurstOfChangesIsShownInOnePassAtItsEnd() async throws {
    let (panel, store) = BigPanel.make(rows: 300, mixed: false)
    let window = await makeWindow(panel, store: store)
    await settle(0.2)
    XCTAssertGreaterThan(window.showSearchResults(for: "row 2"), 0)
    let runs = window.search.runs
    for number in 0..<300 {
      try store.write(.bool(true), for: SettingKey(schema: BigPanel.schema, key: "r\(number)"))
    }
    XCTAssertEqual(window.search.runs - runs, PanelView.burstThreshold, "the first few changes show at once")
    await settle(0.2)
    XCTAssertEqual(window.search.runs - runs, PanelView.burstThreshold + 1, "then one pass at the burst's end")
    XCTAssertEqual(window.burstPasses, 1)

    window.endSearch()
    await settle(0.2)
    let last = try XCTUnwrap(window.currentPage.rowView(path: "section-0/row-9")?.controlWidget as? Switch)
    XCTAssertTrue(last.isOn, "a row changed late in the burst shows its value")

    // A change alone, later, shows at once.
    try store.write(.bool(false), for: SettingKey(schema: BigPanel.schema, key: "r9"))
    XCTAssertFalse(last.isOn)
    XCTAssertEqual(window.burstPasses, 1)
  }
}
