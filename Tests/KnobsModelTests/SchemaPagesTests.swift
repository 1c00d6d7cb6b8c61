import Foundation
@testable import KnobsModel
import XCTest

/// Generated pages read like hand-made ones: choices from the codes a description gives,
/// bounded numbers, titles from the key name where a summary is no title, the schema file's
/// order, shortcuts, colors and files; over schemas shaped like popular extensions'.
@MainActor
final class SchemaPagesTests: XCTestCase {
  static let id = "dev.knobs.Pages"

  func panel(_ keys: [KeyDescription]) -> Panel {
    SchemaPanel.make(SchemaDescription(id: Self.id, path: "/dev/knobs/Pages/", keys: keys))
  }

  func row(_ name: String, in panel: Panel) throws -> Row {
    try XCTUnwrap(panel.entries.first { $0.row.id == name }?.row, name)
  }

  func options(_ row: Row) -> [(SettingValue, String)] {
    guard case .choice(let choice) = row.kind.form else { return [] }
    return choice.options.map { ($0.value, $0.label) }
  }

  /// The panel as it loads from the fixture: GIO's keys by name, put in the file's order.
  func fixturePanel(_ fixture: FixtureSchema) throws -> Panel {
    let order = try XCTUnwrap(SchemaFileOrder.parse(fixture.xml, schema: fixture.id), fixture.name)
    return SchemaPanel.make(fixture.description.inFileOrder(order))
  }

  // MARK: - The fixtures

  func testEachFixtureHasTheRowKindsTitlesAndOrderItsExtensionHas() async throws {
    for fixture in ExtensionSchemaFixtures.all {
      let panel = try fixturePanel(fixture)
      XCTAssertEqual(panel.entries.map(\.row.id), fixture.keys.map(\.name), "\(fixture.name): the file's order")
      for key in fixture.keys {
        let row = try row(key.name, in: panel)
        XCTAssertEqual(FixtureSchema.kindName(row), key.kind, "\(fixture.name)/\(key.name)")
        XCTAssertEqual(row.title, key.expectedTitle, "\(fixture.name)/\(key.name)")
      }
      let defaults = MemoryStore(defaults: fixture.defaults)
      XCTAssertEqual(panel.validate(against: defaults), [], fixture.name)
    }
    XCTAssertGreaterThanOrEqual(ExtensionSchemaFixtures.dock.keys.count, 100)
  }

  /// Prints, for the report, how many keys of each fixture get the right control and read as people say them.
  func testFixtureCounts() async throws {
    var lines = ["fixture keys usable readable"]
    for fixture in ExtensionSchemaFixtures.all {
      let counts = fixture.counts(SchemaPanel.make(fixture.description))
      lines.append("\(fixture.name) \(fixture.keys.count) \(counts.usable) \(counts.readable)")
    }
    print("FIXTURE-COUNTS\n" + lines.joined(separator: "\n"))
  }

  // MARK: - 1. Choices from descriptions

  func testCodesInADescriptionMakeAChoiceThatWritesTheNumber() async throws {
    let panel = panel([
      KeyDescription(
        name: "speed-format", typeString: "i", description: "0=Auto, 1=Kbps/KiB/s, 2=Mbps/MiB/s", defaultNumber: 0),
      KeyDescription(name: "place", typeString: "u", description: "0: left, 1: center", defaultNumber: 1),
      KeyDescription(
        name: "style", typeString: "y", description: "The style ('digit', 'graph', 'both').", defaultNumber: 2),
    ])
    let speed = try row("speed-format", in: panel)
    XCTAssertEqual(options(speed).map(\.1), ["Auto", "Kbps/KiB/s", "Mbps/MiB/s"])
    XCTAssertEqual(options(speed).map(\.0), [.int(0), .int(1), .int(2)])
    XCTAssertEqual(try speed.parseValue("Mbps/MiB/s", like: .int(0)), .int(2))
    XCTAssertEqual(try speed.parseValue("1", like: .int(0)), .int(1))
    XCTAssertThrowsError(try speed.parseValue("3", like: .int(0)))
    XCTAssertEqual(options(try row("place", in: panel)).map(\.1), ["Left", "Center"])
    XCTAssertEqual(options(try row("style", in: panel)).map(\.0), [.int(0), .int(1), .int(2)])
    XCTAssertEqual(options(try row("style", in: panel)).map(\.1), ["Digit", "Graph", "Both"])
    let store = MemoryStore(defaults: [
      SettingKey(schema: Self.id, key: "speed-format"): .int(0), SettingKey(schema: Self.id, key: "place"): .int(1),
      SettingKey(schema: Self.id, key: "style"): .int(2),
    ])
    XCTAssertEqual(panel.validate(against: store), [])
  }

  func testACodeListTheKeyCantHoldIsNoChoice() async throws {
    let panel = panel([
      // Codes past the range: the number row stays, so nothing outside it is ever written.
      KeyDescription(
        name: "beyond-range", typeString: "i", description: "0: off, 1: bar, 2: graph",
        range: .range(minimum: 0, maximum: 1), defaultNumber: 0),
      // The default is no code: the description is not the whole story.
      KeyDescription(name: "other-default", typeString: "i", description: "0: none, 1: bar", defaultNumber: 5),
      // Negative codes for an unsigned key.
      KeyDescription(name: "unsigned", typeString: "u", description: "-1: auto, 0: off, 1: on", defaultNumber: 0),
      KeyDescription(name: "twice", typeString: "i", description: "0: off, 0: none", defaultNumber: 0),
      KeyDescription(name: "one-code", typeString: "i", description: "Size in pixels; 0 = automatic", defaultNumber: 0),
      KeyDescription(name: "ranges", typeString: "i", description: "Between 0 - 100 and 1-based.", defaultNumber: 0),
      KeyDescription(name: "times", typeString: "i", description: "From 10:30 to 12:45.", defaultNumber: 0),
    ])
    XCTAssertEqual(try row("beyond-range", in: panel).kindName, "slider")
    for name in ["other-default", "unsigned", "twice", "one-code", "times"] {
      XCTAssertEqual(try row(name, in: panel).kindName, "number", name)
    }
    // No codes, but the range it writes.
    XCTAssertEqual(try row("ranges", in: panel).kindName, "slider")
  }

  func testAStringKeyWhoseDescriptionListsItsValuesIsAChoice() async throws {
    let panel = panel([
      KeyDescription(
        name: "edge", typeString: "s", description: "Possible values are 'top', 'bottom' and 'auto'.",
        defaultString: "auto"),
      KeyDescription(
        name: "shown", typeString: "s", description: "One of \u{201C}icon\u{201D}, \u{201C}text\u{201D} or “both”.",
        defaultString: "both"),
      KeyDescription(name: "cpu", typeString: "s", description: "('digit', 'graph')", defaultString: "graph"),
      // Examples are not the values: any command will do.
      KeyDescription(
        name: "command", typeString: "s", description: "Possible values: any command, e.g. 'sensors' or 'acpi'.",
        defaultString: "sensors"),
      // The default is not among them.
      KeyDescription(
        name: "font", typeString: "s", description: "Allowed values are 'Sans' and 'Serif'.", defaultString: "Mono"),
      KeyDescription(name: "unknown-default", typeString: "s", description: "One of 'a1' or 'b2'."),
    ])
    XCTAssertEqual(options(try row("edge", in: panel)).map(\.0), [.string("top"), .string("bottom"), .string("auto")])
    XCTAssertEqual(options(try row("edge", in: panel)).map(\.1), ["Top", "Bottom", "Auto"])
    XCTAssertEqual(options(try row("shown", in: panel)).map(\.0), [.string("icon"), .string("text"), .string("both")])
    XCTAssertEqual(try row("cpu", in: panel).kindName, "choice")
    for name in ["command", "font", "unknown-default"] {
      XCTAssertEqual(try row(name, in: panel).kindName, "text", name)
    }
  }

