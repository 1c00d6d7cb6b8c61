import Gtk
import KnobsModel
import XCTest

@testable import KnobsUI

/// Knobs' GVariant reader and GLib's agree on what is a value: text GLib takes is never
/// refused by Knobs (a person could not write it), and text GLib refuses is refused by Knobs
/// with a line and column, over a corpus of well-formed and broken values.
@MainActor
final class GVariantAgreementTests: XCTestCase {
  static let corpus: [(String, [String])] = [
    (
      "(ii)",
      [
        "(1, 2)", "(1,2)", " ( -1 , +2 ) ", "(0x10, 010)", "(1, 2,)", "(1)", "(1, 2", "(1, 2))", "(1.0, 2)",
        "(2147483647, -2147483648)", "(2147483648, 0)", "(int32 1, 2)", "(@i 1, 2)", "(uint32 1, 2)", "('1', 2)",
        "(true, 2)", "(1 2)", "((1, 2))", "[1, 2]", "(1, 2) (3, 4)", "", " ", "(", ")", "(,)", "(1,,2)", "(1e3, 2)",
        "(-0, 0)", "(0x7fffffff, 0)", "(0x80000000, 0)", "(0b1, 0)", "(1_000, 0)", "(nothing, 1)",
      ]
    ),
    (
      "(dd)",
      [
        "(1, 2)", "(1.5, -2e-3)", "(inf, nan)", "(-inf, 1)", "(.5, 1)", "(5., 1)", "(1e400, 0)", "(0x10, 1)",
        "(1.0.0, 1)", "(double 1, 2.0)", "(1, 'x')", "(+1.5, 2)",
      ]
    ),
    (
      "a(sss)",
      [
        "[]", "@a(sss) []", "[('a', 'b', 'c')]", "[(\"a\", 'b', \"c\")]", "[('a', 'b')]", "[('a', 'b', 'c', 'd')]",
        "[('a\\'b', 'c', 'd')]", "[('\\u00e9', '\\U0001F600', '\\x41')]", "[('a', 'b', 'c'),]",
        "[('a', 'b', 'c') ('d', 'e', 'f')]",
        "[('a', 'b', 1)]", "[('tab\\t', 'nl\\n', '\\\\')]", "[('a', 'b', 'c')", "[(a, b, c)]", "[('a', 'b', 'c')] x",
        "[('\\101', 'b', 'c')]", "[('\\z', 'b', 'c')]",
      ]
    ),
    (
      "a{ss}",
      [
        "{}", "@a{ss} {}", "{'a': 'b'}", "{'a': 'b', 'c': 'd'}", "{'a': 'b', 'a': 'c'}", "{'a' : 'b'}",
        "{'a', 'b'}", "[{'a', 'b'}]", "[{'a': 'b'}]", "{'a': 1}", "{1: 'a'}", "{'a': 'b',}", "{'a': 'b'", "{'a'}",
      ]
    ),
    (
      "a{sv}",
      [
        "{}", "{'a': <1>}", "{'a': <'x'>, 'b': <true>, 'c': <1.5>}", "{'a': <uint32 5>}", "{'a': <@as []>}",
        "{'a': <[]>}", "{'a': <{'b': <1>}>}", "{'a': <(1, 'x')>}", "{'a': <[1, 2.5]>}", "{'a': <[1, 'x']>}",
        "{'a': <just 5>}", "{'a': <nothing>}", "{'a': <@mi nothing>}", "{'a': 1}", "{'a': <<1>>}", "{'a': <b'xy'>}",
        "{'a': <objectpath '/x'>}", "{'a': <[<1>, <'x'>]>}", "{'a': <{1: 'x'}>}", "{'a': <int64 -5>}",
        "{'a': <byte 0x41>}", "{'a': <@(ii) (1, 2)>}", "{'a': <()>}",
      ]
    ),
    ("(sa{sv})", ["('x', {})", "('x', @a{sv} {})", "('x', {'a': <1>})", "('x')", "('x', {'a': <1>}, 3)"]),
    ("v", ["<1>", "<'x'>", "<<1>>", "1", "<>", "<@as []>", "<[]>", "<(1, 2)>", "<@(ii) (1, 2)>"]),
    ("ay", ["[]", "[1, 2]", "[256]", "[-1]", "b'abc'", "b\"abc\"", "@ay []", "[byte 1]", "['a']"]),
    ("mb", ["nothing", "just true", "true", "just nothing", "just", "@mb nothing"]),
    ("ms", ["nothing", "just 'x'", "'x'", "just"]),
    ("mmb", ["nothing", "just nothing", "just just true", "just true"]),
    ("ao", ["[]", "['/']", "['/a/b']", "['a']", "['/a/']", "['/a//b']", "[objectpath '/x']", "['/a-b']"]),
    ("ag", ["[]", "['s']", "['(ii)']", "['a{sv}']", "['x']", "['(i']", "[signature 'as']"]),
    (
      "(xt)",
      [
        "(9223372036854775807, 18446744073709551615)", "(-9223372036854775808, 0)", "(9223372036854775808, 0)",
        "(0, 18446744073709551616)", "(0, -1)", "(0, -0)",
      ]
    ),
    ("(ynq)", ["(255, -32768, 65535)", "(256, 0, 0)", "(0, 32768, 0)", "(0, 0, -1)", "(byte 1, 1, 1)"]),
    ("as", ["[]", "['a']", "['a', \"b\"]", "['a' 'b']", "['a', 1]", "@as ['a']", "[string 'a']"]),
    ("aas", ["[]", "[[]]", "[['a'], []]", "[['a'], 'b']"]),
    ("a(ii)", ["[(1, 2), (3, 4)]", "[(1, 2), (3)]"]),
  ]

