/// An INI file held as the bytes it was read from, edited line for line.
///
/// Reading never fails: a line that is not a group header, a `key=value` pair,
/// a comment or blank is kept as it is and never touched. An edit changes only
/// the bytes of the value it writes; a new key goes at the end of its group
/// (after its last key), copying that key's indentation and spacing around `=`
/// (or a commented-out key's, in a file of commented defaults), and a new
/// group goes at the end of the file. Everything else (comments, blank lines,
/// order, unknown keys, bytes that are not UTF-8, CRLF or LF line ends, keys
/// before the first group) stays byte for byte.
package struct IniDocument: Sendable, Equatable {
  package let dialect: IniDialect
  package private(set) var bytes: [UInt8]
  private var lines: [Line] = []
  private var groups: [Group] = []
  private var entries: [Entry] = []

  /// One line: `start..<contentEnd` is its text, `contentEnd..<end` its line break (none on a last line without one).
  struct Line: Sendable, Equatable {
    var start: Int
    var contentEnd: Int
    var end: Int
  }

  /// A group header, or (the first, with no name) the keys before any header.
  struct Group: Sendable, Equatable {
    var name: [UInt8]?
    var headerLine: Int?
  }

  /// A `key=value` line (and the lines a trailing backslash continues it on).
  struct Entry: Sendable, Equatable {
    var group: Int
    var key: [UInt8]
    var firstLine: Int
    var lastLine: Int
    /// Where the key starts, and where the key's name ends: indentation and spacing are copied from them.
    var keyStart: Int
    var keyEnd: Int
    /// The value's bytes, quotes included; blanks and an inline comment around it are outside.
    var value: Range<Int>
    /// Whether the value is in double quotes that the dialect strips.
    var quoted: Bool
  }

  package init(bytes: [UInt8], dialect: IniDialect) {
    self.bytes = bytes
    self.dialect = dialect
    parse()
  }

  // MARK: Reading

  /// The raw text of `key`'s value in `group` (nil: before the first group), the last one where a key is
  /// repeated, as the app reads it: without quotes the dialect strips; escapes are left to `IniValueCoding`.
  /// Nil when the key is not there.
  package func rawValue(_ key: String, in group: String?) -> IniRawValue? {
    guard let entry = lastEntry(key, in: group) else { return nil }
    var value = entry.value
    if entry.quoted { value = value.lowerBound + 1..<value.upperBound - 1 }
    var raw = Array(bytes[value])
    if entry.lastLine > entry.firstLine { raw = Self.joiningContinuations(raw) }
    return IniRawValue(bytes: raw, quoted: entry.quoted)
  }

  package func hasKey(_ key: String, in group: String?) -> Bool { lastEntry(key, in: group) != nil }

  /// Every key whose group and name are UTF-8, once each, in file order; nil group: before the first group.
  package var keys: [(group: String?, key: String)] {
    var seen = Set<[UInt8]>()
    var found: [(group: String?, key: String)] = []
    for entry in entries {
      let name = groups[entry.group].name
      guard let key = String(validating: entry.key, as: UTF8.self) else { continue }
      let group = name.flatMap { String(validating: $0, as: UTF8.self) }
      guard name == nil || group != nil else { continue }
      if seen.insert((name.map { [1] + $0 } ?? [0]) + [0x0A] + entry.key).inserted { found.append((group, key)) }
    }
    return found
  }

  /// The names of the groups with a header, in file order, once each (UTF-8 ones only).
  package var groupNames: [String] {
    var seen = Set<String>()
    return groups.compactMap { $0.name.flatMap { String(validating: $0, as: UTF8.self) } }.filter {
      seen.insert($0).inserted
    }
  }

  /// The 1-based lines of `key` in `group` (more than one when a value is continued), for messages.
  package func lines(of key: String, in group: String?) -> ClosedRange<Int>? {
    lastEntry(key, in: group).map { ($0.firstLine + 1)...($0.lastLine + 1) }
  }

  /// A backslash and line break inside a continued value read as one space, as systemd reads them.
  private static func joiningContinuations(_ raw: [UInt8]) -> [UInt8] {
    var joined: [UInt8] = []
    var index = 0
    while index < raw.count {
      if raw[index] == UInt8(ascii: "\\"), index + 1 < raw.count, raw[index + 1] == 0x0A || raw[index + 1] == 0x0D {
        index += raw[index + 1] == 0x0D && index + 2 < raw.count && raw[index + 2] == 0x0A ? 3 : 2
        joined.append(UInt8(ascii: " "))
      } else {
        joined.append(raw[index])
        index += 1
      }
    }
    return joined
  }

  private func lastEntry(_ key: String, in group: String?) -> Entry? {
    let name = Array(key.utf8)
    let groupName = group.map { Array($0.utf8) }
    return entries.last { $0.key == name && groups[$0.group].name == groupName }
  }

  // MARK: Editing

  /// Sets `key` in `group` to `value`, bytes already written as the dialect writes them (quotes included).
  /// Only those bytes change: a repeated key's last line is the one the app reads, and the one changed.
  package mutating func setValue(_ value: [UInt8], for key: String, in group: String?) {
    if let entry = lastEntry(key, in: group) {
      var value = value
      // `key =   # note`: the empty value sits at the comment, which must stay apart from the new value.
      if entry.value.isEmpty, entry.value.upperBound < lines[entry.lastLine].contentEnd { value.append(0x20) }
      bytes.replaceSubrange(entry.value, with: value)
    } else {
      insert(key: key, value: value, in: group)
    }
    parse()
  }

  /// Removes every line of `key` in `group` (every occurrence); a key that is not there changes nothing.
  package mutating func removeKey(_ key: String, in group: String?) {
    let name = Array(key.utf8)
    let groupName = group.map { Array($0.utf8) }
    let doomed = entries.filter { $0.key == name && groups[$0.group].name == groupName }
    guard !doomed.isEmpty else { return }
    for entry in doomed.reversed() {
      let start = entry.firstLine == 0 ? max(lines[0].start, byteOrderMarkLength) : lines[entry.firstLine].start
      bytes.removeSubrange(start..<lines[entry.lastLine].end)
    }
    parse()
  }

  private var lineBreak: [UInt8] {
    guard let first = lines.first(where: { $0.end > $0.contentEnd }) else { return [0x0A] }
    return first.end - first.contentEnd == 2 ? [0x0D, 0x0A] : [0x0A]
  }

  private var byteOrderMarkLength: Int { bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0 }

  private mutating func insert(key: String, value: [UInt8], in group: String?) {
    let groupName = group.map { Array($0.utf8) }
    // The style of the group's last key, else of the file's last key.
    let sample = entries.last { groups[$0.group].name == groupName } ?? entries.last
    var line: [UInt8]
    if let sample {
      let lineStart = sample.firstLine == 0 ? max(lines[0].start, byteOrderMarkLength) : lines[sample.firstLine].start
      line = Array(bytes[lineStart..<sample.keyStart]) + Array(key.utf8)
      let assignment = bytes[sample.keyEnd..<sample.value.lowerBound]
      line += assignment.contains(UInt8(ascii: "=")) ? Array(assignment) : dialect.defaultAssignment
    } else if let (indentation, assignment) = commentedKeyStyle() {
      // A file whose keys are all commented out (`# font=monospace:size=8`) shows its style there.
      line = indentation + Array(key.utf8) + assignment
    } else {
      line = Array(key.utf8) + dialect.defaultAssignment
    }
    line += value
    let lineBreak = self.lineBreak
    guard let groupIndex = groups.lastIndex(where: { $0.name == groupName }) else {
      // A new group at the end of the file, after a blank line.
      var tail: [UInt8] = []
      if bytes.count > byteOrderMarkLength {
        if bytes.last != 0x0A { tail += lineBreak }
        if let last = lines.last, !isBlank(last) { tail += lineBreak }
      }
      tail += [UInt8(ascii: "[")] + groupName! + [UInt8(ascii: "]")] + lineBreak + line + lineBreak
      bytes += tail
      return
    }
    // After the group's last key; in a group without keys, after its last line that is not blank.
    let after = entries.last { $0.group == groupIndex }?.lastLine ?? lastFilledLine(of: groupIndex)
    guard let after else {
      // The first key of a file that starts without comments goes at its top.
      bytes.insert(contentsOf: line + lineBreak, at: byteOrderMarkLength)
      return
    }
    let previous = lines[after]
    if previous.end == previous.contentEnd {
      bytes.insert(contentsOf: lineBreak + line, at: previous.end)
    } else {
      bytes.insert(contentsOf: line + lineBreak, at: previous.end)
    }
  }

  /// The last line of group `index` (its header included) that is not blank; nil when there is none.
  private func lastFilledLine(of index: Int) -> Int? {
    let first = groups[index].headerLine ?? 0
    let end = groups.dropFirst(index + 1).first { $0.headerLine != nil }?.headerLine ?? lines.count
    return (first..<end).last { !isBlank(lines[$0]) }
  }

  /// The indentation and spacing around `=` of the first commented-out key (`# key=value`, `;key = value`).
  private func commentedKeyStyle() -> (indentation: [UInt8], assignment: [UInt8])? {
    for (index, line) in lines.enumerated() {
      var position = index == 0 ? max(line.start, byteOrderMarkLength) : line.start
      let lineStart = position
      while position < line.contentEnd, Self.isSpace(bytes[position]) { position += 1 }
      guard position < line.contentEnd, bytes[position] == UInt8(ascii: "#") || bytes[position] == UInt8(ascii: ";")
      else { continue }
      let indentation = Array(bytes[lineStart..<position])
      position += 1
      while position < line.contentEnd, Self.isSpace(bytes[position]) { position += 1 }
      let keyStart = position
      while position < line.contentEnd, Self.isKeyByte(bytes[position]) { position += 1 }
      guard position > keyStart else { continue }
      let assignmentStart = position
      while position < line.contentEnd, Self.isSpace(bytes[position]) { position += 1 }
      guard position < line.contentEnd, bytes[position] == UInt8(ascii: "=") else { continue }
      position += 1
      while position < line.contentEnd, Self.isSpace(bytes[position]) { position += 1 }
      return (indentation, Array(bytes[assignmentStart..<position]))
    }
    return nil
  }

  private static func isKeyByte(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "A") < 26 || byte &- UInt8(ascii: "0") < 10
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
  }

  // MARK: Parsing

  private func isBlank(_ line: Line) -> Bool {
    var index = line.start
    if index == 0 { index = byteOrderMarkLength }
    while index < line.contentEnd, Self.isSpace(bytes[index]) { index += 1 }
    return index >= line.contentEnd
  }

  private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

  private mutating func parse() {
    lines = Self.splitLines(bytes)
    groups = [Group(name: nil, headerLine: nil)]
    entries = []
    var index = 0
    while index < lines.count {
      index = parseLine(at: index) + 1
    }
  }

  private static func splitLines(_ bytes: [UInt8]) -> [Line] {
    var lines: [Line] = []
    var start = 0
    while start < bytes.count {
      let newline = bytes[start...].firstIndex(of: 0x0A)
      let end = newline.map { $0 + 1 } ?? bytes.count
      var contentEnd = newline ?? bytes.count
      if newline != nil, contentEnd > start, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
      lines.append(Line(start: start, contentEnd: contentEnd, end: end))
      start = end
    }
    return lines
  }

  /// Reads line `index` (and the lines it continues on); returns the last line it took.
  private mutating func parseLine(at index: Int) -> Int {
    let line = lines[index]
    var position = index == 0 ? max(line.start, byteOrderMarkLength) : line.start
    while position < line.contentEnd, Self.isSpace(bytes[position]) { position += 1 }
    guard position < line.contentEnd else { return index }
    let first = bytes[position]
    if first == UInt8(ascii: "#") || first == UInt8(ascii: ";") { return index }
    if first == UInt8(ascii: "[") {
      let inside = bytes[(position + 1)..<line.contentEnd]
      let close =
        dialect == .keyfile ? inside.lastIndex(of: UInt8(ascii: "]")) : inside.firstIndex(of: UInt8(ascii: "]"))
      if let close { groups.append(Group(name: Array(bytes[(position + 1)..<close]), headerLine: index)) }
      return index
    }
    guard let equals = bytes[position..<line.contentEnd].firstIndex(of: UInt8(ascii: "=")) else { return index }
    var keyEnd = equals
    while keyEnd > position, Self.isSpace(bytes[keyEnd - 1]) { keyEnd -= 1 }
    guard keyEnd > position else { return index }
    var valueStart = equals + 1
    while valueStart < line.contentEnd, Self.isSpace(bytes[valueStart]) { valueStart += 1 }
    let (valueEnd, quoted, commented) = self.valueEnd(from: valueStart, to: line.contentEnd)
    var entry = Entry(
      group: groups.count - 1, key: Array(bytes[position..<keyEnd]), firstLine: index, lastLine: index,
      keyStart: position, keyEnd: keyEnd, value: valueStart..<valueEnd, quoted: quoted)
    // A trailing backslash takes the next line into the value.
    var end = valueEnd
    while dialect.continuesLines, !commented, end > valueStart, bytes[end - 1] == UInt8(ascii: "\\"),
      entry.lastLine + 1 < lines.count
    {
      entry.lastLine += 1
      let next = lines[entry.lastLine]
      end = next.contentEnd
      while end > next.start, Self.isSpace(bytes[end - 1]) { end -= 1 }
      entry.value = valueStart..<max(end, next.start)
      entry.quoted = false
    }
    entries.append(entry)
    return entry.lastLine
  }

  /// Where a value starting at `start` ends: before an inline comment (where the dialect has them) and trailing blanks.
  private func valueEnd(from start: Int, to lineEnd: Int) -> (end: Int, quoted: Bool, commented: Bool) {
    var scanFrom = start
    var closingQuote: Int?
    if dialect.stripsQuotes, start < lineEnd, bytes[start] == UInt8(ascii: "\"") {
      var index = start + 1
      while index < lineEnd {
        if bytes[index] == UInt8(ascii: "\\") {
          index += 2
          continue
        }
        if bytes[index] == UInt8(ascii: "\"") {
          closingQuote = index
          break
        }
        index += 1
      }
      if let closingQuote { scanFrom = closingQuote + 1 }
    }
    var end = lineEnd
    var commented = false
    if dialect.hasInlineComments {
      var index = scanFrom
      while index < lineEnd {
        let byte = bytes[index]
        if (byte == UInt8(ascii: "#") || byte == UInt8(ascii: ";"))
          && (index == start || index == scanFrom || Self.isSpace(bytes[index - 1]))
        {
          end = index
          commented = true
          break
        }
        index += 1
      }
    }
    while end > start, Self.isSpace(bytes[end - 1]) { end -= 1 }
    let quoted = closingQuote.map { $0 + 1 == end } ?? false
    return (end, quoted, commented)
  }
}

/// A value's bytes as they stand in the file, quotes the dialect strips taken off.
package struct IniRawValue: Sendable, Equatable {
  package var bytes: [UInt8]
  /// Whether the value was in quotes: it is written back in quotes.
  package var quoted: Bool
}
