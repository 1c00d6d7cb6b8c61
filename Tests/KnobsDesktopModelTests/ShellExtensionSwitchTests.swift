import Foundation
import KnobsDesktopModel
import KnobsModel
import XCTest

/// The Extensions page's switches: kept in the Shell's two lists as the Shell keeps
/// them, the Shell's version rule, and the rows found for installed extensions.
@MainActor
final class ShellExtensionSwitchTests: XCTestCase {
  private let enabled = ShellExtensionSwitches.enabledKey
  private let disabled = ShellExtensionSwitches.disabledKey

  private func shellSettings(enabled: [String] = [], disabled: [String] = []) -> MemoryStore {
    MemoryStore(defaults: [
      self.enabled: .strings(enabled), self.disabled: .strings(disabled),
      ShellExtensionSwitches.disableAllKey: false, ShellExtensionSwitches.anyVersionKey: false,
    ])
  }

  func testAnExtensionIsOnWhenEnabledAndNotDisabled() async throws {
    let base = shellSettings()
    try base.write(.strings(["a@x", "b@x"]), for: enabled)
    try base.write(.strings(["b@x"]), for: disabled)
    let switches = ShellExtensionSwitches(base: base) { ["a@x", "b@x", "c@x"] }
    XCTAssertEqual(switches.value(for: ShellExtensionSwitches.key("a@x")), .bool(true))
    XCTAssertEqual(switches.value(for: ShellExtensionSwitches.key("b@x")), .bool(false))
    XCTAssertEqual(switches.value(for: ShellExtensionSwitches.key("c@x")), .bool(false))
    XCTAssertNil(switches.value(for: ShellExtensionSwitches.key("not-installed@x")))
    XCTAssertEqual(
      switches.availability(of: ShellExtensionSwitches.key("not-installed@x")),
      .missingKey(ShellExtensionSwitches.key("not-installed@x")))
  }

  func testTurningOnAndOffChangesBothListsAndLeavesOthersAlone() async throws {
    let base = shellSettings()
    try base.write(.strings(["other@x"]), for: enabled)
    try base.write(.strings(["a@x", "gone@x"]), for: disabled)
    let switches = ShellExtensionSwitches(base: base) { ["a@x", "other@x"] }
    try switches.write(true, for: ShellExtensionSwitches.key("a@x"))
    XCTAssertEqual(base.value(for: enabled), .strings(["other@x", "a@x"]))
    XCTAssertEqual(base.value(for: disabled), .strings(["gone@x"]))
    try switches.write(false, for: ShellExtensionSwitches.key("a@x"))
    XCTAssertEqual(base.value(for: enabled), .strings(["other@x"]))
    XCTAssertEqual(base.value(for: disabled), .strings(["gone@x", "a@x"]))
    XCTAssertThrowsError(try switches.write("yes", for: ShellExtensionSwitches.key("a@x")))
    XCTAssertThrowsError(try switches.write(true, for: ShellExtensionSwitches.key("not-installed@x")))
    XCTAssertEqual(base.value(for: enabled), .strings(["other@x"]), "a refused write changes nothing")
  }

  func testResetReturnsOneExtensionToTheShippedListsOnly() async throws {
    let base = shellSettings(enabled: ["vendor@x"])
    let switches = ShellExtensionSwitches(base: base) { ["vendor@x", "mine@x"] }
    XCTAssertEqual(switches.defaultValue(for: ShellExtensionSwitches.key("vendor@x")), .bool(true))
    try switches.write(false, for: ShellExtensionSwitches.key("vendor@x"))
    try switches.write(true, for: ShellExtensionSwitches.key("mine@x"))
    try switches.reset(ShellExtensionSwitches.key("vendor@x"))
    XCTAssertEqual(switches.value(for: ShellExtensionSwitches.key("vendor@x")), .bool(true))
    XCTAssertEqual(switches.value(for: ShellExtensionSwitches.key("mine@x")), .bool(true), "the other is left on")
    XCTAssertEqual(base.value(for: disabled), .strings([]))
  }

  func testALockedListMakesTheSwitchesReadOnly() async throws {
    let base = MemoryStore(defaults: [enabled: .strings([]), disabled: .strings([])], locked: [disabled])
    let switches = ShellExtensionSwitches(base: base) { ["a@x"] }
    XCTAssertFalse(switches.isWritable(ShellExtensionSwitches.key("a@x")))
    XCTAssertThrowsError(try switches.write(true, for: ShellExtensionSwitches.key("a@x")))
    XCTAssertEqual(base.value(for: enabled), .strings([]))
  }

