import Gtk
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI

/// Detail pages, going back, deep links, search and confirmed actions in the window.
@MainActor
final class NavigationTests: GtkTestCase {
  var store: MemoryStore!
  var window: PanelWindow!

  override func setUp() async throws {
    try await super.setUp()
    store = Fixture.store()
    window = await makeWindow(Fixture.panel(), store: store)
  }

  func testDetailRowOpensItsPageAndBackReturnsToTheRow() async throws {
    let detail = try XCTUnwrap(window.currentPage.rowView(path: "links/more"))
    detail.listRow.activate()
    XCTAssertEqual(window.pageTitle, "More")
    XCTAssertEqual(window.pages.count, 2)
    let inner = try XCTUnwrap(window.currentPage.rowView(path: "links/more/inner/inner-flag"))
    inner.listRow.activate()
    XCTAssertEqual(store.value(for: Fixture.flag), true, "rows on detail pages write too")
    XCTAssertEqual(window.pages[0].rowView(path: "main/flag")?.subtitleText, "Flag is on", "pages behind stay live")
    XCTAssertTrue(window.window.activateAction("win.back"))
    XCTAssertEqual(window.pageTitle, "Fixture")
    XCTAssertEqual(window.pages.count, 1)
    await waitUntil("the detail row has focus again") { detail.listRow.hasFocus }
  }

  /// GtkSwitch sets itself at the end of its 100 ms slide; a flip just before
  /// the page goes (back, deep link, window closed) must be saved all the same.
  func testASwitchFlippedJustBeforeItsPageGoesIsSaved() async throws {
    Style.animationsEnabled = true
    defer { Style.animationsEnabled = false }
    for leave in ["back", "root", "close"] {
      try store.write(false, for: Fixture.flag)
      let other = await makeWindow(Fixture.panel(), store: store)
      XCTAssertTrue(other.open("links/more/inner/inner-flag"))
      let row = try XCTUnwrap(other.currentPage.rowView(path: "links/more/inner/inner-flag"))
      await waitUntil("the switch is on screen") { row.listRow.slot != nil && row.listRow.isDrawable }
      await settle(0.3)
      let toggle = try XCTUnwrap(row.controlWidget as? Switch)
      toggle.activateAsUser()
      switch leave {
      case "back": other.goBack()
      case "root": other.popToRoot()
      default: other.window.destroy()
      }
      await settle(0.6)
      XCTAssertEqual(store.value(for: Fixture.flag), true, "flipped, then left by \(leave)")
      if leave != "close" {
        XCTAssertEqual(other.pages[0].rowView(path: "main/flag")?.subtitleText, "Flag is on", leave)
        let front = try XCTUnwrap(other.pages[0].rowView(path: "main/flag")?.controlWidget as? Switch)
        XCTAssertTrue(front.isOn, "the switch on the page left to shows it too")
      }
    }
  }

  func testOpenPathShowsThePageAndFocusesTheRow() async throws {
    XCTAssertTrue(window.open("links/more/inner/inner-flag"))
    XCTAssertEqual(window.pageTitle, "More")
    let row = try XCTUnwrap(window.currentPage.rowView(path: "links/more/inner/inner-flag"))
    await waitUntil("the row is focused and highlighted") {
      row.listRow.hasFocus && row.listRow.hasCSSClass("knobs-highlight")
    }
    XCTAssertTrue(window.open("main/level"))
    XCTAssertEqual(window.pageTitle, "Fixture")
    XCTAssertTrue(window.open("conditional"), "a section path opens its page")
  }

  func testUnknownPathSaysSoAndSuggestsClosePaths() async throws {
    XCTAssertFalse(window.open("main/flg"))
    let message = try XCTUnwrap(window.toast.message)
    XCTAssertTrue(message.contains("no setting at “main/flg”"), message)
    XCTAssertTrue(message.contains("main/flag"), message)
  }

  func testSearchShowsOnlyMatchingRowsAndEscapeRestoresThePage() async throws {
    window.search.begin()
    window.search.update("inner")
    XCTAssertEqual(window.search.resultPaths, ["links/more/inner/inner-flag"])
    window.search.update("zzzz")
    XCTAssertEqual(window.search.resultPaths, [])
    window.search.update("flag")
    XCTAssertTrue(window.search.resultPaths.contains("main/flag"))
    window.search.end()
    XCTAssertFalse(window.search.isActive)
    XCTAssertEqual(window.pageTitle, "Fixture")
  }

  func testActivatingASearchResultGoesToTheRow() async throws {
    window.search.begin()
    window.search.update("inner")
    window.search.activate(index: 0)
    XCTAssertFalse(window.search.isActive)
    XCTAssertEqual(window.pageTitle, "More")
    let row = try XCTUnwrap(window.currentPage.rowView(path: "links/more/inner/inner-flag"))
    await waitUntil("the result's row is focused") { row.listRow.hasFocus }
  }

  func testResetAllAsksFirstCanBeCancelledAndAskedAgainThenOffersUndo() async throws {
    let other = await makeWindow(Fixture.resetAllPanel(), store: store)
    try store.write(true, for: Fixture.flag)
    other.currentPage.rowView(path: "reset/reset-all")?.listRow.activate()
    XCTAssertEqual(store.value(for: Fixture.flag), true, "nothing happens before the confirmation")
    try XCTUnwrap(other.pendingDialog).close()
    XCTAssertNil(other.pendingDialog, "a question cancelled is gone")
    await settle()
    XCTAssertEqual(store.value(for: Fixture.flag), true, "cancelling changes nothing")
    other.currentPage.rowView(path: "reset/reset-all")?.listRow.activate()
    let dialog = try XCTUnwrap(other.pendingDialog, "asked again after a cancel")
    dialog.confirm()
    XCTAssertEqual(store.value(for: Fixture.flag), false)
    XCTAssertFalse(store.hasUserValue(Fixture.flag), "reset, not a write of the default")
    XCTAssertEqual(other.toast.actionLabels, ["Undo"])
    other.toast.perform("Undo")
    XCTAssertEqual(store.value(for: Fixture.flag), true)
  }

  func testResetToDefaultIsOfferedOnlyWhenTheValueDiffers() async throws {
    let row = try XCTUnwrap(window.currentPage.rowView(path: "main/flag"))
    XCTAssertFalse(row.menu.entries().map(\.label).contains("Reset to Default"))
    try store.write(true, for: Fixture.flag)
    let reset = try XCTUnwrap(row.menu.entries().first { $0.label == "Reset to Default" })
    reset.perform()
    XCTAssertFalse(store.hasUserValue(Fixture.flag))
    let link = try XCTUnwrap(window.currentPage.rowView(path: "links/site"))
    XCTAssertEqual(link.menu.entries().map(\.label), ["Copy Link"])
    let mail = try XCTUnwrap(window.currentPage.rowView(path: "links/mail"))
    XCTAssertEqual(mail.menu.entries().map(\.label), ["Copy Address"])
  }
}
