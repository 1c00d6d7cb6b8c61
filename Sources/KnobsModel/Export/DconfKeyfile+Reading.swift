import FoundationEssentials

extension DconfKeyfile {
  /// One `key=value` line of a keyfile, with the line it is on.
  public struct Line: Hashable, Sendable {
    public var number: Int
    public var entry: DconfEntry
  }

  /// A line that is not what a keyfile holds.
  public struct Problem: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var message: String
    public var description: String { "\(line): \(message)" }

    public init(line: Int, message: String) {
      self.line = line
      self.message = message
    }
  }

  /// The largest file `read(path:)` takes: far more than every key of a desktop.
  public static let largestFile = 16 * 1024 * 1024

  /// The text of the keyfile at `path` (a link followed), read whole; throws why not, in words.
  public static func read(path: String) throws(KeyfileError) -> String {
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
  public struct KeyfileError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
  }

  /// Reads a keyfile as `dconf load /` does: `[folder]` groups (`[/]` the root) of
  /// `key=value` lines, `#` comments and blank lines. Every line that is neither is a
  /// problem; so is a key twice in one group, or a key outside any group. Values are
  /// kept as written, for the schema's type to read.
  public static func parse(_ text: String) -> (lines: [Line], problems: [Problem]) {
    var lines: [Line] = []
    var problems: [Problem] = []
    var folder: String?
    var keysOfFolder: Set<String> = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let number = index + 1
      let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
      let trimmed = String(line).trimmingWhitespace
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      if trimmed.hasPrefix("[") {
        guard trimmed.hasSuffix("]"), let group = Self.folder(named: String(trimmed.dropFirst().dropLast())) else {
          problems.append(Problem(line: number, message: tr("“%s” is not a folder's name.", trimmed)))
          folder = nil
          continue
        }
        folder = group
        keysOfFolder = []
        continue
      }
      guard let equals = line.firstIndex(of: "=") else {
        problems.append(Problem(line: number, message: tr("a line holds [folder] or key=value.")))
        continue
      }
      let key = String(line[..<equals]).trimmingWhitespace
      let value = String(line[line.index(after: equals)...]).trimmingWhitespace
      guard let folder else {
        problems.append(Problem(line: number, message: tr("“%s” comes before any [folder].", key)))
        continue
      }
      guard Self.isKeyName(key) else {
        problems.append(Problem(line: number, message: tr("“%s” is not a key's name.", key)))
        continue
      }
      guard keysOfFolder.insert(key).inserted else {
        problems.append(Problem(line: number, message: tr("%s is in the file twice.", folder + key)))
        continue
      }
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
    !name.isEmpty && !name.contains("/") && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7f }
  }
}