  func testWithoutTheShellsSchemaTheSwitchesSaySo() async throws {
    let switches = ShellExtensionSwitches(base: MemoryStore(defaults: [:])) { ["a@x"] }
    XCTAssertEqual(switches.availability(of: ShellExtensionSwitches.key("a@x")), .missingSchema("org.gnome.shell"))
    XCTAssertNil(switches.value(for: ShellExtensionSwitches.key("a@x")))
  }

  func testAChangeOfEitherListIsHeardAsEverySwitch() async throws {
    let base = shellSettings()
    let switches = ShellExtensionSwitches(base: base) { ["a@x"] }
    var heard: [SettingKey] = []
    let observation = switches.observe { heard.append($0) }
    try base.write(.strings(["a@x"]), for: disabled)
    try base.write(true, for: ShellExtensionSwitches.anyVersionKey)
    XCTAssertEqual(heard, [.wholeSchema(ShellExtensionSwitches.schema)])
    observation.cancel()
  }

  func testShellVersionsAreReadAndMatchedByTheShellsRule() {
    XCTAssertEqual(ShellVersion.parse("GNOME Shell 43.9\n"), "43.9")
    XCTAssertEqual(ShellVersion.parse("GNOME Shell 45.beta"), "45.beta")
    XCTAssertNil(ShellVersion.parse("gnome-shell: command not found"))
    XCTAssertNil(ShellVersion.parse("GNOME Shell ; rm -rf /"))
    XCTAssertTrue(ShellVersion.supports(["42", "43"], version: "43.9"))
    XCTAssertFalse(ShellVersion.supports(["42"], version: "43.9"))
    XCTAssertTrue(ShellVersion.supports(["3.38"], version: "3.38.6"))
    XCTAssertFalse(ShellVersion.supports(["3.36"], version: "3.38.6"))
    XCTAssertTrue(ShellVersion.supports(["43.9"], version: "43.9"))
    XCTAssertFalse(ShellVersion.supports(["43.2"], version: "43.9"))
    XCTAssertFalse(ShellVersion.supports(["45"], version: "45.beta"), "a test release must be named whole")
    XCTAssertTrue(ShellVersion.supports(["45.beta"], version: "45.beta"))
    XCTAssertFalse(ShellVersion.supports([], version: "43.9"))
  }

  func testRowsAreNamedByTheExtensionAndWarnOfAnotherShellVersion() async throws {
    let found = ShellExtensions([
      ShellExtension(
        uuid: "coffee@example.org", name: "Coffee", description: "Keeps the screen on.\nLonger text.", version: "7",
        url: "https://example.org/coffee", shellVersions: ["42"], settingsSchema: "org.example.coffee"),
      ShellExtension(uuid: "coffee@elsewhere.org", name: "Coffee Too", shellVersions: ["43"]),
      ShellExtension(uuid: "@", name: "Odd", shellVersions: []),
    ])
    let source = ShellExtensionRows(find: { found }, folders: [], shellVersion: { .success("43.9") })
    let base = shellSettings()
    XCTAssertNotNil(source.connect(to: base))
    var changes = 0
    let observation = source.observeRows { changes += 1 }
    let deadline = ContinuousClock.now + .seconds(5)
    while source.shellVersion == nil && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
    XCTAssertEqual(source.shellVersion, "43.9")
    XCTAssertGreaterThan(changes, 0, "the rows are made again once the version is known")
    // Clashing ids are numbered in the uuids' sorted order.
    XCTAssertEqual(source.rows.map(\.id), ["coffee-2", "coffee", "extension"])
    XCTAssertEqual(source.rows.map(\.title), ["Coffee", "Coffee Too", "Odd"])
    let subtitle = source.rows[0].subtitle?.fixedText ?? ""
    XCTAssertEqual(
      subtitle,
      "Made for GNOME Shell 42, so GNOME Shell 43.9 won't start it.\nKeeps the screen on.\nVersion 7 · https://example.org/coffee"
    )
    XCTAssertNil(source.rows[1].subtitle, "a matching version is not mentioned")
    XCTAssertEqual(
      source.rows[2].subtitle?.fixedText, "It declares no GNOME Shell version, so GNOME Shell 43.9 won't start it.")
    XCTAssertEqual(source.rows[0].button?.label, "Settings of Coffee")
    XCTAssertNil(source.rows[1].button, "no settings, no button")
    try base.write(true, for: ShellExtensionSwitches.anyVersionKey)
    XCTAssertNil(source.versionProblem(found.all[0]), "with version checks off the Shell starts it")
    XCTAssertFalse(source.rows[0].subtitle?.fixedText?.contains("won't start") ?? true)
    observation.cancel()
  }

