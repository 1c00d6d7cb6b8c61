import Foundation
import KnobsModel
import XCTest

/// The All Settings pages over schemas written here: grouped by application,
/// generated only when opened, reachable by `schema/` paths, searchable, and
/// the Modified Settings page with its resets.
@MainActor
final class AllSettingsTests: XCTestCase {
  static let apps = DesktopApps([
    DesktopApp(id: "org.gnome.Nautilus", name: "Files", iconName: "org.gnome.Nautilus"),
    DesktopApp(id: "org.gnome.tweaks", name: "Tweaks"),
  ])

  func testSchemasAreGroupedByTheirAppOrElseByTheirId() async throws {
    let library = FakeLibrary()
    let all = AllSettings(library: { library }, apps: { Self.apps }, dconf: { DconfPaths(dump: "") })
    let page = try XCTUnwrap(Self.page(of: all))
    XCTAssertEqual(
      page.sections.map(\.id), ["modified", "org-gnome-nautilus", "org-gnome-tweaks", "org-gnome-desktop"])
    XCTAssertEqual(page.sections.map(\.title), [nil, "Files", "Tweaks", "org.gnome.desktop"])
    let files = page.sections[1].rows
    XCTAssertEqual(files.map(\.title), ["org.gnome.nautilus.preferences"])
    XCTAssertEqual(files[0].iconName, "org.gnome.Nautilus")
    XCTAssertEqual(files[0].subtitle?.fixedText, "2 settings")
    XCTAssertEqual(page.sections[3].rows.map(\.kindName), ["page", "page"])
    XCTAssertEqual(page.sections[3].rows[0].subtitle?.fixedText, "Relocatable, not saved at any path yet")
    XCTAssertEqual(library.described, [], "no schema is generated before its page is opened")
    XCTAssertEqual(page.validate(), [])
  }

  /// A GNOME Shell extension's schema is listed under Extensions by the extension's name, and
  /// its page is titled so, not with the schema id under the Shell's.
  func testAnExtensionsSchemaIsListedAndTitledByTheExtensionsName() async throws {
    let library = FakeLibrary()
    let extensions = ShellExtensions([
      ShellExtension(uuid: "tweak-notes@example.org", name: "Tweak Notes", schemaIDs: ["org.gnome.tweaks"])
    ])
    let all = AllSettings(
      library: { library }, apps: { Self.apps }, extensions: { extensions }, dconf: { DconfPaths(dump: "") })
    let page = try XCTUnwrap(Self.page(of: all))
    XCTAssertEqual(page.sections.map(\.title), [nil, "Files", "Extensions", "org.gnome.desktop"])
    let row = page.sections[2].rows[0]
    XCTAssertEqual(row.title, "Tweak Notes")
    XCTAssertEqual(row.subtitle?.fixedText, "org.gnome.tweaks · 1 setting")
    guard case .page(let link) = row.kind.form else { return XCTFail("a schema's row opens its page") }
    XCTAssertEqual(link.title, "Tweak Notes")
    XCTAssertEqual(link.page.title, "Tweak Notes")
    XCTAssertEqual(page.validate(), [])
  }

  func testSchemaPathsLeadToTheSchemaPageAndItsRows() async throws {
    let library = FakeLibrary()
    let all = AllSettings(library: { library }, apps: { Self.apps }, dconf: { DconfPaths(dump: "") })
    let root = Panel(title: "Root", sections: [all.section])
    let path = try XCTUnwrap(all.path(of: .key(schema: "org.gnome.desktop.interface", key: "clock-format")))
    XCTAssertEqual(path, "more/all-settings/org-gnome-desktop/org-gnome-desktop-interface/keys/clock-format")
    let entry = try XCTUnwrap(root.entry(throughPagesAt: path))
    XCTAssertEqual(entry.row.kindName, "choice")
    XCTAssertEqual(entry.pageTitles, ["All Settings", "org.gnome.desktop.interface"])
    XCTAssertEqual(library.described, ["org.gnome.desktop.interface"], "only the schema asked for")
    XCTAssertNil(all.path(of: .schema("org.example.absent")))
    XCTAssertNil(root.entry(at: path), "the panel's own paths stop at pages made on demand")
    XCTAssertEqual(root.entries.count, 1)
  }

