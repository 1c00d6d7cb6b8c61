import Foundation
import XCTest

@testable import KnobsModel

/// The one write every change takes (`SettingEdit`): parse, check, persist, conflicts, write,
/// record, in that order, and nothing after a step that refuses.
@MainActor
final class SettingEditTests: XCTestCase {
  /// A store that notes each call the edit makes, in order, before passing it to a memory store.
  final class NotingStore: SettingsStore {
    let base: MemoryStore
    var calls: [String] = []
    var isPersistent = true

    init(_ base: MemoryStore) { self.base = base }

    func availability(of key: SettingKey) -> KeyAvailability { base.availability(of: key) }
    func value(for key: SettingKey) -> SettingValue? { base.value(for: key) }
    func defaultValue(for key: SettingKey) -> SettingValue? { base.defaultValue(for: key) }
    func write(_ value: SettingValue, for key: SettingKey) throws(SettingsError) {
      calls.append("write \(key.key)")
      try base.write(value, for: key)
    }
    func check(_ value: SettingValue, for key: SettingKey) throws(SettingsError) {
      calls.append("check \(key.key)")
      try base.check(value, for: key)
    }
    func reset(_ key: SettingKey) throws(SettingsError) {
      calls.append("reset \(key.key)")
      try base.reset(key)
    }
    func isWritable(_ key: SettingKey) -> Bool { base.isWritable(key) }
    func observe(_ handler: @escaping @MainActor (SettingKey) -> Void) -> Observation { base.observe(handler) }
    var storage: StorageDescription {
      calls.append("persist")
      return StorageDescription(backend: "test", isPersistent: isPersistent)
    }
  }

  var folder: String!

  override func setUp() async throws {
    folder = NSTemporaryDirectory() + "knobs-edit-\(UUID().uuidString)"
  }

  override func tearDown() async throws {
    try? FileManager.default.removeItem(atPath: folder)
  }

  let size = SettingKey(schema: "org.example", key: "size")
  let minimize = ShortcutTests.minimize
  let overview = ShortcutTests.overview

  /// The keybindings of `KeybindingLibrary` in a noting store, recorded in a history.
  func keybindings() -> (NotingStore, RecordingStore, ChangeHistory) {
    let noting = NotingStore(MemoryStore(defaults: KeybindingLibrary.values))
    let history = ChangeHistory(file: folder + "/history.jsonl") { 1_000 }
    return (noting, RecordingStore(base: noting, history: history, source: .commandLine), history)
  }

  func shortcutEdit(_ store: any SettingsStore, replacing: Bool) -> SettingEdit {
    var edit = SettingEdit(minimize, in: store, requiresPersistence: true)
    edit.conflicts = .of(
      Row.Shortcut(key: minimize), in: { KeybindingIndex(library: KeybindingLibrary()) }, replacing: replacing)
    return edit
  }

  func testTheStepsRunInOrderAndTheChangesAreRecorded() async throws {
    let (noting, store, history) = keybindings()
    var steps: [String] = []
    try shortcutEdit(store, replacing: true).write { current throws(SettingEdit.Refusal) in
      steps.append("parse")
      XCTAssertEqual(current, .strings(["<Super>h"]), "parse is given the stored value")
      return .strings(["<Super>s"])
    }
    steps += noting.calls
    XCTAssertEqual(
      steps, ["parse", "check minimize", "persist", "write toggle-overview", "write minimize"],
      "parsed, checked, persisted, the conflict cleared, then written")
    XCTAssertEqual(store.value(for: minimize), .strings(["<Super>s"]))
    XCTAssertEqual(store.value(for: overview), .strings(["<Super>o"]), "only the conflicting shortcut taken")
    XCTAssertEqual(
      history.entries.map(\.key), ["toggle-overview", "minimize"], "both changes are recorded, in order")
  }

  func testARefusedValueStoresNothingClearsNothingAndRecordsNothing() async {
    let (noting, store, history) = keybindings()
    XCTAssertThrowsError(try shortcutEdit(store, replacing: true).write(.string("<Super>s"))) { error in
      guard case .refused(let refusal) = error as? SettingEdit.Refusal, refusal.isBadValue else {
        return XCTFail("refused by the store's check: \(error)")
      }
    }
    XCTAssertEqual(noting.calls, ["check minimize"], "nothing after the check")
    XCTAssertEqual(store.value(for: minimize), .strings(["<Super>h"]))
    XCTAssertEqual(store.value(for: overview), .strings(["<Super>s", "<Super>o"]), "the conflict is not cleared")
    XCTAssertEqual(history.entries, [])
  }