  /// A value of a dconf database of the other byte order (GVDBTable.isByteSwapped) reads as
  /// the same value: numbers are swapped, strings and booleans have nothing to swap.
  func testASerializedValueOfTheOtherByteOrderReadsAlike() async throws {
    // `v` holding int32 0x01020304: the number, a separator, the type.
    let little: [UInt8] = [0x04, 0x03, 0x02, 0x01, 0x00] + Array("i".utf8)
    let big: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x00] + Array("i".utf8)
    XCTAssertEqual(Variant.textOfSerializedVariant(little, byteSwapped: false), "16909060")
    XCTAssertEqual(Variant.textOfSerializedVariant(big, byteSwapped: true), "16909060")
    XCTAssertEqual(Variant.textOfSerializedVariant(big, byteSwapped: false), "67305985", "the order matters")
    // `v` holding (ui) (7, -2): each number in its order.
    let pair: [UInt8] = [0, 0, 0, 7, 0xff, 0xff, 0xff, 0xfe, 0x00] + Array("(ui)".utf8)
    XCTAssertEqual(Variant.textOfSerializedVariant(pair, byteSwapped: true), "(7, -2)")
    let text: [UInt8] = Array("12h".utf8) + [0, 0] + Array("s".utf8)
    XCTAssertEqual(Variant.textOfSerializedVariant(text, byteSwapped: true), "'12h'")
  }

  func testKnobsAndGLibAgreeOnWhatIsAValue() async throws {
    var disagreements: [String] = []
    var checked = 0
    for (type, texts) in Self.corpus {
      for text in texts {
        checked += 1
        let glib: Bool
        switch Variant.parse(text, type: type) {
        case .success: glib = true
        case .failure: glib = false
        }
        var knobs: String?
        do {
          _ = try GVariantValue.parse(text, typeString: type)
        } catch {
          knobs = error.description
        }
        if glib && knobs != nil {
          disagreements.append("\(type) \(text): GLib takes it, Knobs says \(knobs!)")
        } else if !glib && knobs == nil {
          disagreements.append("\(type) \(text): GLib refuses it, Knobs takes it")
        }
        if let knobs { XCTAssertTrue(knobs.hasPrefix("Line "), knobs) }
      }
    }
    print("GVariant agreement: \(checked) texts, \(disagreements.count) disagreements")
    XCTAssertEqual(disagreements, [])
  }
}
