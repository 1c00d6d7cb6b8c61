import KnobsModel
import XCTest

@MainActor
final class ValidationTests: XCTestCase {
  private let key = Keys.showSeconds

  func testSamplePanelIsValidWithAndWithoutStore() async {
    XCTAssertEqual(Sample.panel().validate(), [])
    XCTAssertEqual(Sample.panel().validate(against: Sample.store()), [])
  }

  /// The store's checks alone skip the declaration's, which the window checked before it opened,
  /// and mark what they find as the store's; the whole check finds both.
  func testTheStoresChecksAloneFindOnlyWhatTheStoreShows() async {
    let panel = Panel("Mixed") {
      Section("looks", "Looks") {
        ToggleRow("scheme", "Dark", key: Keys.colorScheme)
        ToggleRow("Bad_ID", "Seconds", key: Keys.showSeconds)
      }
    }
    let store = Sample.store()
    let storeOnly = panel.validate(against: store, checks: .storeOnly)
    XCTAssertEqual(storeOnly.map(\.path), ["looks/scheme"])
    XCTAssertTrue(storeOnly.allSatisfy(\.comesFromStore))
    let all = panel.validate(against: store)
    XCTAssertEqual(Set(all.map(\.path)), ["looks/scheme", "looks/Bad_ID"])
    XCTAssertEqual(all.filter(\.comesFromStore).map(\.path), ["looks/scheme"])
    XCTAssertEqual(panel.validate().map(\.path), ["looks/Bad_ID"], "without a store, the declaration alone")
  }

  func testDuplicateSectionIDs() async {
    let panel = Panel("P") {
      Section("a", "A") { ValueRow("x", "X", value: "1") }
      Section("a", "Again") { ValueRow("y", "Y", value: "2") }
    }
    let problems = panel.validate()
    XCTAssertEqual(problems.count, 1)
    assertProblem(problems, at: "a", mentioning: "more than one section")
  }

  func testDuplicateRowIDsAcrossSectionsOfOnePage() async {
    let panel = Panel("P") {
      Section("a", "A") { ValueRow("x", "X", value: "1") }
      Section("b", "B") { ValueRow("x", "X again", value: "2") }
      Section("c", "C") { ValueRow("x", "X a third time", value: "3") }
    }
    let problems = panel.validate()
    assertProblem(problems, at: "b/x", mentioning: "a/x")
    // Each later use names the first, not the one before it.
    assertProblem(problems, at: "c/x", mentioning: "a/x")
    XCTAssertFalse(problems.contains { $0.message.contains("b/x") }, "\(problems)")
  }

  func testDuplicateRowIDsInsideDetailPageAndSameIDOnOtherPagesIsFine() async {
    let panel = Panel("P") {
      Section("s", "S") {
        ValueRow("x", "X", value: "1")
        DetailRow("more", "More") {
          Section("one", "One") { ValueRow("x", "Same id, other page", value: "1") }
          Section("two", "Two") { ValueRow("x", "Duplicate on this page", value: "2") }
        }
      }
    }
    let problems = panel.validate()
    XCTAssertEqual(problems.map(\.path), ["s/more/two/x"])
    assertProblem(problems, at: "s/more/two/x", mentioning: "already used")
  }

  func testProblemsComeInDisplayOrderWithADetailPagesAfterItsRow() async {
    let panel = Panel("P") {
      Section("s", "S") {
        DetailRow("more_", "More") {
          Section("in", "In") { ValueRow("x", " ", value: "1") }
        }
        ValueRow("after_", "After", value: "1")
      }
    }
    XCTAssertEqual(panel.validate().map(\.path), ["s/more_", "s/more_/in/x", "s/after_"])
  }

  func testIDsMustBeLowercaseLettersDigitsAndHyphens() async {
    let panel = Panel("P") {
      Section("Bad Section", "B") {
        ValueRow("", "Empty id", value: "1")
        ValueRow("dark_style", "Underscore", value: "1")
        ValueRow("Dark", "Capital", value: "1")
        ValueRow("ok-1", "Fine", value: "1")
        ValueRow("café", "Beyond ASCII", value: "1")
        ValueRow("a-row-id-longer-than-fifteen-bytes", "Long and fine", value: "1")
        ValueRow("a-row-id-longer-than-fifteen-bytes-Capital", "Long with a capital", value: "1")
      }
    }
    let problems = panel.validate()
    assertProblem(problems, at: "Bad Section/café", mentioning: "a-z")
    assertProblem(problems, at: "Bad Section/a-row-id-longer-than-fifteen-bytes-Capital", mentioning: "a-z")
    XCTAssertFalse(problems.contains { $0.path.description.hasSuffix("/a-row-id-longer-than-fifteen-bytes") })
    assertProblem(problems, at: "Bad Section", mentioning: "a-z")
    assertProblem(problems, at: RowPath(ids: ["Bad Section", ""]), mentioning: "empty")
    assertProblem(problems, at: "Bad Section/dark_style", mentioning: "a-z")
    assertProblem(problems, at: "Bad Section/Dark", mentioning: "a-z")
    XCTAssertFalse(problems.contains { $0.path.description.hasSuffix("ok-1") })
  }