  func testSearchCoversGeneratedRowsSchemaIdsAndAppNames() async throws {
    let library = FakeLibrary()
    let all = AllSettings(library: { library }, apps: { Self.apps }, dconf: { DconfPaths(dump: "") })
    let root = Panel(title: "Root", sections: [all.section])
    let search = PanelSearch(panel: root, entries: root.searchableEntries)
    let settings = SettingsReader(library.store)
    func found(_ query: String) -> [String] {
      search.search(query, settings: settings).flatMap(\.entries).map(\.row.id)
    }
    XCTAssertEqual(found("clock format"), ["clock-format"], "by summary")
    XCTAssertEqual(found("clock-format"), ["clock-format"], "by key name")
    XCTAssertEqual(found("horloge"), ["clock-format"], "by description, accents ignored")
    XCTAssertEqual(found("nautilus preferences").first, "org-gnome-nautilus-preferences", "by schema id")
    XCTAssertEqual(found("files"), ["org-gnome-nautilus-preferences", "show-hidden"], "by app name and summary")
    XCTAssertFalse(found("no modified").contains("none"), "the Modified page is not indexed: it changes")

    var own = Row(id: "clock", title: "Clock Style", kind: .choice(.init(key: Self.clock, options: [])))
    own.keywords = ["format"]
    var section = Section("desktop") {}
    section.rows = [own]
    let both = Panel(title: "Root", sections: [section, all.section])
    let friendly = PanelSearch(panel: both, entries: both.searchableEntries)
    XCTAssertEqual(
      friendly.search("clock format", settings: settings).flatMap(\.entries).map(\.path), ["desktop/clock"],
      "a key the panel's own row sets is found there only")
  }

  static let clock = SettingKey(schema: "org.gnome.desktop.interface", key: "clock-format")

  func testTheModifiedPageListsChangedKeysAndTheirResetsClearThem() async throws {
    let library = FakeLibrary()
    let all = AllSettings(library: { library }, apps: { Self.apps }, dconf: { DconfPaths(dump: "") })
    let root = Panel(title: "Root", sections: [all.section])
    func modified() throws -> Panel {
      let row = try XCTUnwrap(root.entry(throughPagesAt: "more/all-settings/modified/modified")?.row)
      guard case .page(let link) = row.kind.form else { throw XCTSkip("not a page") }
      return link.page
    }
    XCTAssertEqual(try modified().sections.map(\.id), ["none"])
    let clock = SettingKey(schema: "org.gnome.desktop.interface", key: "clock-format")
    try library.store.write("12h", for: clock)
    let page = try modified()
    XCTAssertEqual(page.sections.map(\.title), ["org.gnome.desktop.interface"])
    XCTAssertEqual(page.sections[0].rows.map(\.id), ["clock-format"])
    try library.store.reset(clock)
    XCTAssertEqual(try modified().sections.map(\.id), ["none"], "made again on every visit")
  }

  func testResetAllInThisSchemaResetsOnlyThatSchema() async throws {
    let library = FakeLibrary()
    let all = AllSettings(library: { library }, apps: { Self.apps }, dconf: { DconfPaths(dump: "") })
    let root = Panel(title: "Root", sections: [all.section])
    let clock = SettingKey(schema: "org.gnome.desktop.interface", key: "clock-format")
    let view = SettingKey(schema: "org.gnome.nautilus.preferences", key: "default-folder-viewer")
    try library.store.write("12h", for: clock)
    try library.store.write("list-view", for: view)
    let page = try XCTUnwrap(all.path(of: .schema("org.gnome.desktop.interface")))
    let reset = try XCTUnwrap(root.entry(throughPagesAt: page.appending("reset", "reset-schema"))?.row)
    guard case .action(let action) = reset.kind.form else { return XCTFail("not an action") }
    XCTAssertTrue(action.isDestructive)
    let undo = action.perform(ActionContext(store: library.store, panel: root))
    XCTAssertEqual(library.store.value(for: clock), "24h")
    XCTAssertEqual(library.store.value(for: view), "list-view", "other schemas keep their values")
    undo?.perform()
    XCTAssertEqual(library.store.value(for: clock), "12h")
  }

  func testDesktopEntriesAreReadAndMatchedIgnoringCase() async {
    let entry = "[Desktop Entry]\nType=Application\nName=Files\nIcon=org.gnome.Nautilus\n[Desktop Action new]\nName=New"
    XCTAssertEqual(
      DesktopApps.app(id: "org.gnome.Nautilus", entry: entry),
      DesktopApp(id: "org.gnome.Nautilus", name: "Files", iconName: "org.gnome.Nautilus"))
    XCTAssertNil(DesktopApps.app(id: "x", entry: "[Desktop Entry]\nName=X\nHidden=true"))
    XCTAssertNil(DesktopApps.app(id: "x", entry: "[Desktop Entry]\nIcon=x"), "no name")
    XCTAssertNil(DesktopApps.app(id: "x", entry: "[Desktop Entry]\nName=X\nIcon=/opt/x.png")?.iconName)
    XCTAssertEqual(Self.apps.app(forSchema: "org.gnome.nautilus.preferences")?.name, "Files")
    XCTAssertEqual(Self.apps.app(forSchema: "org.gnome.tweaks")?.name, "Tweaks")
    XCTAssertNil(Self.apps.app(forSchema: "org.gnome.tweaksy"), "whole parts only")
    XCTAssertNil(Self.apps.app(forSchema: "org.gnome.desktop.interface"))
  }

