extension Row.Text {
  /// How a text row's value is edited: in an entry, or, for a structured GVariant value, in a
  /// table, as two numbers, or as GVariant text of several lines checked as it is typed.
  package enum Editor: Hashable, Sendable {
    case entry
    /// An array of tuples of strings and numbers (`a(sss)`), or a dictionary (`a{ss}`, `a{sv}`).
    case table(ValueTable)
    /// A pair of numbers (`(ii)`, `(dd)`).
    case pair(NumberPair)
    /// Any other type, as GVariant text.
    case variant

    /// Why GVariant text for a dictionary's table can't be written: a key it holds twice, which
    /// the table refuses, so `knobs set` refuses it too; nil for other text and other editors.
    package func duplicateKeyProblem(in text: String) -> String? {
      guard case .table(let table) = self, table.isDictionary, case .success(let rows) = table.rows(ofText: text)
      else { return nil }
      do {
        _ = try table.value(of: rows)
        return nil
      } catch {
        return error.reason.prefix(1).uppercased() + error.reason.dropFirst()
      }
    }

    /// The editor's name, for tests and reports: "entry", "table", "pair" or "gvariant".
    package var name: String {
      switch self {
      case .entry: "entry"
      case .table: "table"
      case .pair: "pair"
      case .variant: "gvariant"
      }
    }
  }
}

/// Which editor a structured GVariant type gets, and the names of its parts.
package enum StructuredValues {
  /// The most fields a table shows as columns; wider tuples are GVariant text.
  static let maximumColumns = 6
  /// The types a table cell or a pair holds: strings and numbers.
  static let cellTypes: Set<Unicode.Scalar> = ["s", "o", "b", "y", "n", "q", "i", "u", "x", "t", "d"]
  static let pairTypes: Set<Unicode.Scalar> = ["y", "n", "q", "i", "u", "d"]

  /// The editor for a key of type `typeString` whose description is `description`.
  package static func editor(forType typeString: String, description: String) -> Row.Text.Editor {
    guard let type = GVariantValueType(typeString) else { return .variant }
    switch type {
    case .array(.tuple(let fields))
    where (1...maximumColumns).contains(fields.count) && fields.allSatisfy(isCell):
      let names = fieldNames(in: description, count: fields.count)
      let columns = fields.enumerated().map { index, field in
        ValueTable.Column(title: names?[index] ?? tr("Field %d", index + 1), type: field)
      }
      return .table(ValueTable(type: type, columns: columns, isDictionary: false))
    case .array(.entry(let key, let value)) where isCell(key) && (isCell(value) || value == .variant):
      let columns = [
        ValueTable.Column(title: tr("Key"), type: key), ValueTable.Column(title: tr("Value"), type: value),
      ]
      return .table(ValueTable(type: type, columns: columns, isDictionary: true))
    case .tuple(let fields)
    where fields.count == 2 && fields[0] == fields[1]
      && {
        if case .basic(let scalar) = fields[0] { return pairTypes.contains(scalar) }
        return false
      }():
      guard case .basic(let scalar) = fields[0] else { return .variant }
      let names = fieldNames(in: description, count: 2)
      return .pair(NumberPair(type: scalar, labels: (names?[0] ?? tr("First"), names?[1] ?? tr("Second"))))
    case .basic:
      // A single number or string of a type without a row of its own (a 64-bit integer) stays one line.
      return .entry
    default:
      return .variant
    }
  }

  /// Typed GVariant text as it is written: without the spaces and line breaks around it.
  package static func writtenText(_ typed: String) -> String { typed.trimmingWhitespace }

  static func isCell(_ type: GVariantValueType) -> Bool {
    if case .basic(let scalar) = type { return cellTypes.contains(scalar) }
    return false
  }

  /// Words that end a field's name (“height of the window”): the name is what comes before them.
  static let stopWords: Set<String> = [
    "of", "in", "for", "to", "on", "at", "as", "is", "are", "the", "a", "an", "with", "from", "by", "per",
  ]

  /// The names a description gives the parts of a value, when it lists exactly `count` of them:
  /// “Position as x, y” gives X and Y, “The width and height of the window” Width and Height,
  /// “Each icon's id, name and custom icon” Id, Name and Custom icon; nil when it lists none.
  package static func fieldNames(in description: String, count: Int) -> [String]? {
    guard count >= 2, description.unicodeScalars.count <= 4000 else { return nil }
    // Clauses end at sentence marks and brackets: “(x, y)” is one clause.
    let clauses = KeyText.normalized(description).split { ".;:()[]\n!?".contains($0) }
    for clause in clauses {
      var items: [String] = []
      for part in clause.split(separator: ",") {
        for item in String(part).splittingWords(["and", "or", "&"]) { items.append(item) }
      }
      let words = items.map { $0.split(separator: " ").map(String.init) }.filter { !$0.isEmpty }
      guard words.count == count else { continue }
      var names: [String] = []
      for (index, itemWords) in words.enumerated() {
        var name: [String]
        if index == 0 {
          name = [itemWords.last!]
        } else {
          name = Array(itemWords.prefix { !stopWords.contains($0.lowercased()) })
        }
        guard !name.isEmpty, name.count <= 3, name.allSatisfy({ $0.count <= 20 }) else { break }
        names.append(name.joined(separator: " "))
      }
      guard names.count == count, Set(names.map { $0.lowercased() }).count == count else { continue }
      return names.map(\.capitalizedFirst)
    }
    return nil
  }
}