  // MARK: - 2. Bounds

  func testNumbersWithoutARangeAreBoundedByTheirTypeOrTheirScale() async throws {
    let panel = panel([
      KeyDescription(name: "count", typeString: "i"),
      KeyDescription(name: "size", typeString: "u"),
      KeyDescription(name: "byte", typeString: "y"),
      KeyDescription(name: "factor", typeString: "d"),
      KeyDescription(name: "background-opacity", typeString: "d", defaultNumber: 0.8),
      KeyDescription(name: "min-alpha", typeString: "d", defaultNumber: 0.2),
      KeyDescription(name: "graph-opacity", typeString: "i", defaultNumber: 50),
      KeyDescription(name: "load", typeString: "u", description: "A percentage of the processor.", defaultNumber: 90),
      KeyDescription(name: "scale-ratio", typeString: "d", defaultNumber: 1.5),
      KeyDescription(name: "zoom-percent", typeString: "i", defaultNumber: 150),
      KeyDescription(name: "byte-alpha", typeString: "y", defaultNumber: 255),
    ])
    func bounds(_ name: String) throws -> (Double, Double) {
      switch try row(name, in: panel).kind.form {
      case .number(let number): return (number.minimum, number.maximum)
      case .slider(let slider): return (slider.minimum, slider.maximum)
      default: return (.nan, .nan)
      }
    }
    XCTAssertEqual(try bounds("count").0, Double(Int32.min))
    XCTAssertEqual(try bounds("count").1, Double(Int32.max))
    XCTAssertEqual(try bounds("size").0, 0)
    XCTAssertEqual(try bounds("byte").1, 255)
    XCTAssertTrue(try bounds("factor").1.isFinite)
    XCTAssertEqual(try row("background-opacity", in: panel).kindName, "slider")
    XCTAssertEqual(try bounds("background-opacity").1, 1)
    XCTAssertEqual(try bounds("min-alpha").1, 1)
    // A whole-number opacity may count to 255: no percentage is invented for it.
    XCTAssertEqual(try row("graph-opacity", in: panel).kindName, "number")
    XCTAssertEqual(try bounds("load").1, 100)
    // Stored past the scale a proportion would have: not bounded as one.
    XCTAssertEqual(try row("scale-ratio", in: panel).kindName, "number")
    XCTAssertEqual(try row("zoom-percent", in: panel).kindName, "number")
    XCTAssertEqual(try bounds("byte-alpha").1, 255)
    let opacity = try row("background-opacity", in: panel)
    XCTAssertEqual(try opacity.parseValue("50%", like: .double(0.8)), .double(0.5))
    XCTAssertThrowsError(try opacity.parseValue("150%", like: .double(0.8)))
  }

  func testNoUnitIsInventedAndARangeTheTextWritesIsEnforced() async throws {
    let panel = panel([
      // Its description speaks of opacity, but it is a distance in pixels.
      KeyDescription(
        name: "shadow-distance", typeString: "i", description: "How far the shadow falls; its opacity fades with it.",
        defaultNumber: 20),
      KeyDescription(name: "blur-opacity", typeString: "i", defaultNumber: 40),
      KeyDescription(name: "panel-alpha", typeString: "i", summary: "Panel opacity (0-255)", defaultNumber: 240),
      KeyDescription(
        name: "hack-level", typeString: "i", description: "How hard to try, from 0 to 3.", defaultNumber: 1),
      KeyDescription(name: "zoom", typeString: "d", description: "Between 0.5 and 2.0 times.", defaultNumber: 1),
      KeyDescription(name: "offset", typeString: "i", summary: "Offset (-10–10)", defaultNumber: 0),
      KeyDescription(name: "dim-percent", typeString: "u", defaultNumber: 30),
      // Not ranges: versions, a default outside, two different ones.
      KeyDescription(name: "since", typeString: "i", description: "Works on GNOME 3.36-3.38.", defaultNumber: 0),
      KeyDescription(name: "spacing", typeString: "i", description: "Usually 2-4 pixels.", defaultNumber: 8),
      KeyDescription(name: "both", typeString: "i", description: "Either 0-10 or 0-20.", defaultNumber: 5),
    ])
    func bounds(_ name: String) throws -> (String, Double, Double) {
      let row = try row(name, in: panel)
      switch row.kind.form {
      case .number(let number): return (row.kindName, number.minimum, number.maximum)
      case .slider(let slider): return (row.kindName, slider.minimum, slider.maximum)
      default: return (row.kindName, .nan, .nan)
      }
    }
    let distance = try row("shadow-distance", in: panel)
    XCTAssertEqual(distance.kindName, "number")
    XCTAssertEqual(try distance.parseValue("150", like: .int(20)), .int(150))
    XCTAssertThrowsError(try distance.parseValue("20%", like: .int(20)))
    let opacity = try row("blur-opacity", in: panel)
    XCTAssertEqual(opacity.kindName, "number")
    XCTAssertEqual(try opacity.parseValue("200", like: .int(40)), .int(200))
    // Only convention caps an int opacity at 255: past it is asked about (window) or needs --force (set).
    func usualMaximum(_ name: String) throws -> Double? {
      guard case .number(let number) = try row(name, in: panel).kind.form else { return nil }
      return number.usualMaximum
    }
    XCTAssertEqual(try usualMaximum("blur-opacity"), 255)
    XCTAssertNil(try usualMaximum("shadow-distance"), "a distance has none")
    guard case .number(let number) = opacity.kind.form else { return XCTFail("a number row") }
    XCTAssertEqual(
      number.usualMaximumProblem(999, text: "999", title: opacity.title),
      "“Blur opacity” is usually at most 255; “999” is past that.")
    XCTAssertNil(number.usualMaximumProblem(255, text: "255", title: opacity.title))
    let alpha = try row("panel-alpha", in: panel)
    XCTAssertEqual(try bounds("panel-alpha").1, 0)
    XCTAssertEqual(try bounds("panel-alpha").2, 255)
    XCTAssertEqual(try alpha.parseValue("255", like: .int(240)), .int(255))
    XCTAssertThrowsError(try alpha.parseValue("999", like: .int(240)))
    XCTAssertEqual(try bounds("hack-level").0, "slider")
    XCTAssertEqual(try bounds("hack-level").2, 3)
    XCTAssertThrowsError(try row("hack-level", in: panel).parseValue("4", like: .int(1)))
    XCTAssertEqual(try bounds("zoom").1, 0.5)
    XCTAssertEqual(try bounds("zoom").2, 2)
    XCTAssertThrowsError(try row("zoom", in: panel).parseValue("3", like: .double(1)))
    XCTAssertEqual(try bounds("offset").1, -10)
    XCTAssertEqual(try bounds("offset").2, 10)
    XCTAssertEqual(try row("offset", in: panel).parseValue("-10", like: .int(0)), .int(-10))
    XCTAssertEqual(try bounds("dim-percent").2, 100)
    XCTAssertEqual(try row("dim-percent", in: panel).parseValue("50%", like: .int(30)), .int(50))
    for name in ["since", "spacing", "both"] {
      XCTAssertEqual(try bounds(name).0, "number", name)
      XCTAssertEqual(try bounds(name).2, Double(Int32.max), name)
    }
    XCTAssertEqual(panel.validate(), [])
  }