  func testRelocatableSchemasOfferTheDconfFoldersThatHoldTheirKeys() async throws {
    let dump = """
      [org/gnome/desktop/app-folders/folders/Utilities]
      name='Utilities'
      apps=['a.desktop']

      [org/gnome/desktop/interface]
      clock-format='12h'
      """
    let dconf = DconfPaths(dump: dump)
    XCTAssertEqual(dconf.folders["/org/gnome/desktop/interface/"], ["clock-format"])
    XCTAssertEqual(
      dconf.folders(matching: ["name", "apps", "categories"]), ["/org/gnome/desktop/app-folders/folders/Utilities/"])
    let library = FakeLibrary()
    let all = AllSettings(library: { library }, apps: { Self.apps }, dconf: { dconf })
    let page = try XCTUnwrap(Self.page(of: all))
    let row = try XCTUnwrap(page.sections[3].rows.first)
    XCTAssertEqual(row.subtitle?.fixedText, "Relocatable, saved at 1 path")
    guard case .page(let link) = row.kind.form else { return XCTFail("no page of paths") }
    let folder = try XCTUnwrap(link.page.sections.first?.rows.first)
    XCTAssertEqual(folder.title, "/org/gnome/desktop/app-folders/folders/Utilities/")
    guard case .page(let schemaLink) = folder.kind.form else { return XCTFail("no schema page") }
    XCTAssertEqual(
      schemaLink.title, "org.gnome.desktop.app-folders.folder:/org/gnome/desktop/app-folders/folders/Utilities/")
  }

  func testARelocatableSchemaOpensAtAFolderGivenByPathEvenWithNothingSavedThere() async throws {
    let library = FakeLibrary()
    let all = AllSettings(library: { library }, apps: { Self.apps }, dconf: { DconfPaths(dump: "") })
    let root = Panel(title: "Root", sections: [all.section])
    let schema = "org.gnome.desktop.app-folders.folder"
    let page = try XCTUnwrap(
      root.entry(
        throughPagesAt: "more/all-settings/org-gnome-desktop/\(schema.replacingOccurrences(of: ".", with: "-"))"))
    guard case .page(let link) = page.row.kind.form else { return XCTFail("a relocatable schema has a page") }
    XCTAssertEqual(link.page.sections[0].rows.map(\.title), ["Not Saved Yet"])
    XCTAssertTrue(link.page.sections[0].footer?.fixedText?.contains("knobs --open schema/\(schema):/FOLDER/") == true)

    let folder = "/org/gnome/desktop/app-folders/folders/Games/"
    let path = try XCTUnwrap(all.path(of: .key(schema: schema + ":" + folder, key: "name")))
    XCTAssertEqual(
      path.description,
      "more/all-settings/org-gnome-desktop/org-gnome-desktop-app-folders-folder/paths/"
        + "org-gnome-desktop-app-folders-folders-games/keys/name")
    XCTAssertEqual(link.page.sections[0].rows.map(\.title), [folder], "the folder opened by path is offered")
    XCTAssertNotNil(root.entry(throughPagesAt: path.droppingLast(2)))
    XCTAssertEqual(
      all.path(of: .schema(schema + ":" + folder)), path.droppingLast(2),
      "the same folder again is the same row")
    XCTAssertEqual(
      all.path(of: .schema(schema)), "more/all-settings/org-gnome-desktop/org-gnome-desktop-app-folders-folder",
      "without a folder, the page of its folders")
    XCTAssertNil(all.path(of: .key(schema: schema, key: "name")), "a relocatable schema's keys need a folder")
    XCTAssertNil(all.path(of: .schema("org.gnome.desktop.interface:/elsewhere/")), "a fixed schema has no other folder")
    XCTAssertNil(all.path(of: .schema(schema + ":/no/end")), "a folder ends with “/”")
  }

