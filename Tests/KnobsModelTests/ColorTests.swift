import KnobsModel
import XCTest

/// Colors kept as text: parsing, the format a key writes in, color rows.
@MainActor
final class ColorTests: XCTestCase {
  static let primary = SettingKey(schema: "org.gnome.desktop.background", key: "primary-color")
  static let tint = SettingKey(schema: "test.colors", key: "tint")

  func testColorTextParses() async throws {
    XCTAssertEqual(try RGBColor(parsing: "#3465a4"), RGBColor(red: 0x34, green: 0x65, blue: 0xa4))
    XCTAssertEqual(try RGBColor(parsing: "#36A"), RGBColor(red: 0x33, green: 0x66, blue: 0xaa))
    XCTAssertEqual(try RGBColor(parsing: "rgb(52, 101, 164)"), RGBColor(red: 52, green: 101, blue: 164))
    XCTAssertEqual(try RGBColor(parsing: "rgba(0,0,0,0.5)"), RGBColor(red: 0, green: 0, blue: 0, alpha: 0.5))
    XCTAssertEqual(try RGBColor(parsing: "#00000080").alpha, 128.0 / 255, accuracy: 0.001)
    XCTAssertEqual(try RGBColor(parsing: " Black "), RGBColor(red: 0, green: 0, blue: 0))
  }

  func testWhatIsNoColorIsRefusedWithAReason() async {
    for bad in ["blue-ish", "#12345", "#ggg", "", "rgb(1,2)", "rgb(1,2,300)", "rgba(1,2,3,2)", "3465a4"] {
      XCTAssertThrowsError(try RGBColor(parsing: bad), bad) { error in
        XCTAssertTrue(String(describing: error).contains("color"), "\(bad): \(error)")
      }
    }
  }

  func testAColorIsWrittenInItsKeysFormat() async throws {
    let color = try RGBColor(parsing: "rgb(52,101,164)")
    XCTAssertEqual(color.text(in: .hex), "#3465a4")
    XCTAssertEqual(color.text(in: .rgb), "rgb(52,101,164)")
    XCTAssertEqual(ColorFormat(of: "#023c88"), .hex)
    XCTAssertEqual(ColorFormat(of: "rgba(1,2,3,1)"), .rgba)
    XCTAssertNil(ColorFormat(of: "blue-ish"))
    let row = Row.Color(key: Self.primary)
    XCTAssertEqual(row.format(default: "#023c88"), .hex)
    XCTAssertEqual(row.format(default: "rgb(0,0,0)"), .rgb)
  }

  func testTheCommandLineSetsAColorInTheKeysFormatAndRefusesOthers() async throws {
    let row = ColorRow("primary", "Primary Color", key: Self.primary).row
    XCTAssertEqual(try row.parseValue("rgb(52,101,164)", like: "#023c88"), .string("#3465a4"))
    XCTAssertEqual(try row.parseValue("#36a", like: "#023c88"), .string("#3366aa"))
    let rgbRow = ColorRow("tint", "Tint", key: Self.tint).row
    XCTAssertEqual(try rgbRow.parseValue("#3465a4", like: "rgb(0,0,0)"), .string("rgb(52,101,164)"))
    for bad in ["blue-ish", "#12345"] {
      XCTAssertThrowsError(try row.parseValue(bad, like: "#023c88"), bad) { error in
        guard case .refused = error as? ValueError else { return XCTFail("\(bad): \(error)") }
      }
    }
  }

  func testTheValidatorRefusesAColorRowWhoseDefaultIsNoColor() async {
    let store = MemoryStore(defaults: [Self.primary: "#023c88", Self.tint: "reddish"])
    let panel = Panel("Colors") {
      Section("colors", "Colors") {
        ColorRow("primary", "Primary", key: Self.primary)
        ColorRow("tint", "Tint", key: Self.tint)
      }
    }
    XCTAssertEqual(panel.validate(against: store).map(\.path), ["colors/tint"])
  }

  func testTheGeneratorUsesColorRowsForColorKeysWithAColorDefault() async {
    let schema = SchemaDescription(
      id: "org.gnome.desktop.background", path: "/org/gnome/desktop/background/",
      keys: [
        KeyDescription(name: "primary-color", typeString: "s", defaultString: "#023c88"),
        KeyDescription(name: "color-shading-type", typeString: "s", defaultString: "solid"),
        KeyDescription(name: "accent-color", typeString: "s", defaultString: "not set"),
        KeyDescription(name: "picture-uri", typeString: "s", defaultString: "file:///x.png"),
      ])
    XCTAssertEqual(SchemaPanel.make(schema).entries.map(\.row.kindName), ["color", "text", "text", "text"])
  }

  /// Extensions keep colors as doubles from 0 to 1, `(dddd)` with alpha or `(ddd)` without.
  func testColorsKeptAsDoublesReadAndWriteAsGVariantText() async throws {
    let red = try RGBColor(parsing: "(1.0, 0.0, 0.0, 0.5)")
    XCTAssertEqual(red.red, 255)
    XCTAssertEqual(red.alpha, 0.5)
    XCTAssertEqual(try RGBColor(parsing: "(0.2, 0.4, 0.6)"), RGBColor(red: 51, green: 102, blue: 153))
    for bad in ["(1.5, 0, 0)", "(0.1, 0.2)", "(0.1, 0.2, 0.3, 0.4, 0.5)", "(a, b, c)"] {
      XCTAssertThrowsError(try RGBColor(parsing: bad), bad)
    }
    let translucent = try RGBColor(parsing: "#ff000080")
    XCTAssertEqual(
      Row.Color.value(translucent, in: .doublesWithAlpha),
      .variant(type: "(dddd)", text: "(1.0, 0.0, 0.0, 0.5019607843137255)"))
    XCTAssertEqual(Row.Color.value(translucent, in: .doubles), .variant(type: "(ddd)", text: "(1.0, 0.0, 0.0)"))
    XCTAssertEqual(ColorFormat(of: "(1.0, 0.0, 0.0, 0.5)"), .doublesWithAlpha)
    XCTAssertEqual(ColorFormat(of: "(1.0, 0.0, 0.0)"), .doubles)

    let schema = SchemaDescription(
      id: "org.example.Dock", path: "/org/example/dock/",
      keys: [
        KeyDescription(name: "background-color", typeString: "(dddd)"),
        KeyDescription(name: "border-colour", typeString: "(ddd)"),
        KeyDescription(name: "margins", typeString: "(dddd)"),
      ])
    let panel = SchemaPanel.make(schema)
    XCTAssertEqual(panel.entries.map(\.row.kindName), ["color", "color", "text"])
    let background = try XCTUnwrap(panel.entry(at: "keys/background-color")?.row)
    let key = SettingKey(schema: "org.example.Dock", key: "background-color")
    let store = MemoryStore(defaults: [key: .variant(type: "(dddd)", text: "(0.0, 0.0, 0.0, 1.0)")])
    XCTAssertEqual(background.currentValueText(SettingsReader(store)), "#000000", "opaque: no alpha digits")
    XCTAssertEqual(
      try background.parseValue("#ff000080", like: store.value(for: key)),
      .variant(type: "(dddd)", text: "(1.0, 0.0, 0.0, 0.5019607843137255)"))
    XCTAssertEqual(panel.validate(against: store), [])
  }
}
