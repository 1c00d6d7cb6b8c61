import Foundation
import Gtk
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI
@testable import KnobsDesktop

/// Every page fits its window at every width, as allocated: each visible row's card lies
/// inside the window, centred and at most `LazyRowList.maximumWidth` wide, and its control
/// (switch, drop-down, spin button, entry) inside the card; a long page title never makes
/// the window wider than it was asked to be. Widths up to 3840 pixels and back down, as a
/// maximized window and a drag give them.
@MainActor
final class PageFitTests: GtkTestCase {
  static let widths: [Int32] = [360, 640, 900, 1000, 1280, 1920, 3840, 1920, 1280, 1000, 900, 640, 360]
  static let height: Int32 = 700

  /// The schema the generated pages come from: installed on every GNOME desktop.
  static let interface = "org.gnome.desktop.interface"
  /// A relocatable schema at a folder with a long name: its page's title is 121 characters.
  static let longTitle =
    "org.gnome.desktop.app-folders.folder:/org/gnome/desktop/app-folders/folders/"
    + "a-folder-whose-name-is-far-longer-than-any-title-fits/"

  private func openTopBar() async throws -> PanelWindow {
    let store = GSettingsStore(source: SchemaSource())
    let window = await makeWindow(ReferencePanelTests.panel(), store: store)
    window.currentPage.rowView(path: "desktop/top-bar")?.listRow.activate()
    await waitUntil("the Top Bar page shows") { window.pageTitle == "Top Bar" }
    return window
  }

  private func openSchemaPage(_ id: String) async throws -> PanelWindow {
    let store = GSettingsStore(source: SchemaSource())
    let panel = try XCTUnwrap(store.schemaPanels().panel(for: id), "no page for \(id)")
    return await makeWindow(panel, store: store)
  }

  func testTheTopBarPageFitsAtEveryWidth() async throws {
    let window = try await openTopBar()
    await checkFit(window, "Top Bar")
  }

  func testAGeneratedSchemaPageFitsAtEveryWidth() async throws {
    let window = try await openSchemaPage(Self.interface)
    await checkFit(window, Self.interface)
  }

  /// Tables, pairs and GVariant text (`a(sss)`, `(ii)`, `(sa{sv})`): each editor whole, the
  /// pair's two fields included, inside its card at every width.
  func testAStructuredValuesPageFitsAtEveryWidth() async throws {
    let store = GSettingsStore(
      source: SchemaSource(extraDirectories: [try CompiledSchemas.structuredFolder()]))
    let panel = try XCTUnwrap(store.schemaPanels().panel(for: CompiledSchemas.structuredSchema))
    let window = await makeWindow(panel, store: store)
    for width in Self.widths {
      let actual = await resize(window, to: width)
      XCTAssertEqual(actual, width)
      let rows = window.currentPage.builtRows.filter { $0.listRow.slot != nil }
      XCTAssertEqual(rows.count, 5)
      let failures = misfits(window, rows: rows.map { ($0.titleText, $0.listRow, $0.editor?.suffix) })
      XCTAssertEqual(failures, [], "structured values at \(width) px")
    }
  }

  func testALongTitleIsCutAndNeverWidensTheWindow() async throws {
    XCTAssertGreaterThanOrEqual(Self.longTitle.count, 120)
    let window = try await openSchemaPage(Self.longTitle)
    XCTAssertEqual(
      window.pageTitle, Self.longTitle, "the header bar's label holds the whole title (screen readers say it)")
    XCTAssertEqual(window.pageTitleTooltip, Self.longTitle, "and shows it whole in its tooltip")
    await checkFit(window, "a long title")
    for width: Int32 in [360, 1000] {
      _ = await resize(window, to: width)
      let file = "\(Self.artifactsDirectory)/fit-long-title-\(width).png"
      await waitUntil("\(file) is saved", timeout: 3) { window.window.savePNG(to: file) }
    }
  }

  func testEveryShippedPageFitsNarrowAndWide() async throws {
    let window = await makeWindow(ReferencePanelTests.panel(), store: GSettingsStore(source: SchemaSource()))
    for (id, title) in ReferencePanelTests.pages {
      window.popToRoot()
      window.currentPage.rowView(path: "desktop/\(id)")?.listRow.activate()
      await waitUntil("the \(title) page shows") { window.pageTitle == title && window.showsCurrentPage }
      for width: Int32 in [360, 3840, 1280, 640] {
        let actual = await resize(window, to: width)
        XCTAssertEqual(actual, width, "\(title): the window is \(actual) px wide, asked \(width)")
        XCTAssertEqual(misfits(window), [], "\(title) at \(width) px")
      }
    }
  }

  func testSearchResultsFromAPageWithALongTitleFit() async throws {
    let key = SettingKey(schema: "test.knobs", key: "flag")
    let panel = Panel("Fit") {
      Section("pages", "Pages") {
        DetailRow("long", Self.longTitle) {
          Section("inner", "Inner") { ToggleRow("needle", "Needle", key: key) }
        }
      }
    }
    let window = await makeWindow(panel, store: MemoryStore(defaults: [key: false]))
    for width: Int32 in [360, 1280, 640] {
      _ = await resize(window, to: width)
      XCTAssertEqual(window.showSearchResults(for: "needle"), 1)
      await waitUntil("the result is drawn") { !window.search.drawnResultRows.isEmpty }
      let actual = await resize(window, to: width)
      XCTAssertEqual(actual, width, "the search results made the window \(actual) px wide, asked \(width)")
      let rows = window.search.drawnResultRows.map { (title: "a search result", card: $0, control: Widget?.none) }
      XCTAssertEqual(misfits(window, rows: rows), [], "search results at \(width) px")
      window.endSearch()
    }
  }