  /// A phone-link extension: its own schema, and a relocatable one per paired device.
  func testAnExtensionsRelocatableSchemaIsNamedByItsInstancesAndReachedFromItsPage() async throws {
    let phone = "org.gnome.shell.extensions.phone-link"
    let device = phone + ".device"
    let library = PhoneLibrary()
    let extensions = ShellExtensions([
      ShellExtension(uuid: "phone-link@example.org", name: "Phone Link", schemaIDs: [phone, device])
    ])
    let dump = """
      [org/gnome/shell/extensions/phone-link/device/pixel-7]
      name='Pixel 7'
      paired=true

      [org/gnome/shell/extensions/phone-link/device/tablet]
      name='Tablet'
      """
    let all = AllSettings(
      library: { library }, apps: { Self.apps }, extensions: { extensions }, dconf: { DconfPaths(dump: dump) })
    let page = try XCTUnwrap(Self.page(of: all))
    let reader = SettingsReader(MemoryStore(defaults: [:]))
    let listed = page.sections.flatMap(\.rows)
    let deviceRow = try XCTUnwrap(listed.first { $0.title == "Phone Link › Device" })
    XCTAssertEqual(deviceRow.subtitle?.fixedText, device + " · Relocatable, saved at 2 paths")
    XCTAssertEqual(deviceRow.visibleWhen?.holds(reader), true)
    let empty = try XCTUnwrap(listed.first { $0.title == "org.example.unused.profile" })
    XCTAssertEqual(empty.visibleWhen?.holds(reader), false, "saved at no folder: hidden")
    guard case .page(let devices) = deviceRow.kind.form else { return XCTFail("the devices' page") }
    XCTAssertEqual(devices.page.title, "Phone Link › Device")
    let instances = try XCTUnwrap(devices.page.sections.first?.rows)
    XCTAssertEqual(instances.map(\.title), ["Phone Link › pixel-7 › Device", "Phone Link › tablet › Device"])
    XCTAssertEqual(instances[0].subtitle?.fixedText, "/org/gnome/shell/extensions/phone-link/device/pixel-7/")
    guard case .page(let pixel) = instances[0].kind.form else { return XCTFail("an instance's page") }
    XCTAssertEqual(pixel.page.title, "Phone Link › pixel-7 › Device")
    XCTAssertEqual(pixel.page.sections.first?.rows.map(\.title).first, "Device name")

    // The extension's own page (its settings button) leads to its devices.
    let own = try XCTUnwrap(listed.first { $0.title == "Phone Link" })
    guard case .page(let ownLink) = own.kind.form else { return XCTFail("the extension's page") }
    let section = try XCTUnwrap(ownLink.page.sections.first { $0.title == "Device" })
    XCTAssertEqual(section.rows.map(\.title), ["Phone Link › pixel-7 › Device", "Phone Link › tablet › Device"])
    XCTAssertEqual(page.validate(), [])
    XCTAssertEqual(ownLink.page.validate(), [])
  }

  /// Ten thousand devices saved: every one listed, on pages made when opened.
  func testTenThousandInstancesAreListed() async throws {
    let phone = "org.gnome.shell.extensions.phone-link"
    let extensions = ShellExtensions([
      ShellExtension(uuid: "phone-link@example.org", name: "Phone Link", schemaIDs: [phone, phone + ".device"])
    ])
    var dump = ""
    for index in 0..<10_000 { dump += "[org/gnome/shell/extensions/phone-link/device/d\(index)]\nname='D\(index)'\n\n" }
    let dconf = DconfPaths(dump: dump)
    let library = PhoneLibrary()
    let started = ContinuousClock.now
    let all = AllSettings(library: { library }, apps: { Self.apps }, extensions: { extensions }, dconf: { dconf })
    let page = try XCTUnwrap(Self.page(of: all))
    let deviceRow = try XCTUnwrap(page.sections.flatMap(\.rows).first { $0.title == "Phone Link › Device" })
    XCTAssertEqual(deviceRow.visibleWhen?.holds(SettingsReader(MemoryStore(defaults: [:]))), true)
    guard case .page(let devices) = deviceRow.kind.form else { return XCTFail("the devices' page") }
    let rows = try XCTUnwrap(devices.page.sections.first?.rows)
    XCTAssertEqual(rows.count, 10_000)
    XCTAssertEqual(Set(rows.map(\.id)).count, 10_000, "each its own row id")
    XCTAssertEqual(devices.page.validate(), [])
    print("10,000 instances: All Settings and the devices' page made in \(ContinuousClock.now - started)")
  }

  static func page(of all: AllSettings) -> Panel? {
    guard case .page(let link) = all.section.rows[0].kind.form else { return nil }
    return link.page
  }
}

