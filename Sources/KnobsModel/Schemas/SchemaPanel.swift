/// Builds a settings panel from a schema: one row for every key, of the kind
/// its type and range call for.
///
/// Booleans are toggles; enums and string choices are choices; flags and
/// string arrays with choices are multi-selects; numbers with a small range
/// are sliders, other numbers number rows (64-bit integers only with a range a
/// Double counts exactly); strings are text; string arrays lists; every other
/// type a text row holding GVariant text, which the store parses and
/// type-checks before writing: arrays of tuples and dictionaries edited as
/// tables, pairs of numbers as two numbers, the rest as checked GVariant text
/// (`StructuredValues`). String lists of keybinding schemas are
/// shortcut rows, and string keys named for a color whose default is one are
/// color rows. Titles come from the summary (the key name made readable when
/// there is none), subtitles from the description.
public enum SchemaPanel {
  /// The id of the one section a generated panel has.
  public static let sectionID = "keys"
  /// Rows with more steps than this are number rows, not sliders.
  static let maximumSliderSteps = 1000.0
  /// Subtitles longer than this are cut at a word; search still matches the whole description.
  static let maximumSubtitleLength = 240
  /// A summary longer than a line is no title; the key's name is.
  static let maximumSummaryTitleLength = 80

  /// The generated page of a schema: a row per key, in sections.
  public static func make(_ schema: SchemaDescription) -> Panel {
    let context = SchemaContext(schema)
    let rows = schema.keys.map { row(for: $0, in: schema.id, context: context) }
    let header = schema.path.map { LiveText.fixed(tr("Stored at %s", $0)) }
    guard !rows.isEmpty else {
      var section = Section(sectionID, nil, header: header) {}
      section.rows = [ValueRow("no-keys", tr("No Settings"), value: tr("This schema has no keys")).row]
      return Panel(title: schema.id, sections: [section])
    }
    var sections: [Section] = []
    var used: Set<String> = [sectionID]
    let groups = SchemaGroups.split(schema)
    for (index, group) in groups.enumerated() {
      // `keys`, then `keys-dash` for a group titled “Dash”, `keys-2` for keys between groups.
      let base = group.title.map { sectionID + "-" + SchemaLayout.identifier($0) } ?? sectionID
      let id = index == 0 ? sectionID : SchemaLayout.unique(base, in: &used)
      var section = Section(id, group.title, header: index == 0 ? header : nil) {}
      section.rows = Array(rows[group.keys])
      sections.append(section)
    }
    return Panel(title: schema.id, sections: sections)
  }

  /// Where a key's row is on its schema's page: in the section of its group; nil when the page has no such key.
  public static func path(ofKey key: String, in panel: Panel) -> RowPath? {
    guard let section = panel.sections.first(where: { $0.rows.contains { $0.id == key } }) else { return nil }
    return RowPath.root.appending(section.id, key)
  }

  /// The generated panel, checked by the validator as every panel is when it loads. Its rows
  /// stay, since each edits a real key; what the validator found is said under them.
  @MainActor
  public static func checked(_ panel: Panel) -> Panel {
    let problems = panel.validate(checks: ValidationChecks(checksRowIDs: false))
    guard let first = problems.first, var section = panel.sections.first else { return panel }
    let said = trn(
      "%1$d problem was found on this page: %2$s", "%1$d problems were found on this page, such as %2$s",
      problems.count, problems.count, first.description)
    section.footer = .fixed(said)
    var checked = panel
    checked.sections[0] = section
    return checked
  }

  /// Key names in natural order, as a schema's page lists them: keys numbered 1 to 12 come
  /// as people count them (`layout2` before `layout10`), the others by name.
  public static func inNaturalOrder(_ names: [String]) -> [String] {
    names.sorted(by: KeyText.naturallyBefore)
  }

  /// The row for one key; its id is the key's name.
  ///
  /// A translated summary or description is remembered with its English text
  /// (`Translation.englishTexts(of:)`), as `tr` does for Knobs' own texts: search
  /// finds the row by either, and `knobs list --json` writes the English one.
  public static func row(for key: KeyDescription, in schema: String) -> Row {
    row(for: key, in: schema, context: SchemaContext(SchemaDescription(id: schema, path: nil, keys: [key])))
  }