  func testAStringKeyHoldingJSONIsCheckedBeforeItIsWritten() async throws {
    let panel = panel([
      KeyDescription(
        name: "monitor-settings", typeString: "s", summary: "Per-monitor settings (JSON)", defaultString: "{}"),
      KeyDescription(name: "saved-layouts", typeString: "s", description: "The layouts, as JSON.", defaultString: ""),
      KeyDescription(name: "state", typeString: "s", defaultString: "[1, 2]"),
      // Not JSON: a file named for it, and braces that are a template.
      KeyDescription(name: "json-file-path", typeString: "s", defaultString: ""),
      KeyDescription(name: "label-format", typeString: "s", defaultString: "{name}"),
    ])
    let monitors = try row("monitor-settings", in: panel)
    XCTAssertEqual(monitors.kindName, "text")
    XCTAssertEqual(monitors.title, "Per-monitor settings")
    let good = "{\"DP-1\": {\"gap\": 8, \"tiles\": [0.5, -1e3, true, null, \"\\u00e9\"]}}"
    XCTAssertEqual(try monitors.parseValue(good, like: .string("{}")), .string(good))
    func refusal(_ row: Row, _ text: String) -> String {
      do {
        _ = try row.parseValue(text, like: .string("{}"))
        return "accepted"
      } catch {
        return "\(error)"
      }
    }
    XCTAssertTrue(refusal(monitors, "{\"a\": 1,}").contains("something unexpected at line 1, column 9."))
    XCTAssertTrue(refusal(monitors, "{\n  \"a\": tru\n}").contains("at line 2, column 8."))
    XCTAssertTrue(refusal(monitors, "{\"a\": ").contains("it ends at line 1, column 7 before its value is complete"))
    XCTAssertTrue(refusal(monitors, "").contains("it ends at line 1, column 1"))
    XCTAssertTrue(refusal(monitors, String(repeating: "[", count: 60_000)).contains("nests deeper than 512 levels"))
    for bad in [
      "01", "[1,]", "{\"a\"}", "\"\\x\"", "{\"a\":1}}", "\"tab\there\"", "'a'", "{a: 1}", "[1 2]", "-", "1.", "nul",
    ] {
      XCTAssertNotNil(JSONText.problem(in: bad), bad)
    }
    for fine in ["{}", "[]", "\"x\"", "-0.5e+3", " 0 ", "{\"a\":[{},[]]}"] {
      XCTAssertNil(JSONText.problem(in: fine), fine)
    }
    let layouts = try row("saved-layouts", in: panel)
    XCTAssertEqual(try layouts.parseValue("", like: .string("")), .string(""), "empty where the default is")
    XCTAssertTrue(refusal(layouts, "nope").contains("not valid JSON"))
    XCTAssertTrue(refusal(try row("state", in: panel), "[1, 2").contains("not valid JSON"))
    XCTAssertEqual(try row("json-file-path", in: panel).kindName, "file")
    XCTAssertEqual(try row("label-format", in: panel).parseValue("{x", like: .string("")), .string("{x"))
    XCTAssertEqual(panel.validate(against: MemoryStore(defaults: [:])), [])
  }

  func testAJSONValuesBidiAndControlCharactersShowAsTheirEscapes() async throws {
    let panel = panel([
      KeyDescription(
        name: "monitor-settings", typeString: "s", summary: "Per-monitor settings (JSON)", defaultString: "{}"),
      KeyDescription(name: "note", typeString: "s", defaultString: ""),
    ])
    let monitors = try row("monitor-settings", in: panel)
    guard case .text(let json) = monitors.kind.form else { return XCTFail("a text row") }
    // Stored by another program with U+202E, an isolate and a line separator in its strings: the same JSON, shown as it is.
    let stored = "{\"name\": \"left\u{202E}thgir\", \"tag\": \"\u{2066}x\u{2069}\u{2028}\"}"
    let shown = json.text(of: .string(stored))
    XCTAssertEqual(shown, "{\"name\": \"left\\u202ethgir\", \"tag\": \"\\u2066x\\u2069\\u2028\"}")
    XCTAssertFalse(shown.unicodeScalars.contains { String.isEscaped($0) })
    XCTAssertNil(JSONText.problem(in: shown), "still JSON")
    // Its own whitespace stays; an escape already written stays as it is.
    let pretty = "{\n\t\"a\": \"\\u202e\\\"\"\r\n}"
    XCTAssertEqual(json.text(of: .string(pretty)), pretty)
    // Typed with one, it is written with its escape; refused where no JSON has one.
    XCTAssertEqual(
      try monitors.parseValue("{\"a\": \"x\u{202E}y\"}", like: .string("{}")), .string("{\"a\": \"x\\u202ey\"}"))
    XCTAssertThrowsError(try monitors.parseValue("{\"a\": 1\u{202E}}", like: .string("{}")))
    XCTAssertEqual(monitors.currentValueText(SettingsReader(MemoryStore(defaults: [json.key: .string(stored)]))), shown)
    // Other text is not JSON: kept as typed.
    guard case .text(let note) = try row("note", in: panel).kind.form else { return XCTFail("a text row") }
    XCTAssertEqual(note.text(of: .string("a\u{202E}b")), "a\u{202E}b")
  }

  // MARK: - 3. Titles

  func testASummaryThatIsNoTitleGivesWayToTheKeyName() async throws {
    let long = String(repeating: "word ", count: 20)
    let panel = panel([
      KeyDescription(name: "show-apps-button", typeString: "b", summary: "..."),
      KeyDescription(name: "todo-key", typeString: "b", summary: "TODO"),
      KeyDescription(name: "dashes", typeString: "b", summary: " -- "),
      KeyDescription(name: "empty", typeString: "b", summary: ""),
      KeyDescription(name: "paragraphs", typeString: "b", summary: "First.\n\nSecond."),
      KeyDescription(name: "too-long", typeString: "b", summary: long),
      KeyDescription(name: "margin-top", typeString: "i", summary: "Margin"),
      KeyDescription(name: "margin-bottom", typeString: "i", summary: "Margin"),
      KeyDescription(name: "good", typeString: "b", summary: "Show the trash"),
      KeyDescription(
        name: "bidi", typeString: "b", summary: "Safe \u{202E}txet\u{202C} here", description: "A \u{2067}b\u{2069}"),
    ])
    let titles = Dictionary(uniqueKeysWithValues: panel.entries.map { ($0.row.id, $0.row.title) })
    XCTAssertEqual(titles["show-apps-button"], "Show apps button")
    XCTAssertEqual(titles["todo-key"], "Todo key")
    XCTAssertEqual(titles["dashes"], "Dashes")
    XCTAssertEqual(titles["empty"], "Empty")
    XCTAssertEqual(titles["paragraphs"], "Paragraphs")
    XCTAssertEqual(titles["too-long"], "Too long")
    XCTAssertEqual(titles["margin-top"], "Margin top")
    XCTAssertEqual(titles["margin-bottom"], "Margin bottom")
    XCTAssertEqual(titles["good"], "Show the trash")
    XCTAssertEqual(titles["bidi"], "Safe txet here")
    XCTAssertEqual(try row("bidi", in: panel).subtitle?.fixedText, "A b")
    // A summary the title leaves out is still searched.
    XCTAssertTrue(try row("margin-top", in: panel).keywords.contains("Margin"))
    XCTAssertTrue(try row("too-long", in: panel).keywords.contains(long.trimmingWhitespace))
    XCTAssertEqual(panel.validate(), [])
  }

