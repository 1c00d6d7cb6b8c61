/// The checks on each kind of row that need no store; each returns messages.
enum RowRules {
  /// How far a step count may be from a whole number and still divide the range,
  /// so that `0...1` in steps of `0.1` passes despite floating-point error.
  static let stepTolerance = 1e-6

  static func problems(_ toggle: Row.Toggle) -> [String] {
    if toggle.on.typeName != toggle.off.typeName {
      return [
        "The toggle's on value (\(toggle.on.typeName)) and off value (\(toggle.off.typeName)) have different types."
      ]
    }
    if toggle.on == toggle.off {
      return ["The toggle's on and off values are equal (\(toggle.on)), so it could never change anything."]
    }
    return []
  }

  static func problems(_ slider: Row.Slider) -> [String] {
    var found: [String] = []
    if !(slider.minimum < slider.maximum) {
      found.append("The slider's minimum \(slider.minimum) is not below its maximum \(slider.maximum).")
    }
    if !(slider.step > 0) {
      found.append("The slider's step \(slider.step) must be greater than zero.")
    }
    if found.isEmpty && !stepDividesRange(slider) {
      found.append(
        "The slider's step \(slider.step) does not divide its range \(slider.minimum)…\(slider.maximum) evenly.")
    }
    return found
  }

  static func problems(_ choice: Row.Choice) -> [String] {
    guard !choice.options.isEmpty else { return ["The choice has no options."] }
    var found: [String] = []
    let types = Set(choice.options.map(\.value.typeName))
    if types.count > 1 {
      found.append("The choice's option values have different types: \(types.sorted().joined(separator: ", ")).")
    }
    var seen: Set<SettingValue> = []
    for option in choice.options where !seen.insert(option.value).inserted {
      found.append("The choice has more than one option with the value \(option.value.description.quotedForMessage).")
    }
    return found
  }

  static func problems(_ link: Row.Link) -> [String] {
    do {
      _ = try link.checkedURL()
      return []
    } catch {
      return [error.description]
    }
  }

  static func stepDividesRange(_ slider: Row.Slider) -> Bool {
    let steps = (slider.maximum - slider.minimum) / slider.step
    guard steps.isFinite else { return false }
    return abs(steps - steps.rounded()) <= stepTolerance * max(1, abs(steps))
  }
}
