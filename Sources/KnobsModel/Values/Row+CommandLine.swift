/// Row values as text, for `knobs list`, `knobs get` and `knobs set`.
extension Row {
  /// The row's current value as the command line prints it: toggle "on"/"off",
  /// slider formatted and raw ("125% (1.25)"), choice its label, value row its
  /// text, link its URL, email its addresses, detail "›", action "". A bound
  /// row whose key the store lacks reads "unavailable". Numbers are written in
  /// `style`: the user's locale for people ("125 % (1,25)" in German), `.c` for scripts;
  /// shortcuts' keycaps and the words on, off, none and unavailable are English when
  /// `englishKeys` is set (for scripts), else in the user's language.
  @MainActor
  package func currentValueText(_ settings: SettingsReader, style: NumberStyle = .current, englishKeys: Bool = false)
    -> String
  {
    // TRANSLATORS: a setting's value on the command line, when its schema or key is missing.
    if let key, settings[key] == nil { return englishKeys ? "unavailable" : tr("unavailable") }
    switch kind.form {
    case .toggle(let toggle):
      // TRANSLATORS: a switch's value on the command line.
      if toggle.isOn(settings[toggle.key]) { return englishKeys ? "on" : tr("on") }
      // TRANSLATORS: a switch's value on the command line.
      return englishKeys ? "off" : tr("off")
    case .slider(let slider):
      return Self.numberText(settings[slider.key], format: slider.format, style: style)
    case .choice(let choice):
      let value = choice.shownValue(settings[choice.key])
      let options = (try? choice.currentOptions()) ?? choice.options
      return options.first { $0.value == value }?.label ?? value?.description ?? ""
    case .number(let number):
      return Self.numberText(settings[number.key], format: number.format, style: style)
    case .text(let text): return text.text(of: settings[text.key])
    case .font(let font): return settings.string(font.key)
    case .file(let file):
      let value = settings.string(file.key)
      // TRANSLATORS: on the command line, a file setting that names no file, or no option chosen.
      return value.isEmpty ? (englishKeys ? "none" : tr("none")) : value
    case .multiSelect(let multiSelect):
      let labels = multiSelect.labels(of: settings[multiSelect.key]?.stringsValue ?? [])
      return labels.isEmpty ? (englishKeys ? "none" : tr("none")) : labels.joined(separator: ", ")
    case .list(let list):
      return (settings[list.key]?.stringsValue ?? []).joined(separator: ", ")
    case .shortcut(let shortcut): return shortcut.label(of: settings[shortcut.key], translated: !englishKeys)
    case .color(let color):
      let text = Row.Color.text(of: settings[color.key]) ?? ""
      // A colour kept as doubles reads as people write colours; --raw still gives the doubles.
      guard text.hasPrefix("("), let parsed = try? RGBColor(parsing: text) else { return text }
      return parsed.text(in: parsed.alpha < 1 ? .hexWithAlpha : .hex)
    case .value(let text): return text.text(settings)
    case .link(let link): return link.url
    case .email(let email): return email.displayAddress
    case .detail, .page: return "›"
    case .action: return ""
    }
  }

  /// A slider's or number row's value: formatted, then raw in brackets when they differ ("125% (1.25)").
  /// Integers past 2^53, which a Double would print with other digits, are printed exactly.
  private static func numberText(_ value: SettingValue?, format: ValueFormat, style: NumberStyle) -> String {
    let value = value ?? .double(0)
    let formatted = format.string(of: value, style: style)
    let raw: String
    if case .int(let integer) = value, integer.magnitude >= 1 << 53 {
      raw = String(integer)
    } else {
      raw = style.plain(value.doubleValue ?? 0)
    }
    return formatted == raw ? raw : "\(formatted) (\(raw))"
  }

