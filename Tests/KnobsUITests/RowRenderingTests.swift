import Gtk
import KnobsModel
import KnobsTestSupport
import XCTest

@testable import KnobsUI

/// Each row kind: its suffix, what activation does, what it writes, and how it
/// follows the store in place.
@MainActor
final class RowRenderingTests: GtkTestCase {
  var store: MemoryStore!
  var window: PanelWindow!
  var opened: [String] = []

  override func setUp() async throws {
    try await super.setUp()
    store = Fixture.store()
    opened = []
    window = await makeWindow(Fixture.panel(), store: store) { [weak self] uri, _, completion in
      self?.opened.append(uri)
      completion(nil)
    }
  }

  func row(_ path: RowPath, file: StaticString = #filePath, line: UInt = #line) -> RowView {
    guard let row = window.currentPage.rowView(path: path) else {
      XCTFail("no row at \(path)", file: file, line: line)
      fatalError()
    }
    return row
  }

  func testEveryKindGetsItsSuffix() async throws {
    XCTAssertEqual(row("main/flag").suffixDescription, "switch")
    XCTAssertEqual(row("main/level").suffixDescription, "scale")
    XCTAssertEqual(row("main/size").suffixDescription, "drop-down")
    XCTAssertEqual(row("main/value").suffixDescription, "value")
    XCTAssertEqual(row("links/site").suffixDescription, "icon:send-to-symbolic")
    XCTAssertEqual(row("links/mail").suffixDescription, "icon:mail-unread-symbolic")
    XCTAssertEqual(row("links/more").suffixDescription, "icon:go-next-symbolic")
    XCTAssertEqual(row("links/act").suffixDescription, "none")
    XCTAssertFalse(row("main/value").listRow.isActivatable, "value rows are not activatable")
    XCTAssertTrue(row("main/flag").listRow.isActivatable)
  }

  func testActivatingAToggleRowFlipsItsSetting() async throws {
    row("main/flag").listRow.activate()
    XCTAssertEqual(store.value(for: Fixture.flag), true)
    row("main/dark").listRow.activate()
    XCTAssertEqual(store.value(for: Fixture.mode), "prefer-dark")
    row("main/dark").listRow.activate()
    XCTAssertEqual(store.value(for: Fixture.mode), "default")
  }

  func testControlsWriteToTheStoreAtOnce() async throws {
    let toggle = try XCTUnwrap(row("main/flag").controlWidget as? Switch)
    toggle.activateAsUser()
    XCTAssertEqual(store.value(for: Fixture.flag), true)
    let scale = try XCTUnwrap(row("main/level").controlWidget as? Scale)
    scale.move(to: 1.3)
    XCTAssertEqual(store.value(for: Fixture.level), .double(1.25), "the value snaps to the step")
    let dropDown = try XCTUnwrap(row("main/size").controlWidget as? DropDown)
    dropDown.pick(1)
    XCTAssertEqual(store.value(for: Fixture.size), 48)
  }

  /// Enter or Space on a choice row opens its list at once, as a click does, not only focus it.
  func testActivatingAChoiceRowOpensItsList() async throws {
    let dropDown = try XCTUnwrap(row("main/size").controlWidget as? DropDown)
    XCTAssertFalse(dropDown.isPoppedUp)
    row("main/size").activate()
    await waitUntil("the list is open") { dropDown.isPoppedUp }
    dropDown.popDown()
    await waitUntil("the list is closed") { !dropDown.isPoppedUp }
    // The popover's pointer grab ends with its surface; the next test's window must not inherit it.
    await settle(0.5)
  }

  func testStoreChangesUpdateTheSameWidgetsInPlace() async throws {
    let flagRow = row("main/flag")
    let toggle = try XCTUnwrap(flagRow.controlWidget as? Switch)
    let scale = try XCTUnwrap(row("main/level").controlWidget as? Scale)
    let dropDown = try XCTUnwrap(row("main/size").controlWidget as? DropDown)
    toggle.grabFocus()
    XCTAssertEqual(flagRow.subtitleText, "Flag is off")
    try store.write(true, for: Fixture.flag)
    try store.write(2.5, for: Fixture.level)
    try store.write(48, for: Fixture.size)
    XCTAssertTrue(toggle.isOn)
    XCTAssertEqual(scale.value, 2.5)
    XCTAssertEqual(dropDown.selectedIndex, 1)
    XCTAssertEqual(flagRow.subtitleText, "Flag is on")
    XCTAssertTrue(window.currentPage.rowView(path: "main/flag")?.controlWidget === toggle, "same widget instance")
    XCTAssertTrue(toggle.hasFocus, "focus stays on the control")
    XCTAssertEqual(window.currentPage.sections[0].footerText, "Flag reads on")
    XCTAssertEqual(row("main/value").listRow.isVisible, true)
  }

