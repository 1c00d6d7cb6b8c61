@testable import KnobsModel
import XCTest

/// Structured GVariant values on schema pages: which editor each type gets, tables and pairs
/// read and written in the key's own type, and GVariant text refused in Knobs' words with the
/// line and column of the fault.
@MainActor
final class StructuredValuesTests: XCTestCase {
  func editor(_ type: String, _ description: String = "") -> Row.Text.Editor {
    let key = KeyDescription(name: "key", typeString: type, description: description)
    guard case .text(let text) = SchemaPanel.kind(for: key, SettingKey(schema: "s", key: "key")).form else {
      XCTFail("\(type) is no text row")
      return .entry
    }
    return text.editor
  }

  func table(_ type: String, _ description: String = "") throws -> ValueTable {
    guard case .table(let table) = editor(type, description) else { throw XCTSkip("no table for \(type)") }
    return table
  }

  func problem(_ text: String, _ type: String) -> GVariantTextProblem? {
    do {
      _ = try GVariantValue.parse(text, typeString: type)
      return nil
    } catch {
      return error
    }
  }

  // MARK: - Type to editor

  func testEachStructuredTypeGetsItsEditor() async throws {
    let expected: [(String, String)] = [
      ("a(sss)", "table"), ("a(ss)", "table"), ("a(si)", "table"), ("a(sibd)", "table"), ("a{ss}", "table"),
      ("a{sv}", "table"), ("a{si}", "table"), ("(ii)", "pair"), ("(dd)", "pair"), ("(uu)", "pair"),
      ("(si)", "gvariant"), ("(id)", "gvariant"), ("(sa{sv})", "gvariant"), ("v", "gvariant"), ("ay", "gvariant"),
      ("mb", "gvariant"), ("ms", "gvariant"), ("a(sa{sv})", "gvariant"), ("a{sas}", "gvariant"),
      ("aas", "gvariant"), ("a(sssssss)", "gvariant"), ("(xx)", "gvariant"), ("x", "entry"), ("t", "entry"),
    ]
    for (type, name) in expected {
      XCTAssertEqual(editor(type).name, name, type)
    }
  }

  func testColumnsAndPairsAreNamedFromTheDescription() async throws {
    XCTAssertEqual(
      try table("a(sss)", "Each icon's id, name and custom icon.").columns.map(\.title), ["Id", "Name", "Custom icon"])
    XCTAssertEqual(try table("a(ss)", "Nothing to go by.").columns.map(\.title), ["Field 1", "Field 2"])
    XCTAssertEqual(try table("a{ss}").columns.map(\.title), ["Key", "Value"])
    XCTAssertEqual(try table("a{sv}").columns.map { $0.type.description }, ["s", "v"])
    let cases: [(String, (String, String))] = [
      ("Window position as x, y", ("X", "Y")), ("The width and height of the window.", ("Width", "Height")),
      ("Size (columns, rows) of the grid", ("Columns", "Rows")), ("Two numbers.", ("First", "Second")),
      ("", ("First", "Second")),
    ]
    for (description, labels) in cases {
      guard case .pair(let pair) = editor("(ii)", description) else { return XCTFail(description) }
      XCTAssertEqual([pair.first, pair.second], [labels.0, labels.1], description)
    }
    let long = String(repeating: "word, ", count: 20_000)
    XCTAssertEqual(StructuredValues.fieldNames(in: long, count: 2), nil, "a huge description names nothing")
  }

  // MARK: - Round trips

  func testTablesReadAndWriteTheirOwnType() async throws {
    let icons = try table("a(sss)")
    let stored = "[('steam', 'Steam', ''), ('it\\'s', \"quote's\", '/usr/share/icons/x.png')]"
    let rows = try icons.rows(ofText: stored).get()
    XCTAssertEqual(rows.count, 2)
    XCTAssertEqual(rows[1].map(icons.cellText), ["it's", "quote's", "/usr/share/icons/x.png"])
    let written = try icons.text(of: rows)
    XCTAssertEqual(written, "[('steam', 'Steam', ''), (\"it's\", \"quote's\", '/usr/share/icons/x.png')]")
    XCTAssertEqual(try icons.rows(ofText: written).get(), rows, "what is written reads back the same")
    XCTAssertEqual(try icons.text(of: []), "[]")

    let counts = try table("a(si)")
    XCTAssertEqual(try counts.cell("42", column: 1), .integer(42, type: "i"))
    XCTAssertThrowsError(try counts.cell("2147483648", column: 1)) { error in
      XCTAssertEqual(
        "\(error)", "Field 2: 2147483648 is outside what a value of type i holds (-2147483648 – 2147483647).")
    }
    XCTAssertThrowsError(try counts.cell("many", column: 1)) { error in
      XCTAssertEqual("\(error)", "Field 2: “many” is not a number.")
    }
    XCTAssertEqual(try counts.text(of: [[.string("a", type: "s"), .integer(-3, type: "i")]]), "[('a', -3)]")
  }

