import Gtk
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI

/// A key's change brings up to date only what shows that key: the rows bound to it, rows
/// whose texts or conditions read it, and the page's visibility when a condition read it.
@MainActor
final class KeyChangeRefreshTests: GtkTestCase {
  static let schema = "dev.knobs.Refresh"
  static let flag = SettingKey(schema: schema, key: "flag")
  static let other = SettingKey(schema: schema, key: "other")
  static let shown = SettingKey(schema: schema, key: "shown")
  static let name = SettingKey(schema: schema, key: "name")

  var store: MemoryStore!
  var window: PanelWindow!

  override func setUp() async throws {
    try await super.setUp()
    store = MemoryStore(defaults: [Self.flag: false, Self.other: false, Self.shown: true, Self.name: "Ada"])
    let panel = Panel("Refresh") {
      Section("main", "Main") {
        ToggleRow("flag", "Flag", key: Self.flag)
        ToggleRow("other", "Other", key: Self.other)
        ValueRow("greeting", "Greeting") { settings in "Hello, \(settings.string(Self.name))" }
        ToggleRow("follows", "Follows the flag", key: Self.other).subtitle { settings in
          settings.bool(Self.flag) ? "The flag is on" : "The flag is off"
        }
        ToggleRow("hideable", "Hideable", key: Self.other).visible(when: .isOn(Self.shown))
      }
    }
    window = await makeWindow(panel, store: store)
  }

  func row(_ id: String) throws -> RowView {
    try XCTUnwrap(window.currentPage.rowView(path: RowPath.root.appending("main", id)))
  }

  func refreshCounts() throws -> [String: Int] {
    var counts: [String: Int] = [:]
    for id in ["flag", "other", "greeting", "follows", "hideable"] { counts[id] = try row(id).refreshCount }
    return counts
  }

  func testAChangeRefreshesOnlyTheRowsThatShowItsKey() async throws {
    let before = try refreshCounts()
    try store.write(true, for: Self.flag)
    var after = try refreshCounts()
    XCTAssertEqual(after["flag"], before["flag"]! + 1, "the row bound to the key")
    XCTAssertEqual(after["follows"], before["follows"]! + 1, "the row whose subtitle reads the key")
    XCTAssertEqual(after["other"], before["other"], "a row of another key stays as it is")
    XCTAssertEqual(after["greeting"], before["greeting"])
    XCTAssertEqual(try row("follows").spokenDescription.hasPrefix("The flag is on"), true)

    try store.write("Grace", for: Self.name)
    let named = try refreshCounts()
    XCTAssertEqual(named["greeting"], after["greeting"]! + 1, "the value row that reads the key")
    XCTAssertEqual(named["flag"], after["flag"])
    XCTAssertEqual(try row("greeting").shownValue, "Hello, Grace")
    after = named

    try store.write(true, for: Self.other)
    let others = try refreshCounts()
    for id in ["other", "follows", "hideable"] { XCTAssertEqual(others[id], after[id]! + 1, id) }
    XCTAssertEqual(others["flag"], after["flag"])
  }

  func testAConditionsKeyChangesWhatThePageShows() async throws {
    let page = window.currentPage
    XCTAssertEqual(page.shown.count, 5)
    try store.write(false, for: Self.shown)
    XCTAssertEqual(page.shown.count, 4, "the row whose condition read the key hides")
    try store.write(true, for: Self.flag)
    XCTAssertEqual(page.shown.count, 4, "a key no condition reads leaves what is shown")
    try store.write(true, for: Self.shown)
    XCTAssertEqual(page.shown.count, 5)
  }
}