extension String {
  /// The text split at the words given, trimmed, empty parts dropped.
  fileprivate func splittingWords(_ separators: Set<String>) -> [String] {
    var items: [String] = []
    var current: [Substring] = []
    for word in split(separator: " ") {
      if separators.contains(word.lowercased()) {
        items.append(current.joined(separator: " "))
        current = []
      } else {
        current.append(word)
      }
    }
    items.append(current.joined(separator: " "))
    return items.map(\.trimmingWhitespace).filter { !$0.isEmpty }
  }

  fileprivate var capitalizedFirst: String {
    guard let first else { return self }
    return first.uppercased() + dropFirst()
  }
}

/// A table for an array of tuples or a dictionary: its columns, and its rows read from and
/// written as GVariant of the key's type, which stays the same.
package struct ValueTable: Hashable, Sendable {
  package struct Column: Hashable, Sendable {
    package var title: String
    /// A string or number type, or `v` for a dictionary's values.
    package var type: GVariantValueType
  }

  /// The array's type: `a(sss)`, `a{ss}`, `a{sv}`.
  package var type: GVariantValueType
  package var columns: [Column]
  /// Whether the first column is a dictionary's key, which may be there once.
  package var isDictionary: Bool
  /// The most rows a table shows; a longer value is edited as text.
  package static let maximumRows = 1000

  package var typeString: String { type.description }

  /// The rows of a value of the table's type; nil, with the reason, when it doesn't fit the
  /// table: other text, a dictionary value that is not a string or number, or too many rows.
  package func rows(ofText text: String) -> Result<[[GVariantValue]], TableMismatch> {
    let value: GVariantValue
    do {
      value = try GVariantValue.parse(text, type: type)
    } catch {
      return .failure(.unreadable(error))
    }
    guard case .array(let items, _) = value else { return .failure(.unreadable(nil)) }
    guard items.count <= Self.maximumRows else { return .failure(.tooManyRows(items.count)) }
    var rows: [[GVariantValue]] = []
    for item in items {
      switch item {
      case .tuple(let fields): rows.append(fields)
      case .entry(let key, let value):
        if case .variant(let contents) = value, !StructuredValues.isCell(contents.type) {
          return .failure(.nestedValue(key: cellText(key)))
        }
        rows.append([key, value])
      default: return .failure(.unreadable(nil))
      }
    }
    return .success(rows)
  }

  /// A cell as it is shown and typed: a string without quotes, a number as digits, a
  /// dictionary's value as GVariant text with its type when it is not a string (`uint32 5`).
  package func cellText(_ value: GVariantValue) -> String {
    switch value {
    case .string(let text, _): return text
    case .variant(let contents):
      if case .string(let text, "s") = contents { return GVariantText.quote(text) }
      let annotated = GVariantValue.variant(contents).text
      return String(annotated.dropFirst().dropLast())
    default: return value.text
    }
  }

  /// The value typed in a cell of column `column`; throws why it is not one. With `refusingHiddenCharacters` (a
  /// schema page's table), a string in it holding a character that changes the direction of text or a control
  /// character is refused as free text is, however it was typed (`'\u202e'` in a `v` cell as well).
  package func cell(_ text: String, column: Int, refusingHiddenCharacters: Bool = false) throws(TableProblem)
    -> GVariantValue
  {
    let value = try parsedCell(text, column: column)
    if refusingHiddenCharacters, let said = value.hiddenCharacterProblem {
      throw TableProblem(column: columns[column].title, reason: said)
    }
    return value
  }

  private func parsedCell(_ text: String, column: Int) throws(TableProblem) -> GVariantValue {
    let type = columns[column].type
    if type.isString, case .basic(let scalar) = type {
      guard !text.unicodeScalars.contains("\u{0}") else {
        throw TableProblem(column: columns[column].title, reason: tr("a NUL character (U+0000) can't be stored."))
      }
      if scalar == "o", !GVariantTextParser.isObjectPath(text) {
        throw TableProblem(column: columns[column].title, reason: tr("expected an object path such as /org/example."))
      }
      return .string(text, type: scalar)
    }
    let trimmed = text.trimmingWhitespace
    do {
      if type == .variant {
        var parser = GVariantTextParser(trimmed)
        return .variant(try parser.parseWhole(nil).variantContentsOrSelf)
      }
      return try GVariantValue.parse(trimmed, type: type)
    } catch {
      throw TableProblem(column: columns[column].title, reason: Self.reason(error, text: trimmed, type: type))
    }
  }

  /// What is wrong with a typed cell; a word where a number belongs is “not a number”.
  static func reason(_ problem: GVariantTextProblem, text: String, type: GVariantValueType) -> String {
    switch problem.reason {
    case .unknownWord, .expected, .endsEarly, .trailingText:
      if type.isInteger || type == .basic("d") {
        return text.isEmpty ? tr("a number is needed.") : tr("“%s” is not a number.", text.escapedForMessage)
      }
    default: break
    }
    return problem.reasonText
  }

  /// The value of the rows, in the table's type; throws when a dictionary's key comes twice.
  package func value(of rows: [[GVariantValue]]) throws(TableProblem) -> GVariantValue {
    guard case .array(let element) = type else { throw TableProblem(column: "", reason: "") }
    if isDictionary {
      var seen: Set<GVariantValue> = []
      for row in rows where !seen.insert(row[0]).inserted {
        throw TableProblem(
          column: columns[0].title,
          reason: tr(
            "the key “%s” is already in the table; each key can be there only once.", cellText(row[0]).escapedForMessage
          ))
      }
      return .array(rows.map { .entry($0[0], $0[1]) }, element: element)
    }
    return .array(rows.map { .tuple($0) }, element: element)
  }

  /// The rows in GVariant text, as the store writes it.
  package func text(of rows: [[GVariantValue]]) throws(TableProblem) -> String {
    try value(of: rows).text
  }
}