  func testABadInputStopsBeforeTheStoreIsAsked() async {
    let (noting, store, history) = keybindings()
    XCTAssertThrowsError(
      try shortcutEdit(store, replacing: true).write { _ throws(SettingEdit.Refusal) in throw .badInput("no") }
    ) { error in
      XCTAssertEqual((error as? SettingEdit.Refusal)?.description, "no")
    }
    XCTAssertEqual(noting.calls, [])
    XCTAssertEqual(history.entries, [])
  }

  func testConflictsRefuseTheEditUnlessItReplacesThem() async {
    let (noting, store, history) = keybindings()
    XCTAssertThrowsError(try shortcutEdit(store, replacing: false).write(.strings(["<Super>s"]))) { error in
      guard case .conflicts(let conflicts) = error as? SettingEdit.Refusal else { return XCTFail("\(error)") }
      XCTAssertEqual(conflicts.map(\.binding.key), [overview])
    }
    XCTAssertEqual(noting.calls, ["check minimize", "persist"], "checked and persisted, nothing written")
    XCTAssertEqual(store.value(for: overview), .strings(["<Super>s", "<Super>o"]))
    XCTAssertEqual(history.entries, [])
  }

  func testALockedKeyTakesNoShortcutFromAnother() async {
    let base = MemoryStore(defaults: KeybindingLibrary.values, locked: [ShortcutTests.minimize])
    XCTAssertThrowsError(try shortcutEdit(NotingStore(base), replacing: true).write(.strings(["<Super>s"]))) { error in
      guard case .refused(.notWritable(let key)) = error as? SettingEdit.Refusal else { return XCTFail("\(error)") }
      XCTAssertEqual(key, self.minimize)
    }
    XCTAssertEqual(base.value(for: overview), .strings(["<Super>s", "<Super>o"]), "the other keeps its shortcut")
  }

  func testAChangeThatWouldNotOutliveTheProcessIsRefusedWhereItMust() async throws {
    let noting = NotingStore(MemoryStore(defaults: [size: .int(3)]))
    noting.isPersistent = false
    XCTAssertThrowsError(try SettingEdit(size, in: noting, requiresPersistence: true).write(.int(4))) { error in
      guard case .notPersistent = error as? SettingEdit.Refusal else { return XCTFail("\(error)") }
    }
    XCTAssertEqual(noting.value(for: size), .int(3))
    XCTAssertThrowsError(try SettingEdit(size, in: noting, requiresPersistence: true).reset())
    try SettingEdit(size, in: noting).write(.int(4))
    XCTAssertEqual(noting.value(for: size), .int(4), "the window writes to a store that forgets, and says so elsewhere")
    XCTAssertEqual(noting.calls, ["check size", "persist", "persist", "check size", "write size"])
  }

  func testAStoreThatCantKeepTheValueIsSaidAsAFailure() async {
    let store = MemoryStore(defaults: [size: .int(3)], locked: [size])
    XCTAssertThrowsError(try SettingEdit(size, in: store).write(.int(4))) { error in
      guard case .failed(.notWritable) = error as? SettingEdit.Refusal else { return XCTFail("\(error)") }
    }
    XCTAssertEqual(store.value(for: size), .int(3))
  }

  func testResetChecksTheKeyMayChangeThenRecords() async throws {
    let base = MemoryStore(defaults: [size: .int(3)])
    try base.write(.int(5), for: size)
    let history = ChangeHistory(file: folder + "/history.jsonl") { 1_000 }
    let store = RecordingStore(base: base, history: history, source: .window)
    base.setLocked(true, size)
    XCTAssertThrowsError(try SettingEdit(size, in: store).reset()) { error in
      guard case .refused(.notWritable) = error as? SettingEdit.Refusal else { return XCTFail("\(error)") }
    }
    XCTAssertEqual(store.value(for: size), .int(5))
    XCTAssertEqual(history.entries, [])
    base.setLocked(false, size)
    try SettingEdit(size, in: store).reset()
    XCTAssertEqual(store.value(for: size), .int(3))
    XCTAssertEqual(history.entries.map(\.key), ["size"])
  }
}