  func testNoExtensionsNoShellLookAndAPlainNote() async throws {
    let source = ShellExtensionRows(
      find: { ShellExtensions([]) }, folders: [],
      shellVersion: {
        XCTFail("the Shell is not looked for without extensions")
        return .failure(.notInstalled)
      })
    XCTAssertEqual(source.rows.map(\.title), ["No Extensions Installed"])
    XCTAssertEqual(source.rows.first?.key, nil)
    XCTAssertEqual(source.note, "")
  }

  func testRowsAreSortedByNameAndSayWhatTheRunningShellMadeOfEach() async throws {
    let found = ShellExtensions([
      ShellExtension(uuid: "a@x", name: "zebra Lines", shellVersions: ["43"]),
      ShellExtension(uuid: "b@x", name: "Broken Teapot", shellVersions: ["43"]),
      ShellExtension(uuid: "c@x", name: "Ancient Mug", shellVersions: ["3.36"], settingsSchema: "org.x.mug"),
      ShellExtension(uuid: "d@x", name: "Tuned Cup", shellVersions: ["43"], isUsers: false),
    ])
    let source = ShellExtensionRows(find: { found }, folders: [], shellVersion: { .failure(.notInstalled) })
    XCTAssertNotNil(source.connect(to: shellSettings()))
    XCTAssertEqual(source.rows.map(\.title), ["Ancient Mug", "Broken Teapot", "Tuned Cup", "zebra Lines"])
    XCTAssertEqual(source.rows[2].subtitle?.fixedText, "Installed for everyone")
    source.openPreferences = { _ in }
    source.setLive([
      "a@x": ShellExtensionLive(uuid: "a@x", state: .enabled, error: "", hasPrefs: false, canChange: true),
      "b@x": ShellExtensionLive(
        uuid: "b@x", state: .error, error: "Error: the tea kettle is empty", hasPrefs: false, canChange: true),
      "c@x": ShellExtensionLive(uuid: "c@x", state: .outOfDate, error: "", hasPrefs: false, canChange: false),
      "d@x": ShellExtensionLive(uuid: "d@x", state: .initialized, error: "", hasPrefs: true, canChange: true),
    ])
    XCTAssertEqual(
      source.rows[1].subtitle?.fixedText, "GNOME Shell could not start it: Error: the tea kettle is empty")
    XCTAssertEqual(source.rows[1].iconName, "dialog-warning-symbolic")
    XCTAssertEqual(
      source.rows[0].subtitle?.fixedText, "GNOME Shell won't start it: it is not made for this version of GNOME Shell.")
    XCTAssertEqual(source.rows[0].button?.label, "Settings of Ancient Mug", "no preferences: its schema's page")
    let reader = SettingsReader(shellSettings())
    XCTAssertEqual(source.rows[0].enabledWhen?.holds(reader), false, "the Shell says it can't change")
    XCTAssertEqual(source.rows[1].enabledWhen?.holds(reader), true)
    XCTAssertEqual(source.rows[2].button?.label, "Preferences of Tuned Cup")
    XCTAssertNil(source.rows[3].subtitle, "running as asked: nothing to say")
    source.updateLive(ShellExtensionLive(uuid: "b@x", state: .enabled, error: "", hasPrefs: false, canChange: true))
    XCTAssertNil(source.rows[1].subtitle, "the Shell's change of state is heard")
    source.setLive(nil)
    XCTAssertEqual(source.rows[1].iconName, "application-x-addon-symbolic")
    XCTAssertEqual(source.rows[2].button?.label, nil, "without a Shell no preferences")
  }