  func testEmptyTitles() async {
    let panel = Panel("P") {
      Section("titled", "") { ValueRow("blank", "  ", value: "1") }
      Section("untitled") { ValueRow("x", "X", value: "1") }
    }
    let problems = panel.validate()
    assertProblem(problems, at: "titled", mentioning: "section title is empty")
    assertProblem(problems, at: "titled/blank", mentioning: "row title is empty")
    XCTAssertFalse(problems.contains { $0.path == "untitled" }, "a section may have no title")
  }

  func testLinkSchemes() async {
    let panel = Sample.panel {
      LinkRow("ftp", "FTP", url: "ftp://example.org/file")
      LinkRow("file", "File", url: "file:///etc/passwd", allowing: ["file"])
      LinkRow("bare", "Bare", url: "example.org")
      LinkRow("nohost", "No host", url: "https:///path")
      LinkRow("help", "Help", url: "help:knobs", allowing: ["help"])
    }
    let problems = panel.validate()
    assertProblem(problems, at: "s/ftp", mentioning: "unless the row allows")
    assertProblem(problems, at: "s/file", mentioning: "never")
    assertProblem(problems, at: "s/bare", mentioning: "no scheme")
    assertProblem(problems, at: "s/nohost", mentioning: "no host")
    XCTAssertFalse(problems.contains { $0.path == "s/help" }, "an allowed extra scheme is fine")
  }

  func testEmailRules() async {
    let panel = Sample.panel {
      EmailRow("nobody", "Nobody", to: [])
      EmailRow("malformed", "Malformed", to: "not-an-address")
      EmailRow("injected", "Injected", to: "a@example.org\r\nBcc: evil@example.org")
      EmailRow("subject", "Subject", to: "a@example.org", subject: "Hi\nBcc: evil@example.org")
      EmailRow("attach", "Attach", mailto: "mailto:a@b.org?attach=/etc/passwd")
    }
    let problems = panel.validate()
    assertProblem(problems, at: "s/nobody", mentioning: "no recipient")
    assertProblem(problems, at: "s/malformed", mentioning: "not a valid email address")
    assertProblem(problems, at: "s/injected", mentioning: "line break")
    assertProblem(problems, at: "s/subject", mentioning: "subject contains a line break")
    assertProblem(problems, at: "s/attach", mentioning: "attach")
  }

  func testSliderRules() async {
    let panel = Sample.panel {
      // A range the wrong way round can't be written as a ClosedRange; a panel file or a generated page can hold one.
      Row(id: "inverted", title: "Inverted", kind: .slider(.init(key: Keys.textScale, minimum: 3, maximum: 1, step: 1)))
      SliderRow("flat", "Flat", key: Keys.textScale, range: 1...1, step: 1)
      SliderRow("zero-step", "Zero step", key: Keys.textScale, range: 0...1, step: 0)
      SliderRow("uneven", "Uneven", key: Keys.textScale, range: 0...1, step: 0.3)
      SliderRow("tenths", "Tenths", key: Keys.textScale, range: 0...1, step: 0.1)
    }
    let problems = panel.validate()
    assertProblem(problems, at: "s/inverted", mentioning: "not below its maximum")
    assertProblem(problems, at: "s/flat", mentioning: "not below its maximum")
    assertProblem(problems, at: "s/zero-step", mentioning: "greater than zero")
    assertProblem(problems, at: "s/uneven", mentioning: "does not divide")
    XCTAssertFalse(problems.contains { $0.path == "s/tenths" }, "0.1 divides 0…1 within the tolerance")
  }

  func testChoiceRules() async {
    let panel = Sample.panel {
      ChoiceRow("empty", "Empty", key: Keys.clockFormat, options: [])
      ChoiceRow("twice", "Twice", key: Keys.clockFormat, options: [("24h", "24-hour"), ("24h", "Also 24")])
      ChoiceRow("mixed", "Mixed", key: Keys.clockFormat, options: [("24h", "24-hour"), (12, "Twelve")])
    }
    let problems = panel.validate()
    assertProblem(problems, at: "s/empty", mentioning: "no options")
    assertProblem(problems, at: "s/twice", mentioning: "more than one option")
    assertProblem(problems, at: "s/mixed", mentioning: "different types")
  }

