/// The checks on each kind of row that need no store; each returns messages.
enum RowRules {
  /// How far a step count may be from a whole number and still divide the range,
  /// so that `0...1` in steps of `0.1` passes despite floating-point error.
  static let stepTolerance = 1e-6

  static func problems(_ toggle: Row.Toggle) -> [String] {
    guard toggle.part == nil else { return [] }
    if !toggle.on.hasSameType(as: toggle.off) {
      return [
        tr(
          // TRANSLATORS: %1$s and %2$s are types of values, such as “boolean” and “string”.
          "The toggle's on value (%1$s) and off value (%2$s) have different types.", toggle.on.typeLabel,
          toggle.off.typeLabel)
      ]
    }
    if toggle.on == toggle.off {
      return [tr("The toggle's on and off values are equal (%s), so it could never change anything.", toggle.on)]
    }
    return []
  }

  static func problems(_ slider: Row.Slider) -> [String] {
    var found: [String] = []
    if !(slider.minimum < slider.maximum) {
      found.append(tr("The slider's minimum %1$s is not below its maximum %2$s.", slider.minimum, slider.maximum))
    }
    if !(slider.step > 0) {
      found.append(tr("The slider's step %s must be greater than zero.", slider.step))
    }
    if found.isEmpty && !stepDividesRange(slider) {
      found.append(
        tr(
          "The slider's step %1$s does not divide its range %2$s…%3$s evenly.", slider.step, slider.minimum,
          slider.maximum))
    }
    return found
  }

  static func problems(_ choice: Row.Choice) -> [String] {
    if choice.provider != nil {
      return choice.presentation == .radio
        ? [tr("The choice finds its options at run time, so it can't be drawn as radio buttons; use a menu.")] : []
    }
    guard !choice.options.isEmpty else { return [tr("The choice has no options.")] }
    var found: [String] = []
    if choice.presentation == .radio && choice.options.count > maximumRadioOptions {
      found.append(
        tr(
          "The choice has %1$d options, too many for radio buttons (at most %2$d); use a menu.", choice.options.count,
          maximumRadioOptions))
    }
    let first = choice.options[0].value
    if choice.options.contains(where: { !$0.value.hasSameType(as: first) }) {
      let types = Set(choice.options.map(\.value.typeLabel))
      found.append(
        tr(
          // TRANSLATORS: %s lists types of values, such as “boolean, string”.
          "The choice's option values have different types: %s.", types.sorted().joined(separator: ", ")))
    }
    for index in repeatedOptions(choice.options) {
      found.append(
        tr(
          "The choice has more than one option with the value “%s”.",
          choice.options[index].value.description.escapedForMessage))
    }
    return found
  }

  /// The indices of options whose value an earlier option has. A handful of
  /// options are compared pairwise, without hashing every value into a set.
  private static func repeatedOptions(_ options: [Row.Choice.Option]) -> [Int] {
    if options.count <= 16 {
      return options.indices.filter { index in options[..<index].contains { $0.value == options[index].value } }
    }
    var seen: Set<SettingValue> = []
    return options.indices.filter { !seen.insert(options[$0].value).inserted }
  }

  /// Radio buttons suit a handful of options; more belong in a drop-down.
  static let maximumRadioOptions = 6

  static func problems(_ text: Row.Text) -> [String] {
    var found = [text.rule.declarationProblem].compactMap { $0 }
    if case .gvariant(let type) = text.format {
      if type.isEmpty {
        found.append(tr("The GVariant text row has no type."))
      } else if !GVariantType.isValid(type) {
        found.append(tr("“%s” is not a GVariant type, such as (ii) or a{sv}.", type.escapedForMessage))
      }
    }
    return found
  }

  static func problems(_ number: Row.Number) -> [String] {
    var found: [String] = []
    if !(number.minimum < number.maximum) {
      found.append(tr("The number's minimum %1$s is not below its maximum %2$s.", number.minimum, number.maximum))
    }
    if !(number.step > 0) { found.append(tr("The number's step %s must be greater than zero.", number.step)) }
    if !(0...10).contains(number.decimals) {
      found.append(tr("The number shows %d decimals; use 0 to 10.", number.decimals))
    }
    return found
  }

  static func problems(_ file: Row.File) -> [String] {
    file.mimeTypes.filter { $0.split(separator: "/").count != 2 }.map {
      tr("The file row's MIME type “%s” is not of the form “type/subtype”.", $0.escapedForMessage)
    }
  }

  static func problems(_ multiSelect: Row.MultiSelect) -> [String] {
    guard !multiSelect.options.isEmpty else { return [tr("The multi-select has no options.")] }
    var found: [String] = []
    var seen: Set<String> = []
    for option in multiSelect.options {
      if option.value.isEmpty { found.append(tr("The multi-select has an option with an empty value.")) }
      if !seen.insert(option.value).inserted {
        found.append(
          tr("The multi-select has more than one option with the value “%s”.", option.value.escapedForMessage))
      }
    }
    return found
  }

  static func problems(_ list: Row.StringList) -> [String] {
    var found = [list.itemRule.declarationProblem].compactMap { $0 }
    if list.maximumItems < 1 {
      found.append(tr("The list's maximum of %d items must be at least 1.", list.maximumItems))
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
