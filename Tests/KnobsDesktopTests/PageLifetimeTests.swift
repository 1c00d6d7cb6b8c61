import Foundation
import Gtk
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI
@testable import KnobsDesktop

/// A page that is left is freed, with its rows and widgets: browsing does not grow memory.
@MainActor
final class PageLifetimeTests: GtkTestCase {
  final class Weak {
    weak var page: PageView?
    init(_ page: PageView) { self.page = page }
  }

  func testPagesLeftAreFreedWithTheirWidgets() async throws {
    let store = GSettingsStore(source: SchemaSource())
    let window = await makeWindow(ReferencePanelTests.panel(), store: store)
    window.window.setDefaultSize(width: 640, height: 900)
    await settle(0.2)
    var left: [Weak] = []
    let widgets = FinalizationCounter()
    func keep(_ page: PageView) {
      left.append(Weak(page))
      widgets.watch(page.scroller)
      // The list's own map handler once held the list: it outlived the page, with every slot.
      widgets.watch(page.list)
      for row in page.builtRows {
        widgets.watch(row.listRow)
        if let control = row.controlWidget { widgets.watch(control) }
      }
    }
    // Opened from their rows and left with Back, as with the keyboard.
    for round in 0..<12 {
      let id = ["appearance", "fonts", "windows", "keyboard-shortcuts"][round % 4]
      window.currentPage.rowView(path: "desktop/\(id)")?.activate()
      await waitUntil("page \(id) opens") { window.pages.count == 2 }
      await settle(0.05)
      keep(window.currentPage)
      window.goBack()
      await waitUntil("back on the first page") { window.pages.count == 1 }
    }
    // Opened by deep links, as `knobs --open` does, each replacing the last.
    for round in 0..<20 {
      _ = window.open(RowPath(parsing: round % 2 == 0 ? "desktop/top-bar/clock/show-seconds" : "desktop/appearance"))
      await settle(0.05)
      if round % 2 == 0 { keep(window.currentPage) }
    }
    XCTAssertGreaterThan(widgets.watched, 100)
    await waitUntil("every page left is freed", timeout: 20) { left.allSatisfy { $0.page == nil } }
    await waitUntil("every widget of the pages left is finalized", timeout: 20) {
      widgets.finalized == widgets.watched
    }
    XCTAssertEqual(widgets.finalized, widgets.watched)
    window.window.close()
  }

  /// Back, then the same page again while the last view of it still slides out: the new view is shown.
  func testTheSearchIndexIsBuiltByTheFirstSearchNotAtStart() async throws {
    let store = GSettingsStore(source: SchemaSource())
    let window = await makeWindow(ReferencePanelTests.panel(), store: store)
    await settle(0.5)
    XCTAssertFalse(window.search.isIndexed, "a window nobody searches in keeps no index")
    window.search.begin()
    await settle(0.2)
    XCTAssertFalse(window.search.isIndexed, "opening search builds nothing while keys arrive")
    XCTAssertTrue(window.showSearchResults(for: "seconds") > 0)
    XCTAssertTrue(window.search.isIndexed)
    window.window.close()
  }

  func testAPageOpenedAgainAtOnceIsShown() async throws {
    let window = await makeWindow(ReferencePanelTests.panel(), store: GSettingsStore(source: SchemaSource()))
    await settle(0.2)
    for _ in 0..<3 {
      window.currentPage.rowView(path: "desktop/fonts")?.activate()
      XCTAssertEqual(window.pages.count, 2)
      XCTAssertTrue(window.showsCurrentPage)
      window.goBack()
      XCTAssertTrue(window.showsCurrentPage)
    }
    window.currentPage.rowView(path: "desktop/fonts")?.activate()
    await settle(0.6)
    XCTAssertTrue(window.showsCurrentPage, "the page opened last stays shown once the slides are over")
    window.window.close()
  }
}
