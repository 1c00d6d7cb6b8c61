import XCTest

@testable import KnobsModel

/// Numbers from outside at and past every bound: never a trap, never a clamp, exact at the limits.
@MainActor
final class NumberEdgeRobustnessTests: XCTestCase {
  static let key = SettingKey(schema: "org.example.numbers", key: "n")

  enum Outcome: Equatable {
    case value(SettingValue)
    case outOfRange
    case notANumber
    case refused
  }

  func outcome(_ row: Row, _ text: String, like sample: SettingValue) -> Outcome {
    do {
      return .value(try row.parseValue(text, like: sample, style: .c))
    } catch {
      switch error {
      case .outOfRange: return .outOfRange
      case .notANumber: return .notANumber
      default: return .refused
      }
    }
  }

  func number(_ minimum: Double, _ maximum: Double, step: Double = 1) -> Row {
    NumberRow("n", "N", key: Self.key, range: minimum...maximum, step: step).row
  }

  func slider(_ minimum: Double, _ maximum: Double, step: Double = 1) -> Row {
    SliderRow("n", "N", key: Self.key, range: minimum...maximum, step: step).row
  }

  func testTheIntegerEdgeTable() async {
    let int64 = (-9_223_372_036_854_775_808.0, 9_223_372_036_854_775_807.0)
    let uint32 = (0.0, 4_294_967_295.0)
    let int32 = (-2_147_483_648.0, 2_147_483_647.0)
    let table: [(range: (Double, Double), text: String, expected: Outcome)] = [
      (int64, "9223372036854775807", .value(.int(Int.max))),
      (int64, "-9223372036854775808", .value(.int(Int.min))),
      (int64, "9223372036854775808", .outOfRange),
      (int64, "-9223372036854775809", .outOfRange),
      (int64, "18446744073709551616", .outOfRange),
      (int64, "-18446744073709551616", .outOfRange),
      (int64, "5", .value(.int(5))),
      (int64, "9223372036854775806", .value(.int(Int.max - 1))),
      (int64, "1e308", .outOfRange),
      (int64, "1e309", .notANumber),
      (int64, "1e3", .value(.int(1000))),
      (int64, "2.5", .refused),
      (int64, "inf", .notANumber),
      (int64, "nan", .notANumber),
      (int64, "0x10", .notANumber),
      (uint32, "-1000", .outOfRange),
      (uint32, "-1", .outOfRange),
      (uint32, "0", .value(.int(0))),
      (uint32, "4294967295", .value(.int(4_294_967_295))),
      (uint32, "4294967296", .outOfRange),
      (int32, "2147484000", .outOfRange),
      (int32, "2147483648", .outOfRange),
      (int32, "2147483647", .value(.int(2_147_483_647))),
      (int32, "-2147483648", .value(.int(-2_147_483_648))),
      (int32, "-2147483649", .outOfRange),
    ]
    for (range, text, expected) in table {
      for row in [number(range.0, range.1), slider(range.0, range.1)] {
        XCTAssertEqual(outcome(row, text, like: .int(0)), expected, "\(row.kindName) \(range) \(text)")
      }
    }
  }

  func testTheDoubleEdgeTable() async {
    let wide = (-1e308, 1e308)
    let table: [(range: (Double, Double), text: String, expected: Outcome)] = [
      (wide, "1e15", .value(.double(1e15))),
      (wide, "1E15", .value(.double(1e15))),
      (wide, "2.5e-3", .value(.double(0.0025))),
      (wide, "-1e308", .value(.double(-1e308))),
      (wide, "1e308", .value(.double(1e308))),
      (wide, "1.0000001e308", .outOfRange),
      (wide, "1e309", .notANumber),
      (wide, "e5", .notANumber),
      (wide, "1e", .notANumber),
      ((0, 1), "1", .value(.double(1))),
      ((0, 1), "1.0000000001", .outOfRange),
      ((0, 1), "-0.0000001", .outOfRange),
    ]
    for (range, text, expected) in table {
      XCTAssertEqual(outcome(number(range.0, range.1, step: 0.1), text, like: .double(0)), expected, text)
    }
    // A percent slider: 300% is exactly its maximum of 3.
    let percent = SliderRow("p", "P", key: Self.key, range: 0.5...3, step: 0.01, format: .percent).row
    XCTAssertEqual(outcome(percent, "300%", like: .double(1)), .value(.double(3)))
    XCTAssertEqual(outcome(percent, "301%", like: .double(1)), .outOfRange)
  }

  func testIntegerSteppingIsExactPastTwoToThe53() async {
    let row = slider(-9_223_372_036_854_775_808, 9_223_372_036_854_775_807, step: 10)
    // Steps from -9223372036854775808: …, -8, 2, 12, …
    XCTAssertEqual(outcome(row, "5", like: .int(0)), .value(.int(2)), "to the nearest step from the minimum")
    XCTAssertEqual(outcome(row, "9007199254740993", like: .int(0)), .value(.int(9_007_199_254_740_992)))
    XCTAssertEqual(outcome(slider(0, 100, step: 5), "97", like: .int(0)), .value(.int(95)))
    XCTAssertEqual(outcome(slider(0, 100, step: 5), "98", like: .int(0)), .value(.int(100)))
  }

  func testValuesPrintExactlyAndNeverTrap() async {
    let store = MemoryStore(defaults: [Self.key: .int(0)])
    let settings = SettingsReader(store)
    for value in [Int.max, Int.min, 9_007_199_254_740_993] {
      try? store.write(.int(value), for: Self.key)
      XCTAssertEqual(number(-1e19, 1e19).currentValueText(settings, style: .c), String(value))
      XCTAssertEqual(slider(-1e19, 1e19).currentValueText(settings, style: .c), String(value))
    }
    let doubles = MemoryStore(defaults: [Self.key: .double(0)])
    for value in [1e300, -1e300, 9.3e18, 1e15 + 0.5] {
      try? doubles.write(.double(value), for: Self.key)
      let row = NumberRow("n", "N", key: Self.key, range: -1e301...1e301, decimals: 6).row
      XCTAssertFalse(row.currentValueText(SettingsReader(doubles), style: .c).isEmpty, "\(value)")
      XCTAssertEqual(NumberStyle.c.decimal(value, decimals: 12), NumberStyle.c.plain(value))
    }
    XCTAssertEqual(ExactNumber.clampedInteger(1e300), Int.max)
    XCTAssertEqual(ExactNumber.clampedInteger(-1e300), Int.min)
    XCTAssertEqual(ExactNumber.clampedInteger(.nan), 0)
    XCTAssertEqual(ExactNumber.compare(Int.max, 9_223_372_036_854_775_808.0), -1)
    XCTAssertEqual(ExactNumber.compare(Int.min, -9_223_372_036_854_775_808.0), 0)
    XCTAssertEqual(ExactNumber.compare(3, 2.5), 1)
    XCTAssertEqual(ExactNumber.compare(2, 2.5), -1)
  }
}
