import Foundation

/// The keyboard options X and Wayland sessions know (XKB's `evdev.xml`), in
/// groups such as “Caps Lock behavior”; the desktop keeps the chosen ones in
/// `org.gnome.desktop.input-sources` `xkb-options`.
public struct KeyboardOptions: Sendable {
  public static let defaultRulesFile = "/usr/share/X11/xkb/rules/evdev.xml"

  public var groups: [Group]

  public struct Group: Sendable {
    /// The prefix its options share, e.g. `caps`.
    public var name: String
    public var description: String
    /// Whether several of its options may be chosen at once.
    public var allowsSeveral: Bool
    public var options: [Option]
  }

  public struct Option: Sendable {
    /// What is stored, e.g. `caps:escape`.
    public var name: String
    public var description: String
  }

  /// Reads the option list of an XKB rules file.
  public static func load(from path: String = defaultRulesFile) throws(KeyboardOptionsError) -> KeyboardOptions {
    guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path) }
    let text = String(decoding: data, as: UTF8.self)
    let options = parse(text)
    guard !options.groups.isEmpty else { throw .noOptions(path) }
    return options
  }

  /// The groups in `<optionList>`: each `<group>`'s first name and description,
  /// then its `<option>`s. Tags outside the option list are ignored.
  static func parse(_ text: String) -> KeyboardOptions {
    guard let start = text.range(of: "<optionList>") else { return KeyboardOptions(groups: []) }
    let end = text.range(of: "</optionList>", range: start.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
    var groups: [Group] = []
    for groupText in Self.elements("group", in: text[start.upperBound..<end]) {
      let head = groupText.body.components(separatedBy: "<option>").first ?? ""
      guard let name = Self.firstText("name", in: head), let description = Self.firstText("description", in: head)
      else { continue }
      // Some rules files list an option twice; the first one counts.
      var seen: Set<String> = []
      let options = Self.elements("option", in: groupText.body).compactMap { option -> Option? in
        guard let name = Self.firstText("name", in: option.body), seen.insert(name).inserted else { return nil }
        return Option(name: name, description: Self.firstText("description", in: option.body) ?? name)
      }
      groups.append(
        Group(
          name: name, description: description,
          allowsSeveral: groupText.attributes.contains("allowMultipleSelection=\"true\""), options: options))
    }
    return KeyboardOptions(groups: groups)
  }

  /// The elements `<tag …>…</tag>` in `text`, with their attribute text and body; not nested in one another.
  private static func elements(_ tag: String, in text: Substring) -> [(attributes: String, body: String)] {
    var found: [(String, String)] = []
    var rest = text[...]
    while let open = rest.range(of: "<" + tag), let close = rest.range(of: ">", range: open.upperBound..<rest.endIndex)
    {
      let next = rest[open.upperBound...].first
      guard next == ">" || next == " " else {
        rest = rest[open.upperBound...]
        continue
      }
      let attributes = String(rest[open.upperBound..<close.lowerBound])
      guard let end = rest.range(of: "</" + tag + ">", range: close.upperBound..<rest.endIndex) else { break }
      found.append((attributes, String(rest[close.upperBound..<end.lowerBound])))
      rest = rest[end.upperBound...]
    }
    return found
  }

  private static func elements(_ tag: String, in text: String) -> [(attributes: String, body: String)] {
    elements(tag, in: text[...])
  }

  /// The text of the first `<tag>…</tag>` in `text`, with XML's entities decoded.
  private static func firstText(_ tag: String, in text: String) -> String? {
    guard let open = text.range(of: "<" + tag + ">"),
      let close = text.range(of: "</" + tag + ">", range: open.upperBound..<text.endIndex)
    else { return nil }
    return decodeEntities(String(text[open.upperBound..<close.lowerBound])).trimmingCharacters(
      in: .whitespacesAndNewlines)
  }

  private static func decodeEntities(_ text: String) -> String {
    text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
      .replacingOccurrences(of: "&amp;", with: "&")
  }
}

extension KeyboardOptions.Group {
  /// A row id made from the group's name: `Compose key` gives `compose-key`.
  public var rowID: String {
    let scalars = name.lowercased().unicodeScalars.map { scalar -> Character in
      ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) ? Character(scalar) : "-"
    }
    return String(scalars).split(separator: "-").joined(separator: "-")
  }

  /// A choice's part for a group whose options exclude one another: which of
  /// them the list holds ("" for none); choosing one replaces the group's others.
  public var exclusivePart: ValuePart {
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
public enum KeyboardOptionsError: Error, Hashable, Sendable, CustomStringConvertible {
  case unreadable(String)
  case noOptions(String)

  public var description: String {
    switch self {
    case .unreadable(let path): return tr("The keyboard options could not be read from %s.", path)
    case .noOptions(let path): return tr("%s lists no keyboard options.", path)
    }
  }
}
