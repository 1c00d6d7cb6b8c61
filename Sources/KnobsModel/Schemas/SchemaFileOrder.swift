/// The order of a schema's keys in its `.gschema.xml`, and the comments that head groups of
/// them. GSettings' compiled schema keeps neither, so the source file is read when it is
/// installed beside it (`/usr/share/glib-2.0/schemas/`, an extension's `schemas/` folder).
package struct SchemaFileOrder: Hashable, Sendable {
  /// The key names in the file's order.
  package var names: [String]
  /// The comment just before a key, after the previous key (`<!-- Dash -->`), by key name.
  package var comments: [String: String]

  /// Files larger than this are not read: a schema file of 5,000 keys is about 1 MB.
  static let maximumFileSize = 8 << 20

  /// The order in the first of `folders` (most important first) that has the schema's file:
  /// `ID.gschema.xml`, or the file of an id it extends (`org.example.app.gschema.xml` for
  /// `org.example.app.keybindings`). Nil when none has it.
  package static func find(schema id: String, in folders: [String]) -> SchemaFileOrder? {
    var names = [id]
    var parts = id.split(separator: ".")
    while parts.count > 2 {
      parts.removeLast()
      names.append(parts.joined(separator: "."))
    }
    for folder in folders {
      for name in names {
        let path = folder + "/" + name + ".gschema.xml"
        guard LocalFiles.exists(path), let bytes = LocalFiles.bytes(at: path), bytes.count <= maximumFileSize else {
          continue
        }
        if let order = parse(bytes, schema: id) { return order }
      }
    }
    return nil
  }

  /// The keys of the `<schema id="ID">` element of a schema file, or nil when it has no such schema.
  package static func parse(_ text: String, schema id: String) -> SchemaFileOrder? {
    parse(Array(text.utf8), schema: id)
  }

  static func parse(_ bytes: [UInt8], schema id: String) -> SchemaFileOrder? {
    var index = 0
    var inSchema = false
    var order = SchemaFileOrder(names: [], comments: [:])
    var comment: String?
    let open = UInt8(ascii: "<")
    while index < bytes.count, let found = bytes[index...].firstIndex(of: open) {
      index = found
      // Only comments, schemas and keys matter; other tags are passed over to the next “<”.
      guard index + 1 < bytes.count else { break }
      switch bytes[index + 1] {
      case UInt8(ascii: "!") where matches("<!--", at: index, in: bytes):
        let end = find("-->", from: index + 4, in: bytes) ?? bytes.count
        if inSchema { comment = String(decoding: bytes[(index + 4)..<end], as: UTF8.self) }
        index = end + 3
        continue
      case UInt8(ascii: "s") where matches("<schema", at: index, in: bytes) && isBoundary(at: index + 7, in: bytes):
        guard !inSchema else { return nil }
        let tagEnd = find(">", from: index, in: bytes) ?? bytes.count
        inSchema = attribute("id", in: bytes[index..<tagEnd]) == id
        comment = nil
        index = tagEnd
      case UInt8(ascii: "/"):
        if inSchema, matches("</schema", at: index, in: bytes) { return order }
        // A comment inside a key (before its default, say) heads nothing.
        if matches("</key", at: index, in: bytes) { comment = nil }
      case UInt8(ascii: "k")
      where inSchema && matches("<key", at: index, in: bytes)
        && isBoundary(at: index + 4, in: bytes):
        let tagEnd = find(">", from: index, in: bytes) ?? bytes.count
        if let name = attribute("name", in: bytes[index..<tagEnd]) {
          if let heading = comment.flatMap(heading) { order.comments[name] = heading }
          order.names.append(name)
        }
        comment = nil
        index = tagEnd
      default:
        break
      }
      index += 1
    }
    return inSchema ? order : nil
  }

  /// A comment as a heading: one short line of words, not commented-out XML; nil otherwise.
  static func heading(_ comment: String) -> String? {
    let line = KeyText.inert(TextBounds.fitted(comment)).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    guard !line.isEmpty, line.unicodeScalars.count <= 48, !line.contains("<"), !line.contains(">"),
      !line.contains("="), !KeyText.isJunk(line)
    else { return nil }
    return line
  }

  private static func matches(_ literal: String, at index: Int, in bytes: [UInt8]) -> Bool {
    var position = index
    for byte in literal.utf8 {
      guard position < bytes.count, bytes[position] == byte else { return false }
      position += 1
    }
    return true
  }

  private static func isBoundary(at index: Int, in bytes: [UInt8]) -> Bool {
    index < bytes.count
      && [UInt8(ascii: " "), 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[index])
  }

  private static func find(_ literal: String, from start: Int, in bytes: [UInt8]) -> Int? {
    let first = literal.utf8.first!
    var index = start
    while index < bytes.count {
      if bytes[index] == first, matches(literal, at: index, in: bytes) { return index }
      index += 1
    }
    return nil
  }

  /// The value of `name="…"` (or `name='…'`) in a start tag.
  private static func attribute(_ name: String, in tag: ArraySlice<UInt8>) -> String? {
    let bytes = Array(tag)
    var index = 0
    while let found = find(name, from: index, in: bytes) {
      index = found + name.utf8.count
      guard found > 0, [UInt8(ascii: " "), 0x09, 0x0A, 0x0D].contains(bytes[found - 1]) else { continue }
      var position = index
      while position < bytes.count, bytes[position] == UInt8(ascii: " ") { position += 1 }
      guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else { continue }
      position += 1
      while position < bytes.count, bytes[position] == UInt8(ascii: " ") { position += 1 }
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")
      else { continue }
      let quote = bytes[position]
      let start = position + 1
      var end = start
      while end < bytes.count, bytes[end] != quote { end += 1 }
      return String(decoding: bytes[start..<end], as: UTF8.self)
    }
    return nil
  }
}

extension SchemaDescription {
  /// The keys in the file's order, each with the comment before it; keys the file does not name (it
  /// is older than the compiled schema) after them in natural order. Unchanged when the file names
  /// none of them.
  package func inFileOrder(_ order: SchemaFileOrder) -> SchemaDescription {
    var byName: [String: KeyDescription] = [:]
    for key in keys { byName[key.name] = key }
    var ordered: [KeyDescription] = []
    var placed: Set<String> = []
    for name in order.names {
      guard var key = byName[name], placed.insert(name).inserted else { continue }
      key.comment = order.comments[name]
      ordered.append(key)
    }
    guard !ordered.isEmpty else { return self }
    ordered += keys.filter { !placed.contains($0.name) }
    return SchemaDescription(id: id, path: path, keys: ordered, isInFileOrder: true)
  }
}
