import Foundation
import Gtk
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI
@testable import KnobsDesktop

/// Pages of thousands of rows: only the rows near the screen get widgets, and
/// focus, deep links, search and live changes still reach every row.
@MainActor
final class LazyRenderingTests: GtkTestCase {
  var store: MemoryStore!
  var window: PanelWindow!

  override func setUp() async throws {
    try await super.setUp()
    let (panel, store) = BigPanel.make(rows: 10_000, mixed: true)
    self.store = store
    window = await makeWindow(panel, store: store)
    await settle(0.3)
  }

  private var page: PageView { window.currentPage }

  private func address(_ number: Int) -> RowAddress { RowAddress(section: number / 10, row: number % 10) }

  private func path(_ number: Int) -> RowPath { "section-\(number / 10)/row-\(number)" }

  func testATenThousandRowPageBuildsOnlyTheRowsNearTheScreen() async throws {
    XCTAssertEqual(page.list.count, 10_000)
    XCTAssertLessThan(page.builtRows.count, 100, "rows built for a page that shows about a dozen")
    await waitUntil("the first row has the focus") { page.rowView(path: path(0))?.listRow.hasFocus == true }
  }

  func testThePageHeldBackAllButTheRowsItsFirstFrameShows() async throws {
    let height = Double(page.scroller.allocatedHeight)
    let onScreen = page.list.boundCells.filter { _, cell in
      (cell as? SectionCell)?.isNear(page.scroller, height: height, margin: 0) == true
    }.count
    XCTAssertGreaterThan(onScreen, 8, "the window shows about a dozen rows")
    XCTAssertGreaterThanOrEqual(page.list.heldBackLimit, onScreen, "every row of the first frame was in the list")
    XCTAssertLessThanOrEqual(page.list.heldBackLimit, onScreen + 2, "and hardly any row it did not show")
  }

  func testTheLastRowCanBeFocusedAndSaysWhereItIs() async throws {
    let last = try await XCTUnwrapAsync(await page.focus(address(9_999)))
    XCTAssertTrue(last.listRow.hasFocus)
    XCTAssertEqual(last.titleText, "Row 9999")
    XCTAssertLessThan(page.builtRows.count, 200)
  }

  func testADeepLinkToAFarRowFocusesIt() async throws {
    XCTAssertTrue(window.open(path(9_000)))
    await waitUntil("row 9000 has the focus and is highlighted") {
      let row = page.rowView(path: path(9_000))
      return row?.listRow.hasFocus == true && row?.listRow.hasCSSClass("knobs-highlight") == true
    }
  }

  func testSearchJumpsToAFarRow() async throws {
    XCTAssertFalse(window.search.hasBuiltPage, "a window that has not been searched has no search page")
    window.search.begin()
    XCTAssertFalse(window.search.hasBuiltPage, "opening the search bar builds no page")
    window.search.update("Row 9876")
    XCTAssertEqual(window.search.resultPaths, [path(9_876)])
    window.search.update("Row")
    XCTAssertEqual(window.search.resultPaths.count, 10_000, "every row matches, and only a screenful is drawn")
    window.search.update("Row 9876")
    window.search.activate(index: 0)
    XCTAssertFalse(window.search.isActive)
    await waitUntil("row 9876 has the focus") { page.rowView(path: path(9_876))?.listRow.hasFocus == true }
  }

  func testSearchResultsOfDestroyedSlotsServeTheNextLongerList() async throws {
    window.search.begin()
    window.search.update("Row")
    await settle(0.2)
    let made = window.search.resultRowsMade
    XCTAssertGreaterThan(made, 1, "a screenful of results")
    for _ in 0..<3 {
      window.search.update("Row 9876")
      await settle(0.2)
      XCTAssertEqual(window.search.drawnResultTitles, [0: "Row 9876"])
      window.search.update("Row")
      await settle(0.2)
    }
    XCTAssertEqual(window.search.resultRowsMade, made, "the list grew back into the rows it had")
    // GTK's slots are kept too: past a shorter list's end they are hidden, not destroyed and built again.
    let slots = window.search.resultSlots
    let screenful = window.search.listedResultCount
    XCTAssertEqual(slots.shown, screenful)
    window.search.update("Row 9876")
    await settle(0.2)
    XCTAssertEqual(window.search.resultSlots.made, slots.made, "no slot destroyed")
    XCTAssertEqual(window.search.resultSlots.shown, 1, "only the result's slot is shown")
    XCTAssertEqual(window.search.listedResultCount, 1)
    window.search.update("Row")
    await settle(0.2)
    XCTAssertEqual(window.search.resultSlots.made, slots.made, "no slot built")
    XCTAssertEqual(window.search.resultSlots.shown, screenful)
    let titles = window.search.drawnResultTitles
    XCTAssertGreaterThan(titles.count, 1)
    let paths = window.search.resultPaths
    for (position, title) in titles {
      let number = try XCTUnwrap(paths[position].description.split(separator: "row-").last)
      XCTAssertEqual(title, "Row \(number)", "result \(position) shows its own row")
    }
  }