  func testARowMakesItsSubtitleAndModifiedMarkWhenItFirstShowsThem() async throws {
    let dark = row("main/dark")
    XCTAssertFalse(dark.hasSubtitleLabel, "a row without a subtitle makes no label for one")
    XCTAssertFalse(dark.hasModifiedMark, "nor a mark for a setting at its default")
    XCTAssertEqual(dark.subtitleText, "")
    try store.write("prefer-dark", for: Fixture.mode)
    XCTAssertTrue(dark.showsModifiedMark)
    XCTAssertFalse(dark.hasSubtitleLabel)
    try store.reset(Fixture.mode)
    XCTAssertTrue(dark.hasModifiedMark)
    XCTAssertFalse(dark.showsModifiedMark, "the mark is hidden again at the default")
    XCTAssertTrue(row("main/flag").hasSubtitleLabel)
    XCTAssertEqual(row("main/flag").subtitleText, "Flag is off")
    // A note shows under a row that had no subtitle, and goes again.
    dark.showNote("Needs a restart")
    XCTAssertEqual(dark.subtitleText, "Needs a restart")
    dark.showNote(nil)
    XCTAssertEqual(dark.subtitleText, "")
  }

  func testStoreChangeIsNotWrittenBack() async throws {
    var writes = 0
    let observation = store.observe { _ in writes += 1 }
    try store.write(true, for: Fixture.flag)
    await settle()
    XCTAssertEqual(writes, 1, "updating the switch from the store must not write again")
    observation.cancel()
  }

  func testSensitivityAndVisibilityFollowConditions() async throws {
    XCTAssertTrue(row("conditional/dependent").listRow.isSensitive)
    XCTAssertTrue(row("conditional/shown").listRow.isVisible)
    let hiddenSection = window.currentPage.sections[3]
    XCTAssertTrue(hiddenSection.isVisible)
    try store.write(false, for: Fixture.master)
    XCTAssertFalse(row("conditional/dependent").listRow.isSensitive)
    XCTAssertFalse(row("conditional/shown").listRow.isVisible)
    XCTAssertFalse(hiddenSection.isVisible, "a section whose rows are all hidden hides")
  }

  func testMissingAndLockedKeysMakeRowsInsensitiveWithAReason() async throws {
    let missing = SettingKey(schema: "not.installed", key: "x")
    let store = Fixture.store()
    store.setLocked(true, Fixture.flag)
    let panel = Panel("P") {
      Section("s", "S") {
        ToggleRow("missing", "Missing", key: missing)
        ToggleRow("locked", "Locked", key: Fixture.flag)
      }
    }
    let other = await makeWindow(panel, store: store)
    let missingRow = try XCTUnwrap(other.currentPage.rowView(path: "s/missing"))
    XCTAssertFalse(missingRow.listRow.isSensitive)
    XCTAssertTrue(missingRow.subtitleText.contains("not.installed"), missingRow.subtitleText)
    let lockedRow = try XCTUnwrap(other.currentPage.rowView(path: "s/locked"))
    XCTAssertFalse(lockedRow.listRow.isSensitive)
    XCTAssertTrue(lockedRow.subtitleText.contains("Managed by the system"), lockedRow.subtitleText)
  }

  func testLinkAndEmailRowsLaunchOncePerActivation() async throws {
    let site = row("links/site")
    site.listRow.activate()
    site.listRow.activate()
    site.listRow.activate()
    XCTAssertEqual(opened, ["https://example.org/caf%C3%A9"], "a double click or held Enter opens once")
    row("links/mail").listRow.activate()
    XCTAssertEqual(opened.count, 2)
    XCTAssertTrue(opened[1].hasPrefix("mailto:team@example.org"), opened[1])
  }

  func testLaunchFailureIsShownInTheWindowWithACopyAction() async throws {
    let failing = await makeWindow(Fixture.panel(), store: store) { _, _, completion in
      completion(GLibError.notSupported)
    }
    failing.currentPage.rowView(path: "links/site")?.listRow.activate()
    XCTAssertEqual(failing.toast.message, "Couldn't open “Site”. No application is set up to open this link.")
    XCTAssertEqual(failing.toast.actionLabels, ["Copy Link"])
    failing.currentPage.rowView(path: "links/mail")?.listRow.activate()
    XCTAssertEqual(failing.toast.actionLabels, ["Copy Address"])
  }

  func testActionRowRunsItsClosure() async throws {
    let before = Fixture.actionRuns
    row("links/act").listRow.activate()
    XCTAssertEqual(Fixture.actionRuns, before + 1)
  }
}
