import Foundation

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
      // Options found at run time are not known yet; the window keeps an unknown current value.
      guard choice.provider == nil, choice.part == nil, let optionType = choice.options.first?.value.typeName else {
        return []
      }
      guard defaultValue.typeName == optionType else {
        return ["\(name) is \(defaultValue.typeName.withArticle) but the choice's options are \(optionType) values."]
      }
      guard choice.index(of: defaultValue) != nil else {
        return ["\(name) is not among the choice's option values."]
      }
      return []
    case .text(let text):
      guard case .gvariant(let type) = text.format else {
        return expect(.string(""), defaultValue, name: name, kind: row.kindName)
      }
      // Any value reads as GVariant text (a 64-bit key's too, held as an integer); only text of another type is wrong.
      guard case .variant(let defaultType, _) = defaultValue, defaultType != type else { return [] }
      return expect(.variant(type: type, text: ""), defaultValue, name: name, kind: row.kindName)
    case .font, .file:
      return expect(.string(""), defaultValue, name: name, kind: row.kindName)
    case .list:
      return expect(.strings([]), defaultValue, name: name, kind: row.kindName)
    case .shortcut(let shortcut):
      switch shortcut.storage {
      case .list: return expect(.strings([]), defaultValue, name: name, kind: "shortcut list")
      case .single: return expect(.string(""), defaultValue, name: name, kind: "single shortcut")
      }
    case .color:
      guard let text = defaultValue.stringValue else {
        return expect(.string(""), defaultValue, name: name, kind: row.kindName)
      }
      return ColorFormat(of: text) == nil ? ["\(name) is not a color."] : []
    case .multiSelect(let multiSelect):
      guard let values = defaultValue.stringsValue else {
        return expect(.strings([]), defaultValue, name: name, kind: row.kindName)
      }
      let known = Set(multiSelect.options.map(\.value))
      let unknown = multiSelect.showsOtherValues ? values.filter { !known.contains($0) } : []
      return unknown.isEmpty
        ? [] : ["\(name) holds \(unknown.map(\.quotedForMessage).joined(separator: ", ")), not among the options."]
    case .number(let number):
      let slider = Row.Slider(key: number.key, minimum: number.minimum, maximum: number.maximum, step: number.step)
      var found = problems(slider, defaultValue: defaultValue, name: name)
      if case .int = defaultValue, number.decimals != 0 {
        found.append("The setting \(number.key.key) holds whole numbers but the row shows \(number.decimals) decimals.")
      }
      return found.map { $0.replacingOccurrences(of: "slider", with: "number row") }
    case .link, .email, .detail, .page, .value, .action:
      return []
    }
  }

  /// A problem when the key's default is not of `sample`'s type.
  private static func expect(_ sample: SettingValue, _ defaultValue: SettingValue, name: String, kind: String)
    -> [String]
  {
    guard defaultValue.typeName != sample.typeName else { return [] }
    return ["\(name) is \(defaultValue.typeName.withArticle) but a \(kind) row needs \(sample.typeName.withArticle)."]
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
