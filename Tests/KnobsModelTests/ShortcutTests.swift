@testable import KnobsModel
import XCTest

/// Accelerators in GTK's syntax, shortcut rows and conflicts between keybindings.
@MainActor
final class ShortcutTests: XCTestCase {
  static let wm = "org.gnome.desktop.wm.keybindings"
  static let shell = "org.gnome.shell.keybindings"
  static let minimize = SettingKey(schema: wm, key: "minimize")
  static let close = SettingKey(schema: wm, key: "close")
  static let overview = SettingKey(schema: shell, key: "toggle-overview")
  static let single = SettingKey(schema: "test.shortcuts", key: "accel")

  func parsed(_ text: String) throws -> Accelerator { try Accelerator(parsing: text) }

  func testAcceleratorsAreWrittenTheWayGtkWritesThem() async throws {
    XCTAssertEqual(try parsed("<Super>h").text, "<Super>h")
    XCTAssertEqual(try parsed("<Primary><Alt>t").text, "<Control><Alt>t")
    XCTAssertEqual(try parsed("<Ctrl><Shift><Alt>R").text, "<Shift><Control><Alt>r")
    XCTAssertEqual(try parsed("<super>H").text, "<Super>h", "modifier names ignore case; letters are lowercase")
    XCTAssertEqual(try parsed("<Super>page_up").text, "<Super>Page_Up", "key names are given their keysym case")
    XCTAssertEqual(try parsed("<Super>Prior").text, "<Super>Page_Up", "an alias is written as GDK names it")
    XCTAssertEqual(try parsed("XF86AudioMute").text, "XF86AudioMute")
    XCTAssertEqual(try parsed("<Super>Above_Tab").text, "<Super>Above_Tab")
    XCTAssertEqual(try parsed("  <Alt>F4 ").text, "<Alt>F4")
  }

  func testControlPrimaryAndCtrlAreOneModifier() async throws {
    XCTAssertEqual(try parsed("<Control>q"), try parsed("<Primary>q"))
    XCTAssertEqual(try parsed("<Ctrl>q"), try parsed("<Primary>Q"))
    XCTAssertNotEqual(try parsed("<Control>q"), try parsed("<Control><Shift>q"))
    XCTAssertEqual(try parsed("<Super>Page_Up"), try parsed("<Super>Prior"))
  }

  func testAcceleratorsReadAsKeycaps() async throws {
    XCTAssertEqual(try parsed("<Super>h").keycaps, ["Super", "H"])
    XCTAssertEqual(try parsed("<Super>h").label, "Super+H")
    XCTAssertEqual(try parsed("<Primary><Alt>t").label, "Ctrl+Alt+T")
    XCTAssertEqual(try parsed("<Super>Page_Up").label, "Super+Page Up")
    XCTAssertEqual(try parsed("<Alt>space").label, "Alt+Space")
    XCTAssertEqual(try parsed("<Alt><Super>minus").label, "Super+Alt+-")
    // Keycaps in GNOME Settings' order, whatever order the text has them in.
    XCTAssertEqual(try parsed("<Shift><Alt><Control><Super>t").keycaps, ["Super", "Ctrl", "Alt", "Shift", "T"])
    XCTAssertEqual(try parsed("<Shift><Super>Page_Up").label, "Super+Shift+Page Up")
    XCTAssertEqual(try parsed("<Shift><Super>Page_Up").text, "<Shift><Super>Page_Up")
    XCTAssertEqual(try parsed("XF86AudioMute").label, "Audio Mute")
  }

  func testKeysThatTypeOrMoveNeedAModifierToBeCaptured() async throws {
    for text in ["h", "<Shift>h", "space", "Tab", "Return", "Left", "5", "<Shift>minus"] {
      XCTAssertTrue(try parsed(text).needsModifier, text)
    }
    for text in ["<Super>h", "<Control>Tab", "F1", "Print", "XF86AudioMute", "<Alt>space"] {
      XCTAssertFalse(try parsed(text).needsModifier, text)
    }
  }

