import Foundation
import KnobsDesktopModel
import KnobsModel
import XCTest

@testable import KnobsDesktop

/// The Extensions page's own words: how to start extensions again once they are all off, and
/// who may have turned them off (the Shell's crash guard), from the history of changes.
@MainActor
final class ExtensionsPageTests: XCTestCase {
  private func settings() -> MemoryStore {
    MemoryStore(defaults: [
      ShellExtensionSwitches.enabledKey: .strings([]), ShellExtensionSwitches.disabledKey: .strings([]),
      ShellExtensionSwitches.disableAllKey: false, ShellExtensionSwitches.anyVersionKey: false,
    ])
  }

  private func useExtensionsRow(_ rows: ShellExtensionRows) throws -> Row {
    guard case .detail(let page) = extensionsPage(extensions: rows).kind.form else {
      throw XCTSkip("the Extensions row opens no page")
    }
    return try XCTUnwrap(page.sections.first?.rows.first { $0.id == "use-extensions" })
  }

  func testUseExtensionsSaysHowToStartThemAgainAndWhoMayHaveTurnedThemOff() async throws {
    let rows = ShellExtensionRows(find: { ShellExtensions([]) }, folders: [])
    let row = try useExtensionsRow(rows)
    let store = settings()
    XCTAssertEqual(
      row.subtitle?.text(SettingsReader(store)), "Turn off to stop every extension at once; each keeps its own switch.")
    try store.write(.bool(true), for: ShellExtensionSwitches.disableAllKey)
    XCTAssertEqual(
      row.subtitle?.text(SettingsReader(store)),
      "Every extension is off. Turn this on to start the ones switched on below. If you did not turn them off, "
        + "GNOME Shell may have: it does so when it crashes as it starts.")

    let folder = NSTemporaryDirectory() + "knobs-extensions-page-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let history = ChangeHistory(file: folder + "/history.jsonl")
    ExtensionActions.connect(rows, bus: nil, history: history)
    let key = ShellExtensionSwitches.disableAllKey
    try history.record([RecordedChange(key: key, old: nil, new: "true")], source: .window)
    XCTAssertFalse(try XCTUnwrap(rows.turnedOffElsewhere)(), "turned off in Knobs' window")
    // Noted at the next start: changed by another program while Knobs was closed.
    try history.record([RecordedChange(key: key, old: "true", new: "false")], source: .window)
    try history.record([RecordedChange(key: key, old: "false", new: "true")], source: .otherProgram, since: 1000)
    XCTAssertTrue(try XCTUnwrap(rows.turnedOffElsewhere)())
    XCTAssertEqual(
      row.subtitle?.text(SettingsReader(store)),
      "Every extension is off. Turn this on to start the ones switched on below. They were turned off outside "
        + "Knobs: GNOME Shell does so itself when it crashes as it starts.")
  }

  func testAnArchiveIsInstalledOrRefusedInWordsAndOnlyTheUsersOwnAreRemoved() async throws {
    let home = NSTemporaryDirectory() + "knobs-extensions-install-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: home) }
    let userFolder = home + "/data/gnome-shell/extensions"
    try FileManager.default.createDirectory(atPath: userFolder, withIntermediateDirectories: true)
    setenv("XDG_DATA_HOME", home + "/data", 1)
    defer { unsetenv("XDG_DATA_HOME") }
    let rows = ShellExtensionRows(
      find: { ShellExtensions.installed() }, folders: [userFolder], shellVersion: { .failure(.notInstalled) })
    ExtensionActions.connect(rows, bus: nil, history: nil)
    var said: [String] = []
    try XCTUnwrap(rows.install)(home + "/missing.zip") { said.append($0) }
    XCTAssertEqual(said.count, 1)
    XCTAssertTrue(said[0].hasSuffix("Nothing was installed."), said[0])
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: userFolder), [])
    try XCTUnwrap(rows.uninstall)("nobody@knobs.test") { said.append($0) }
    XCTAssertEqual(said.last, "No extension “nobody@knobs.test” is installed for you.")
    try XCTUnwrap(rows.uninstall)("../escape") { said.append($0) }
    XCTAssertEqual(said.last, "“../escape” is no extension's uuid.")
  }
}