  static func row(for key: KeyDescription, in schema: String, context: SchemaContext) -> Row {
    let settingKey = SettingKey(schema: schema, key: key.name)
    let kind = kind(for: key, settingKey, context: context)
    // A choice's title leaves out the options its summary lists (“Layout modes: stacking, tiling”).
    let isChoice = kind.choice != nil
    let title = title(summary: key.summary, name: key.name, context: context, listsOptions: isChoice)
    var row = Row(id: key.name, title: title, kind: kind)
    if let englishSummary = key.englishSummary {
      let english = Self.title(
        summary: englishSummary, name: key.name, context: context, english: true, listsOptions: isChoice)
      if english != title { Translation.remember(title, english: english) }
    }
    let description = KeyText.normalized(key.description)
    // A description that only repeats the summary is not shown again under it.
    if !description.isEmpty, description != title, description != title + "." {
      let subtitle = KeyText.shortened(description, to: maximumSubtitleLength)
      row.subtitle = .fixed(subtitle)
      if subtitle != description { row.keywords.append(description) }
      if let english = key.englishDescription.map(KeyText.normalized), !english.isEmpty, english != description {
        Translation.remember(subtitle, english: KeyText.shortened(english, to: maximumSubtitleLength))
        if subtitle != description { Translation.remember(description, english: english) }
      }
    }
    // A summary the title does not use is still found by search.
    let summary = KeyText.normalized(key.summary)
    if !summary.isEmpty, summary != title, summary != description, !KeyText.isJunk(summary) {
      row.keywords.append(KeyText.shortened(summary, to: TextBounds.maximumLength))
    }
    row.keywords.append(key.name)
    return row
  }

  static func title(for key: KeyDescription) -> String {
    title(summary: key.summary, name: key.name, context: SchemaContext(SchemaDescription(id: "", path: nil, keys: [])))
  }

  /// The summary on one line, unless it is no title: junk (“…”, “TODO”, only punctuation),
  /// paragraphs, longer than a line, or the same as another key's; then the key's name made readable.
  private static func title(
    summary: String, name: String, context: SchemaContext, english: Bool = false, listsOptions: Bool = false
  ) -> String {
    // Paragraphs (GLib joins a summary's wrapped lines, but keeps its blank lines) make no title.
    var paragraphs = KeyText.normalized(summary)
    // A summary that lists a number's codes is titled by what comes before them, if anything.
    if let before = DescribedValues.textBeforeCodes(paragraphs) {
      guard !before.isEmpty else { return KeyText.readable(name) }
      paragraphs = before
    } else if listsOptions, let before = DescribedValues.textBeforeWordList(paragraphs) {
      // … and one that ends with a choice's options after a colon by what comes before the colon.
      paragraphs = before
    }
    let line = KeyText.withoutTypeNote(paragraphs.split(whereSeparator: \.isWhitespace).joined(separator: " "))
    let isDuplicate = (english ? context.duplicateEnglishSummaries : context.duplicateSummaries).contains(line)
    guard !line.isEmpty, !KeyText.isJunk(line), !paragraphs.contains("\n"), !isDuplicate,
      line.unicodeScalars.count <= maximumSummaryTitleLength
    else { return KeyText.readable(name) }
    return line
  }

  static func kind(for key: KeyDescription, _ settingKey: SettingKey) -> Row.Kind {
    kind(for: key, settingKey, context: SchemaContext(SchemaDescription(id: settingKey.schema, path: nil, keys: [key])))
  }

