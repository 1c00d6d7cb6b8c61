/// The checks on each kind of row that need no store; each returns messages.
enum RowRules {
  /// How far a step count may be from a whole number and still divide the range,
  /// so that `0...1` in steps of `0.1` passes despite floating-point error.
  static let stepTolerance = 1e-6

  static func problems(_ toggle: Row.Toggle) -> [String] {
    guard toggle.part == nil else { return [] }
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
    if choice.provider != nil {
      return choice.presentation == .radio
        ? ["The choice finds its options at run time, so it can't be drawn as radio buttons; use a menu."] : []
    }
    guard !choice.options.isEmpty else { return ["The choice has no options."] }
    var found: [String] = []
    if choice.presentation == .radio && choice.options.count > maximumRadioOptions {
      found.append(
        "The choice has \(choice.options.count) options, too many for radio buttons (at most "
          + "\(maximumRadioOptions)); use a menu.")
    }
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

  /// Radio buttons suit a handful of options; more belong in a drop-down.
  static let maximumRadioOptions = 6

  static func problems(_ text: Row.Text) -> [String] {
    var found = [text.rule.declarationProblem].compactMap { $0 }
    if case .gvariant(let type) = text.format, type.isEmpty {
      found.append("The GVariant text row has no type.")
    }
    return found
  }

  static func problems(_ number: Row.Number) -> [String] {
    var found: [String] = []
    if !(number.minimum < number.maximum) {
      found.append("The number's minimum \(number.minimum) is not below its maximum \(number.maximum).")
    }
    if !(number.step > 0) { found.append("The number's step \(number.step) must be greater than zero.") }
    if !(0...10).contains(number.decimals) {
      found.append("The number shows \(number.decimals) decimals; use 0 to 10.")
    }
    return found
  }

  static func problems(_ file: Row.File) -> [String] {
    file.mimeTypes.filter { $0.split(separator: "/").count != 2 }.map {
      "The file row's MIME type \($0.quotedForMessage) is not of the form “type/subtype”."
    }
  }

  static func problems(_ multiSelect: Row.MultiSelect) -> [String] {
    guard !multiSelect.options.isEmpty else { return ["The multi-select has no options."] }
    var found: [String] = []
    var seen: Set<String> = []
    for option in multiSelect.options {
      if option.value.isEmpty { found.append("The multi-select has an option with an empty value.") }
      if !seen.insert(option.value).inserted {
        found.append("The multi-select has more than one option with the value \(option.value.quotedForMessage).")
      }
    }
    return found
  }

  static func problems(_ list: Row.StringList) -> [String] {
    var found = [list.itemRule.declarationProblem].compactMap { $0 }
    if list.maximumItems < 1 { found.append("The list's maximum of \(list.maximumItems) items must be at least 1.") }
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