  // MARK: - The long tail: codes in summaries, numbered colors, developer notes, abbreviations

  func testCodesInASummaryMakeAChoiceTitledByWhatComesBeforeThem() async throws {
    let panel = panel([
      KeyDescription(name: "panel-style", typeString: "i", summary: "0 transparent, 1 light, 2 dark", defaultNumber: 0),
      // GLib joins a summary's wrapped lines: one line of codes after the title.
      KeyDescription(
        name: "debug-level", typeString: "i", summary: "Log level\n0 - OFF\n1 - ERROR\n2 - WARN\n3 - INFO",
        defaultNumber: 1),
      KeyDescription(
        name: "mode", typeString: "u", summary: "Layout mode: 0=stacking, 1=tiling",
        description: "How windows are laid out.",
        defaultNumber: 0),
      // A number followed by a word in a sentence is no code list.
      KeyDescription(name: "delay", typeString: "i", summary: "0 disables it, 100 is the default", defaultNumber: 100),
      KeyDescription(name: "columns", typeString: "i", summary: "Show 2 rows and 3 columns", defaultNumber: 2),
    ])
    let style = try row("panel-style", in: panel)
    XCTAssertEqual(options(style).map(\.1), ["Transparent", "Light", "Dark"])
    XCTAssertEqual(options(style).map(\.0), [.int(0), .int(1), .int(2)])
    XCTAssertEqual(style.title, "Panel style")
    XCTAssertEqual(try style.parseValue("Dark", like: .int(0)), .int(2))
    XCTAssertThrowsError(try style.parseValue("7", like: .int(0)))
    XCTAssertThrowsError(try style.parseValue("-1", like: .int(0)))
    let level = try row("debug-level", in: panel)
    XCTAssertEqual(options(level).map(\.1), ["OFF", "ERROR", "WARN", "INFO"])
    XCTAssertEqual(level.title, "Log level")
    XCTAssertThrowsError(try level.parseValue("9", like: .int(0)))
    let mode = try row("mode", in: panel)
    XCTAssertEqual(options(mode).map(\.1), ["Stacking", "Tiling"])
    XCTAssertEqual(mode.title, "Layout mode")
    XCTAssertEqual(try row("delay", in: panel).kindName, "number")
    XCTAssertEqual(try row("delay", in: panel).title, "0 disables it, 100 is the default")
    XCTAssertEqual(try row("columns", in: panel).kindName, "number")
  }

  func testWordAlternativesOfAWholeNumberAreItsCodesInOrder() async throws {
    let panel = panel([
      // A system monitor's unit: quoted words in brackets, joined by “or”, mean 0 and 1.
      KeyDescription(
        name: "unit", typeString: "i", summary: "Temperature unit",
        description: "The unit ('centigrade' or 'fahrenheit') the temperature is shown in", defaultNumber: 0),
      KeyDescription(name: "side", typeString: "i", summary: "Position: left or right", defaultNumber: 1),
      KeyDescription(
        name: "click-action", typeString: "u", description: "What a click does: either minimize, preview or cycle.",
        defaultNumber: 2),
      KeyDescription(name: "corner", typeString: "i", description: "0 = Left or 1 = Right", defaultNumber: 0),
      KeyDescription(name: "edge", typeString: "i", description: "Either “top” or “bottom”.", defaultNumber: 0),
      // Not codes: words in a sentence, a default outside, a yes-or-no list whose order says nothing.
      KeyDescription(name: "max-size", typeString: "i", description: "Width or height of the popup.", defaultNumber: 0),
      KeyDescription(name: "units", typeString: "i", description: "Speed in bits or bytes?", defaultNumber: 0),
      KeyDescription(name: "far", typeString: "i", summary: "Place: left or right", defaultNumber: 5),
      KeyDescription(name: "answer", typeString: "i", description: "Confirm: yes or no.", defaultNumber: 0),
      KeyDescription(name: "note", typeString: "i", description: "Note: this or that breaks.", defaultNumber: 0),
    ])
    let unit = try row("unit", in: panel)
    XCTAssertEqual(options(unit).map(\.1), ["Centigrade", "Fahrenheit"])
    XCTAssertEqual(options(unit).map(\.0), [.int(0), .int(1)])
    XCTAssertEqual(try unit.parseValue("Fahrenheit", like: .int(0)), .int(1))
    XCTAssertEqual(try unit.parseValue("centigrade", like: .int(1)), .int(0))
    XCTAssertThrowsError(try unit.parseValue("kelvin", like: .int(0))) {
      XCTAssertTrue("\($0)".contains("Fahrenheit"), "the refusal names the choices: \($0)")
    }
    XCTAssertThrowsError(try unit.parseValue("2", like: .int(0)))
    let side = try row("side", in: panel)
    XCTAssertEqual(options(side).map(\.1), ["Left", "Right"])
    XCTAssertEqual(side.title, "Position")
    XCTAssertEqual(try side.parseValue("Right", like: .int(0)), .int(1))
    XCTAssertEqual(options(try row("click-action", in: panel)).map(\.1), ["Minimize", "Preview", "Cycle"])
    XCTAssertEqual(options(try row("click-action", in: panel)).map(\.0), [.int(0), .int(1), .int(2)])
    XCTAssertEqual(options(try row("corner", in: panel)).map(\.1), ["Left", "Right"])
    XCTAssertEqual(options(try row("edge", in: panel)).map(\.1), ["Top", "Bottom"])
    for name in ["max-size", "units", "far", "answer", "note"] {
      XCTAssertEqual(try row(name, in: panel).kindName, "number", name)
    }
    XCTAssertEqual(try row("far", in: panel).title, "Place: left or right")
    let store = MemoryStore(defaults: [
      SettingKey(schema: Self.id, key: "unit"): .int(0), SettingKey(schema: Self.id, key: "side"): .int(1),
      SettingKey(schema: Self.id, key: "click-action"): .int(2), SettingKey(schema: Self.id, key: "corner"): .int(0),
      SettingKey(schema: Self.id, key: "edge"): .int(0),
    ])
    XCTAssertEqual(panel.validate(against: store), [])
  }