  static func kind(for key: KeyDescription, _ settingKey: SettingKey, context: SchemaContext) -> Row.Kind {
    switch (key.typeString, key.range) {
    case ("b", _):
      return .toggle(.init(key: settingKey))
    case ("s", .enumeration(let nicks)) where !nicks.isEmpty, ("s", .choices(let nicks)) where !nicks.isEmpty:
      return .choice(.init(key: settingKey, options: nicks.map { .init(.string($0), KeyText.readable($0)) }))
    case ("as", .flags(let nicks)) where !nicks.isEmpty, ("as", .choices(let nicks)) where !nicks.isEmpty:
      return .multiSelect(.init(key: settingKey, options: nicks.map { .init($0, KeyText.readable($0)) }))
    case ("as", .any) where isKeybinding(key, in: settingKey.schema) || context.holdsShortcut(key):
      // A default of bare keys that type or move (`['Left']`, `['Return']`) lets the editor take such keys alone.
      let bare = (key.defaultStrings ?? []).contains { (try? Accelerator(parsing: $0))?.needsModifier == true }
      var shortcut = Row.Shortcut(key: settingKey)
      shortcut.allowsBareKeys = bare
      return .shortcut(shortcut)
    case ("s", .any) where isColor(key):
      return .color(.init(key: settingKey, format: key.defaultString.flatMap(ColorFormat.init(of:))))
    case ("(ddd)", .any) where isColorName(key.name):
      return .color(.init(key: settingKey, format: .doubles))
    case ("(dddd)", .any) where isColorName(key.name):
      return .color(.init(key: settingKey, format: .doublesWithAlpha))
    case ("s", .any) where isJSON(key):
      // An empty value stays possible where the default is empty (or unknown): the program reads “none” then.
      let allowsEmpty = (key.defaultString ?? "").trimmingWhitespace.isEmpty
      var rule = TextRule(maximumLength: 65536)
      rule.check = { text in
        if allowsEmpty, text.trimmingWhitespace.isEmpty { return nil }
        return JSONText.problem(in: text)?.description
      }
      var json = Row.Text(key: settingKey, placeholder: "JSON", rule: rule)
      // A string holding U+202E shows, and is written, as its escape: the same JSON, shown as it is.
      json.isJSON = true
      return .text(json)
    case ("s", .any):
      // The description says them, or else the summary (“Layout modes: stacking, tiling”).
      let options = [key.description, key.summary].lazy.compactMap {
        DescribedValues.stringOptions(in: $0, defaultValue: key.defaultString)
      }.first
      if let values = options {
        return .choice(.init(key: settingKey, options: values.map { .init(.string($0), KeyText.readable($0)) }))
      }
      if let file = fileKind(for: key, settingKey) { return file }
      // Free text: U+202E and control characters would show it otherwise than it is, so they are refused.
      return .text(.init(key: settingKey, rule: freeTextRule))
    case ("as", .any):
      return .list(.init(key: settingKey, itemRule: freeTextRule))
    default:
      if let choice = codedChoice(for: key, settingKey) { return choice }
      return numberKind(for: key, settingKey) ?? .text(gvariantText(key, settingKey))
    }
  }

  /// What a free text key or a list's item takes: at most 4,096 characters, none that changes the direction of text
  /// or is a control character (tab and line breaks aside).
  static var freeTextRule: TextRule {
    var rule = TextRule()
    rule.refusesHiddenCharacters = true
    return rule
  }

  /// A choice for a whole-number key whose description, or else summary, names its codes
  /// (“0=Auto, 1=Kbps”) or words that stand for them in order (“'centigrade' or 'fahrenheit'”,
  /// “Position: left or right”), each option writing its number; nil when neither names any, or codes the
  /// key's range or type refuse.
  static func codedChoice(for key: KeyDescription, _ settingKey: SettingKey) -> Row.Kind? {
    guard let bounds = integerBounds[key.typeString] else { return nil }
    // The description says it, or else the summary (“0 transparent, 1 light, 2 dark”).
    let options = [key.description, key.summary].lazy.compactMap {
      DescribedValues.integerOptions(in: $0, range: key.range, bounds: bounds, defaultValue: key.defaultNumber)
    }.first
    guard let options else { return nil }
    return .choice(.init(key: settingKey, options: options.map { .init(.int($0.value), $0.label) }))
  }