  func testASwitchGoesThroughTheRunningShellWhenItKnowsTheExtensionElseToTheLists() async throws {
    let found = ShellExtensions([
      ShellExtension(uuid: "a@x", name: "A", shellVersions: ["43"]),
      ShellExtension(uuid: "b@x", name: "B", shellVersions: ["43"]),
    ])
    let source = ShellExtensionRows(find: { found }, folders: [], shellVersion: { .failure(.notInstalled) })
    let base = shellSettings()
    let switches = try XCTUnwrap(source.connect(to: base)?.store)
    var handed: [(String, Bool)] = []
    var otherwise: (@MainActor () -> Void)?
    source.switchThroughShell = { uuid, on, fallback in
      handed.append((uuid, on))
      otherwise = fallback
    }
    source.setLive([
      "a@x": ShellExtensionLive(uuid: "a@x", state: .initialized, error: "", hasPrefs: false, canChange: true)
    ])
    try switches.write(.bool(true), for: ShellExtensionSwitches.key("a@x"))
    XCTAssertEqual(handed.map(\.0), ["a@x"])
    XCTAssertEqual(base.value(for: enabled), .strings([]), "the Shell keeps its lists itself")
    otherwise?()
    XCTAssertEqual(base.value(for: enabled), .strings(["a@x"]), "a Shell that did not take it: the lists are written")
    try switches.write(.bool(true), for: ShellExtensionSwitches.key("b@x"))
    XCTAssertEqual(handed.count, 1, "an extension the Shell doesn't know is switched in the lists")
    XCTAssertEqual(base.value(for: enabled), .strings(["a@x", "b@x"]))
  }

  func testWhatTheShellWritesForASwitchIsNotedAsTheWindowsOwnChange() async throws {
    let folder = NSTemporaryDirectory() + "knobs-shell-switch-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var clock = 1_000.0
    let history = ChangeHistory(file: folder + "/history.jsonl") { clock }
    let found = ShellExtensions([ShellExtension(uuid: "a@x", name: "A", shellVersions: ["43"])])
    let source = ShellExtensionRows(find: { found }, folders: [], shellVersion: { .failure(.notInstalled) })
    let base = shellSettings()
    try base.write(.strings(["a@x"]), for: disabled)
    let recording = RecordingStore(base: base, history: history, source: .window)
    // Behind a routed store, as a window with autostart rows has it: the noting is reached
    // through the store's capabilities, whatever class the store is.
    let routed = RoutedStore(base: recording, routes: ["org.example.elsewhere": MemoryStore(defaults: [:])])
    let switches = try XCTUnwrap(source.connect(to: routed)?.store)
    var otherwise: (@MainActor () -> Void)?
    source.switchThroughShell = { _, _, fallback in otherwise = fallback }
    source.setLive([
      "a@x": ShellExtensionLive(uuid: "a@x", state: .disabled, error: "", hasPrefs: false, canChange: true)
    ])
    try switches.write(.bool(true), for: ShellExtensionSwitches.key("a@x"))
    XCTAssertTrue(history.entries.isEmpty, "nothing is written until the Shell writes")
    // The Shell writes its lists as GNOME Shell 43 does: out of the second list, then into the first.
    clock += 0.2
    try base.write(.strings([]), for: disabled)
    try base.write(.strings(["a@x"]), for: enabled)
    XCTAssertEqual(history.entries.map(\.key), ["disabled-extensions", "enabled-extensions"])
    XCTAssertEqual(history.entries.map(\.source), [.window, .window], "the user's change, not another program's")
    XCTAssertEqual(history.entries.map(\.new), [nil, "['a@x']"])
    // Once the lists say it is on, later writes are someone else's.
    clock += 30
    try base.write(.strings(["a@x", "z@x"]), for: enabled)
    XCTAssertEqual(history.entries.count, 2)
    // A Shell that refuses: the lists are written here, and noted once.
    try switches.write(.bool(false), for: ShellExtensionSwitches.key("a@x"))
    clock += 30
    otherwise?()
    XCTAssertEqual(history.entries.count, 4, "\(history.entries)")
    XCTAssertEqual(base.value(for: disabled), .strings(["a@x"]))
  }

