/// Walks a panel and its detail pages, collecting problems in display order.
@MainActor
struct PanelValidator {
  let store: (any SettingsStore)?
  let checks: ValidationChecks
  private(set) var problems: [PanelProblem] = []

  init(store: (any SettingsStore)?, checks: ValidationChecks) {
    self.store = store
    self.checks = checks
  }

  mutating func check(page: Panel, pagePath: RowPath) {
    guard checks.declaration else {
      checkStoreOnly(page: page, pagePath: pagePath)
      return
    }
    if page.sections.isEmpty {
      report(pagePath, pagePath.isEmpty ? tr("The panel has no sections.") : tr("The detail page has no sections."))
    }
    var sectionIDs: Set<String> = []
    // The section each row id was first seen in. A row's path is joined only
    // when a problem needs it: a valid panel of 10,000 rows would otherwise
    // build 10,000 strings at every start.
    var rowSections: [String: RowPath] = [:]
    rowSections.reserveCapacity(page.sections.reduce(0) { $0 + $1.rows.count })
    for section in page.sections {
      let sectionPath = pagePath.appending(section.id)
      if !sectionIDs.insert(section.id).inserted {
        report(
          sectionPath,
          tr("The section id “%s” is used by more than one section on this page.", section.id.escapedForMessage),
          isRepeatedID: true)
      }
      check(section: section, at: sectionPath)
      // By index: reading a row's id copies the id alone.
      for index in section.rows.indices {
        let id = section.rows[index].id
        // One lookup for the usual new id; a repeated one gets its first section back.
        if let firstSection = rowSections.updateValue(sectionPath, forKey: id) {
          rowSections[id] = firstSection
          let first = firstSection.appending(id)
          report(
            sectionPath.appending(id),
            tr("The row id “%1$s” is already used by %2$s on this page.", id.escapedForMessage, first),
            isRepeatedID: true)
        }
        check(row: section.rows[index], in: sectionPath)
      }
    }
  }

  /// The store's checks alone, for a panel whose declaration was checked already.
  private mutating func checkStoreOnly(page: Panel, pagePath: RowPath) {
    guard let store else { return }
    for section in page.sections {
      for index in section.rows.indices {
        let row = section.rows[index]
        var path: RowPath { pagePath.appending(section.id, row.id) }
        if let key = row.key { checkStore(row, key: key, store: store, at: path) }
        if case .detail(let subpage) = row.kind.form { checkStoreOnly(page: subpage, pagePath: path) }
      }
    }
  }

  private mutating func checkStore(
    _ row: Row, key: SettingKey, store: any SettingsStore, at path: @autoclosure () -> RowPath
  ) {
    for problem in StoreRules.problems(row, key: key, store: store) { report(path(), problem, comesFromStore: true) }
    if checks.requiresKeys || checks.variantProblem != nil {
      for problem in keyProblems(key, store: store) { report(path(), problem, comesFromStore: true) }
    }
  }

  private mutating func check(section: Section, at path: RowPath) {
    checkID(section.id, of: "section", at: path)
    if let title = section.title, title.isBlank {
      report(path, tr("The section title is empty; leave it out instead for a section without a title."))
    }
    if let title = section.title, let problem = TextBounds.problem(with: title, label: tr("Section title")) {
      report(path, problem)
    }
    if let header = section.header?.fixedText,
      let problem = TextBounds.problem(with: header, label: tr("Header"), multiline: true)
    {
      report(path, problem)
    }
    if let footer = section.footer?.fixedText,
      let problem = TextBounds.problem(with: footer, label: tr("Footer"), multiline: true)
    {
      report(path, problem)
    }
    if section.rows.isEmpty { report(path, tr("The section has no rows.")) }
  }