  func testBadAcceleratorsAreRefusedWithAReason() async {
    let cases: [(String, AcceleratorError)] = [
      ("", .empty), ("   ", .empty), ("<Bogus>x", .unknownModifier("Bogus")), ("<Shift>", .modifierOnly("<Shift>")),
      ("<Control><Alt>", .modifierOnly("<Control><Alt>")), ("Shift_L", .modifierOnly("Shift_L")),
      ("<Super>Super_L", .modifierOnly("<Super>Super_L")), ("<Super>nokey", .unknownKey("nokey")),
      ("<Super", .malformed("<Super")), ("<Super>h j", .malformed("<Super>h j")),
    ]
    for (text, expected) in cases {
      XCTAssertThrowsError(try Accelerator(parsing: text), text) { error in
        XCTAssertEqual(error as? AcceleratorError, expected, text)
        XCTAssertFalse(String(describing: error).isEmpty)
      }
    }
  }

  func testAShortcutListRefusesTheSameShortcutTwiceAndASingleKeyRefusesTwo() async throws {
    let list = Row.Shortcut(key: Self.minimize)
    XCTAssertEqual(try list.parse(["<Super>h", "<Alt>F9"]).map(\.text), ["<Super>h", "<Alt>F9"])
    XCTAssertEqual(try list.parse([]), [], "an empty list disables the shortcut")
    XCTAssertThrowsError(try list.parse(["<Control>q", "<Primary>Q"])) { error in
      XCTAssertEqual(error as? AcceleratorError, .duplicate("Ctrl+Q"))
    }
    let single = Row.Shortcut(key: Self.single, storage: .single)
    XCTAssertThrowsError(try single.parse(["<Super>h", "<Super>j"])) { error in
      XCTAssertEqual(error as? AcceleratorError, .tooMany(count: 2))
    }
    XCTAssertEqual(single.value(of: []), .string(""))
    XCTAssertEqual(list.value(of: [try parsed("<Super>h")]), .strings(["<Super>h"]))
  }

  func testEmptyEntriesAndDisabledMeanNoShortcut() async {
    let list = Row.Shortcut(key: Self.minimize)
    XCTAssertEqual(list.accelerators(of: .strings(["", "<Super>F1"])).map(\.text), ["<Super>F1"])
    XCTAssertEqual(list.accelerators(of: .strings(["disabled"])), [])
    XCTAssertEqual(list.label(of: .strings([""])), "Disabled")
    XCTAssertEqual(list.label(of: .strings(["<Super>Down", "<Alt>F5"])), "Super+Down, Alt+F5")
  }

  func testTheCommandLineTakesAGVariantListOrOneAccelerator() async throws {
    let row = ShortcutRow("hide", "Hide Window", key: Self.minimize).row
    XCTAssertEqual(try row.parseValue("['<Super>j', '<Primary><Alt>t']"), .strings(["<Super>j", "<Control><Alt>t"]))
    XCTAssertEqual(try row.parseValue("<Super>j"), .strings(["<Super>j"]))
    XCTAssertEqual(try row.parseValue("[]"), .strings([]))
    XCTAssertEqual(try row.parseValue("disabled"), .strings([]))
    for bad in ["", "<Bogus>x", "<Shift>", "['<Super>j', '<Super>J']", "['<Super>j'"] {
      XCTAssertThrowsError(try row.parseValue(bad), bad) { error in
        guard case .refused = error as? ValueError else { return XCTFail("\(bad): \(error)") }
      }
    }
    let store = MemoryStore(defaults: [Self.minimize: .strings(["<Super>h"])])
    XCTAssertEqual(row.currentValueText(SettingsReader(store)), "Super+H")
  }

  func testTheValidatorRefusesAShortcutListBoundToAStringKey() async {
    let store = MemoryStore(defaults: [Self.minimize: .strings(["<Super>h"]), Self.single: "<Super>h"])
    let good = Panel("Keys") {
      Section("keys", "Keys") {
        ShortcutRow("hide", "Hide", key: Self.minimize)
        ShortcutRow("one", "One", key: Self.single, storage: .single)
      }
    }
    XCTAssertEqual(good.validate(against: store), [])
    let bad = Panel("Keys") { Section("keys", "Keys") { ShortcutRow("one", "One", key: Self.single) } }
    let problems = bad.validate(against: store)
    XCTAssertEqual(problems.count, 1)
    XCTAssertTrue(problems.first?.message.contains("shortcut list") ?? false, "\(problems)")
  }