  func testSearchListsAScreenfulAndEveryResultOnceTheWindowIsTaller() async throws {
    window.search.begin()
    window.search.update("Row")
    await settle(0.2)
    let screenful = Stylesheet.rowsFilling(height: Int(window.window.allocatedHeight))
    XCTAssertTrue(window.search.holdsBackResults)
    XCTAssertEqual(
      window.search.listedResultCount, screenful, "as many results as the shortest rows need to fill the window")
    XCTAssertLessThan(screenful, 24)
    let drawn = window.search.drawnResultTitles
    XCTAssertEqual(drawn.count, screenful, "every result listed is drawn")
    XCTAssertGreaterThan(
      Stylesheet.minimumRowHeight * screenful, Int(window.search.resultsHeight), "they fill the screen")

    window.window.setSizeRequest(width: 640, height: Int32(window.window.allocatedHeight) + 600)
    await waitUntil("the taller window lists every result") { !window.search.holdsBackResults }
    XCTAssertEqual(window.search.listedResultCount, 10_000)
    window.window.setSizeRequest(width: -1, height: -1)
  }

  func testALiveChangeToAnOffScreenRowShowsWhenScrolledTo() async throws {
    let key = SettingKey(schema: BigPanel.schema, key: "r5000")
    XCTAssertFalse(page.builtRows.contains { $0.path == path(5_000) }, "row 5000 is far off screen")
    try store.write(true, for: key)
    let row = try await XCTUnwrapAsync(await page.focus(address(5_000)))
    let control = try XCTUnwrap(row.controlWidget as? Switch)
    XCTAssertTrue(control.isOn)
    try store.write(false, for: key)
    XCTAssertFalse(control.isOn, "a row on screen follows at once")
  }

  func testARowKeepsItsWidgetsWhenScrolledAwayAndBack() async throws {
    let first = try await XCTUnwrapAsync(await page.focus(address(0)))
    let control = first.controlWidget
    _ = await page.focus(address(9_999))
    let again = try await XCTUnwrapAsync(await page.focus(address(0)))
    XCTAssertTrue(again === first)
    XCTAssertTrue(again.controlWidget === control)
    XCTAssertTrue(again.listRow.hasFocus)
  }

  func testScreenshots() async throws {
    _ = await page.focus(address(4_995))
    await settle(0.3)
    XCTAssertTrue(window.window.savePNG(to: Self.artifactsDirectory + "/big-page-light.png"))
    Style.prefersDark = true
    await settle(0.3)
    XCTAssertTrue(window.window.savePNG(to: Self.artifactsDirectory + "/big-page-dark.png"))
    Style.prefersDark = false
  }
}

/// `XCTUnwrap` for a value an `await` produced.
func XCTUnwrapAsync<T>(_ value: T?, file: StaticString = #filePath, line: UInt = #line) async throws -> T {
  try XCTUnwrap(value, file: file, line: line)
}

/// A page's column: centred and at most `LazyRowList.maximumWidth` wide, with margins
/// a window of the usual width has from its first frame, so that no later frame moves
/// every row (and paints the whole page again). Margins as allocated: the list's place
/// in its scroller.
@MainActor
final class PageMarginTests: GtkTestCase {
  private func open(width: Int32) async -> (window: PanelWindow, placeAtFirstFrame: () -> Place?) {
    let (panel, store) = BigPanel.make(rows: 30, mixed: false)
    let window = PanelWindow(application: application, panel: panel, store: store, windowSettings: nil)
    window.window.setDefaultSize(width: width, height: 600)
    var first: Place?
    let page = window.currentPage
    window.present()
    XCTAssertTrue(window.window.afterNextFrame { first = Self.place(page) })
    await waitUntil("the first frame is painted") { first != nil }
    await settle(0.3)
    return (window, { first })
  }

  /// Where the list is in its scroller: its margins either side and its width.
  struct Place: Equatable {
    var start: Double
    var end: Double
    var width: Double
  }

  private static func place(_ page: PageView) -> Place? {
    guard let box = page.list.bounds(in: page.scroller) else { return nil }
    return Place(start: box.x, end: Double(page.scroller.allocatedWidth) - box.x - box.width, width: box.width)
  }

  func testAWindowOfTheUsualWidthHasItsMarginsFromTheFirstFrameOn() async {
    let (window, placeAtFirstFrame) = await open(width: WindowState.defaultWidth)
    defer { window.window.destroy() }
    let page = window.currentPage
    let first = placeAtFirstFrame()
    let room = Double(page.scroller.allocatedWidth - 2 * LazyRowList.minimumMargin)
    XCTAssertEqual(first?.width, min(room, LazyRowList.maximumWidth), "the column is as wide as it may be")
    XCTAssertGreaterThanOrEqual(first?.start ?? 0, Double(LazyRowList.minimumMargin))
    XCTAssertEqual(first?.start ?? 0, first?.end ?? 1, accuracy: 1, "and centred")
    XCTAssertEqual(Self.place(page), placeAtFirstFrame(), "the margins did not change after the first frame")
    runMainLoop(until: { false }, timeout: 0.3)
    XCTAssertEqual(Self.place(page), placeAtFirstFrame(), "and they hold still")
  }

  func testAWideWindowCentresAColumnOfTheLargestWidth() async throws {
    let (window, placeAtFirstFrame) = await open(width: 1200)
    defer { window.window.destroy() }
    let page = window.currentPage
    let place = try XCTUnwrap(Self.place(page))
    XCTAssertGreaterThan(place.start, 12)
    XCTAssertEqual(place.end, place.start, accuracy: 1)
    XCTAssertEqual(place, placeAtFirstFrame(), "the first frame had the final margins")
    runMainLoop(until: { false }, timeout: 0.3)
    XCTAssertEqual(Self.place(page), place, "the margins hold still: they once swung between two widths forever")
    XCTAssertEqual(place.width, LazyRowList.maximumWidth, "the column is as wide as it may be")
  }
}
