import KnobsDesktopModel
import KnobsModel
import XCTest

/// The copy of the dconf database kept at close: whole, or not compared with at all.
final class DconfSnapshotTests: XCTestCase {
  let dump = "[org/gnome/desktop/interface]\ncursor-size=32\nclock-format='12h'\n"

  func testAWholeCopyReadsBackAsTheDump() {
    let text = DconfSnapshot.text(of: dump)
    XCTAssertTrue(text.hasPrefix(dump))
    XCTAssertEqual(DconfSnapshot.dump(from: Array(text.utf8)), dump)
    XCTAssertEqual(DconfSnapshot.dump(from: Array(DconfSnapshot.text(of: "").utf8)), "", "an empty database")
  }

  func testACopyCutOffEditedOrWithoutItsLastLineIsNotTaken() {
    let text = Array(DconfSnapshot.text(of: dump).utf8)
    // Cut anywhere, even mid-line: never taken for a copy with fewer keys.
    for length in 0..<text.count {
      XCTAssertNil(DconfSnapshot.dump(from: Array(text.prefix(length))), "cut at \(length)")
    }
    var edited = text
    edited[dump.utf8.count - 3] = UInt8(ascii: "9")
    XCTAssertNil(DconfSnapshot.dump(from: edited), "a changed value")
    XCTAssertNil(DconfSnapshot.dump(from: Array(dump.utf8)), "a copy from before the proof line (a plain dump)")
    XCTAssertNil(
      DconfSnapshot.dump(from: Array((dump + "# knobs-snapshot bytes=9999999999999999999999 fnv1a=0\n").utf8)))
  }

  func testTheCopyIsWrittenWholeAndReadFromDisk() throws {
    let path = NSTemporaryDirectory() + "knobs-snapshot-\(UUID().uuidString)/dconf-snapshot.ini"
    defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    XCTAssertNil(DconfSnapshot.read(path: path), "no copy yet")
    XCTAssertNil(DconfSnapshot.save(dump, to: path))
    XCTAssertEqual(DconfSnapshot.read(path: path), dump)
    XCTAssertNotNil(DconfSnapshot.save(dump, to: "/dev/null/knobs/dconf-snapshot.ini"), "a write that fails says so")
  }
}