  /// A file or folder chooser for a string key named for one (`icon-path`, `cache-dir`,
  /// `download-folder`, `log-file`, `background-image`) whose default is empty, a path or a
  /// `file://` URI; nil for other keys.
  static func fileKind(for key: KeyDescription, _ settingKey: SettingKey) -> Row.Kind? {
    guard let last = key.name.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).last else { return nil }
    let selectsFolder: Bool
    var mimeTypes: [String] = []
    switch last {
    case "dir", "directory", "folder": selectsFolder = true
    case "file", "path": selectsFolder = false
    case "image", "picture", "wallpaper":
      selectsFolder = false
      mimeTypes = ["image/*"]
    default: return nil
    }
    let text = key.defaultString ?? ""
    let storage: Row.File.Storage
    if text.isEmpty || text.hasPrefix("/") {
      storage = .path
    } else if text.hasPrefix("file:///") {
      storage = .uri
    } else {
      // `~/Pictures`, `$HOME/x` or a name the program resolves itself: a file chooser would write
      // another kind of text than the program reads.
      return nil
    }
    return .file(.init(key: settingKey, mimeTypes: mimeTypes, selectsFolder: selectsFolder, storage: storage))
  }

  /// Whether a string-list key holds shortcuts: any key of a keybinding schema (but the
  /// list of custom keybindings' paths), a key whose name says it is a keybinding, or one
  /// whose default is accelerators with a modifier (an extension's `['<Super>1']`).
  public static func isKeybinding(_ key: KeyDescription, in schema: String) -> Bool {
    guard key.typeString == "as", key.range == .any else { return false }
    if let defaults = key.defaultStrings, isAccelerators(defaults) { return true }
    if KeybindingIndex.schemaIDs.contains(schema) { return key.name != "custom-keybindings" }
    if schema.hasSuffix(".keybindings") {
      // A list of words beside the shortcuts (`window-titles` holding `['Terminal']`) stays a list.
      let holdsWords = key.defaultStrings?.contains {
        !Row.Shortcut.meansNone($0) && (try? Accelerator(parsing: $0)) == nil
      }
      return key.name != "custom-keybindings" && holdsWords != true && !SchemaContext.namesAList(key)
    }
    return ["keybinding", "keybindings", "shortcut", "shortcuts", "accelerator", "accelerators"].contains {
      key.name.hasSuffix("-" + $0) || key.name == $0
    }
  }

  /// Whether every item parses as an accelerator and one has a modifier: `['<Super>Up', '<Super>KP_5']`,
  /// not a list of words such as `['a', 'b']`.
  static func isAccelerators(_ items: [String]) -> Bool {
    var hasModifier = false
    for item in items {
      guard let accelerator = try? Accelerator(parsing: item) else { return false }
      if !accelerator.modifiers.isEmpty { hasModifier = true }
    }
    return hasModifier
  }

  /// Whether a key's name says it holds a color: `background-color`, `text-colour`, `rgba-colors`.
  static func isColorName(_ name: String) -> Bool {
    let lowered = name.lowercased()
    return lowered.contains("color") || lowered.contains("colour")
  }

  /// Whether a key of this name could hold a color; only such keys' defaults are read (see `isColor`):
  /// `background-color`, `text-colour`, `rgba`, and one of a numbered or per-state set of them
  /// (`border-color-2`, `border-color-unfocused-2`, `dot-color-minimized`).
  public static func mayBeColor(_ keyName: String) -> Bool {
    var words = keyName.lowercased().split { $0 == "-" || $0 == "_" }[...]
    while let last = words.last, words.count > 1, last.allSatisfy(\.isNumber) || colorStates.contains(String(last)) {
      words.removeLast()
    }
    guard let last = words.last else { return false }
    return ["color", "colour", "rgba"].contains { last.hasSuffix($0) }
  }

  /// The states a color key's name may end in after “color”: which window or item it paints.
  static let colorStates: Set<String> = [
    "focused", "unfocused", "active", "inactive", "minimized", "maximized", "hover", "hovered", "pressed",
    "selected", "urgent", "normal", "disabled", "dark", "light", "start", "end", "alt",
  ]

  /// Whether the generator needs a string key's default, read from `key` without it: a color's
  /// tells its format, a path's whether a file chooser fits, and that of a key whose summary or description
  /// quotes or names values whether they are the values it takes. Only these are read: GLib translates a
  /// default marked for translation as it reads it (see `SettingsSchema.key`).
  public static func readsDefault(of key: KeyDescription) -> Bool {
    guard key.typeString == "s", key.range == .any else { return false }
    if mayBeColor(key.name) || fileKind(for: key, SettingKey(schema: "", key: key.name)) != nil { return true }
    if isJSON(key) { return true }
    // Values in quotes or backquotes, or named in prose (“Options are Super, Ctrl, Alt”), in either text.
    return DescribedValues.mayOfferStrings(key.description) || DescribedValues.mayOfferStrings(key.summary)
  }

  /// Whether a string key holds JSON: its name, summary or description says JSON (`monitor-json`,
  /// “Per-monitor settings (JSON)”), or its default is a JSON object or array (`{}`).
  static func isJSON(_ key: KeyDescription) -> Bool {
    guard key.typeString == "s", key.range == .any, fileKind(for: key, SettingKey(schema: "", key: key.name)) == nil
    else { return false }
    let words = (key.name + " " + key.summary + " " + key.description).split { !$0.isLetter }
    if words.contains(where: { $0 == "JSON" || $0 == "json" || $0 == "Json" }) { return true }
    guard let text = key.defaultString?.trimmingWhitespace, text.hasPrefix("{") || text.hasPrefix("[") else {
      return false
    }
    return JSONText.problem(in: text) == nil
  }

  /// Whether a string key holds a color: its name ends in `color`, `colour` or `rgba` and its default is one.
  static func isColor(_ key: KeyDescription) -> Bool {
    guard key.typeString == "s", mayBeColor(key.name), let text = key.defaultString else { return false }
    // An empty default where the name says color: no color until one is chosen.
    return text.isEmpty || ColorFormat(of: text) != nil
  }

  private static func gvariantText(_ key: KeyDescription, _ settingKey: SettingKey) -> Row.Text {
    // The strings of a structured value are free text too: refused as a text row's are, typed or escaped.
    var rule = TextRule(maximumLength: 65536)
    rule.refusesHiddenCharacters = true
    rule.gvariantType = key.typeString
    return Row.Text(
      key: settingKey, placeholder: tr("GVariant text"), rule: rule,
      format: .gvariant(type: key.typeString),
      editor: StructuredValues.editor(forType: key.typeString, description: key.description))
  }

  /// A slider or number row for a number key; nil for a key of another type, and for a 64-bit
  /// key whose values may lie beyond what a Double holds exactly (its GVariant text row is exact).
  static func numberKind(for key: KeyDescription, _ settingKey: SettingKey) -> Row.Kind? {
    let isDouble = key.typeString == "d"
    guard let bounds = isDouble ? (-1e15, 1e15) : integerBounds[key.typeString] else { return nil }
    var range = key.range
    // A range the summary or description writes (“Opacity (0-255)”, “from 0 to 3”) bounds the key as a `<range>` would.
    if range == .any,
      let stated = StatedRange.range(in: [key.summary, key.description], defaultValue: key.defaultNumber),
      stated.0 >= bounds.0, stated.1 <= bounds.1, isDouble || (stated.0.isWhole && stated.1.isWhole)
    {
      range = .range(minimum: stated.0, maximum: stated.1)
    }
    if ["x", "t"].contains(key.typeString) {
      guard case .range(let low, let high) = range, low >= bounds.0, high <= bounds.1 else { return nil }
    }
    guard case .range(let low, let high) = range, low < high else {
      if range == .any, let scale = proportionScale(of: key) {
        let format: ValueFormat = scale == 1 ? .percent : .number(decimals: 0, unit: "%")
        return .slider(
          .init(key: settingKey, minimum: 0, maximum: scale, step: scale == 1 ? 0.01 : 1, format: format))
      }
      var number = Row.Number(
        key: settingKey, minimum: bounds.0, maximum: bounds.1, step: isDouble ? 0.1 : 1, decimals: isDouble ? 2 : 0)
      // An int opacity or color channel counts to 255 by convention alone: past it, the person is asked first.
      if range == .any, let usual = usualMaximum(of: key), usual < bounds.1 { number.usualMaximum = usual }
      return .number(number)
    }
    let minimum = max(low, bounds.0)
    let maximum = min(high, bounds.1)
    if let step = sliderStep(minimum, maximum, isDouble: isDouble) {
      let decimals = step >= 1 ? 0 : step >= 0.1 ? 1 : 2
      return .slider(
        .init(
          key: settingKey, minimum: minimum, maximum: maximum, step: step, format: .number(decimals: decimals)))
    }
    let decimals = isDouble ? 3 : 0
    let step = isDouble ? 0.001 : 1
    return .number(.init(key: settingKey, minimum: minimum, maximum: maximum, step: step, decimals: decimals))
  }

  /// The top of a proportion's scale when the key has no range and says it is one: 100 for a key whose
  /// name or text says percent and whose default is at most 100, 1 for a decimal named or described as
  /// an opacity, alpha, ratio, fraction or transparency whose default is at most 1; nil otherwise. A
  /// whole-number opacity is no percentage: its scale may be 0 to 255 (“40 %” would invent a unit).
  static func proportionScale(of key: KeyDescription) -> Double? {
    guard ["n", "q", "i", "u", "d"].contains(key.typeString) else { return nil }
    let nameWords = key.name.lowercased().split { $0 == "-" || $0 == "_" }
    let descriptionWords = (key.summary + " " + key.description).lowercased().split { !$0.isLetter }
    let saysPercent = (nameWords + descriptionWords).contains { $0 == "percent" || $0 == "percentage" }
    let value = key.defaultNumber ?? 0
    guard value >= 0 else { return nil }
    if key.typeString == "d" {
      let nameSays = nameWords.contains {
        ["opacity", "alpha", "ratio", "fraction", "transparency"].contains($0)
      }
      // A decimal above 1 is a percentage only when the key says so: a ratio of 1.5 is no proportion.
      if value <= 1, nameSays || descriptionWords.contains("opacity") || saysPercent { return 1 }
      return value <= 100 && saysPercent ? 100 : nil
    }
    return saysPercent && value <= 100 ? 100 : nil
  }

  /// 255 for a whole-number key with no range whose name says it is an opacity, alpha or transparency, or a
  /// color's red, green or blue channel, and whose default is 0 to 255; nil for other keys. Only convention
  /// says so (the extension's own preferences cap it there), so it is no bound, only a value to ask about.
  static func usualMaximum(of key: KeyDescription) -> Double? {
    guard ["n", "q", "i", "u", "x", "t"].contains(key.typeString), key.range == .any else { return nil }
    let words = key.name.lowercased().split { $0 == "-" || $0 == "_" }
    let saysOpacity = words.contains { ["opacity", "alpha", "transparency"].contains($0) }
    let saysChannel =
      words.contains { ["red", "green", "blue"].contains($0) }
      && words.contains { $0.hasSuffix("color") || $0.hasSuffix("colour") }
    let value = key.defaultNumber ?? 0
    return (saysOpacity || saysChannel) && value >= 0 && value <= 255 ? 255 : nil
  }

  /// The finest step that divides the range in at most `maximumSliderSteps`, or nil when none does.
  private static func sliderStep(_ minimum: Double, _ maximum: Double, isDouble: Bool) -> Double? {
    for step in isDouble ? [0.01, 0.1, 1] : [1] {
      let slider = Row.Slider(key: SettingKey(schema: "", key: ""), minimum: minimum, maximum: maximum, step: step)
      if (maximum - minimum) / step <= maximumSliderSteps, RowRules.stepDividesRange(slider) { return step }
    }
    return nil
  }

  /// What each integer type holds; 64-bit ones only as far as a Double counts exactly
  /// (wider 64-bit keys get GVariant text rows).
  static let integerBounds: [String: (Double, Double)] = [
    "y": (0, 255),
    "n": (Double(Int16.min), Double(Int16.max)),
    "q": (0, Double(UInt16.max)),
    "i": (Double(Int32.min), Double(Int32.max)),
    "u": (0, Double(UInt32.max)),
    "x": (-9_007_199_254_740_992, 9_007_199_254_740_992),
    "t": (0, 9_007_199_254_740_992),
  ]
}
