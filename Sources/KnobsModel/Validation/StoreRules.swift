import FoundationEssentials

/// The checks that compare a bound row with its key's default in a store.
@MainActor
enum StoreRules {
  /// Problems with the row's key default; none when the store lacks the key,
  /// since a missing schema is reported by the window at run time instead.
  static func problems(_ row: Row, key: SettingKey, store: any SettingsStore) -> [String] {
    guard let defaultValue = store.defaultValue(for: key) else { return [] }
    let found = Found(key: key.key, value: defaultValue)
    switch row.kind.form {
    case .toggle(let toggle):
      guard defaultValue.hasSameType(as: toggle.on) else {
        return [
          tr(
            // TRANSLATORS: %1$s is a key, %2$s its default, %3$s a type such as “a string”, %4$s one such as “boolean”.
            "The default of %1$s (“%2$s”) is %3$s but the toggle writes %4$s values.", found.key, found.shown,
            found.type, toggle.on.typeLabel)
        ]
      }
      return []
    case .slider(let slider):
      return problems(slider, found, isNumberRow: false)
    case .choice(let choice):
      // Options found at run time are not known yet; the window keeps an unknown current value.
      guard choice.provider == nil, choice.part == nil, let option = choice.options.first?.value else {
        return []
      }
      guard defaultValue.hasSameType(as: option) else {
        return [
          tr(
            // TRANSLATORS: %1$s is a key, %2$s its default, %3$s a type such as “a string”, %4$s one such as “boolean”.
            "The default of %1$s (“%2$s”) is %3$s but the choice's options are %4$s values.", found.key, found.shown,
            found.type, option.typeLabel)
        ]
      }
      guard choice.index(of: defaultValue) != nil else {
        return [tr("The default of %1$s (“%2$s”) is not among the choice's option values.", found.key, found.shown)]
      }
      return []
    case .text(let text):
      guard case .gvariant(let type) = text.format else {
        return expect(.string(""), found, kind: row.kindName)
      }
      // Any value reads as GVariant text (a 64-bit key's too, held as an integer); only text of another type is wrong.
      guard case .variant(let defaultType, _) = defaultValue, defaultType != type else { return [] }
      return expect(.variant(type: type, text: ""), found, kind: row.kindName)
    case .font, .file:
      return expect(.string(""), found, kind: row.kindName)
    case .list:
      return expect(.strings([]), found, kind: row.kindName)
    case .shortcut(let shortcut):
      switch shortcut.storage {
      case .list: return expect(.strings([]), found, kind: nil)
      case .single: return expect(.string(""), found, kind: nil)
      }
    case .color:
      guard let text = Row.Color.text(of: defaultValue) else {
        return expect(.string(""), found, kind: row.kindName)
      }
      return ColorFormat(of: text) == nil
        ? [tr("The default of %1$s (“%2$s”) is not a color.", found.key, found.shown)] : []
    case .multiSelect(let multiSelect):
      guard let values = defaultValue.stringsValue else {
        return expect(.strings([]), found, kind: row.kindName)
      }
      let known = Set(multiSelect.options.map(\.value))
      let unknown = multiSelect.showsOtherValues ? values.filter { !known.contains($0) } : []
      guard !unknown.isEmpty else { return [] }
      return [
        tr(
          // TRANSLATORS: %1$s is a key, %2$s its default, %3$s the values in it that no option has.
          "The default of %1$s (“%2$s”) holds %3$s, not among the options.", found.key, found.shown,
          unknown.map(\.quotedForMessage).joined(separator: ", "))
      ]
    case .number(let number):
      let slider = Row.Slider(key: number.key, minimum: number.minimum, maximum: number.maximum, step: number.step)
      var problems = problems(slider, found, isNumberRow: true)
      if case .int = defaultValue, number.decimals != 0 {
        problems.append(
          tr(
            "The setting %1$s holds whole numbers but the row shows %2$d decimals.", number.key.key, number.decimals))
      }
      return problems
    case .link, .email, .detail, .page, .value, .action:
      return []
    }
  }

  /// A key's default as the messages show it.
  private struct Found {
    let key: String
    let value: SettingValue
    var shown: String { value.description.escapedForMessage }
    var type: String { value.typeWithArticle }
  }

