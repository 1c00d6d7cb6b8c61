/// The checks that compare a bound row with its key's default in a store.
@MainActor
enum StoreRules {
  /// Problems with the row's key default; none when the store lacks the key,
  /// since a missing schema is reported by the window at run time instead.
  static func problems(_ row: Row, store: any SettingsStore) -> [String] {
    guard let key = row.key, let defaultValue = store.defaultValue(for: key) else { return [] }
    let name = "The default of \(key.key) (\(defaultValue.description.quotedForMessage))"
    switch row.kind {
    case .toggle(let toggle):
      guard defaultValue.typeName == toggle.on.typeName else {
        return ["\(name) is \(defaultValue.typeName.withArticle) but the toggle writes \(toggle.on.typeName) values."]
      }
      return []
    case .slider(let slider):
      return problems(slider, defaultValue: defaultValue, name: name)
    case .choice(let choice):
      guard let optionType = choice.options.first?.value.typeName else { return [] }
      guard defaultValue.typeName == optionType else {
        return ["\(name) is \(defaultValue.typeName.withArticle) but the choice's options are \(optionType) values."]
      }
      guard choice.index(of: defaultValue) != nil else {
        return ["\(name) is not among the choice's option values."]
      }
      return []
    case .link, .email, .detail, .value, .action:
      return []
    }
  }

  private static func problems(_ slider: Row.Slider, defaultValue: SettingValue, name: String) -> [String] {
    guard let number = defaultValue.doubleValue else {
      return ["\(name) is \(defaultValue.typeName.withArticle) but a slider needs a number."]
    }
    let tolerance = RowRules.stepTolerance * max(1, abs(slider.maximum - slider.minimum))
    if number < slider.minimum - tolerance || number > slider.maximum + tolerance {
      return ["\(name) is outside the slider's range \(slider.minimum)…\(slider.maximum)."]
    }
    if case .int = defaultValue, !([slider.minimum, slider.maximum, slider.step].allSatisfy(\.isWhole)) {
      return ["\(key(of: slider)) holds whole numbers but the slider's range or step is fractional."]
    }
    return []
  }

  private static func key(of slider: Row.Slider) -> String { "The setting \(slider.key.key)" }
}

extension Double {
  var isWhole: Bool { isFinite && rounded() == self }
}