  /// A window measuring its width for a height finds the notice as tall as it said it was: GTK 4.8's
  /// box around the icon and the wrapping text said a pixel less for no width than for any, and
  /// resizing a window with the notice logged a critical (about one resize to 3840 px in two).
  func testTheNoticeIsAsTallForNoWidthAsForAnyWidth() async throws {
    let window = try await openTopBar()
    window.showNotice("Settings are kept in memory only, so changes won't be kept after Knobs closes.")
    await settle(0.2)
    let banner = window.banner.container
    for width: Int32 in [600, 1000, 1_048_576] {
      XCTAssertEqual(
        banner.measure(.vertical).minimum, banner.measure(.vertical, for: width).minimum, "at \(width) px")
    }
    for width: Int32 in [1280, 3840, 1280, 360] {
      let actual = await resize(window, to: width)
      XCTAssertEqual(actual, width)
    }
  }

  /// Screenshots of a generated page and Top Bar at three widths, light and dark, for people to
  /// look at: `fit-PAGE-WIDTH-STYLE.png` in the artifacts folder.
  func testScreenshotsAtThreeWidthsInLightAndDark() async throws {
    defer { Style.prefersDark = false }
    let pages = [("schema", try await openSchemaPage(Self.interface)), ("top-bar", try await openTopBar())]
    for (name, window) in pages {
      for width: Int32 in [640, 1000, 1920] {
        for dark in [false, true] {
          Style.prefersDark = dark
          let actual = await resize(window, to: width)
          XCTAssertEqual(actual, width)
          XCTAssertEqual(misfits(window), [], "\(name) at \(width) px")
          let file = "\(Self.artifactsDirectory)/fit-\(name)-\(width)-\(dark ? "dark" : "light").png"
          // A frame being restyled (light to dark) may have no picture yet: try again on the next one.
          await waitUntil("\(file) is saved", timeout: 3) { window.window.savePNG(to: file) }
        }
      }
      window.window.destroy()
    }
  }

  /// Resizes the window through `widths` and checks every visible row at each.
  private func checkFit(_ window: PanelWindow, _ name: String, file: StaticString = #filePath, line: UInt = #line)
    async
  {
    for width in Self.widths {
      let actual = await resize(window, to: width)
      XCTAssertEqual(actual, width, "\(name): the window is \(actual) px wide, asked \(width)", file: file, line: line)
      let failures = misfits(window)
      XCTAssertEqual(failures, [], "\(name) at \(width) px", file: file, line: line)
    }
  }

  /// Asks for a window `width` pixels wide and waits for its layout; returns the width it got.
  func resize(_ window: PanelWindow, to width: Int32, height: Int32 = PageFitTests.height) async -> Int32 {
    var painted = false
    window.window.setDefaultSize(width: width, height: height)
    XCTAssertTrue(window.window.afterNextFrame { painted = true })
    let deadline = ContinuousClock.now + .seconds(2)
    while !(painted && window.window.surfaceWidth == width), ContinuousClock.now < deadline {
      await settle(0.02)
    }
    // What runs after the frame (margins were once changed after allocation), and its frame.
    await settle(0.3)
    return window.window.surfaceWidth ?? 0
  }

  /// What does not fit, row by row: cards outside the window, off centre or too wide, and
  /// controls outside their card.
  func misfits(_ window: PanelWindow) -> [String] {
    let rows = window.currentPage.builtRows.filter { $0.listRow.slot != nil }
    return misfits(window, rows: rows.map { ($0.titleText, $0.listRow, $0.controlWidget) })
  }

  /// What does not fit of `rows`: each a title to name it by, its card and its control, if any.
  func misfits(_ window: PanelWindow, rows: [(title: String, card: Widget, control: Widget?)]) -> [String] {
    let top = window.window
    let windowWidth = Double(top.allocatedWidth)
    let windowHeight = Double(top.allocatedHeight)
    var failures: [String] = []
    var checked = 0
    for (title, cardWidget, control) in rows where cardWidget.isDrawable {
      guard let card = cardWidget.bounds(in: top), card.width > 0, card.height > 0,
        card.y + card.height > 0, card.y < windowHeight
      else { continue }
      checked += 1
      let cardEnd = card.x + card.width
      if card.x < 0 || cardEnd > windowWidth {
        failures.append("“\(title)”: card at x \(card.x)…\(cardEnd), outside the window (0…\(windowWidth))")
      }
      if card.width > LazyRowList.maximumWidth + 1 {
        failures.append("“\(title)”: card \(card.width) px wide, more than \(LazyRowList.maximumWidth)")
      }
      if abs(card.x - (windowWidth - cardEnd)) > 2 {
        failures.append(
          "“\(title)”: card off centre, \(card.x) px on the left and \(windowWidth - cardEnd) on the right")
      }
      guard let control, control.isDrawable, let box = control.bounds(in: top) else { continue }
      let boxEnd = box.x + box.width
      if box.x < card.x || boxEnd > cardEnd || box.x < 0 || boxEnd > windowWidth {
        failures.append(
          "“\(title)”: control at x \(box.x)…\(boxEnd), outside its card (\(card.x)…\(cardEnd)) or the window")
      }
    }
    if checked == 0 { failures.append("no visible row to check") }
    return failures
  }
}