  /// Each option repeating an earlier value is named once, in a short list
  /// (compared pairwise) and a long one (hashed) alike; variants of two
  /// GVariant types are of different types.
  func testChoiceRepeatsAndTypesInShortAndLongLists() async {
    func problems(_ values: [SettingValue]) -> [String] {
      let panel = Sample.panel {
        ChoiceRow("c", "C", key: Keys.clockFormat, options: values.map { ($0, "Label") })
      }
      return panel.validate().filter { $0.path == "s/c" }.map(\.message)
    }
    for count in [5, 40] {
      var values = (0..<count).map { SettingValue.string("v\($0)") }
      XCTAssertEqual(problems(values), [], "\(count) options")
      values += [.string("v1"), .string("v3"), .string("v1")]
      let repeats = problems(values)
      XCTAssertEqual(repeats.count, 3, "\(count) options: \(repeats)")
      XCTAssertEqual(repeats.filter { $0.contains("“v1”") }.count, 2, "\(count) options: \(repeats)")
      XCTAssertEqual(repeats.filter { $0.contains("“v3”") }.count, 1, "\(count) options: \(repeats)")
    }
    XCTAssertEqual(problems([.variant(type: "(ii)", text: "(1, 2)"), .variant(type: "(ii)", text: "(3, 4)")]), [])
    let mixed = problems([.variant(type: "(ii)", text: "(1, 2)"), .variant(type: "ay", text: "[]")])
    XCTAssertEqual(mixed.count, 1, "\(mixed)")
    XCTAssertTrue(mixed.first?.contains("different types") == true, "\(mixed)")
  }

  func testToggleRules() async {
    let panel = Sample.panel {
      ToggleRow("same", "Same", key: key, on: "x", off: "x")
      ToggleRow("mixed", "Mixed", key: key, on: "yes", off: false)
    }
    let problems = panel.validate()
    assertProblem(problems, at: "s/same", mentioning: "equal")
    assertProblem(problems, at: "s/mixed", mentioning: "different types")
  }

  func testEmptyDetailPageSectionAndPanel() async {
    let panel = Panel("P") {
      Section("s", "S") {
        DetailRow("empty", "Empty page") {}
        DetailRow("holds", "Holds an empty section") { Section("nothing", "Nothing") {} }
      }
    }
    let problems = panel.validate()
    assertProblem(problems, at: "s/empty", mentioning: "no sections")
    assertProblem(problems, at: "s/holds/nothing", mentioning: "no rows")
    assertProblem(Panel(title: "Bare", sections: []).validate(), at: "", mentioning: "no sections")
  }

  func testStoreDefaultsAgainstRows() async {
    let store = MemoryStore(defaults: [
      Keys.textScale: 5.0, Keys.clockFormat: "23h", Keys.showSeconds: "no", Keys.colorScheme: 1,
      Keys.cursorSize: 24, Keys.animations: "fast",
    ])
    let panel = Sample.panel {
      SliderRow("range", "Range", key: Keys.textScale, range: 0.5...3, step: 0.5)
      ChoiceRow("missing-option", "Missing option", key: Keys.clockFormat, options: [("24h", "24"), ("12h", "12")])
      ToggleRow("toggle-type", "Toggle type", key: Keys.showSeconds)
      ChoiceRow("choice-type", "Choice type", key: Keys.colorScheme, options: [("default", "Default")])
      SliderRow("whole", "Whole", key: Keys.cursorSize, range: 0...48, step: 0.5)
      SliderRow("slider-type", "Slider type", key: Keys.animations, range: 0...1, step: 1)
      ToggleRow("absent", "Absent", key: Keys.missing)
    }
    let problems = panel.validate(against: store)
    assertProblem(problems, at: "s/range", mentioning: "outside the slider's range")
    assertProblem(problems, at: "s/missing-option", mentioning: "not among")
    assertProblem(problems, at: "s/toggle-type", mentioning: "boolean")
    assertProblem(problems, at: "s/choice-type", mentioning: "integer")
    assertProblem(problems, at: "s/whole", mentioning: "whole numbers")
    assertProblem(problems, at: "s/slider-type", mentioning: "needs a number")
    XCTAssertFalse(problems.contains { $0.path == "s/absent" }, "a key the store lacks is shown at run time")
    XCTAssertTrue(panel.validate().isEmpty, "without a store the same rows are fine")
  }

  func testProblemsRecurseIntoNestedPagesWithFullPaths() async {
    let panel = Panel("P") {
      Section("help", "Help") {
        DetailRow("about", "About") {
          Section("version", "") {
            DetailRow("deeper", "Deeper") {
              Section("bottom", "Bottom") {
                LinkRow("bad", "Bad", url: "javascript:alert(1)", allowing: ["javascript"])
              }
            }
          }
        }
      }
    }
    let problems = panel.validate()
    assertProblem(problems, at: "help/about/version", mentioning: "empty")
    assertProblem(problems, at: "help/about/version/deeper/bottom/bad", mentioning: "never")
  }

  func testDescriptionIsPathColonMessage() async {
    XCTAssertEqual(PanelProblem(path: "a/b", message: "Broken.").description, "a/b: Broken.")
    XCTAssertEqual(PanelProblem(path: "", message: "Broken.").description, "Broken.")
  }
}