  /// The value `text` sets, for `knobs set PATH VALUE`.
  ///
  /// A toggle takes on/off, true/false, 1/0 or yes/no and gives its on or off
  /// value. A slider takes a number in its range ("125%" for a percent slider
  /// means 1.25), snapped to its step; numbers are written with a decimal point
  /// or `style`'s separator (1,25 in German). A choice takes an option's value or its
  /// label (case-insensitive). Pass the key's current value as `sample` so a
  /// slider bound to an integer key gives `.int`; without it a slider gives `.double`.
  ///
  /// A text row takes the text as it is (a GVariant text row gives `.variant`, which the
  /// store parses and type-checks when it writes), a font a description with a size, a
  /// file a path or `file://` URI of a readable file, a multi-select option
  /// values or labels separated by commas, a list items separated by commas or
  /// a GVariant list (`['a, b', 'c']`); each is checked by the row's rules.
  @MainActor
  package func parseValue(_ text: String, like sample: SettingValue? = nil, style: NumberStyle = .current)
    throws(ValueError) -> SettingValue
  {
    let trimmed = text.trimmingWhitespace
    switch kind.form {
    case .toggle(let toggle):
      switch trimmed.lowercased() {
      case "on", "true", "1", "yes": return toggle.value(turning: true, from: sample)
      case "off", "false", "0", "no": return toggle.value(turning: false, from: sample)
      default: throw .notOnOff(row: title, text: text)
      }
    case .slider(let slider):
      return try parseNumber(trimmed, for: slider, like: sample, style: style)
    case .choice(let choice):
      let options: [Row.Choice.Option]
      do {
        options = try choice.currentOptions()
      } catch {
        throw .noOptions(row: title, reason: error.description)
      }
      return choice.value(choosing: try parseOption(trimmed, in: options), from: sample)
    case .number(let number):
      return try parseNumber(trimmed, for: number, like: sample, style: style)
    case .text(let rowText):
      if let reason = rowText.rule.problem(with: text) { throw .refused(row: title, text: text, reason: reason) }
      if let reason = rowText.editor.duplicateKeyProblem(in: trimmed) {
        throw .refused(row: title, text: text, reason: reason)
      }
      return rowText.value(of: text)
    case .font:
      if let reason = FontDescription.problem(with: trimmed) {
        throw .refused(row: title, text: text, reason: reason)
      }
      return .string(trimmed.split(whereSeparator: \.isWhitespace).joined(separator: " "))
    case .file(let file):
      return try parseFile(trimmed, for: file)
    case .multiSelect(let multiSelect):
      return try parseChoices(trimmed, for: multiSelect, like: sample)
    case .list(let list):
      let items = try parseItems(text)
      if let reason = list.problem(with: items) { throw .refused(row: title, text: text, reason: reason) }
      return .strings(items)
    case .shortcut(let shortcut):
      return try parseShortcuts(text, for: shortcut)
    case .color(let color):
      let parsed: RGBColor
      do {
        parsed = try RGBColor(parsing: trimmed)
      } catch {
        throw .refused(row: title, text: text, reason: error.description)
      }
      let format = color.format(default: sample)
      // A color with transparency is refused where the setting keeps none, never written without it.
      guard parsed.alpha == 1 || format.keepsAlpha else {
        throw .refused(
          row: title, text: text,
          reason: tr(
            "This setting keeps no transparency; write the color without it, like %s.", parsed.text(in: format)))
      }
      return Row.Color.value(parsed, in: format)
    case .link, .email, .detail, .page, .value, .action:
      throw .notSettable(row: title, kind: kindName)
    }
  }

  private func parseNumber(
    _ text: String, for slider: Row.Slider, like sample: SettingValue?, style: NumberStyle
  ) throws(ValueError) -> SettingValue {
    var number = text
    var percent = false
    if case .percent = slider.format, number.hasSuffix("%") {
      number = String(number.dropLast()).trimmingWhitespace
      percent = true
    } else if case .number(_, let unit) = slider.format, !unit.isEmpty, number.hasSuffix(unit) {
      number = String(number.dropLast(unit.count)).trimmingWhitespace
    }
    let range = Self.rangeText(slider, style: style)
    if case .int = sample, !percent {
      let value = try parseInteger(number, text: text, range: range, style: style)
      guard ExactNumber.contains(value, minimum: slider.minimum, maximum: slider.maximum) else {
        throw .outOfRange(row: title, text: text, range: range)
      }
      return .int(ExactNumber.snapped(value, minimum: slider.minimum, maximum: slider.maximum, step: slider.step))
    }
    guard let parsed = style.number(from: number) else { throw .notANumber(row: title, text: text) }
    // Divided, not multiplied by 0.01: 300% is exactly 3.
    let value = percent ? parsed / 100 : parsed
    guard value >= slider.minimum, value <= slider.maximum else {
      throw .outOfRange(row: title, text: text, range: range)
    }
    let snapped = slider.snapped(value)
    if case .int = sample {
      guard let whole = ExactNumber.integer(exactly: snapped.rounded()) else {
        throw .outOfRange(row: title, text: text, range: range)
      }
      return .int(whole)
    }
    return .double(snapped)
  }