  /// A problem when the key's default is not of `sample`'s type; `kind` is the row kind, nil for a shortcut row.
  private static func expect(_ sample: SettingValue, _ found: Found, kind: String?) -> [String] {
    guard !found.value.hasSameType(as: sample) else { return [] }
    guard let kind else {
      return [
        sample.stringsValue != nil
          ? tr(
            // TRANSLATORS: %1$s is a key, %2$s its default, %3$s and %4$s types such as “a string”.
            "The default of %1$s (“%2$s”) is %3$s but a shortcut list row needs %4$s.", found.key, found.shown,
            found.type, sample.typeWithArticle)
          : tr(
            // TRANSLATORS: %1$s is a key, %2$s its default, %3$s and %4$s types such as “a string”.
            "The default of %1$s (“%2$s”) is %3$s but a single shortcut row needs %4$s.", found.key, found.shown,
            found.type, sample.typeWithArticle)
      ]
    }
    return [
      tr(
        // TRANSLATORS: %1$s is a key, %2$s its default, %3$s and %5$s types such as “a string”, %4$s a row kind (text).
        "The default of %1$s (“%2$s”) is %3$s but a %4$s row needs %5$s.", found.key, found.shown, found.type, kind,
        sample.typeWithArticle)
    ]
  }

  /// The range checks of a slider, and of a number row, which says “number row” instead.
  private static func problems(_ slider: Row.Slider, _ found: Found, isNumberRow: Bool) -> [String] {
    guard let number = found.value.doubleValue else {
      return [
        isNumberRow
          ? tr(
            // TRANSLATORS: %1$s is a key, %2$s its default, %3$s a type such as “a string”.
            "The default of %1$s (“%2$s”) is %3$s but a number row needs a number.", found.key, found.shown, found.type)
          : tr(
            // TRANSLATORS: %1$s is a key, %2$s its default, %3$s a type such as “a string”.
            "The default of %1$s (“%2$s”) is %3$s but a slider needs a number.", found.key, found.shown, found.type)
      ]
    }
    let outside =
      found.value.intValue.map { !ExactNumber.contains($0, minimum: slider.minimum, maximum: slider.maximum) }
      ?? (number < slider.minimum || number > slider.maximum)
    if outside {
      return [
        isNumberRow
          ? tr(
            "The default of %1$s (“%2$s”) is outside the number row's range %3$s…%4$s.", found.key, found.shown,
            slider.minimum, slider.maximum)
          : tr(
            "The default of %1$s (“%2$s”) is outside the slider's range %3$s…%4$s.", found.key, found.shown,
            slider.minimum, slider.maximum)
      ]
    }
    if case .int = found.value, !([slider.minimum, slider.maximum, slider.step].allSatisfy(\.isWhole)) {
      return [
        isNumberRow
          ? tr(
            "The setting %s holds whole numbers but the number row's range or step is fractional.", slider.key.key)
          : tr("The setting %s holds whole numbers but the slider's range or step is fractional.", slider.key.key)
      ]
    }
    return []
  }
}

extension SettingValue {
  /// Whether both values have one type; variants, one GVariant type.
  func hasSameType(as other: SettingValue) -> Bool {
    switch (self, other) {
    case (.bool, .bool), (.int, .int), (.double, .double), (.string, .string), (.strings, .strings): return true
    case (.variant(let type, _), .variant(let otherType, _)): return type == otherType
    default: return false
    }
  }

  /// The value's type in the user's language: “boolean”, “list of strings”.
  var typeLabel: String {
    switch self {
    case .bool:
      return tr(
        // TRANSLATORS: a type of setting value, as in “The toggle writes boolean values.”
        "boolean")
    case .int:
      return tr(
        // TRANSLATORS: a type of setting value, as in “The toggle writes integer values.”
        "integer")
    case .double:
      return tr(
        // TRANSLATORS: a type of setting value, as in “The choice's options are number values.”
        "number")
    case .string:
      return tr(
        // TRANSLATORS: a type of setting value, as in “The toggle writes string values.”
        "string")
    case .strings:
      return tr(
        // TRANSLATORS: a type of setting value, as in “The choice's options are list of strings values.”
        "list of strings")
    case .variant(let type, _):
      return tr(
        // TRANSLATORS: a type of setting value; %s is a GVariant type such as ay.
        "value of type %s", type)
    }
  }

  /// The value's type with its article, in the user's language: “a boolean”, “an integer”.
  var typeWithArticle: String {
    switch self {
    case .bool:
      return tr(
        // TRANSLATORS: a type of setting value, as in “The default is a boolean but a text row needs a string.”
        "a boolean")
    case .int:
      return tr(
        // TRANSLATORS: a type of setting value, as in “The default is an integer but a text row needs a string.”
        "an integer")
    case .double:
      return tr(
        // TRANSLATORS: a type of setting value, as in “The default is a number but a text row needs a string.”
        "a number")
    case .string:
      return tr(
        // TRANSLATORS: a type of setting value, as in “The default is a string but a list row needs a list of strings.”
        "a string")
    case .strings:
      return tr(
        // TRANSLATORS: a type of setting value, as in “The default is a list of strings but a text row needs a string.”
        "a list of strings")
    case .variant(let type, _):
      return tr(
        // TRANSLATORS: a type of setting value; %s is a GVariant type such as ay.
        "a value of type %s", type)
    }
  }
}

extension Double {
  var isWhole: Bool { isFinite && rounded() == self }
}