  func testStringOptionsNamedInProseAreAChoiceAndTheirLabelsStoreTheValue() async throws {
    let panel = panel([
      // A tiling manager's modifier, its layouts in a summary and its drop layout in backquotes.
      KeyDescription(
        name: "drag-modifier", typeString: "s", summary: "Modifier to tile by dragging",
        description: "None tiles at once.\nOptions are Super, Ctrl, Shift, Alt, and None", defaultString: "None"),
      KeyDescription(
        name: "layout-mode", typeString: "s", summary: "Layout modes: stacking, tiling", defaultString: "tiling"),
      KeyDescription(
        name: "drop-layout", typeString: "s", summary: "Layout of a dropped window",
        description: "The values are `tabbed` and `stacked`.", defaultString: "tabbed"),
      KeyDescription(
        name: "bar-side", typeString: "s", description: "Possible values: top, bottom, left, right.",
        defaultString: "top"),
      // Not options: examples, a default that is not among them, a sentence.
      KeyDescription(
        name: "terminal", typeString: "s", description: "Examples: kitty, alacritty, foot.", defaultString: "kitty"),
      KeyDescription(name: "font-name", typeString: "s", summary: "Font: Sans, Serif", defaultString: "Cantarell"),
      KeyDescription(
        name: "greeting", typeString: "s", description: "Say hello or goodbye when it starts.",
        defaultString: "hello"),
    ])
    let modifier = try row("drag-modifier", in: panel)
    XCTAssertEqual(
      options(modifier).map(\.0), ["Super", "Ctrl", "Shift", "Alt", "None"].map { SettingValue.string($0) })
    XCTAssertEqual(try modifier.parseValue("alt", like: .string("None")), .string("Alt"))
    let mode = try row("layout-mode", in: panel)
    XCTAssertEqual(options(mode).map(\.0), [.string("stacking"), .string("tiling")])
    XCTAssertEqual(options(mode).map(\.1), ["Stacking", "Tiling"])
    XCTAssertEqual(mode.title, "Layout modes")
    // The label the extension's own preferences show is stored as the value it reads.
    let drop = try row("drop-layout", in: panel)
    XCTAssertEqual(options(drop).map(\.0), [.string("tabbed"), .string("stacked")])
    XCTAssertEqual(try drop.parseValue("Stacked", like: .string("tabbed")), .string("stacked"))
    XCTAssertThrowsError(try drop.parseValue("Grid", like: .string("tabbed"))) {
      XCTAssertTrue("\($0)".contains("Stacked"), "the refusal names the choices: \($0)")
    }
    XCTAssertEqual(options(try row("bar-side", in: panel)).count, 4)
    for name in ["terminal", "font-name", "greeting"] {
      XCTAssertEqual(try row(name, in: panel).kindName, "text", name)
    }
    // Such keys' defaults are read: without one, the list can't be checked.
    for key in [
      KeyDescription(name: "a", typeString: "s", summary: "Layout modes: stacking, tiling"),
      KeyDescription(name: "b", typeString: "s", description: "Options are Super, Ctrl, Alt"),
      KeyDescription(name: "c", typeString: "s", description: "The values are `tabbed` and `stacked`."),
    ] {
      XCTAssertTrue(SchemaPanel.readsDefault(of: key), key.name)
    }
    XCTAssertFalse(SchemaPanel.readsDefault(of: KeyDescription(name: "d", typeString: "s", summary: "Some text")))
  }

  func testASmallRangeWhoseValuesAreNamedIsAChoice() async throws {
    let panel = panel([
      KeyDescription(
        name: "blur-level", typeString: "i", description: "0: off, 1: low, 2: high",
        range: .range(minimum: 0, maximum: 2), defaultNumber: 1),
      KeyDescription(
        name: "quality", typeString: "i", summary: "Quality", description: "Low, medium or high.",
        range: .range(minimum: 1, maximum: 3), defaultNumber: 2),
      KeyDescription(
        name: "strength", typeString: "u", summary: "Strength", description: "Off, weak or strong",
        range: .range(minimum: 0, maximum: 2), defaultNumber: 0),
      // As many words as the range has values, but the range is no small set of codes.
      KeyDescription(
        name: "padding", typeString: "i", description: "Small or large.", range: .range(minimum: 0, maximum: 40),
        defaultNumber: 8),
      // A sentence without a range names no codes.
      KeyDescription(name: "size", typeString: "i", description: "Small or large.", defaultNumber: 0),
    ])
    let blur = try row("blur-level", in: panel)
    XCTAssertEqual(options(blur).map(\.1), ["Off", "Low", "High"])
    XCTAssertEqual(try blur.parseValue("high", like: .int(1)), .int(2))
    let quality = try row("quality", in: panel)
    XCTAssertEqual(options(quality).map(\.1), ["Low", "Medium", "High"])
    XCTAssertEqual(options(quality).map(\.0), [.int(1), .int(2), .int(3)])
    XCTAssertEqual(try quality.parseValue("Medium", like: .int(1)), .int(2))
    XCTAssertThrowsError(try quality.parseValue("0", like: .int(1)))
    XCTAssertEqual(options(try row("strength", in: panel)).map(\.0), [.int(0), .int(1), .int(2)])
    XCTAssertEqual(try row("padding", in: panel).kindName, "slider")
    XCTAssertEqual(try row("size", in: panel).kindName, "number")
  }

  func testNumberedAndPerStateColorKeysAreColors() async throws {
    let panel = panel([
      KeyDescription(name: "border-color-1", typeString: "s", defaultString: "rgba(255,0,0,1)"),
      KeyDescription(name: "border-color-5", typeString: "s", defaultString: "#00ff00"),
      KeyDescription(name: "border-color-unfocused-2", typeString: "s", defaultString: "#123456"),
      KeyDescription(name: "dot-color-minimized", typeString: "s", defaultString: "#abcdef"),
      KeyDescription(name: "highlight-color", typeString: "s", defaultString: ""),
      // Not colors: a name that only ends in a number, and a color key whose default is no color.
      KeyDescription(name: "label-2", typeString: "s", defaultString: "#abcdef"),
      KeyDescription(name: "color-scheme-name", typeString: "s", defaultString: "default"),
      KeyDescription(name: "text-color-mode", typeString: "s", defaultString: "auto"),
    ])
    for name in [
      "border-color-1", "border-color-5", "border-color-unfocused-2", "dot-color-minimized", "highlight-color",
    ] {
      let color = try row(name, in: panel)
      XCTAssertEqual(color.kindName, "color", name)
      XCTAssertThrowsError(try color.parseValue("notacolor", like: .string("#000000")), name)
      XCTAssertThrowsError(try color.parseValue("#12\u{202E}3456", like: .string("#000000")), name)
    }
    XCTAssertEqual(try row("border-color-1", in: panel).title, "Border color 1")
    for name in ["label-2", "color-scheme-name", "text-color-mode"] {
      XCTAssertEqual(try row(name, in: panel).kindName, "text", name)
    }
  }

