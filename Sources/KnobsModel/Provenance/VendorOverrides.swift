/// The vendor overrides of one schema folder: its `*.gschema.override` key files, which
/// `glib-compile-schemas` compiles into the folder's schemas as their defaults. Files are
/// applied in the order of their names, so a later one (`20_…` after `10_…`) wins; a
/// group `[SCHEMA-ID:DESKTOP]` applies only on that desktop (`XDG_CURRENT_DESKTOP`), above
/// the plain group.
package struct VendorOverrides: Sendable {
  /// One override of a key: the file that sets it and its value as GVariant text.
  package struct Override: Hashable, Sendable {
    package var file: String
    package var value: String
    /// The desktop of a `[SCHEMA-ID:DESKTOP]` group; nil for a plain one.
    package var desktop: String?

    package init(file: String, value: String, desktop: String?) {
      self.file = file
      self.value = value
      self.desktop = desktop
    }
  }

  /// Every override of each key, by schema id and key, in the order they apply (the winner last).
  package private(set) var overrides: [String: [String: [Override]]] = [:]
  /// Files that could not be read or have lines that are not `key=value`, in words.
  package private(set) var problems: [String] = []

  /// Reads the override files of `folder` (at most 1 MB each); `desktops` are those of `XDG_CURRENT_DESKTOP`.
  package init(folder: String, desktops: [String], list: (String) -> [String]? = { LocalFiles.names(in: $0) }) {
    let names = (list(folder) ?? []).filter { $0.hasSuffix(".gschema.override") }.sorted()
    for name in names {
      let path = folder + "/" + name
      switch DconfProfile.readFile(path) {
      case .success(let text): read(text, file: path, desktops: desktops)
      case .failure(let problem):
        problems.append(tr("The vendor override %1$s can't be read: %2$s.", path, problem.description))
      }
    }
  }

  /// Overrides read from `text` as the file `file` (for tests and single files).
  package init(text: String, file: String, desktops: [String]) {
    read(text, file: file, desktops: desktops)
  }

  /// glib-compile-schemas ignores a whole file with a line that is not a group, `key=value` or
  /// a comment (and a key whose value does not parse, which `SettingsSchema.normalized` finds).
  private mutating func read(_ text: String, file: String, desktops: [String]) {
    let before = overrides
    let problemsBefore = problems.count
    readLines(text, file: file, desktops: desktops)
    if problems.count > problemsBefore {
      overrides = before
      problems.append(tr("glib-compile-schemas ignores the whole file %s.", file))
    }
  }

  private mutating func readLines(_ text: String, file: String, desktops: [String]) {
    var group: (schema: String, desktop: String?)?
    var lineNumber = 0
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      if trimmed.hasPrefix("[") {
        guard trimmed.hasSuffix("]"), trimmed.count > 2 else {
          problems.append(
            tr("%1$s, line %2$d: “%3$s” is not a group.", file, lineNumber, String(trimmed).escapedForMessage))
          group = nil
          continue
        }
        let name = trimmed.dropFirst().dropLast()
        if let colon = name.firstIndex(of: ":") {
          group = (String(name[..<colon]), String(name[name.index(after: colon)...]))
        } else {
          group = (String(name), nil)
        }
        continue
      }
      guard let equals = trimmed.firstIndex(of: "=") else {
        problems.append(
          tr("%1$s, line %2$d: “%3$s” is not key=value.", file, lineNumber, String(trimmed).escapedForMessage))
        continue
      }
      guard let group else {
        problems.append(tr("%1$s, line %2$d: a key before any [schema] group.", file, lineNumber))
        continue
      }
      if let desktop = group.desktop, !desktops.contains(desktop) { continue }
      let key = String(trimmed[..<equals]).trimmingWhitespace
      let value = String(trimmed[trimmed.index(after: equals)...]).trimmingWhitespace
      let override = Override(file: file, value: value, desktop: group.desktop)
      var keys = overrides[group.schema] ?? [:]
      var list = keys[key] ?? []
      // A desktop's group outranks the plain one, whatever the order of the files.
      if group.desktop == nil, let firstDesktop = list.firstIndex(where: { $0.desktop != nil }) {
        list.insert(override, at: firstDesktop)
      } else {
        list.append(override)
      }
      keys[key] = list
      overrides[group.schema] = keys
    }
  }

  /// The override that wins for a key; nil when no file overrides it.
  package func winner(schema: String, key: String) -> Override? { overrides[schema]?[key]?.last }

  /// The desktops `XDG_CURRENT_DESKTOP` names (`ubuntu:GNOME`).
  package static func desktops(_ value: String?) -> [String] {
    (value ?? "").split(separator: ":").map(String.init)
  }
}

/// A key's `<default>` as its schema's XML file writes it, for the layer below a vendor
/// override: the compiled schema keeps only the overridden one.
package enum SchemaXMLDefault {
  /// The text of `<default>` of `key` in the schema `schema` of one of the `.gschema.xml`
  /// files of `folder`; nil when none declares it.
  package static func find(
    schema: String, key: String, folder: String, list: (String) -> [String]? = { LocalFiles.names(in: $0) }
  )
    -> String?
  {
    for name in (list(folder) ?? []).sorted() where name.hasSuffix(".gschema.xml") {
      guard case .success(let text) = DconfProfile.readFile(folder + "/" + name), text.contains(schema) else {
        continue
      }
      if let found = find(schema: schema, key: key, in: text) { return found }
    }
    return nil
  }

  /// The same in one file's text. A plain scan, not an XML parser: the schema's
  /// `<schema id="…">` element, its `<key name="…">`, and the `<default>` inside.
  package static func find(schema: String, key: String, in text: String) -> String? {
    for quote in ["\"", "'"] {
      for schemaPart in text.split(separator: "<schema ", omittingEmptySubsequences: false).map(String.init).dropFirst()
      {
        guard let header = schemaPart.split(separator: ">", omittingEmptySubsequences: false).map(String.init).first,
          header.contains("id=\(quote)\(schema)\(quote)")
        else { continue }
        let body =
          schemaPart.split(separator: "</schema>", omittingEmptySubsequences: false).map(String.init).first
          ?? schemaPart
        for keyPart in body.split(separator: "<key ", omittingEmptySubsequences: false).map(String.init).dropFirst() {
          guard let keyHeader = keyPart.split(separator: ">", omittingEmptySubsequences: false).map(String.init).first,
            keyHeader.contains("name=\(quote)\(key)\(quote)")
          else { continue }
          let keyBody =
            keyPart.split(separator: "</key>", omittingEmptySubsequences: false).map(String.init).first ?? keyPart
          guard
            let afterOpen = keyBody.split(separator: "<default", omittingEmptySubsequences: false).map(String.init)
              .dropFirst().first,
            let start = afterOpen.firstIndex(of: ">"),
            let content = afterOpen[afterOpen.index(after: start)...].split(
              separator: "</default>", omittingEmptySubsequences: false
            ).first
          else { return nil }
          return unescaped(String(content).trimmingWhitespace)
        }
      }
    }
    return nil
  }

  private static func unescaped(_ text: String) -> String {
    text.replacingAll("&lt;", with: "<").replacingAll("&gt;", with: ">").replacingAll("&quot;", with: "\"")
      .replacingAll("&apos;", with: "'").replacingAll("&amp;", with: "&")
  }
}
