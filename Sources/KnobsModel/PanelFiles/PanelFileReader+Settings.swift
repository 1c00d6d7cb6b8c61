extension PanelFileReader {
  static let settingKeys = ["schema", "key", "ini", "default"]

  /// `{schema: org.gnome.desktop.interface, key: clock-show-seconds}` or
  /// `{ini: toppings/bacon, default: true}` (a key of the panel's INI file, `group/key`).
  func setting(_ node: Node, path: RowPath) -> SettingKey? {
    guard let fields = fields(node, path: path, kind: .setting, known: Self.settingKeys) else { return nil }
    if let ini = string(fields, "ini") {
      if fields["schema"] != nil || fields["key"] != nil {
        report(
          fields.position, path,
          tr("The setting names both an INI key and a GSettings schema; give “ini” or “schema”, not both."))
        return nil
      }
      return iniSetting(ini, fields)
    }
    guard fields["schema"] != nil || fields["key"] != nil else {
      report(
        fields.position, path,
        tr("The setting needs “schema” and “key” (GSettings) or “ini” and “default” (INI file)."))
      return nil
    }
    if fields["default"] != nil {
      report(
        fields.position(of: "default"), path,
        tr("“default” is only for INI settings; a GSettings key's default is in its schema."))
    }
    guard let schema = string(fields, "schema", required: true), let key = string(fields, "key", required: true) else {
      return nil
    }
    if !Self.isSchemaID(schema) {
      report(
        fields.position(of: "schema"), path,
        tr("“%s” is not a GSettings schema id such as org.gnome.desktop.interface.", schema.escapedForMessage))
    }
    return SettingKey(schema: schema, key: key)
  }

  private func iniSetting(_ ini: String, _ fields: Fields) -> SettingKey? {
    let path = fields.path
    guard let iniSchema = self.ini.schema else {
      report(fields.position(of: "ini"), path, tr("The setting is an INI key but the panel has no “ini-file”."))
      return nil
    }
    guard IniKey.split(ini).map({ ($0.group.map(IniKey.isGroup) ?? true) && IniKey.isKey($0.key) }) == true else {
      report(
        fields.position(of: "ini"), path,
        tr(
          // TRANSLATORS: GROUP/KEY stands for a group and key of an INI file; toppings/bacon is an example.
          "“ini” must be GROUP/KEY, such as toppings/bacon, or KEY alone for a key before the first group (a key is letters, digits, “-”, “_” and “.”), not “%s”.",
          ini.escapedForMessage))
      return nil
    }
    guard let defaultNode = required(fields, "default"), let value = value(defaultNode, path: path, key: "default")
    else { return nil }
    let key = SettingKey(schema: iniSchema, key: ini)
    if let earlier = self.ini.defaults[key], earlier != value {
      report(
        Self.position(of: defaultNode), path,
        tr(
          "The INI key %1$s already has the default “%2$s” in another row.", ini,
          earlier.description.escapedForMessage))
    }
    self.ini.defaults[key] = value
    return key
  }

  /// `org.gnome.desktop.interface`: dot-separated names of letters, digits and `-`.
  static func isSchemaID(_ id: String) -> Bool {
    let parts = id.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count >= 2
      && parts.allSatisfy { part in
        !part.isEmpty && part.unicodeScalars.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == "-" }
      }
  }
}

/// The INI names a panel may bind: a group is any text without brackets or
/// control characters (`remote "origin"` too); a key letters, digits, `-`,
/// `_` and `.`. `group/key`, or `key` alone before the file's first group.
package enum IniKey {
  package static func isGroup(_ group: String) -> Bool {
    !group.isEmpty && !group.unicodeScalars.contains { $0 == "[" || $0 == "]" || $0.value < 0x20 }
  }

  package static func isKey(_ key: String) -> Bool {
    !key.isEmpty
      && key.unicodeScalars.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || "-_.".unicodeScalars.contains($0) }
  }

  /// `toppings/bacon` → (`toppings`, `bacon`); `shell` → (nil, `shell`), a key before the file's first group.
  package static func split(_ name: String) -> (group: String?, key: String)? {
    guard let slash = name.lastIndex(of: "/") else { return name.isEmpty ? nil : (nil, name) }
    return (String(name[..<slash]), String(name[name.index(after: slash)...]))
  }
}
