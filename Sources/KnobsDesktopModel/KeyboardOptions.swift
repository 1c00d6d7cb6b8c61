import CSystem
import FoundationEssentials
import KnobsModel

/// The keyboard options X and Wayland sessions know (XKB's `evdev.xml`), in
/// groups such as “Caps Lock behavior”; the desktop keeps the chosen ones in
/// `org.gnome.desktop.input-sources` `xkb-options`.
package struct KeyboardOptions: Sendable {
  package static let defaultRulesFile = "/usr/share/X11/xkb/rules/evdev.xml"

  package var groups: [Group]

  package struct Group: Sendable {
    /// The prefix its options share, e.g. `caps`.
    package var name: String
    package var description: String
    /// Whether several of its options may be chosen at once.
    package var allowsSeveral: Bool
    package var options: [Option]
  }

  package struct Option: Sendable {
    /// What is stored, e.g. `caps:escape`.
    package var name: String
    package var description: String
  }

  /// Reads the option list of an XKB rules file.
  package static func load(from path: String = defaultRulesFile) throws(KeyboardOptionsError) -> KeyboardOptions {
    guard let data = LocalFiles.bytes(at: path) else { throw .unreadable(path) }
    let options = parse(data)
    guard !options.groups.isEmpty else { throw .noOptions(path) }
    return options
  }

  /// The groups in `<optionList>`: each `<group>`'s first name and description,
  /// then its `<option>`s. Tags outside the option list are ignored.
  ///
  /// A scan over the file's bytes: the shipped panel reads this large file at
  /// every start, and Foundation's string search is slow over it.
  static func parse(_ bytes: [UInt8]) -> KeyboardOptions {
    let scanner = Scanner(bytes: bytes)
    let all = 0..<scanner.bytes.count
    guard let start = scanner.find("<optionList>", in: all) else { return KeyboardOptions(groups: []) }
    let listStart = start + "<optionList>".utf8.count
    let listEnd = scanner.find("</optionList>", in: listStart..<all.upperBound) ?? all.upperBound
    var groups: [Group] = []
    for group in scanner.elements("group", in: listStart..<listEnd) {
      let head = group.body.lowerBound..<(scanner.find("<option>", in: group.body) ?? group.body.upperBound)
      guard let name = scanner.firstText("name", in: head), let description = scanner.firstText("description", in: head)
      else { continue }
      // Some rules files list an option twice; the first one counts.
      var seen: Set<String> = []
      let options = scanner.elements("option", in: group.body).compactMap { option -> Option? in
        guard let name = scanner.firstText("name", in: option.body), seen.insert(name).inserted else { return nil }
        return Option(name: name, description: scanner.firstText("description", in: option.body) ?? name)
      }
      let allowsSeveral = scanner.find("allowMultipleSelection=\"true\"", in: group.attributes) != nil
      groups.append(Group(name: name, description: description, allowsSeveral: allowsSeveral, options: options))
    }
    return KeyboardOptions(groups: groups)
  }

  /// Byte ranges of the parts of an XML text that `parse` needs.
  private struct Scanner {
    let bytes: [UInt8]

    /// Where `needle` first starts in `range` (glibc's memmem: the option list lies past 200 KB
    /// of layouts, which a byte-by-byte loop took a fifth of a command's time to cross).
    func find(_ needle: String, in range: Range<Int>) -> Int? {
      guard !needle.isEmpty, range.count >= needle.utf8.count else { return nil }
      return bytes.withUnsafeBufferPointer { all in
        var needle = needle
        return needle.withUTF8 { wanted -> Int? in
          guard let base = all.baseAddress, let start = wanted.baseAddress,
            let found = knobs_find_bytes(base + range.lowerBound, UInt(range.count), start, UInt(wanted.count))
          else { return nil }
          return base.distance(to: found)
        }
      }
    }

    /// The elements `<tag …>…</tag>` in `range`, with their attribute text and body; not nested in one another.
    func elements(_ tag: String, in range: Range<Int>) -> [(attributes: Range<Int>, body: Range<Int>)] {
      var found: [(Range<Int>, Range<Int>)] = []
      let opening = "<" + tag
      let closing = "</" + tag + ">"
      var rest = range
      while let open = find(opening, in: rest) {
        let afterName = open + opening.utf8.count
        guard let close = find(">", in: afterName..<rest.upperBound) else { break }
        guard bytes[afterName] == UInt8(ascii: ">") || bytes[afterName] == UInt8(ascii: " ") else {
          rest = afterName..<rest.upperBound
          continue
        }
        guard let end = find(closing, in: close + 1..<rest.upperBound) else { break }
        found.append((afterName..<close, close + 1..<end))
        rest = end + closing.utf8.count..<rest.upperBound
      }
      return found
    }

    /// The text of the first `<tag>…</tag>` in `range`, with XML's entities decoded and the ends trimmed.
    func firstText(_ tag: String, in range: Range<Int>) -> String? {
      let opening = "<" + tag + ">"
      guard let open = find(opening, in: range),
        let close = find("</" + tag + ">", in: open + opening.utf8.count..<range.upperBound)
      else { return nil }
      return decoded(open + opening.utf8.count..<close).trimmingWhitespace
    }

    private static let entities: [(name: [UInt8], character: UInt8)] = [
      (Array("&lt;".utf8), UInt8(ascii: "<")), (Array("&gt;".utf8), UInt8(ascii: ">")),
      (Array("&quot;".utf8), UInt8(ascii: "\"")), (Array("&apos;".utf8), UInt8(ascii: "'")),
      (Array("&amp;".utf8), UInt8(ascii: "&")),
    ]

    /// The text in `range` with the five entities XML predefines replaced, in one pass.
    private func decoded(_ range: Range<Int>) -> String {
      var out: [UInt8] = []
      out.reserveCapacity(range.count)
      var index = range.lowerBound
      next: while index < range.upperBound {
        if bytes[index] == UInt8(ascii: "&") {
          for entity in Self.entities where index + entity.name.count <= range.upperBound {
            if bytes[index..<index + entity.name.count].elementsEqual(entity.name) {
              out.append(entity.character)
              index += entity.name.count
              continue next
            }
          }
        }
        out.append(bytes[index])
        index += 1
      }
      return String(decoding: out, as: UTF8.self)
    }
  }
}

extension KeyboardOptions.Group {
  /// A row id made from the group's name: `Compose key` gives `compose-key`.
  package var rowID: String {
    let scalars = name.lowercased().unicodeScalars.map { scalar -> Character in
      ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) ? Character(scalar) : "-"
    }
    return String(scalars).split(separator: "-").joined(separator: "-")
  }

  /// A choice's part for a group whose options exclude one another: which of
  /// them the list holds ("" for none); choosing one replaces the group's others.
  package var exclusivePart: ValuePart {
    let names = Set(options.map(\.name))
    return ValuePart(
      read: { value in .string(value?.stringsValue?.first(where: names.contains) ?? "") },
      write: { chosen, current in
        var values = (current?.stringsValue ?? []).filter { !names.contains($0) }
        if let option = chosen.stringValue, !option.isEmpty { values.append(option) }
        return .strings(values)
      })
  }
}

/// Why the keyboard options could not be read.
package enum KeyboardOptionsError: Error, Hashable, Sendable, CustomStringConvertible {
  case unreadable(String)
  case noOptions(String)

  package var description: String {
    switch self {
    case .unreadable(let path): return tr("The keyboard options could not be read from %s.", path)
    case .noOptions(let path): return tr("%s lists no keyboard options.", path)
    }
  }
}
