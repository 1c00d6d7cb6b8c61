import FoundationEssentials

extension DconfKeyfile {
  /// One `key=value` line of a keyfile, with the line it is on.
  package struct Line: Hashable, Sendable {
    package var number: Int
    package var entry: DconfEntry
  }

  /// A line that is not what a keyfile holds.
  package struct Problem: Hashable, Sendable, CustomStringConvertible {
    package var line: Int
    /// The message, or what it is made of: a file of a million unknown keys shows a few of
    /// them, and only those are formatted.
    private var text: Text
    private enum Text: Sendable {
      case written(String)
      case noSchemaHasKey(path: String)
    }

    /// Why the line is wrong, in a sentence.
    package var message: String {
      get {
        switch text {
        case .written(let message): return message
        case .noSchemaHasKey(let path): return tr("no installed schema has the key %s.", path.escapedForTerminal)
        }
      }
      set { text = .written(newValue) }
    }
    package var description: String { "\(line): \(message)" }

    package init(line: Int, message: String) {
      self.line = line
      self.text = .written(message)
    }

    /// No installed schema has the key at `path` (`/FOLDER/KEY`), said of `line`; the message is
    /// formatted when it is read.
    package static func noSchemaHasKey(_ path: String, line: Int) -> Problem {
      var problem = Problem(line: line, message: "")
      problem.text = .noSchemaHasKey(path: path)
      return problem
    }

    /// Whether the message is held formatted (else it is formatted each time it is read).
    package var isFormatted: Bool {
      if case .written = text { return true }
      return false
    }

    package static func == (first: Problem, second: Problem) -> Bool {
      first.line == second.line && first.message == second.message
    }

    package func hash(into hasher: inout Hasher) {
      hasher.combine(line)
      hasher.combine(message)
    }
  }

  /// The largest file `read(path:)` takes: far more than every key of a desktop.
  package static let largestFile = 16 * 1024 * 1024

  /// The text of the keyfile at `path` (a link followed), read whole; throws why not, in words.
  package static func read(path: String) throws(KeyfileError) -> String {
    do {
      let data = try SafeFiles.read(path, followingLinks: true, limit: largestFile)
      guard let text = String(data: data, encoding: .utf8) else {
        throw KeyfileError(tr("%s is not UTF-8 text.", path))
      }
      return text
    } catch let error as KeyfileError {
      throw error
    } catch FileProblem.tooLarge {
      throw KeyfileError(tr("%1$s is larger than %2$d MB, far more than every setting of a desktop.", path, 16))
    } catch {
      throw KeyfileError(tr("%1$s can't be read: %2$s.", path, "\(error)"))
    }
  }

  /// Why a keyfile could not be read, in a sentence.
  package struct KeyfileError: Error, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
  }

  /// Reads a keyfile as `dconf load /` does: `[folder]` groups (`[/]` the root) of
  /// `key=value` lines, `#` comments and blank lines. Lines end at LF, a CR before it
  /// dropped (a lone CR is a character of its line, as GKeyFile takes it). Every line that
  /// is neither is a problem; so is a line with a NUL byte (dconf would silently drop the
  /// rest of it), a key outside any group, or a key set twice (a group may come back, and
  /// `[/a/b/]` is `[a/b]`: the second value would silently win). Values are kept as
  /// written, for the schema's type to read.
  package static func parse(_ text: String) -> (lines: [Line], problems: [Problem]) {
    var lines: [Line] = []
    var problems: [Problem] = []
    var folder: String?
    // Each key's path, with the line that set it first.
    var firstLine: [String: Int] = [:]
    var number = 0
    // Split on bytes: as Characters, “\r\n” is one and would never match “\n”.
    for raw in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      number += 1
      var line = Substring(raw)
      if line.utf8.last == UInt8(ascii: "\r") { line = Substring(line.utf8.dropLast()) }
      if line.utf8.contains(0) {
        problems.append(Problem(line: number, message: tr("the line holds a NUL byte, which dconf would cut it at.")))
        continue
      }
      let trimmed = String(line).trimmingWhitespace
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      if trimmed.hasPrefix("[") {
        guard trimmed.hasSuffix("]"), let group = Self.folder(named: String(trimmed.dropFirst().dropLast())) else {
          problems.append(Problem(line: number, message: tr("“%s” is not a folder's name.", trimmed.escapedForMessage)))
          folder = nil
          continue
        }
        folder = group
        continue
      }
      // The first “=” byte, as GKeyFile splits a line (and without reading it as Characters).
      guard let equals = line.utf8.firstIndex(of: UInt8(ascii: "=")) else {
        problems.append(Problem(line: number, message: tr("a line holds [folder] or key=value.")))
        continue
      }
      let key = String(line[..<equals]).trimmingWhitespace
      let value = String(line[line.utf8.index(after: equals)...]).trimmingWhitespace
      guard let folder else {
        problems.append(Problem(line: number, message: tr("“%s” comes before any [folder].", key.escapedForMessage)))
        continue
      }
      guard Self.isKeyName(key) else {
        problems.append(Problem(line: number, message: tr("“%s” is not a key's name.", key.escapedForMessage)))
        continue
      }
      let path = folder + key
      if let first = firstLine[path] {
        problems.append(
          Problem(
            line: number,
            message: tr("%1$s is in the file twice: it was set on line %2$d.", path.escapedForTerminal, first)))
        continue
      }
      firstLine[path] = number
      lines.append(Line(number: number, entry: DconfEntry(folder: folder, key: key, text: value)))
    }
    return (lines, problems)
  }

  /// `org/gnome/desktop/interface` is `/org/gnome/desktop/interface/`; `/` the root; nil for
  /// a name with empty parts or characters dconf does not take.
  static func folder(named name: String) -> String? {
    let trimmed = name.trimmingWhitespace
    if trimmed == "/" { return "/" }
    let inner = trimmed.hasPrefix("/") ? String(trimmed.dropFirst()) : trimmed
    let parts = (inner.hasSuffix("/") ? String(inner.dropLast()) : inner).split(
      separator: "/", omittingEmptySubsequences: false)
    guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && isKeyName(String($0)) }) else { return nil }
    return "/" + parts.joined(separator: "/") + "/"
  }

  /// What dconf takes in a key's name: no slash, no control character, not empty.
  static func isKeyName(_ name: String) -> Bool {
    // Over bytes: a control character or “/” is one byte in UTF-8, and no byte of another character is one.
    !name.isEmpty && !name.utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "/") }
  }
}
