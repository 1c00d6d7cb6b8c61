/// Row values as text, for `knobs list`, `knobs get` and `knobs set`.
extension Row {
  /// The row's current value as the command line prints it: toggle "on"/"off",
  /// slider formatted and raw ("125 % (1.25)"), choice its label, value row its
  /// text, link its URL, email its addresses, detail "›", action "". A bound
  /// row whose key the store lacks reads "unavailable".
  @MainActor
  public func currentValueText(_ settings: SettingsReader) -> String {
    if let key, settings[key] == nil { return "unavailable" }
    switch kind {
    case .toggle(let toggle):
      return toggle.isOn(settings[toggle.key]) ? "on" : "off"
    case .slider(let slider):
      let number = settings.number(slider.key)
      let formatted = slider.format.string(number)
      let raw = Self.plainNumber(number)
      return formatted == raw ? raw : "\(formatted) (\(raw))"
    case .choice(let choice):
      let value = settings[choice.key]
      return choice.index(of: value).map { choice.options[$0].label } ?? value?.description ?? ""
    case .value(let text): return text.text(settings)
    case .link(let link): return link.url
    case .email(let email): return email.displayAddress
    case .detail: return "›"
    case .action: return ""
    }
  }

  /// The value `text` sets, for `knobs set PATH VALUE`.
  ///
  /// A toggle takes on/off, true/false, 1/0 or yes/no and gives its on or off
  /// value. A slider takes a number in its range ("125%" for a percent slider
  /// means 1.25), snapped to its step. A choice takes an option's value or its
  /// label (case-insensitive). Pass the key's current value as `sample` so a
  /// slider bound to an integer key gives `.int`; without it a slider gives `.double`.
  public func parseValue(_ text: String, like sample: SettingValue? = nil) throws(ValueError) -> SettingValue {
    let trimmed = text.trimmingWhitespace
    switch kind {
    case .toggle(let toggle):
      switch trimmed.lowercased() {
      case "on", "true", "1", "yes": return toggle.on
      case "off", "false", "0", "no": return toggle.off
      default: throw .notOnOff(row: title, text: text)
      }
    case .slider(let slider):
      return try parseNumber(trimmed, for: slider, like: sample)
    case .choice(let choice):
      return try parseOption(trimmed, for: choice)
    case .link, .email, .detail, .value, .action:
      throw .notSettable(row: title, kind: kindName)
    }
  }

  private func parseNumber(_ text: String, for slider: Row.Slider, like sample: SettingValue?) throws(ValueError)
    -> SettingValue
  {
    var number = text
    var scale = 1.0
    if case .percent = slider.format, number.hasSuffix("%") {
      number = String(number.dropLast()).trimmingWhitespace
      scale = 0.01
    } else if case .number(_, let unit) = slider.format, !unit.isEmpty, number.hasSuffix(unit) {
      number = String(number.dropLast(unit.count)).trimmingWhitespace
    }
    guard let parsed = Double(number), parsed.isFinite else { throw .notANumber(row: title, text: text) }
    let value = parsed * scale
    let tolerance = RowRules.stepTolerance * max(1, abs(slider.maximum - slider.minimum))
    guard value >= slider.minimum - tolerance, value <= slider.maximum + tolerance else {
      throw .outOfRange(row: title, text: text, range: Self.rangeText(slider))
    }
    let snapped = slider.snapped(value)
    if case .int = sample { return .int(Int(snapped.rounded())) }
    return .double(snapped)
  }

  private func parseOption(_ text: String, for choice: Row.Choice) throws(ValueError) -> SettingValue {
    if let option = choice.options.first(where: { Self.spells($0.value, text) }) { return option.value }
    let folded = text.lowercased()
    if let option = choice.options.first(where: { $0.label.lowercased() == folded }) { return option.value }
    let valid = choice.options.map { "\($0.value) (\($0.label))" }
    throw .unknownOption(row: title, text: text, valid: valid)
  }

  /// Whether `text` is how a person types `value`: "2" for `.int(2)`, "true" for `.bool(true)`.
  private static func spells(_ value: SettingValue, _ text: String) -> Bool {
    switch value {
    case .string(let string): return string == text
    case .int(let int): return Int(text) == int
    case .double(let double): return Double(text) == double
    case .bool(let bool): return text.lowercased() == (bool ? "true" : "false")
    }
  }

  private static func rangeText(_ slider: Row.Slider) -> String {
    let raw = "\(plainNumber(slider.minimum)) to \(plainNumber(slider.maximum))"
    if case .percent = slider.format {
      return "\(raw) (\(slider.format.string(slider.minimum)) to \(slider.format.string(slider.maximum)))"
    }
    return raw
  }

  /// A number without a trailing ".0": 2 reads "2", 1.25 reads "1.25".
  static func plainNumber(_ value: Double) -> String {
    if value.isWhole, abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }
}