extension GVariantValue {
  /// Why one of the value's strings, at any depth, holds a character that changes the direction of text or a control
  /// character (as `TextRule.hiddenCharacterProblem(in:)` says); nil when none does.
  package var hiddenCharacterProblem: String? {
    // A stack rather than recursion: a value nested deeply is walked in bounded stack space.
    var pending = [self]
    while let value = pending.popLast() {
      switch value {
      case .string(let text, _):
        if let said = TextRule.hiddenCharacterProblem(in: text) { return said }
      case .variant(let contents): pending.append(contents)
      case .maybe(let contents, _): if let contents { pending.append(contents) }
      case .array(let items, _), .tuple(let items): pending.append(contentsOf: items.reversed())
      case .entry(let key, let value): pending.append(contentsOf: [value, key])
      case .boolean, .integer, .unsigned, .double: continue
      }
    }
    return nil
  }
}

extension GVariantValue {
  /// A value typed in a dictionary's `v` column needs no `<…>`: `'text'` and `5` are taken as they are.
  fileprivate var variantContentsOrSelf: GVariantValue {
    if case .variant(let contents) = self { return contents }
    return self
  }
}

/// Why a stored value is not shown as a table.
package enum TableMismatch: Error, Hashable, Sendable, CustomStringConvertible {
  case unreadable(GVariantTextProblem?)
  case nestedValue(key: String)
  case tooManyRows(Int)

  package var description: String {
    switch self {
    case .unreadable:
      return tr("This value doesn't fit a table, so it is shown as GVariant text.")
    case .nestedValue(let key):
      return tr(
        "The value of “%s” holds more than a string or a number, so the whole setting is shown as GVariant text.",
        key.escapedForMessage)
    case .tooManyRows(let count):
      return tr("This value has %d rows, more than a table shows, so it is shown as GVariant text.", count)
    }
  }
}

