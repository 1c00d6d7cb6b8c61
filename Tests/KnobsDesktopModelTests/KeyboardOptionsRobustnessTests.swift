#if canImport(XCTest)
  import FoundationEssentials
  import XCTest

  @testable import KnobsDesktopModel

  /// XKB's rules file as a damaged or hostile file holds it: cut anywhere, with NUL bytes and bytes
  /// that are not UTF-8, with a tag at the very end and nothing after it, and huge. The scan
  /// (glibc's memmem over byte ranges) never reads past a range, and gives what it can.
  final class KeyboardOptionsRobustnessTests: XCTestCase {
    private let bytes = Array(
      """
      <xkbConfigRegistry><layoutList><layout><configItem><name>us</name></configItem></layout></layoutList>
      <optionList>
        <group allowMultipleSelection="false">
          <configItem><name>caps</name><description>Caps Lock behavior</description></configItem>
          <option><configItem><name>caps:escape</name><description>Caps Lock is Esc</description></configItem></option>
        </group>
        <group allowMultipleSelection="true">
          <configItem><name>Compose key</name><description>Where Compose is</description></configItem>
          <option><configItem><name>compose:ralt</name><description>Right Alt</description></configItem></option>
          <option><configItem><name>compose:menu</name><description>Menu</description></configItem></option>
        </group>
      </optionList></xkbConfigRegistry>
      """.utf8)

    func testARulesFileCutAnywhereGivesTheGroupsBeforeTheCutAndNeverMore() async {
      let whole = KeyboardOptions.parse(bytes)
      XCTAssertEqual(whole.groups.count, 2)
      for length in 0...bytes.count {
        let cut = KeyboardOptions.parse(Array(bytes[..<length]))
        XCTAssertLessThanOrEqual(cut.groups.count, 2, "cut at \(length)")
        for (group, complete) in zip(cut.groups, whole.groups) {
          XCTAssertEqual(group.name, complete.name, "cut at \(length)")
          XCTAssertLessThanOrEqual(group.options.count, complete.options.count, "cut at \(length)")
        }
      }
    }

    func testNulBytesAndBytesThatAreNotUTF8StayInsideTheirTexts() async {
      var damaged = bytes
      let name = Array("Caps Lock behavior".utf8)
      let at = damaged.indices.first { damaged[$0...].starts(with: name) }!
      damaged.replaceSubrange(at..<at + 4, with: [0, 0xFF, 0xFE, 0])
      let options = KeyboardOptions.parse(damaged)
      XCTAssertEqual(options.groups.map(\.name), ["caps", "Compose key"])
      XCTAssertEqual(options.groups[0].description, "\u{0}\u{FFFD}\u{FFFD}\u{0} Lock behavior")
    }

    func testATagAtTheVeryEndOrOnlyHalfWrittenFindsNothing() async {
      for text in ["<optionList>", "<optionList><group", "<optionList><group>", "<optionList></optionList>", "<", ""] {
        XCTAssertEqual(KeyboardOptions.parse(Array(text.utf8)).groups.count, 0, text)
      }
    }

    func testAHugeFileOfLayoutsBeforeTheOptionListIsReadInOnePass() async {
      // 20 MB of layouts, then the option list: found past them.
      let layout = Array("<layout><configItem><name>xx</name></configItem></layout>\n".utf8)
      var huge: [UInt8] = []
      huge.reserveCapacity(20_000_000 + bytes.count)
      while huge.count < 20_000_000 { huge += layout }
      huge += bytes
      XCTAssertEqual(KeyboardOptions.parse(huge).groups.map(\.name), ["caps", "Compose key"])
    }
  }
#endif