  /// A whole number, exactly: digits (`9223372036854775807`), or a number without a fraction
  /// (`5.0`, `1e3`). Digits past Int64 are out of range; a fraction is refused.
  private func parseInteger(_ digits: String, text: String, range: String, style: NumberStyle) throws(ValueError)
    -> Int
  {
    let trimmed = digits.trimmingWhitespace.replacingAll("\u{2212}", with: "-")
    let body = trimmed.hasPrefix("-") || trimmed.hasPrefix("+") ? trimmed.dropFirst() : trimmed[...]
    if !body.isEmpty, body.allSatisfy({ $0.isASCII && $0.isNumber }) {
      guard let value = ExactNumber.integer(trimmed) else { throw .outOfRange(row: title, text: text, range: range) }
      return value
    }
    guard let value = style.number(from: digits) else { throw .notANumber(row: title, text: text) }
    guard value.isWhole else { throw .refused(row: title, text: text, reason: tr("It takes a whole number.")) }
    guard let whole = ExactNumber.integer(exactly: value) else {
      throw .outOfRange(row: title, text: text, range: range)
    }
    return whole
  }

  private func parseOption(_ text: String, in options: [Row.Choice.Option]) throws(ValueError) -> SettingValue {
    if let option = options.first(where: { Self.spells($0.value, text) }) { return option.value }
    let folded = text.lowercased()
    if let option = options.first(where: { $0.label.lowercased() == folded }) { return option.value }
    let valid = options.map { $0.value.description == $0.label ? $0.label : "\($0.value) (\($0.label))" }
    throw .unknownOption(row: title, text: text, valid: valid)
  }

  private func parseNumber(
    _ text: String, for number: Row.Number, like sample: SettingValue?, style: NumberStyle
  ) throws(ValueError) -> SettingValue {
    var digits = text
    if !number.unit.isEmpty, digits.hasSuffix(number.unit) {
      digits = String(digits.dropLast(number.unit.count)).trimmingWhitespace
    }
    let range = Self.rangeText(style.plain(number.minimum), style.plain(number.maximum))
    if case .int = sample {
      let value = try parseInteger(digits, text: text, range: range, style: style)
      guard ExactNumber.contains(value, minimum: number.minimum, maximum: number.maximum) else {
        throw .outOfRange(row: title, text: text, range: range)
      }
      return .int(value)
    }
    guard let value = style.number(from: digits) else { throw .notANumber(row: title, text: text) }
    guard number.contains(value) else { throw .outOfRange(row: title, text: text, range: range) }
    return .double(value)
  }

  private func parseFile(_ text: String, for file: Row.File) throws(ValueError) -> SettingValue {
    guard !text.isEmpty else { return .string("") }
    let path: String
    if text.hasPrefix("/") {
      path = text
    } else if let local = Row.File(key: file.key, storage: .uri).localPath(of: text) {
      path = local
    } else {
      throw .refused(row: title, text: text, reason: tr("Give an absolute path or a file:// URI."))
    }
    let value = file.value(forPath: path)
    if let problem = file.fileProblem(of: value) { throw .refused(row: title, text: text, reason: problem + ".") }
    return .string(value)
  }