  func testAShortcutAlreadyUsedByAnotherKeybindingIsAConflictNamingItsTitleAndPath() async throws {
    let library = KeybindingLibrary()
    let index = KeybindingIndex(library: library)
    XCTAssertEqual(index.bindings.map(\.key), [Self.close, Self.minimize, Self.overview])
    let store = library.store
    let conflicts = index.conflicts(for: [try parsed("<Super>s")], of: Self.minimize, in: store)
    XCTAssertEqual(conflicts.count, 1)
    XCTAssertEqual(conflicts.first?.binding.title, "Show the overview")
    XCTAssertEqual(conflicts.first?.binding.path, "schema/org.gnome.shell.keybindings/toggle-overview")
    XCTAssertEqual(
      conflicts.first?.description,
      "Super+S is already used by “Show the overview” (schema/org.gnome.shell.keybindings/toggle-overview).")
    XCTAssertEqual(index.conflicts(for: [try parsed("<Super>h")], of: Self.minimize, in: store), [], "its own")
    XCTAssertEqual(index.conflicts(for: [try parsed("<Super>q")], of: Self.minimize, in: store), [])
    XCTAssertEqual(
      index.conflicts(for: [try parsed("<Primary>F4")], of: Self.minimize, in: store).map(\.binding.key), [Self.close],
      "<Primary> and <Control> are one modifier")
  }

  func testAnExtensionsKeybindingIsAConflictNamingTheExtension() async throws {
    let tiles = "org.gnome.shell.extensions.window-tiles"
    let left = SettingKey(schema: tiles, key: "tile-left")
    let toggle = SettingKey(schema: tiles, key: "toggle-tiling")
    let library = KeybindingLibrary(extra: [
      SchemaDescription(
        id: tiles, path: "/org/gnome/shell/extensions/window-tiles/",
        keys: [
          KeyDescription(
            name: "tile-left", typeString: "as", summary: "Tile left", defaultStrings: ["<Super><Alt>Left"]),
          KeyDescription(
            name: "tile-right", typeString: "as", summary: "Tile right", defaultStrings: ["<Super><Alt>Right"]),
          // A bare key in a schema of keybindings is one too.
          KeyDescription(name: "toggle-tiling", typeString: "as", summary: "Toggle tiling", defaultStrings: ["F9"]),
          KeyDescription(name: "ignored-apps", typeString: "as", summary: "Apps left alone", defaultStrings: []),
        ])
    ])
    let store = MemoryStore(
      defaults: KeybindingLibrary.values.merging([left: .strings(["<Super><Alt>Left"]), toggle: .strings(["F9"])]) {
        $1
      })
    let index = KeybindingIndex(library: library, owners: [tiles: "Window Tiles"])
    XCTAssertEqual(
      index.bindings.map(\.key.key),
      ["close", "minimize", "toggle-overview", "tile-left", "tile-right", "toggle-tiling"],
      "the desktop's first, then the extension's; its list of apps is no keybinding")
    let conflicts = index.conflicts(for: [try parsed("<Super><Alt>Left")], of: Self.minimize, in: store)
    XCTAssertEqual(conflicts.map(\.binding.key), [left])
    XCTAssertEqual(
      conflicts.first?.description,
      "Super+Alt+Left is already used by “Tile left” of the extension “Window Tiles” "
        + "(schema/org.gnome.shell.extensions.window-tiles/tile-left).")
    XCTAssertEqual(
      index.conflicts(for: [try parsed("F9")], of: Self.close, in: store).map(\.binding.key), [toggle])
    let unowned = KeybindingIndex(library: library, owners: [:])
    XCTAssertEqual(
      unowned.conflicts(for: [try parsed("<Super><Alt>Left")], of: Self.minimize, in: store).first?.description,
      "Super+Alt+Left is already used by “Tile left” (schema/org.gnome.shell.extensions.window-tiles/tile-left).")
  }

  func testAPanelNamesTheBindingsItsShortcutRowsShow() async throws {
    let panel = Panel("Keys") {
      Section("system", "System") { ShortcutRow("overview", "Show the Overview", key: Self.overview) }
    }
    let index = KeybindingIndex(library: KeybindingLibrary()).named(by: panel)
    let named = try XCTUnwrap(index.bindings.first { $0.key == Self.overview })
    XCTAssertEqual(named.title, "Show the Overview")
    XCTAssertEqual(named.path, "system/overview")
    XCTAssertEqual(index.bindings.first { $0.key == Self.close }?.title, "Close window", "others keep the schema's")
  }