/// Why a table's cell or rows were refused.
package struct TableProblem: Error, Hashable, Sendable, CustomStringConvertible {
  package var column: String
  package var reason: String

  package var description: String {
    // TRANSLATORS: %1$s is a table's column ("Name", "Key"), %2$s what is wrong with what was typed there.
    tr("%1$s: %2$s", column, reason)
  }
}

/// Two numbers of one type (`(ii)`, `(dd)`), with the names the description gives them.
package struct NumberPair: Hashable, Sendable {
  package var type: Unicode.Scalar
  package var first: String
  package var second: String

  package init(type: Unicode.Scalar, labels: (String, String)) {
    self.type = type
    first = labels.0
    second = labels.1
  }

  package var typeString: String { "(" + String(type) + String(type) + ")" }
  package var isDouble: Bool { type == "d" }

  /// What each number may be.
  package var bounds: ClosedRange<Double> {
    if isDouble { return -1e15...1e15 }
    let bounds = GVariantValueType.integerBounds[type] ?? 0...0
    return Double(bounds.lowerBound)...Double(bounds.upperBound)
  }

  /// The two numbers of GVariant text of the pair's type; nil when it is not such a pair.
  package func numbers(of text: String) -> (Double, Double)? {
    guard let value = try? GVariantValue.parse(text, typeString: typeString), case .tuple(let items) = value,
      items.count == 2
    else { return nil }
    func number(_ item: GVariantValue) -> Double? {
      switch item {
      case .integer(let value, _): return Double(value)
      case .double(let value): return value
      default: return nil
      }
    }
    guard let first = number(items[0]), let second = number(items[1]) else { return nil }
    return (first, second)
  }

  /// A number as its field shows it: a decimal in the user's style (“0,5” in German).
  package func shown(_ value: GVariantValue, style: NumberStyle = .current) -> String {
    if case .double(let number) = value, number.isFinite { return style.plain(number) }
    return value.text
  }

  /// The number typed for one of the two, in the pair's type; throws why it is not one. A
  /// decimal may be typed in the user's style (“0,5”) as well as with a point.
  package func number(_ text: String, label: String, style: NumberStyle = .current) throws(TableProblem)
    -> GVariantValue
  {
    if isDouble, style.isAmbiguous(text) {
      // German “1.000” may be a thousand or a one with decimals: ask rather than guess.
      let typed = text.trimmingWhitespace
      throw TableProblem(
        column: label,
        reason: tr(
          // TRANSLATORS: %1$s is what was typed ("1.000"), %2$s it without the point ("1000"),
          // %3$s it with a decimal comma ("1,000").
          "“%1$s” could be %2$s or %3$s; type it without the point, or with a decimal comma.", typed,
          typed.replacingAll(style.groupingSeparator, with: ""),
          typed.replacingAll(style.groupingSeparator, with: style.decimalSeparator)))
    }
    if isDouble, let value = style.number(from: text), value.isFinite { return .double(value) }
    do {
      return try GVariantValue.parse(text.trimmingWhitespace, type: .basic(type))
    } catch {
      throw TableProblem(
        column: label, reason: ValueTable.reason(error, text: text.trimmingWhitespace, type: .basic(type)))
    }
  }

  /// The pair as GVariant text: `(1920, 1080)`.
  package func text(_ first: GVariantValue, _ second: GVariantValue) -> String {
    GVariantValue.tuple([first, second]).text
  }
}