  /// dconf's reads see a write as soon as it is stored, before its signal is heard: the Shell's
  /// second list, stored while the first is being noted, is noted as the window's too (it was
  /// left to the other programs' notes, which called it another program's change).
  func testAListStoredBeforeItsSignalIsStillNotedAsTheWindowsChange() async throws {
    let folder = NSTemporaryDirectory() + "knobs-shell-switch-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let history = ChangeHistory(file: folder + "/history.jsonl") { 1_000 }
    let found = ShellExtensions([ShellExtension(uuid: "a@x", name: "A", shellVersions: ["43"])])
    let source = ShellExtensionRows(find: { found }, folders: [], shellVersion: { .failure(.notInstalled) })
    let base = SignalLaterStore(shellSettings(enabled: ["a@x"]))
    let switches = try XCTUnwrap(
      source.connect(to: RecordingStore(base: base, history: history, source: .window))?.store)
    source.switchThroughShell = { _, _, _ in }
    source.setLive([
      "a@x": ShellExtensionLive(uuid: "a@x", state: .enabled, error: "", hasPrefs: false, canChange: true)
    ])
    try switches.write(.bool(false), for: ShellExtensionSwitches.key("a@x"))
    // The Shell takes it out of the first list; its write into the second is stored just after
    // the second list is next read, while the first write's signal is handled, and its own
    // signal comes later.
    base.afterNextRead(of: disabled) { try? base.storeWithoutSignal(.strings(["a@x"]), for: self.disabled) }
    try base.write(.strings([]), for: enabled)
    XCTAssertEqual(Set(history.entries.map(\.key)), ["enabled-extensions", "disabled-extensions"])
    XCTAssertEqual(history.entries.map(\.source), [.window, .window])
  }

  func testAShellThatStopsAnsweringIsSaidAndTheListsAreReadAgain() async throws {
    let found = ShellExtensions([ShellExtension(uuid: "c@x", name: "C", shellVersions: ["3.36"])])
    let source = ShellExtensionRows(find: { found }, folders: [], shellVersion: { .success("43.9") })
    _ = source.connect(to: shellSettings())
    source.setLive(nil)
    XCTAssertFalse(source.note.hasPrefix("GNOME Shell stopped answering"), "no Shell at all: nothing to say")
    source.setLive([
      "c@x": ShellExtensionLive(uuid: "c@x", state: .disabled, error: "", hasPrefs: false, canChange: true)
    ])
    XCTAssertFalse(source.note.hasPrefix("GNOME Shell stopped answering"))
    source.setLive(nil)
    XCTAssertTrue(source.note.hasPrefix("GNOME Shell stopped answering"), source.note)
    source.setLive([:])
    XCTAssertFalse(source.note.hasPrefix("GNOME Shell stopped answering"), "a Shell answers again")
  }

  func testWhileEveryExtensionIsOffEachSwitchStillWorksAndSaysWhenItTakesEffect() async throws {
    let found = ShellExtensions([
      ShellExtension(uuid: "a@x", name: "A", shellVersions: ["43"]),
      ShellExtension(uuid: "c@x", name: "C", shellVersions: ["3.36"]),
    ])
    let source = ShellExtensionRows(find: { found }, folders: [], shellVersion: { .failure(.notInstalled) })
    let base = shellSettings()
    let switches = try XCTUnwrap(source.connect(to: base)?.store)
    // A running Shell with user extensions off says none of them can change.
    source.setLive([
      "a@x": ShellExtensionLive(uuid: "a@x", state: .initialized, error: "", hasPrefs: false, canChange: false),
      "c@x": ShellExtensionLive(uuid: "c@x", state: .outOfDate, error: "", hasPrefs: false, canChange: false),
    ])
    XCTAssertEqual(source.rows[0].enabledWhen?.holds(SettingsReader(base)), false)
    XCTAssertNil(source.rows[0].subtitle)
    try base.write(.bool(true), for: ShellExtensionSwitches.disableAllKey)
    XCTAssertEqual(source.rows[0].enabledWhen?.holds(SettingsReader(base)), true, "picked while all are off")
    XCTAssertEqual(
      source.rows[0].subtitle?.fixedText, "Extensions are off: this switch takes effect when they are on again.")
    XCTAssertTrue(source.rows[1].subtitle?.fixedText?.hasPrefix("Extensions are off") == true)
    try switches.write(.bool(true), for: ShellExtensionSwitches.key("a@x"))
    XCTAssertEqual(base.value(for: enabled), .strings(["a@x"]), "remembered in the Shell's list")
    try base.write(.bool(false), for: ShellExtensionSwitches.disableAllKey)
    XCTAssertNil(source.rows[0].subtitle, "on again: nothing to say")
  }

