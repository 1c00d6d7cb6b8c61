import Foundation
import Gtk
import KnobsModel
import KnobsTestSupport
@testable import KnobsUI
import XCTest

/// The INI store of panel files in the window: line-for-line edits, outside edits followed.
@MainActor
final class IniStoreTests: GtkTestCase {
  static let schema = "ini:pizza/pizza.ini"
  static let bacon = SettingKey(schema: schema, key: "toppings/bacon")
  static let thickness = SettingKey(schema: schema, key: "dough/thickness")
  var config = ""

  override func setUp() async throws {
    try await super.setUp()
    config = FileManager.default.temporaryDirectory.appendingPathComponent("knobs-ini-\(UUID())").path
    try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
  }

  override func tearDown() async throws {
    try await super.tearDown()
    try? FileManager.default.removeItem(atPath: config)
  }

  func makeStore() throws -> IniStore {
    try IniStore(
      schema: Self.schema, relativePath: "pizza/pizza.ini", configHome: config,
      defaults: [Self.bacon: true, Self.thickness: 3])
  }

  func testWritesKeepCommentsAndUnknownKeys() async throws {
    try FileManager.default.createDirectory(atPath: config + "/pizza", withIntermediateDirectories: true)
    let path = config + "/pizza/pizza.ini"
    try "# the pizza app's file\n[toppings]\n# crispy\nbacon=true\nanchovies=maybe\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    let store = try makeStore()
    XCTAssertEqual(store.value(for: Self.bacon), true)
    try store.write(false, for: Self.bacon)
    try store.write(5, for: Self.thickness)
    XCTAssertEqual(
      try String(contentsOfFile: path, encoding: .utf8),
      // Only the value changed; the new group comes at the end, after a blank line.
      "# the pizza app's file\n[toppings]\n# crispy\nbacon=false\nanchovies=maybe\n\n[dough]\nthickness=5\n")
    try store.reset(Self.thickness)
    XCTAssertEqual(store.value(for: Self.thickness), 3)
    XCTAssertFalse(try String(contentsOfFile: path, encoding: .utf8).contains("thickness"))
    XCTAssertThrowsError(try store.write("thick", for: Self.thickness))
  }

  func testAnIntegerPastTwoToThe53ShowsExactlyInTheWindow() async throws {
    try FileManager.default.createDirectory(atPath: config + "/pizza", withIntermediateDirectories: true)
    try "[dough]\nthickness = 9223372036854775807\n".write(
      toFile: config + "/pizza/pizza.ini", atomically: true, encoding: .utf8)
    let store = try IniStore(
      schema: Self.schema, relativePath: "pizza/pizza.ini", configHome: config, defaults: [Self.thickness: 3],
      dialect: .plain)
    let panel = Panel("Pizza") {
      Section("dough", "Dough") {
        SliderRow(
          "thickness", "Thickness", key: Self.thickness, range: 1...6, step: 1,
          format: .number(decimals: 0, unit: "mm"))
      }
    }
    let window = await makeWindow(panel, store: store)
    XCTAssertEqual(window.currentPage.rowView(path: "dough/thickness")?.shownValue, "9223372036854775807 mm")
    window.window.close()
  }

  func testOutsideEditsReachObservers() async throws {
    let store = try makeStore()
    store.watch()
    var changed: [SettingKey] = []
    let observation = store.observe { changed.append($0) }
    try FileManager.default.createDirectory(atPath: config + "/pizza", withIntermediateDirectories: true)
    try "[dough]\nthickness=2\n".write(toFile: config + "/pizza/pizza.ini", atomically: true, encoding: .utf8)
    XCTAssertTrue(runMainLoop(until: { !changed.isEmpty }, timeout: 10), "the monitor saw the edit")
    XCTAssertEqual(changed, [Self.thickness])
    XCTAssertEqual(store.value(for: Self.thickness), 2)
    observation.cancel()
  }

  func testSymlinkOutOfTheConfigFolderIsRefused() async throws {
    let outside = config + "-outside"
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: outside) }
    try FileManager.default.createSymbolicLink(atPath: config + "/pizza", withDestinationPath: outside)
    XCTAssertThrowsError(try makeStore()) { error in
      XCTAssertEqual(error as? ConfigFileError, .outside("pizza/pizza.ini"))
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside), [], "nothing is written")
  }

  func testSymlinkSwappedInLaterIsNotReadAndIsReported() async throws {
    try FileManager.default.createDirectory(atPath: config + "/pizza", withIntermediateDirectories: true)
    let path = config + "/pizza/pizza.ini"
    try "[dough]\nthickness=2\n".write(toFile: path, atomically: true, encoding: .utf8)
    let outside = config + "-outside"
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: outside) }
    try "[dough]\nthickness=9\n".write(toFile: outside + "/secret.ini", atomically: true, encoding: .utf8)
    let store = try makeStore()
    store.watch()
    var reported: [String?] = []
    store.onProblemChanged = { reported.append($0) }
    XCTAssertEqual(store.value(for: Self.thickness), 2)

    // Another program replaces the file with a symlink out of the config folder.
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: outside + "/secret.ini")
    XCTAssertTrue(runMainLoop(until: { store.problem != nil }, timeout: 10), "the monitor saw the swap")
    let refusal = ConfigFileError.outside("pizza/pizza.ini").description
    XCTAssertEqual(store.problem, refusal)
    XCTAssertEqual(reported, [refusal])
    XCTAssertEqual(store.value(for: Self.thickness), 2, "nothing was read through the symlink")
    XCTAssertFalse(store.isWritable(Self.thickness))
    XCTAssertThrowsError(try store.write(4, for: Self.thickness))
    XCTAssertEqual(try String(contentsOfFile: outside + "/secret.ini", encoding: .utf8), "[dough]\nthickness=9\n")

    // A regular file back in its place is read again.
    try FileManager.default.removeItem(atPath: path)
    try "[dough]\nthickness=4\n".write(toFile: path, atomically: true, encoding: .utf8)
    XCTAssertTrue(runMainLoop(until: { store.problem == nil }, timeout: 10), "the monitor saw the file return")
    XCTAssertEqual(reported, [refusal, nil])
    XCTAssertEqual(store.value(for: Self.thickness), 4)
  }
}