  func testDictionariesRefuseADuplicateKey() async throws {
    let names = try table("a{ss}")
    let rows = try names.rows(ofText: "{'a': 'one', 'b': 'two'}").get()
    XCTAssertEqual(try names.text(of: rows), "{'a': 'one', 'b': 'two'}")
    XCTAssertThrowsError(try names.text(of: rows + [[.string("a", type: "s"), .string("three", type: "s")]])) {
      XCTAssertEqual("\($0)", "Key: the key “a” is already in the table; each key can be there only once.")
    }
    XCTAssertEqual(try names.text(of: []), "{}")
    // The command line refuses what the table refuses.
    let row = SchemaPanel.row(for: KeyDescription(name: "names", typeString: "a{ss}"), in: "s")
    XCTAssertEqual(try row.parseValue("{'a': 'b'}"), .variant(type: "a{ss}", text: "{'a': 'b'}"))
    XCTAssertThrowsError(try row.parseValue("{'a': 'b', 'a': 'c'}")) {
      XCTAssertTrue("\($0)".hasSuffix("The key “a” is already in the table; each key can be there only once."), "\($0)")
    }
  }

  func testStringsInsideStructuredValuesRefuseCharactersThatHideWhatTheyHold() async throws {
    let turned =
      "It holds a character that changes the direction of text (U+202E), which would show it otherwise than it is."
    for (type, bad) in [
      ("(ss)", "('a', 'left\u{202E}thgir')"), ("(ss)", "('a', 'b\\u202ec')"),
      ("a(sss)", "[('a', 'b', 'c\\u202e')]"), ("a{ss}", "{'k\\u202e': 'v'}"), ("a{sv}", "{'k': <'v\\u202e'>}"),
      ("(sa{sv})", "('x', {'k': <<'v\\u202e'>>})"), ("ms", "just 'v\\u202e'"),
    ] {
      let row = SchemaPanel.row(for: KeyDescription(name: "value", typeString: type), in: "s")
      XCTAssertThrowsError(try row.parseValue(bad), bad) { error in
        XCTAssertTrue("\(error)".contains(turned), "\(error)")
        XCTAssertFalse("\(error)".unicodeScalars.contains("\u{202E}"), "never echoed")
      }
    }
    let pair = SchemaPanel.row(for: KeyDescription(name: "pair", typeString: "(ss)"), in: "s")
    XCTAssertThrowsError(try pair.parseValue("('bell\\u0007', '')")) {
      XCTAssertTrue("\($0)".contains("It holds a control character (U+0007), which can't be shown."), "\($0)")
    }
    // Text in any script, direction marks, tabs and line breaks are written.
    for good in ["('שלום עולם', 'a\\u200fb')", "('tab\\there', 'two\\nlines')"] {
      XCTAssertEqual(try pair.parseValue(good), .variant(type: "(ss)", text: good))
    }
    // A table's cell refuses it on a schema page, however it is typed; the table alone does not.
    let icons = try table("a(sss)", "Each icon's id, name and custom icon.")
    XCTAssertThrowsError(try icons.cell("left\u{202E}thgir", column: 1, refusingHiddenCharacters: true)) {
      XCTAssertEqual("\($0)", "Name: " + turned)
    }
    XCTAssertEqual(
      try icons.cell("left\u{202E}thgir", column: 1), .string("left\u{202E}thgir", type: "s"))
    XCTAssertEqual(try icons.cell("שלום", column: 1, refusingHiddenCharacters: true), .string("שלום", type: "s"))
    let options = try table("a{sv}")
    XCTAssertThrowsError(try options.cell("'esc\\u001b[31m'", column: 1, refusingHiddenCharacters: true)) {
      XCTAssertEqual("\($0)", "Value: It holds a control character (U+001B), which can't be shown.")
    }
    guard
      case .text(let text) = SchemaPanel.kind(
        for: KeyDescription(name: "t", typeString: "a(sss)"), .init(schema: "s", key: "t")
      ).form
    else { return XCTFail("a text row") }
    XCTAssertTrue(text.rule.refusesHiddenCharacters, "the window's table asks the row's rule")
  }