  private mutating func check(row: Row, in sectionPath: RowPath) {
    // The id alone is captured: capturing the row would copy it whole.
    let id = row.id
    var path: RowPath { sectionPath.appending(id) }
    if checks.checksRowIDs { checkID(row.id, of: "row", at: path) }
    if row.title.isBlank { report(path, tr("The row title is empty.")) }
    if let problem = TextBounds.problem(with: row.title, label: tr("Title")) { report(path, problem) }
    if let subtitle = row.subtitle?.fixedText,
      let problem = TextBounds.problem(with: subtitle, label: tr("Subtitle"), multiline: true)
    {
      report(path, problem)
    }
    // A row's keywords are only searched, never shown: a schema's whole description may be among them.
    let kindProblems: [String]
    switch row.kind.form {
    case .toggle(let toggle): kindProblems = RowRules.problems(toggle)
    case .slider(let slider): kindProblems = RowRules.problems(slider)
    case .choice(let choice): kindProblems = RowRules.problems(choice)
    case .link(let link): kindProblems = RowRules.problems(link)
    case .email(let email): kindProblems = email.problems.map(\.description)
    case .text(let text): kindProblems = RowRules.problems(text)
    case .number(let number): kindProblems = RowRules.problems(number)
    case .file(let file): kindProblems = RowRules.problems(file)
    case .multiSelect(let multiSelect): kindProblems = RowRules.problems(multiSelect)
    case .list(let list): kindProblems = RowRules.problems(list)
    case .detail, .page, .value, .action, .font, .shortcut, .color: kindProblems = []
    }
    kindProblems.forEach { report(path, $0) }
    if let store, let key = row.key { checkStore(row, key: key, store: store, at: path) }
    // A detail page's problems follow its row's.
    if case .detail(let subpage) = row.kind.form { check(page: subpage, pagePath: path) }
  }

  /// With `checks`, whether the store has the key, and whether a default it holds as text parses.
  private func keyProblems(_ key: SettingKey, store: any SettingsStore) -> [String] {
    var problems: [String] = []
    if let variantProblem = checks.variantProblem, case .variant(let type, let text)? = store.defaultValue(for: key),
      GVariantType.isValid(type), let problem = variantProblem(text, type)
    {
      problems.append(
        tr("The default “%1$s” is not a value of type %2$s: %3$s", text.escapedForMessage, type, problem))
    }
    guard checks.requiresKeys else { return problems }
    switch store.availability(of: key) {
    case .available:
      break
    case .missingSchema(let schema):
      problems.append(tr("The settings schema %s is not installed.", schema))
    case .missingKey(let key):
      let names = store.capabilities.keyNaming?.keyNames(of: key.schema) ?? []
      let missing = tr("The settings schema %1$s has no key “%2$s”.", key.schema, key.key.escapedForMessage)
      let hint = Self.nearestKey(to: key.key, among: names).map { " " + tr("Did you mean “%s”?", $0.escapedForMessage) }
      problems.append(missing + (hint ?? ""))
    }
    return problems
  }

  /// The key a mistyped name most likely meant: the nearest by edit distance, if at most a third of it differs.
  static func nearestKey(to name: String, among names: [String]) -> String? {
    guard let nearest = Suggestions.closest(to: name, among: names, limit: 1).first else { return nil }
    let distance = EditDistance.between(Array(name.utf8), Array(nearest.utf8))
    return distance <= max(2, name.utf8.count / 3) ? nearest : nil
  }

  private mutating func checkID(_ id: String, of kind: String, at path: @autoclosure () -> RowPath) {
    if id.isEmpty {
      report(path(), kind == "section" ? tr("The section id is empty.") : tr("The row id is empty."))
    } else if !Self.isValidID(id) {
      let id = id.escapedForMessage
      report(
        path(),
        kind == "section"
          ? tr("The section id “%s” may only contain a-z, 0-9 and “-”.", id)
          : tr("The row id “%s” may only contain a-z, 0-9 and “-”.", id))
    }
  }

  private mutating func report(
    _ path: RowPath, _ message: String, isRepeatedID: Bool = false, comesFromStore: Bool = false
  ) {
    problems.append(
      PanelProblem(path: path, message: message, isRepeatedID: isRepeatedID, comesFromStore: comesFromStore))
  }

  /// Only a-z, 0-9 and "-": every byte of any other character, ASCII or not,
  /// fails. Read from the string's own bytes where it has them: stepping
  /// through `utf8` is much slower, and every id of a panel is checked at start.
  private nonisolated static func isValidID(_ id: String) -> Bool {
    id.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isIDByte) } ?? id.utf8.allSatisfy(isIDByte)
  }

  @inline(__always)
  private nonisolated static func isIDByte(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "-")
  }
}