/// Three schemas and a relocatable one, with their values in a memory store.
@MainActor
private final class FakeLibrary: SchemaLibrary {
  static let schemas = [
    SchemaDescription(
      id: "org.gnome.desktop.interface", path: "/org/gnome/desktop/interface/",
      keys: [
        KeyDescription(
          name: "clock-format", typeString: "s", summary: "Whether the clock displays in 24h or 12h format",
          description: "Le format de l’horloge", range: .enumeration(["24h", "12h"])),
        KeyDescription(name: "clock-show-seconds", typeString: "b", summary: "Show seconds"),
      ]),
    SchemaDescription(
      id: "org.gnome.nautilus.preferences", path: "/org/gnome/nautilus/preferences/",
      keys: [
        KeyDescription(
          name: "default-folder-viewer", typeString: "s", summary: "Default view",
          range: .enumeration(["icon-view", "list-view"])),
        KeyDescription(name: "show-hidden", typeString: "b", summary: "Show hidden files"),
      ]),
    SchemaDescription(
      id: "org.gnome.tweaks", path: "/org/gnome/tweaks/",
      keys: [KeyDescription(name: "show-extensions-notice", typeString: "b", summary: "Show the notice")]),
  ]

  let store = MemoryStore(defaults: [
    SettingKey(schema: "org.gnome.desktop.interface", key: "clock-format"): "24h",
    SettingKey(schema: "org.gnome.desktop.interface", key: "clock-show-seconds"): false,
    SettingKey(schema: "org.gnome.nautilus.preferences", key: "default-folder-viewer"): "icon-view",
    SettingKey(schema: "org.gnome.nautilus.preferences", key: "show-hidden"): false,
    SettingKey(schema: "org.gnome.tweaks", key: "show-extensions-notice"): true,
  ])
  private(set) var described: [String] = []

  var installedSchemas: [InstalledSchema] {
    Self.schemas.map { InstalledSchema(id: $0.id, path: $0.path, keyCount: $0.keys.count) }
      + [InstalledSchema(id: "org.gnome.desktop.app-folders.folder", path: nil, keyCount: 5)]
  }

  var problems: [String] { [] }

  func keyNames(of schemaID: String) -> [String] {
    schemaID == "org.gnome.desktop.app-folders.folder"
      ? ["name", "apps"] : Self.schemas.first { $0.id == schemaID }?.keys.map(\.name) ?? []
  }

  func describeSchema(_ id: String) -> SchemaDescription? {
    described.append(id)
    return Self.schemas.first { $0.id == id }
  }

  func modifiedKeys(in schemaID: String) -> [String] {
    let keys = Self.schemas.first { $0.id == schemaID }?.keys ?? []
    return keys.map(\.name).filter { name in
      let key = SettingKey(schema: schemaID, key: name)
      return store.value(for: key) != store.defaultValue(for: key)
    }
  }
}

/// A phone-link extension's schemas, one relocatable per device, and a relocatable schema of no
/// extension saved nowhere.
@MainActor
private final class PhoneLibrary: SchemaLibrary {
  static let phone = "org.gnome.shell.extensions.phone-link"
  static let deviceKeys = [
    KeyDescription(name: "name", typeString: "s", summary: "Device name"),
    KeyDescription(name: "paired", typeString: "b", summary: "Paired"),
  ]

  var installedSchemas: [InstalledSchema] {
    [
      InstalledSchema(id: Self.phone, path: "/org/gnome/shell/extensions/phone-link/", keyCount: 1),
      InstalledSchema(id: Self.phone + ".device", path: nil, keyCount: 2),
      InstalledSchema(id: "org.example.unused.profile", path: nil, keyCount: 1),
    ]
  }
  var problems: [String] { [] }

  func keyNames(of schemaID: String) -> [String] {
    switch schemaID {
    case Self.phone: ["show-battery"]
    case Self.phone + ".device": ["name", "paired"]
    case "org.example.unused.profile": ["colour"]
    default: []
    }
  }

  func describeSchema(_ id: String) -> SchemaDescription? {
    if id == Self.phone {
      return SchemaDescription(
        id: id, path: "/org/gnome/shell/extensions/phone-link/",
        keys: [KeyDescription(name: "show-battery", typeString: "b", summary: "Show the battery")])
    }
    guard id.hasPrefix(Self.phone + ".device:") else { return nil }
    return SchemaDescription(id: id, path: String(id.drop { $0 != ":" }.dropFirst()), keys: Self.deviceKeys)
  }

  func modifiedKeys(in schemaID: String) -> [String] { [] }
}
