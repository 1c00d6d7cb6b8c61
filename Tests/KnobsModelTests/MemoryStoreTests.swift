import KnobsModel
import XCTest

@MainActor
final class MemoryStoreTests: XCTestCase {
  func testWriteReadAndReset() async throws {
    let store = Sample.store()
    XCTAssertEqual(store.value(for: Keys.textScale), 1.0)
    try store.write(1.5, for: Keys.textScale)
    XCTAssertEqual(store.value(for: Keys.textScale), 1.5)
    XCTAssertEqual(store.defaultValue(for: Keys.textScale), 1.0)
    XCTAssertTrue(store.hasUserValue(Keys.textScale))
    try store.reset(Keys.textScale)
    XCTAssertEqual(store.value(for: Keys.textScale), 1.0)
    XCTAssertFalse(store.hasUserValue(Keys.textScale))
  }

  func testTypeMismatchIsRefused() async {
    let store = Sample.store()
    XCTAssertThrowsError(try store.write("big", for: Keys.textScale)) { error in
      XCTAssertEqual(error as? SettingsError, .typeMismatch(Keys.textScale, expected: "number", got: "string"))
    }
    XCTAssertEqual(store.value(for: Keys.textScale), 1.0)
  }

  func testLockedKeysRefuseWrites() async throws {
    let store = MemoryStore(defaults: [Keys.showSeconds: false], locked: [Keys.showSeconds])
    XCTAssertFalse(store.isWritable(Keys.showSeconds))
    XCTAssertThrowsError(try store.write(true, for: Keys.showSeconds)) { error in
      XCTAssertEqual(error as? SettingsError, .notWritable(Keys.showSeconds))
    }
    store.setLocked(false, Keys.showSeconds)
    XCTAssertTrue(store.isWritable(Keys.showSeconds))
    try store.write(true, for: Keys.showSeconds)
    XCTAssertEqual(store.value(for: Keys.showSeconds), true)
  }

  func testMissingKeysAndSchemas() async {
    let store = Sample.store()
    let otherKey = SettingKey(schema: Keys.interface, key: "nope")
    XCTAssertEqual(store.availability(of: Keys.textScale), .available)
    XCTAssertEqual(store.availability(of: otherKey), .missingKey(otherKey))
    XCTAssertEqual(store.availability(of: Keys.missing), .missingSchema(Keys.missing.schema))
    XCTAssertNil(store.value(for: Keys.missing))
    XCTAssertThrowsError(try store.write(true, for: Keys.missing)) { error in
      XCTAssertEqual(error as? SettingsError, .unavailable(.missingSchema(Keys.missing.schema)))
    }
  }

  func testObserversHearChangesUntilCancelled() async throws {
    let store = Sample.store()
    var heard: [SettingKey] = []
    let observation = store.observe { heard.append($0) }
    try store.write(true, for: Keys.showSeconds)
    try store.write(true, for: Keys.showSeconds)
    try store.reset(Keys.animations)
    try store.reset(Keys.showSeconds)
    store.setLocked(true, Keys.clockFormat)
    XCTAssertEqual(heard, [Keys.showSeconds, Keys.showSeconds, Keys.clockFormat], "no-op writes and resets are silent")
    observation.cancel()
    try store.write(false, for: Keys.animations)
    XCTAssertEqual(heard.count, 3)
  }
}
