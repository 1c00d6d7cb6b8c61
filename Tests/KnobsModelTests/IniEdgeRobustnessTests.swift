import Foundation
import XCTest

@testable import KnobsModel

#if canImport(Glibc)
  import Glibc
#endif

/// Edges of INI editing a review found: each value written reads back as written, and nothing else moves.
@MainActor
final class IniEdgeRobustnessTests: XCTestCase {
  func write(_ value: SettingValue, _ key: String, _ group: String?, in document: inout IniDocument) throws {
    let bytes = try IniValueCoding.write(value, dialect: document.dialect, previous: document.rawValue(key, in: group))
    document.setValue(bytes, for: key, in: group)
  }

  func read(_ key: String, _ group: String?, like sample: SettingValue, in document: IniDocument) -> SettingValue? {
    document.rawValue(key, in: group).flatMap { IniValueCoding.read($0, like: sample, dialect: document.dialect) }
  }

  func testAFinalBackslashIsRefusedWhereItWouldContinueTheLine() async throws {
    for dialect in [IniDialect.plain, .systemd] {
      var document = IniDocument(bytes: Array("[a]\npath = x\n[b]\nk = v\n".utf8), dialect: dialect)
      XCTAssertThrowsError(try write("C:\\dir\\", "path", "a", in: &document), "\(dialect)")
      XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "[a]\npath = x\n[b]\nk = v\n")
    }
    var keyfile = IniDocument(bytes: Array("[a]\npath=x\n[b]\nk=v\n".utf8), dialect: .keyfile)
    try write("C:\\dir\\", "path", "a", in: &keyfile)
    XCTAssertEqual(read("path", "a", like: "", in: keyfile), "C:\\dir\\")
    XCTAssertEqual(read("k", "b", like: "", in: keyfile), "v", "the next group is still there")
  }

  func testAnEmptyValueBeforeACommentStaysApartFromIt() async throws {
    var document = IniDocument(bytes: Array("[a]\nlimit =   # none yet\n".utf8), dialect: .plain)
    try write(5, "limit", "a", in: &document)
    XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "[a]\nlimit =   5 # none yet\n")
    XCTAssertEqual(read("limit", "a", like: 0, in: document), 5)
  }

  func testSpacesAtBothEndsOfAKeyfileValueAreKept() async throws {
    var document = IniDocument(bytes: Array("[a]\nname=x\n".utf8), dialect: .keyfile)
    try write("  two  ", "name", "a", in: &document)
    XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "[a]\nname=\\s\\stwo\\s\\s\n")
    XCTAssertEqual(read("name", "a", like: "", in: document), "  two  ")
  }

  func testRemovingTheFirstKeyKeepsTheByteOrderMark() async throws {
    var document = IniDocument(bytes: [0xEF, 0xBB, 0xBF] + Array("top=1\n[a]\nk=v\n".utf8), dialect: .keyfile)
    document.removeKey("top", in: nil)
    XCTAssertEqual(document.bytes, [0xEF, 0xBB, 0xBF] + Array("[a]\nk=v\n".utf8))
  }

  func testQuotedNumbersAndBooleansStayQuoted() async throws {
    var document = IniDocument(bytes: Array("[a]\non = \"yes\"\nn = \"3\"\nd = \"0.5\"\n".utf8), dialect: .plain)
    try write(false, "on", "a", in: &document)
    try write(4, "n", "a", in: &document)
    try write(0.25, "d", "a", in: &document)
    XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "[a]\non = \"no\"\nn = \"4\"\nd = \"0.25\"\n")
    XCTAssertEqual(read("on", "a", like: true, in: document), false)
    XCTAssertEqual(read("n", "a", like: 0, in: document), 4)
  }

  func testAFileDatedInTheFutureCanBeWritten() async throws {
    let folder = NSTemporaryDirectory() + "knobs-future-\(UUID())"
    try FileManager.default.createDirectory(atPath: folder + "/app", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/app/app.ini"
    try Data("[a]\nk=1\n".utf8).write(to: URL(fileURLWithPath: path))
    var times = [timespec(tv_sec: time(nil) + 86_400, tv_nsec: 0), timespec(tv_sec: time(nil) + 86_400, tv_nsec: 0)]
    utimensat(AT_FDCWD, path, &times, 0)
    let key = SettingKey(schema: "ini:app/app.ini", key: "a/k")
    let store = try IniStore(
      schema: "ini:app/app.ini", relativePath: "app/app.ini", configHome: folder, defaults: [key: 0])
    XCTAssertNil(store.problem)
    XCTAssertEqual(store.value(for: key), 1)
    try store.write(2, for: key)
    XCTAssertEqual(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self), "[a]\nk=2\n")
  }

  func testHugeStepsNeverTrap() async {
    let row = SliderRow(
      "n", "N", key: SettingKey(schema: "s.x", key: "n"),
      range: -9_223_372_036_854_775_808...9_223_372_036_854_775_807,
      step: 6_148_914_691_236_516_864
    ).row
    XCTAssertEqual(
      try row.parseValue("-4220000000000000000", like: .int(0), style: .c), .int(-4_220_000_000_000_000_000))
    XCTAssertEqual(ExactNumber.snapped(Int.max, minimum: -1e19, maximum: 1e19, step: 1e18), Int.max)
  }

  func testTranslationsAndCombiningMarksAreHeldToTheBounds() async {
    let panel = """
      id: org.example.Bounds
      name: Bounds
      name[de]: "Grenzen\\u001b[2J"
      sections:
        - id: s
          rows:
            - kind: value
              id: v
              title: V
              title[he]: "\\u0007"
              value: x

      """
    XCTAssertThrowsError(try PanelFile.parse(panel, file: "bounds.yaml")) { error in
      let messages = (error as? PanelFileErrors)?.errors.map(\.description) ?? []
      XCTAssertTrue(messages.contains { $0.hasPrefix("bounds.yaml:3:") && $0.contains("name[de]") }, "\(messages)")
      XCTAssertTrue(messages.contains { $0.contains("title[he]") }, "\(messages)")
    }
    let stacked = "e" + String(repeating: "\u{301}", count: 100_000)
    XCTAssertEqual(stacked.count, 1)
    XCTAssertNotNil(TextBounds.problem(with: stacked, label: "Title"), "counted in scalars, not Characters")
    XCTAssertLessThanOrEqual(TextBounds.fitted(stacked).unicodeScalars.count, TextBounds.maximumLength)
  }
}