  func testRemoveAsksFirstForTheUsersOwnAndExplainsForEveryonesExtensions() async throws {
    let found = ShellExtensions([
      ShellExtension(uuid: "a@x", name: "Mine", shellVersions: ["43"]),
      ShellExtension(uuid: "d@x", name: "Everyone's", shellVersions: ["43"], isUsers: false),
    ])
    let source = ShellExtensionRows(
      find: { found }, folders: ["/home/u/.local/share/gnome-shell/extensions", "/usr/share/gnome-shell/extensions"],
      shellVersion: { .failure(.notInstalled) })
    XCTAssertNotNil(source.connect(to: shellSettings()))
    let mine = try XCTUnwrap(source.rows.first { $0.title == "Mine" }?.menuItems.first)
    XCTAssertEqual(mine.label, "Remove…")
    XCTAssertEqual(mine.action.confirmation?.title, "Remove “Mine”?")
    XCTAssertEqual(
      mine.action.confirmation?.message,
      "Its files are deleted from /home/u/.local/share/gnome-shell/extensions/a@x. Its settings are kept.")
    XCTAssertTrue(mine.action.isDestructive)
    var asked: [String] = []
    source.uninstall = { uuid, done in
      asked.append(uuid)
      done("gone")
    }
    let presenter = RecordingPresenter()
    _ = mine.action.perform(ActionContext(store: shellSettings(), panel: Panel("P") {}, presenter: presenter))
    XCTAssertEqual(asked, ["a@x"])
    XCTAssertEqual(presenter.messages, ["gone"])
    let everyones = try XCTUnwrap(source.rows.first { $0.title == "Everyone's" }?.menuItems.first)
    XCTAssertNil(everyones.action.confirmation, "nothing to confirm: it can't be removed here")
    _ = everyones.action.perform(ActionContext(store: shellSettings(), panel: Panel("P") {}, presenter: presenter))
    XCTAssertEqual(asked, ["a@x"], "not asked to remove")
    XCTAssertEqual(
      presenter.messages.last,
      "“Everyone's” is installed for everyone: only an administrator can remove it, with the package that installed it."
    )
  }
}

/// Keeps what actions say.
@MainActor
private final class RecordingPresenter: ActionPresenter {
  var messages: [String] = []
  func chooseApplication(
    title: String, from applications: [DesktopApplication], onChoose: @escaping @MainActor (DesktopApplication) -> Void
  ) {}
  func showMessage(_ message: String, undo: Undo?) { messages.append(message) }
  func askForText(_ request: TextRequest, onAnswer: @escaping @MainActor (String) -> Void) {}
  func chooseFile(_ request: FileRequest, onChoose: @escaping @MainActor (String) -> Void) {}
  func open(_ path: RowPath) -> Bool { false }
}

/// A store whose writes may be stored before their signal is heard, as dconf's are: reads see
/// them at once.
@MainActor
private final class SignalLaterStore: SettingsStore {
  let base: MemoryStore
  private var afterRead: (key: SettingKey, run: () -> Void)?
  private var quiet = false
  init(_ base: MemoryStore) { self.base = base }

  /// Runs `run` once, just after the next read of `key` has read its value.
  func afterNextRead(of key: SettingKey, _ run: @escaping () -> Void) { afterRead = (key, run) }

  func storeWithoutSignal(_ value: SettingValue, for key: SettingKey) throws(SettingsError) {
    quiet = true
    defer { quiet = false }
    try base.write(value, for: key)
  }

  var storage: StorageDescription { base.storage }
  var capabilities: StoreCapabilities { base.capabilities }
  func storage(for key: SettingKey) -> StorageDescription { base.storage(for: key) }
  func availability(of key: SettingKey) -> KeyAvailability { base.availability(of: key) }
  func value(for key: SettingKey) -> SettingValue? {
    let value = base.value(for: key)
    if let afterRead, afterRead.key == key {
      self.afterRead = nil
      afterRead.run()
    }
    return value
  }
  func defaultValue(for key: SettingKey) -> SettingValue? { base.defaultValue(for: key) }
  func check(_ value: SettingValue, for key: SettingKey) throws(SettingsError) { try base.check(value, for: key) }
  func isWritable(_ key: SettingKey) -> Bool { base.isWritable(key) }
  func write(_ value: SettingValue, for key: SettingKey) throws(SettingsError) { try base.write(value, for: key) }
  func reset(_ key: SettingKey) throws(SettingsError) { try base.reset(key) }
  func observe(_ handler: @escaping @MainActor (SettingKey) -> Void) -> Observation {
    base.observe { [weak self] key in
      if self?.quiet != true { handler(key) }
    }
  }
}