  func testDictionariesOfVariantsHoldSimpleValuesAndFallBackForNestedOnes() async throws {
    let options = try table("a{sv}")
    let rows = try options.rows(ofText: "{'size': <3>, 'name': <'big'>, 'on': <true>, 'big': <uint32 7>}").get()
    XCTAssertEqual(rows.map { options.cellText($0[1]) }, ["3", "'big'", "true", "uint32 7"])
    XCTAssertEqual(try options.text(of: rows), "{'size': <3>, 'name': <'big'>, 'on': <true>, 'big': <uint32 7>}")
    XCTAssertEqual(try options.cell("2.5", column: 1), .variant(.double(2.5)))
    XCTAssertEqual(try options.cell("<'x'>", column: 1), .variant(.string("x", type: "s")))
    XCTAssertThrowsError(try options.cell("plain words", column: 1)) {
      XCTAssertEqual("\($0)", "Value: “plain” is no value here; strings need quotes.")
    }
    let nested = options.rows(ofText: "{'inner': <{'a': <1>}>}")
    XCTAssertEqual(nested.failureValue, .nestedValue(key: "inner"))
    XCTAssertEqual(
      nested.failureValue?.description,
      "The value of “inner” holds more than a string or a number, so the whole setting is shown as GVariant text.")
    // A value of another shape than the table's (written by another program) is no table.
    XCTAssertNotNil(try table("a(sss)").rows(ofText: "[('a', 'b')]").failureValue)
  }

  func testPairsReadAndWriteTheirType() async throws {
    guard case .pair(let pair) = editor("(ii)", "x, y") else { return XCTFail() }
    XCTAssertTrue(try XCTUnwrap(pair.numbers(of: "(10, -20)")) == (10, -20))
    XCTAssertNil(pair.numbers(of: "(10, 'a')"))
    XCTAssertEqual(pair.text(try pair.number("640", label: "X"), try pair.number(" 480 ", label: "Y")), "(640, 480)")
    XCTAssertThrowsError(try pair.number("2147483648", label: "X")) {
      XCTAssertEqual("\($0)", "X: 2147483648 is outside what a value of type i holds (-2147483648 – 2147483647).")
    }
    XCTAssertThrowsError(try pair.number("-2147483649", label: "Y"))
    XCTAssertThrowsError(try pair.number("1.5", label: "Y")) {
      XCTAssertEqual("\($0)", "Y: 1.5 is not a whole number.")
    }
    guard case .pair(let doubles) = editor("(dd)") else { return XCTFail() }
    let german = NumberStyle(locale: "de_DE.UTF-8")
    XCTAssertEqual(try doubles.number("0,5", label: "", style: german), .double(0.5))
    XCTAssertEqual(try doubles.number("0.5", label: "", style: german), .double(0.5))
    XCTAssertThrowsError(try doubles.number("1.000", label: "Width", style: german)) {
      XCTAssertEqual(
        "\($0)", "Width: “1.000” could be 1000 or 1,000; type it without the point, or with a decimal comma.")
    }
    XCTAssertEqual(doubles.shown(.double(0.25), style: german), "0,25")
    XCTAssertEqual(pair.shown(.integer(-3, type: "i"), style: german), "-3")
    XCTAssertEqual(
      doubles.text(try doubles.number("1", label: ""), try doubles.number("0.25", label: "")), "(1.0, 0.25)")
  }