  func testDeveloperNotesAndAbbreviationsReadAsPeopleWriteThem() async throws {
    let panel = panel([
      KeyDescription(name: "show-clock", typeString: "b", summary: "Boolean, whether to show the clock"),
      KeyDescription(name: "hide-bar", typeString: "b", summary: "Boolean, controls wether or not the bar hides"),
      KeyDescription(name: "gap", typeString: "i", summary: "Integer: whether to leave a gap", defaultNumber: 0),
      KeyDescription(name: "booleans", typeString: "b", summary: "Booleans are fine here"),
      KeyDescription(name: "whether", typeString: "b", summary: "Whether to"),
      KeyDescription(name: "trans-bg-color", typeString: "s", defaultString: "#000000"),
      KeyDescription(name: "scroll-panel-show-ws-popup", typeString: "b"),
      KeyDescription(name: "dnd-center-layout", typeString: "b"),
      KeyDescription(name: "tile-ignore-ta", typeString: "b"),
      KeyDescription(name: "msg-pos", typeString: "b"),
      KeyDescription(name: "both-horiz", typeString: "b"),
      KeyDescription(name: "vert-spacing", typeString: "b"),
    ])
    let titles = Dictionary(uniqueKeysWithValues: panel.entries.map { ($0.row.id, $0.row.title) })
    XCTAssertEqual(titles["show-clock"], "Show the clock")
    XCTAssertEqual(titles["hide-bar"], "The bar hides")
    XCTAssertEqual(titles["gap"], "Leave a gap")
    XCTAssertEqual(titles["booleans"], "Booleans are fine here")
    XCTAssertEqual(titles["whether"], "Whether to")
    XCTAssertEqual(titles["trans-bg-color"], "Trans background color")
    XCTAssertEqual(titles["scroll-panel-show-ws-popup"], "Scroll panel show workspace popup")
    XCTAssertEqual(titles["dnd-center-layout"], "Drag and drop center layout")
    XCTAssertEqual(titles["tile-ignore-ta"], "Tile ignore ta")
    XCTAssertEqual(titles["msg-pos"], "Message position")
    XCTAssertEqual(titles["both-horiz"], "Both horizontal")
    XCTAssertEqual(titles["vert-spacing"], "Vertical spacing")
  }

  // MARK: - 4. Order

  func testTheSchemaFilesOrderAndCommentsAreRead() async throws {
    let xml = """
      <schemalist>
        <schema id="other" path="/other/"><key name="zzz" type="b"><default>true</default></key></schema>
        <schema id="\(Self.id)" path="/dev/knobs/Pages/">
          <!-- Dash -->
          <key name="dash-size" type="i"><default>1</default><!-- inside a key --></key>
          <key name="apps" type="b"><default>true</default></key>
          <!-- <key name="gone" type="b"/> -->
          <key name='b-key' type="b"><default>true</default></key>
        </schema>
      </schemalist>
      """
    let order = try XCTUnwrap(SchemaFileOrder.parse(xml, schema: Self.id))
    XCTAssertEqual(order.names, ["dash-size", "apps", "b-key"])
    XCTAssertEqual(order.comments, ["dash-size": "Dash"])
    XCTAssertNil(SchemaFileOrder.parse(xml, schema: "missing"))
    let description = SchemaDescription(
      id: Self.id, path: "/p/",
      keys: ["apps", "b-key", "dash-size", "newer"].map { KeyDescription(name: $0, typeString: "b") })
    let ordered = description.inFileOrder(order)
    XCTAssertTrue(ordered.isInFileOrder)
    XCTAssertEqual(ordered.keys.map(\.name), ["dash-size", "apps", "b-key", "newer"], "keys the file lacks come last")
    XCTAssertEqual(ordered.keys.first?.comment, "Dash")
  }

  func testTheSchemaFileIsFoundBesideTheCompiledOne() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("knobs-order-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let xml =
      "<schemalist><schema id=\"org.example.app\"><key name=\"b\" type=\"b\"/><key name=\"a\" type=\"b\"/></schema>"
      + "<schema id=\"org.example.app.keybindings\"><key name=\"y\" type=\"as\"/><key name=\"x\" type=\"as\"/></schema></schemalist>"
    try xml.write(to: folder.appendingPathComponent("org.example.app.gschema.xml"), atomically: true, encoding: .utf8)
    XCTAssertEqual(
      SchemaFileOrder.find(schema: "org.example.app", in: ["/nonexistent", folder.path])?.names, ["b", "a"])
    XCTAssertEqual(SchemaFileOrder.find(schema: "org.example.app.keybindings", in: [folder.path])?.names, ["y", "x"])
    XCTAssertNil(SchemaFileOrder.find(schema: "org.example.other", in: [folder.path]))
  }

  // MARK: - 5. Shortcuts

  func testAKeybindingSchemasEmptyAndBareKeyListsAreShortcuts() async throws {
    let panel = panel([
      KeyDescription(name: "tile-left", typeString: "as", defaultStrings: ["<Super>Left"]),
      KeyDescription(name: "tile-right", typeString: "as", defaultStrings: ["<Super>Right"]),
      KeyDescription(name: "snap-assist", typeString: "as", defaultStrings: ["F12"]),
      KeyDescription(name: "show-picker", typeString: "as", defaultStrings: []),
      KeyDescription(name: "ignored-apps", typeString: "as", defaultStrings: []),
      KeyDescription(name: "layouts", typeString: "as", defaultStrings: ["grid", "columns"]),
    ])
    XCTAssertEqual(try row("snap-assist", in: panel).kindName, "shortcut")
    XCTAssertEqual(try row("show-picker", in: panel).kindName, "shortcut")
    XCTAssertEqual(try row("ignored-apps", in: panel).kindName, "list")
    XCTAssertEqual(try row("layouts", in: panel).kindName, "list")
    // Elsewhere an empty list stays a list.
    let plain = self.panel([
      KeyDescription(name: "tile-left", typeString: "as", defaultStrings: ["<Super>Left"]),
      KeyDescription(name: "show-picker", typeString: "as", defaultStrings: []),
      KeyDescription(name: "words", typeString: "as", defaultStrings: ["a", "b"]),
    ])
    XCTAssertEqual(try row("show-picker", in: plain).kindName, "list")
  }

