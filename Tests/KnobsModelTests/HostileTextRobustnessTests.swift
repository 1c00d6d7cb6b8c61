import XCTest

@testable import KnobsModel

/// Text other programs wrote (a schema's summary, an autostart entry's name) is shown, fitted, and never
/// makes the panel invalid; text a panel's author wrote is held to the bounds.
@MainActor
final class HostileTextRobustnessTests: XCTestCase {
  func testSchemaTextWithControlsAndHugeLengthsMakesAValidPanel() async {
    let huge = String(repeating: "word\u{1B}[2J ", count: 20_000)
    let schema = SchemaDescription(
      id: "org.example.Hostile", path: "/org/example/hostile/",
      keys: [
        KeyDescription(name: "bell", typeString: "b", summary: "Ring\u{7} the\u{85}bell\r\nnow", description: huge),
        KeyDescription(name: "huge", typeString: "s", summary: huge, description: "\u{1B}]0;title\u{7}"),
      ])
    let panel = SchemaPanel.make(schema)
    XCTAssertEqual(panel.validate().map(\.description), [])
    let rows = panel.sections.flatMap(\.rows)
    XCTAssertEqual(rows.first { $0.id == "bell" }?.title, "Ring the bell now")
    for row in rows {
      XCTAssertLessThanOrEqual(row.title.count, TextBounds.maximumLength)
      XCTAssertFalse(row.title.unicodeScalars.contains { $0.value < 0x20 }, row.id)
      XCTAssertFalse(row.subtitle?.fixedText?.unicodeScalars.contains { $0 == "\u{1B}" } ?? false, row.id)
    }
  }

  func testFittedTextPassesTheBoundsAndKeepsOrdinaryTextAsItIs() async {
    for text in ["Notes", "Ünïcödé ✓", "two words"] {
      XCTAssertEqual(TextBounds.fitted(text), text)
    }
    for text in [
      String(repeating: "x", count: 100_000), "a\r\nb", "\u{1B}[31mred", "line\u{2028}separator", "nul\u{0}",
      String(repeating: "y ", count: 3000) + "\u{9B}",
    ] {
      XCTAssertNil(
        TextBounds.problem(with: TextBounds.fitted(text), label: "T"), text.debugDescription.prefix(40).description)
      XCTAssertNil(
        TextBounds.problem(with: TextBounds.fitted(text, multiline: true), label: "T", multiline: true),
        text.debugDescription.prefix(40).description)
    }
    XCTAssertEqual(TextBounds.fitted("Short name that goes on", limit: 12), "Short name…")
    XCTAssertEqual(TextBounds.fitted("para\n\ngraph", multiline: true), "para\n\ngraph")
  }
}