  func testGVariantTextReadsWhatGLibPrints() async throws {
    let samples: [(String, String)] = [
      ("(sa{sv})", "('x', {'a': <1>, 'b': <@as []>, 'c': <(1, 'two')>})"), ("v", "<int64 5>"), ("ay", "[1, 2]"),
      ("ay", "b'hello'"), ("mb", "nothing"), ("mb", "just true"), ("a{sv}", "@a{sv} {}"), ("(dd)", "(1e+20, -0.5)"),
      ("ao", "[objectpath '/org/x', '/']"), ("(xt)", "(-9223372036854775808, 18446744073709551615)"),
      ("a(ii)", "[(1, 2), (0x10, -010)]"), ("s", "'tab\\there \\u00e9'"), ("av", "[<[1, 2.5]>, <{'k': 'v'}>]"),
    ]
    for (type, text) in samples {
      XCTAssertNil(problem(text, type), "\(type) \(text): \(problem(text, type)?.description ?? "")")
    }
    let value = try GVariantValue.parse("('x', {'a': <1>, 'b': <@as []>, 'n': <uint32 3>})", typeString: "(sa{sv})")
    XCTAssertEqual(value.text, "('x', {'a': <1>, 'b': <@as []>, 'n': <uint32 3>})")
    XCTAssertEqual(try GVariantValue.parse(value.text, typeString: "(sa{sv})"), value)
    XCTAssertEqual(try GVariantValue.parse("[(1, 2), (0x10, -010)]", typeString: "a(ii)").text, "[(1, 2), (16, -8)]")
  }

  // MARK: - Faults in Knobs' words, with line and column

  func testFaultsAreSaidWithLineAndColumnNeverInGLibsWords() async throws {
    let cases: [(String, String, String)] = [
      ("(ii)", "(1, 2", "Line 1, column 6: the text ends where “,” or “)” should follow."),
      ("a(sss)", "[('a', 'b', 'c'", "Line 1, column 16: the text ends where “,” or “)” should follow."),
      ("(ii)", "(1, x)", "Line 1, column 5: “x” is no value here; strings need quotes."),
      ("(ii)", "(1, 2)\u{0}(3, 4)", "Line 1, column 7: a NUL character (U+0000) can't be stored."),
      ("a{ss}", "{\r\n  'a': 'b',\r\n  'c' 'd'\r\n}", "Line 3, column 7: expected “:”, found “'”."),
      ("a{ss}", "{\r'a': 'b',\r'c': }", "Line 3, column 6: expected a string in quotes, found “}”."),
      ("(ii)", "(1,\u{202E} 2)", "Line 1, column 4: expected a whole number, found U+202E."),
      (
        "(ii)", "(2147483648, 0)",
        "Line 1, column 2: 2147483648 is outside what a value of type i holds (-2147483648 – 2147483647)."
      ),
      (
        "(ii)", "(0, -2147483649)",
        "Line 1, column 5: -2147483649 is outside what a value of type i holds (-2147483648 – 2147483647)."
      ),
      ("(ii)", "(1, 2, 3)", "Line 1, column 1: expected 2 items in parentheses, found 3."),
      ("(ii)", "(1, 2) x", "Line 1, column 8: unexpected text after the value."),
      ("(ii)", "", "Line 1, column 1: the text ends where values in “(” and “)” should follow."),
      (
        "a{sv}", "{'a': <[]>}",
        "Line 1, column 8: the type of this value can't be told; write it with its type, like @as [] or uint32 5."
      ),
      ("a(ss)", "[('a', 'b)]", "Line 1, column 8: the string has no closing quote."),
      ("s", "'\\u12'", "Line 1, column 2: a backslash escape that is not one of \\n, \\t, \\uXXXX and the like."),
      ("as", "['a', 1]", "Line 1, column 7: expected a string in quotes here."),
    ]
    for (type, text, message) in cases {
      XCTAssertEqual(problem(text, type)?.description, message, "\(type) \(text.debugDescription)")
    }
    // The bidi control inside a string is the string's own: stored as it is.
    XCTAssertNil(problem("('a\u{202E}b', 'c')", "(ss)"))
  }

  func testAHundredKilobyteStringIsReadAndAFaultAfterItIsPlaced() async throws {
    let long = String(repeating: "x", count: 100_000)
    XCTAssertNil(problem("[('\(long)', 'b', 'c')]", "a(sss)"))
    let fault = problem("[('\(long)', 'b' 'c')]", "a(sss)")
    XCTAssertEqual(fault?.line, 1)
    XCTAssertEqual(fault?.column, 100_011)
    XCTAssertEqual(fault?.description, "Line 1, column 100011: expected “,” or “)”, found “'”.")
    let deep = String(repeating: "<", count: 10_000)
    XCTAssertEqual(problem(deep, "v")?.reason, .tooDeep, "nesting is bounded, never a stack overflow")
  }
}

extension Result {
  fileprivate var failureValue: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