  func testAKeybindingSchemasBareKeysAreShortcutsAndItsWordListsStayLists() async throws {
    let keys = [
      KeyDescription(name: "focus-left", typeString: "as", defaultStrings: ["<Super>Left"]),
      KeyDescription(name: "focus-right", typeString: "as", defaultStrings: ["<Super>Right"]),
      KeyDescription(name: "step-left", typeString: "as", defaultStrings: ["Left"]),
      KeyDescription(name: "confirm-layout", typeString: "as", defaultStrings: ["Return"]),
      KeyDescription(name: "center-window", typeString: "as", defaultStrings: ["KP_5"]),
      KeyDescription(name: "toggle-float", typeString: "as", defaultStrings: []),
      KeyDescription(name: "float-titles", typeString: "as", defaultStrings: ["Terminal", "Calculator"]),
      KeyDescription(name: "skip-titles", typeString: "as", defaultStrings: []),
    ]
    for id in ["dev.knobs.Tiler", "dev.knobs.tiler.keybindings"] {
      let panel = SchemaPanel.make(SchemaDescription(id: id, path: "/dev/knobs/tiler/", keys: keys))
      let kinds = panel.entries.map { "\($0.row.id)=\($0.row.kindName)" }
      XCTAssertEqual(
        kinds,
        [
          "focus-left=shortcut", "focus-right=shortcut", "step-left=shortcut", "confirm-layout=shortcut",
          "center-window=shortcut", "toggle-float=shortcut", "float-titles=list", "skip-titles=list",
        ], id)
      XCTAssertEqual(try row("float-titles", in: panel).title, "Float titles", id)
      // A bare key is taken where the default has one; a key name that names no key is refused in words.
      let step = try row("step-left", in: panel)
      XCTAssertEqual(try step.parseValue("Right", like: .strings(["Left"])), .strings(["Right"]), id)
      XCTAssertEqual(
        try step.parseValue("['KP_4', '<Super>Left']", like: .strings([])), .strings(["KP_4", "<Super>Left"]))
      XCTAssertThrowsError(try step.parseValue("<Super>nosuchkey", like: .strings([]))) { error in
        XCTAssertEqual("\(error)".contains("“nosuchkey” is not the name of a key."), true, "\(error)")
      }
      XCTAssertThrowsError(try row("toggle-float", in: panel).parseValue("<Super>nosuchkey", like: .strings([])))
      for name in ["step-left", "confirm-layout", "center-window"] {
        guard case .shortcut(let shortcut) = try row(name, in: panel).kind.form else { return XCTFail(name) }
        XCTAssertTrue(shortcut.allowsBareKeys, name)
      }
      for name in ["focus-left", "toggle-float"] {
        guard case .shortcut(let shortcut) = try row(name, in: panel).kind.form else { return XCTFail(name) }
        XCTAssertFalse(shortcut.allowsBareKeys, name)
      }
      // The titles list takes titles, which are no key names.
      XCTAssertEqual(
        try row("float-titles", in: panel).parseValue("Terminal, Files", like: .strings([])),
        .strings(["Terminal", "Files"]))
      XCTAssertEqual(panel.validate(), [], id)
    }
  }

  // MARK: - 6. Colors

  func testColorKeysKeepTheirStoredFormAndItsAlpha() async throws {
    let panel = panel([
      KeyDescription(name: "highlight-rgba", typeString: "s", defaultString: "rgba(255,255,255,0.3)"),
      KeyDescription(name: "border-colour", typeString: "s", defaultString: "#aabbcc"),
      KeyDescription(name: "shade-color", typeString: "s", defaultString: "#11223380"),
      KeyDescription(name: "not-color", typeString: "s", defaultString: "reddish"),
    ])
    func format(_ name: String) throws -> ColorFormat? {
      guard case .color(let color) = try row(name, in: panel).kind.form else { return nil }
      return color.format
    }
    XCTAssertEqual(try format("highlight-rgba"), .rgba)
    XCTAssertEqual(try format("border-colour"), .hex)
    XCTAssertEqual(try format("shade-color"), .hexWithAlpha)
    XCTAssertEqual(try row("not-color", in: panel).kindName, "text")
    let rgba = try row("highlight-rgba", in: panel)
    XCTAssertEqual(try rgba.parseValue("#ff000080", like: .string("rgba(1,2,3,1)")), .string("rgba(255,0,0,0.502)"))
    XCTAssertEqual(
      try row("shade-color", in: panel).parseValue("rgba(255,0,0,0.5)", like: .string("#11223380")),
      .string("#ff000080"))
    // A transparent color where only opaque ones are kept is refused, not written opaque.
    let hex = try row("border-colour", in: panel)
    XCTAssertThrowsError(try hex.parseValue("rgba(255,0,0,0.5)", like: .string("#aabbcc"))) { error in
      XCTAssertTrue("\(error)".contains("transparency"), "\(error)")
    }
    XCTAssertEqual(try hex.parseValue("rgba(255,0,0,1)", like: .string("#aabbcc")), .string("#ff0000"))
  }

  // MARK: - 7. Files and folders

  func testPathKeysGetFileAndFolderChoosers() async throws {
    let panel = panel([
      KeyDescription(name: "cache-dir", typeString: "s", defaultString: "/tmp/x"),
      KeyDescription(name: "download-folder", typeString: "s", defaultString: ""),
      KeyDescription(name: "log-file", typeString: "s", defaultString: ""),
      KeyDescription(name: "icon-path", typeString: "s", defaultString: "file:///usr/share/icons/x.png"),
      KeyDescription(name: "background-image", typeString: "s", defaultString: ""),
      KeyDescription(name: "home-dir", typeString: "s", defaultString: "~/Pictures"),
      KeyDescription(name: "settings-path", typeString: "s", defaultString: "org.example.path"),
    ])
    func file(_ name: String) throws -> Row.File? {
      guard case .file(let file) = try row(name, in: panel).kind.form else { return nil }
      return file
    }
    XCTAssertEqual(try file("cache-dir")?.selectsFolder, true)
    XCTAssertEqual(try file("cache-dir")?.storage, .path)
    XCTAssertEqual(try file("download-folder")?.selectsFolder, true)
    XCTAssertEqual(try file("log-file")?.selectsFolder, false)
    XCTAssertEqual(try file("icon-path")?.storage, .uri)
    XCTAssertEqual(try file("background-image")?.mimeTypes, ["image/*"])
    // A path the program resolves itself is kept as text.
    XCTAssertEqual(try row("home-dir", in: panel).kindName, "text")
    XCTAssertEqual(try row("settings-path", in: panel).kindName, "text")
  }
}

extension FixtureSchema {
  /// The defaults of the fixture's keys, as a store holds them.
  var defaults: [SettingKey: SettingValue] {
    var values: [SettingKey: SettingValue] = [:]
    for key in keys {
      let settingKey = SettingKey(schema: id, key: key.name)
      switch key.type {
      case "b": values[settingKey] = .bool(key.defaultText == "true")
      case "s": values[settingKey] = .string(FixtureKey.unquoted(key.defaultText))
      case "as": values[settingKey] = .strings(key.defaultText == "[]" ? [] : FixtureKey.items(key.defaultText))
      case "d": values[settingKey] = .double(Double(key.defaultText)!)
      case "y", "n", "q", "i", "u", "x", "t": values[settingKey] = .int(Int(key.defaultText)!)
      default: values[settingKey] = .variant(type: key.type, text: key.defaultText)
      }
    }
    return values
  }
}

