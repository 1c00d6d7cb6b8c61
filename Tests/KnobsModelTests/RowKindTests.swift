import KnobsModel
import XCTest

/// `Row.Kind` is a struct: an app reads the kind it cares about instead of switching over all of them.
final class RowKindTests: XCTestCase {
  @MainActor
  func testAKindIsReadByItsAccessorAndName() async {
    let key = SettingKey(schema: "org.example.pizza", key: "thickness")
    let slider = SliderRow("thickness", "Thickness", key: key, range: 1...6, step: 1).row
    XCTAssertEqual(slider.kind.slider?.minimum, 1)
    XCTAssertEqual(slider.kind.slider?.maximum, 6)
    XCTAssertNil(slider.kind.toggle)
    XCTAssertNil(slider.kind.number)
    XCTAssertEqual(slider.kind.name, .slider)

    let page = DetailRow("more", "More") { Section("inner") { ValueRow("v", "V", value: "1") } }.row
    XCTAssertEqual(page.kind.detail?.sections.map(\.id), ["inner"])
    XCTAssertNil(page.kind.slider)
    XCTAssertEqual(page.kind.name, .detail)

    // Made from a kind's value, a row is of that kind.
    let toggle = Row(id: "bacon", title: "Bacon", kind: .toggle(Row.Toggle(key: key)))
    XCTAssertEqual(toggle.kind.toggle?.key, key)
    XCTAssertEqual(toggle.kindName, "toggle")
  }
}