  private func parseChoices(_ text: String, for multiSelect: Row.MultiSelect, like sample: SettingValue?)
    throws(ValueError)
    -> SettingValue
  {
    let words = text.hasPrefix("[") ? try parseItems(text) : Self.commaSeparated(text)
    var values: [String] = []
    for word in words {
      let folded = word.lowercased()
      guard
        let option = multiSelect.options.first(where: { $0.value == word })
          ?? multiSelect.options.first(where: { $0.label.lowercased() == folded })
      else {
        let valid = multiSelect.options.map { $0.value == $0.label ? $0.label : "\($0.value) (\($0.label))" }
        throw .unknownOption(row: title, text: word, valid: valid)
      }
      values.append(option.value)
    }
    let chosen = multiSelect.options.map(\.value).filter(values.contains)
    guard !multiSelect.showsOtherValues else { return .strings(chosen) }
    // A row over one part of the list leaves the other parts as they are, and in their order.
    let known = Set(multiSelect.options.map(\.value))
    let current = sample?.stringsValue ?? []
    let kept = current.filter { !known.contains($0) || chosen.contains($0) }
    return .strings(kept + chosen.filter { !current.contains($0) })
  }

  /// Shortcuts as a GVariant list (`['<Super>h']`, `[]` for none), one accelerator,
  /// or `disabled`. Empty text is refused, not read as none.
  private func parseShortcuts(_ text: String, for shortcut: Row.Shortcut) throws(ValueError) -> SettingValue {
    let trimmed = text.trimmingWhitespace
    var texts: [String]
    if trimmed.hasPrefix("[") || trimmed.hasPrefix("@") {
      texts = try parseItems(trimmed)
    } else {
      texts = [trimmed]
    }
    if texts == ["disabled"] { texts = [] }
    do {
      return shortcut.value(of: try shortcut.parse(texts))
    } catch {
      throw .refused(row: title, text: text, reason: error.description)
    }
  }

  /// Items as a GVariant list (`['a', 'b']`) or separated by commas.
  private func parseItems(_ text: String) throws(ValueError) -> [String] {
    guard text.trimmingWhitespace.hasPrefix("[") || text.trimmingWhitespace.hasPrefix("@") else {
      return Self.commaSeparated(text)
    }
    do {
      return try GVariantText.parseStrings(text)
    } catch {
      throw .refused(row: title, text: text, reason: tr("It is not a list of strings: %s.", String(describing: error)))
    }
  }

  private static func commaSeparated(_ text: String) -> [String] {
    text.split(separator: ",").map { String($0).trimmingWhitespace }.filter { !$0.isEmpty }
  }

  /// Whether `text` is how a person types `value`: "2" for `.int(2)`, "true" for `.bool(true)`.
  private static func spells(_ value: SettingValue, _ text: String) -> Bool {
    switch value {
    case .string(let string): return string == text
    case .int(let int): return Int(text) == int
    case .double(let double): return Double(text) == double
    case .bool(let bool): return text.lowercased() == (bool ? "true" : "false")
    case .strings(let strings): return strings.joined(separator: ", ") == text
    case .variant(_, let variantText): return variantText == text
    }
  }

  private static func rangeText(_ slider: Row.Slider, style: NumberStyle) -> String {
    let raw = rangeText(style.plain(slider.minimum), style.plain(slider.maximum))
    if case .percent = slider.format {
      let percent = rangeText(
        slider.format.string(slider.minimum, style: style), slider.format.string(slider.maximum, style: style))
      return "\(raw) (\(percent))"
    }
    return raw
  }

  private static func rangeText(_ minimum: String, _ maximum: String) -> String {
    tr(
      // TRANSLATORS: a range of numbers, e.g. "0.5 to 3".
      "%1$s to %2$s", minimum, maximum)
  }

  /// A number without a trailing ".0": 2 reads "2", 1.25 reads "1.25".
  static func plainNumber(_ value: Double) -> String {
    if value.isWhole, abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }
}

extension Row {
  /// Whether the row's setting differs from the schema's default; nil for rows
  /// without a setting, false when the store lacks the key.
  @MainActor
  package func isModified(in store: any SettingsStore) -> Bool? {
    guard let key else { return nil }
    guard let value = store.value(for: key), let defaultValue = store.defaultValue(for: key) else { return false }
    return value != defaultValue
  }
}