extension SchemaPagesTests {
  func testGroupsInTheSchemaFileAreSections() async throws {
    let dock = try fixturePanel(ExtensionSchemaFixtures.dock)
    XCTAssertEqual(
      dock.sections.map(\.title),
      [
        "Position and size", "Appearance", "Behavior", "Hot keys", "Window previews", "Launchers",
      ])
    XCTAssertEqual(dock.sections.map(\.id).first, SchemaPanel.sectionID)
    XCTAssertEqual(dock.sections[1].id, "keys-appearance")
    XCTAssertEqual(SchemaPanel.path(ofKey: "background-opacity", in: dock), "keys-appearance/background-opacity")
    XCTAssertNotNil(dock.sections.first?.header, "the first section says where the keys are stored")
    XCTAssertEqual(dock.validate(), [])

    // Without comments, runs of three or more keys sharing a first word.
    func names(_ names: [String]) -> SchemaDescription {
      SchemaDescription(
        id: Self.id, path: "/p/", keys: names.map { KeyDescription(name: $0, typeString: "b") }, isInFileOrder: true)
    }
    let runs = SchemaPanel.make(
      names([
        "enabled", "dash-size", "dash-fixed", "dash-scroll", "hot-keys", "hot-keys-overlay", "hot-keys-timeout", "a",
        "b",
      ]))
    XCTAssertEqual(runs.sections.map(\.title), [nil, "Dash", "Hot keys", nil])
    XCTAssertEqual(runs.sections.map(\.id), ["keys", "keys-dash", "keys-hot-keys", "keys-2"])
    XCTAssertEqual(runs.entries.map(\.row.id).count, 9)
    // Two of a kind are no group; neither is a schema whose keys all share a word, nor natural order.
    XCTAssertEqual(SchemaPanel.make(names(["dash-a", "dash-b", "other", "more"])).sections.count, 1)
    XCTAssertEqual(SchemaPanel.make(names(["key-1", "key-2", "key-3", "key-4"])).sections.count, 1)
    var natural = names(["enabled", "dash-size", "dash-fixed", "dash-scroll"])
    natural.isInFileOrder = false
    XCTAssertEqual(SchemaPanel.make(natural).sections.count, 1)
  }

  /// The sections of a fixture's page: each one's title and keys.
  func sections(_ fixture: FixtureSchema) throws -> [String] {
    try fixturePanel(fixture).sections.map { ($0.title ?? "-") + ": " + $0.rows.map(\.id).joined(separator: " ") }
  }

  func testOneKeySectionsMadeFromPerKeyCommentsAreMergedIntoTheirNeighbours() async throws {
    // A comment in capitals over every key, saying its name again (and once not): one section, no heading.
    XCTAssertEqual(
      try sections(ExtensionSchemaFixtures.blurNotes),
      ["-: sigma brightness noise-amount static-blur pipeline override-background-dynamically corner-radius"])
    // A heading over every key, none over two: notes too.
    XCTAssertEqual(
      try sections(ExtensionSchemaFixtures.panelNotes), ["-: position-top animate panel-size autohide label"])
    // Real groups stay; two one-key groups in a row become keys between groups; a lone one among real groups stays.
    let mixed = try fixturePanel(ExtensionSchemaFixtures.mixedNotes)
    XCTAssertEqual(
      try sections(ExtensionSchemaFixtures.mixedNotes),
      [
        "General: enabled show-icon icon-size", "-: text-color shadow", "Clock: clock-format clock-seconds clock-date",
        "Windows: focus-follows window-titles", "Workspaces: workspace-names workspace-count", "Debug: debug-mode",
      ])
    XCTAssertEqual(
      mixed.sections.map(\.id), ["keys", "keys-2", "keys-clock", "keys-windows", "keys-workspaces", "keys-debug"])
    XCTAssertEqual(SchemaPanel.path(ofKey: "shadow", in: mixed), "keys-2/shadow")
    XCTAssertEqual(mixed.validate(), [])
    // Keys before the first comment and a run of notes after them are one section.
    func described(_ comments: [String?]) -> SchemaDescription {
      var keys: [KeyDescription] = []
      for (index, comment) in comments.enumerated() {
        var key = KeyDescription(name: "key-\(index)", typeString: "b")
        key.comment = comment
        keys.append(key)
      }
      return SchemaDescription(id: Self.id, path: "/p/", keys: keys, isInFileOrder: true)
    }
    XCTAssertEqual(SchemaPanel.make(described([nil, nil, "A", "B", "C"])).sections.map(\.title), [nil])
    XCTAssertEqual(
      SchemaPanel.make(described(["Main", nil, nil, "A", "B", "Other", nil, nil])).sections.map(\.title),
      ["Main", nil, "Other"])
    // One real group beside one lone key under a heading of its own: both stay.
    XCTAssertEqual(
      SchemaPanel.make(described(["Main", nil, nil, "Debug"])).sections.map(\.title), ["Main", "Debug"])
    // A lone comment that only says its key's name heads nothing, whatever the groups around it.
    XCTAssertEqual(
      SchemaPanel.make(described(["Main", nil, nil, "Key 3", "Other", nil, nil])).sections.map(\.title),
      ["Main", nil, "Other"])
    XCTAssertTrue(SchemaGroups.repeatsName("NOISE AMOUNT", of: "noise-amount"))
    XCTAssertTrue(SchemaGroups.repeatsName("Color and noise", of: "color_and_noise"))
    XCTAssertFalse(SchemaGroups.repeatsName("UNBLUR DYNAMICALLY", of: "override-background-dynamically"))
    // The dock's groups of several keys are untouched (see testGroupsInTheSchemaFileAreSections).
    XCTAssertEqual(try fixturePanel(ExtensionSchemaFixtures.dock).sections.count, 6)
  }

  func testFreeTextAndListItemsRefuseCharactersThatHideWhatTheyHold() async throws {
    let page = panel([
      KeyDescription(name: "label", typeString: "s", summary: "Label", defaultString: ""),
      KeyDescription(name: "names", typeString: "as", summary: "Names", defaultStrings: []),
      KeyDescription(
        name: "monitor-json", typeString: "s", summary: "Per-monitor settings (JSON)", defaultString: "{}"),
      KeyDescription(name: "log-file", typeString: "s", summary: "Log", defaultString: ""),
    ])
    let label = try row("label", in: page)
    let names = try row("names", in: page)
    for text in [
      "left\u{202E}thgir", "\u{2066}a\u{2069}", "\u{202A}x", "bell\u{07}", "esc\u{1B}[31m", "del\u{7F}", "c1\u{85}x",
    ] {
      XCTAssertThrowsError(try label.parseValue(text, like: .string("")), text.debugDescription) { error in
        let said = "\(error)"
        XCTAssertTrue(said.contains("U+"), said)
        XCTAssertFalse(said.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x1B }, "never echoed")
      }
      XCTAssertThrowsError(try names.parseValue("a, " + text, like: .strings([])), text.debugDescription)
    }
    guard case .text(let text) = label.kind.form else { return XCTFail("a text row") }
    XCTAssertEqual(
      text.rule.problem(with: "a\u{202E}b"),
      "It holds a character that changes the direction of text (U+202E), which would show it otherwise than it is.")
    XCTAssertEqual(text.rule.problem(with: "a\u{07}"), "It holds a control character (U+0007), which can't be shown.")
    // Text in any script, direction marks, tabs and line breaks are free text.
    for good in ["שלום עולם", "مرحبا\u{200F}!", "a\u{200E}b", "tab\there", "two\nlines", "Crème brûlée", ""] {
      XCTAssertEqual(try label.parseValue(good, like: .string("")), .string(good), good.debugDescription)
      XCTAssertNil(text.rule.problem(with: good))
    }
    XCTAssertEqual(try names.parseValue("Terminal, Files", like: .strings([])), .strings(["Terminal", "Files"]))
    // JSON keeps writing such a character as its escape, and a file row is left to its own rule.
    XCTAssertEqual(
      try row("monitor-json", in: page).parseValue("{\"a\": \"b\u{202E}c\"}", like: .string("{}")),
      .string("{\"a\": \"b\\u202ec\"}"))
    XCTAssertEqual(try row("log-file", in: page).kindName, "file")
  }
}