  func testReplacingClearsOnlyTheConflictingShortcutOfTheOtherBinding() async throws {
    let library = KeybindingLibrary()
    let index = KeybindingIndex(library: library)
    let conflict = try XCTUnwrap(
      index.conflicts(for: [try parsed("<Super>s")], of: Self.minimize, in: library.store).first)
    try index.clear(conflict, in: library.store)
    XCTAssertEqual(library.store.value(for: Self.overview), .strings(["<Super>o"]))
  }

  func testTheGeneratorUsesShortcutRowsForKeybindingSchemasButNotTheirOtherLists() async {
    let schema = SchemaDescription(
      id: "org.gnome.settings-daemon.plugins.media-keys", path: "/org/gnome/settings-daemon/plugins/media-keys/",
      keys: [
        KeyDescription(name: "help", typeString: "as", summary: "Launch help browser"),
        KeyDescription(name: "custom-keybindings", typeString: "as"),
        KeyDescription(name: "volume-step", typeString: "i"),
      ])
    let kinds = SchemaPanel.make(schema).entries.map(\.row.kindName)
    XCTAssertEqual(kinds, ["shortcut", "list", "number"])
    let other = SchemaDescription(
      id: "org.example.editor", path: "/org/example/editor/",
      keys: [
        KeyDescription(name: "save-shortcut", typeString: "as"), KeyDescription(name: "recent-files", typeString: "as"),
      ])
    XCTAssertEqual(SchemaPanel.make(other).entries.map(\.row.kindName), ["shortcut", "list"])
  }
}

/// Two keybinding schemas as the generator reads them, with their values in a memory store.
@MainActor
final class KeybindingLibrary: SchemaLibrary {
  let schemas: [SchemaDescription]

  init(extra: [SchemaDescription] = []) {
    schemas = Self.desktop + extra
  }

  static let desktop = [
    SchemaDescription(
      id: ShortcutTests.wm, path: "/org/gnome/desktop/wm/keybindings/",
      keys: [
        KeyDescription(name: "close", typeString: "as", summary: "Close window"),
        KeyDescription(name: "minimize", typeString: "as", summary: "Hide window"),
      ]),
    SchemaDescription(
      id: ShortcutTests.shell, path: "/org/gnome/shell/keybindings/",
      keys: [KeyDescription(name: "toggle-overview", typeString: "as", summary: "Show the overview")]),
  ]

  static let values: [SettingKey: SettingValue] = [
    ShortcutTests.close: .strings(["<Alt>F4", "<Control>F4"]), ShortcutTests.minimize: .strings(["<Super>h"]),
    ShortcutTests.overview: .strings(["<Super>s", "<Super>o"]),
  ]
  let store = MemoryStore(defaults: KeybindingLibrary.values)

  var installedSchemas: [InstalledSchema] {
    schemas.map { InstalledSchema(id: $0.id, path: $0.path, keyCount: $0.keys.count) }
  }
  var problems: [String] { [] }
  func keyNames(of schemaID: String) -> [String] { describeSchema(schemaID)?.keys.map(\.name) ?? [] }
  func describeSchema(_ id: String) -> SchemaDescription? { schemas.first { $0.id == id } }
  func modifiedKeys(in schemaID: String) -> [String] { [] }
}

/// Keycaps in the user's language for people, English for scripts.
final class TranslatedKeycapTests: XCTestCase {
  func testModifiersAndNamedKeysAreTranslatedOnlyWhereAsked() throws {
    let german = ["Ctrl": "Strg", "Shift": "Umschalt", "Space": "Leertaste", "Disabled": "Deaktiviert"]
    let accelerator = try Accelerator(parsing: "<Shift><Control>space")
    let shortcut = Row.Shortcut(key: SettingKey(schema: "org.example", key: "k"))
    Translation.withCatalog(german) {
      XCTAssertEqual(accelerator.keycaps, ["Strg", "Umschalt", "Leertaste"])
      XCTAssertEqual(accelerator.label, "Strg+Umschalt+Leertaste")
      XCTAssertEqual(accelerator.englishLabel, "Ctrl+Shift+Space")
      XCTAssertEqual(accelerator.text, "<Shift><Control>space", "the accelerator GTK reads stays as it is")
      XCTAssertEqual(shortcut.label(of: .strings([])), "Deaktiviert")
      XCTAssertEqual(shortcut.label(of: .strings([]), translated: false), "Disabled")
      XCTAssertEqual(shortcut.label(of: .strings(["<Control>q"]), translated: false), "Ctrl+Q")
    }
    XCTAssertEqual(accelerator.label, "Ctrl+Shift+Space")
  }
}
