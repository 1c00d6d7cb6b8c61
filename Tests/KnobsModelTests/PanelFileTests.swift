import KnobsModel
import XCTest

/// A panel file declares the same panel as the Swift builders, kind by kind.
@MainActor
final class PanelFileTests: XCTestCase {
  static let interface = "org.gnome.desktop.interface"
  static func key(_ name: String) -> SettingKey { SettingKey(schema: interface, key: name) }

  static let everyKind = """
    id: org.example.EveryKind
    name: Every Kind
    icon: org.example.EveryKind
    comment: One row of each kind
    keywords: [test, kinds]
    ini-file: every-kind/settings.ini
    sections:
      - id: bound
        title: Bound
        header: "Seconds: {bound/seconds}"
        rows:
          - kind: toggle
            id: seconds
            title: Show Seconds
            subtitle: Under the clock
            icon: preferences-system-time-symbolic
            keywords: [clock, time]
            setting: {schema: org.gnome.desktop.interface, key: clock-show-seconds}
          - kind: toggle
            id: dark
            title: Dark Style
            setting: {schema: org.gnome.desktop.interface, key: color-scheme}
            on: prefer-dark
            off: default
          - kind: slider
            id: text-size
            title: Text Size
            setting: {schema: org.gnome.desktop.interface, key: text-scaling-factor}
            min: 0.5
            max: 3
            step: 0.05
            format: percent
          - kind: slider
            id: thickness
            title: Dough Thickness
            setting: {ini: dough/thickness, default: 2}
            min: 1
            max: 5
            step: 1
            unit: mm
          - kind: choice
            id: format
            title: Time Format
            setting: {schema: org.gnome.desktop.interface, key: clock-format}
            style: radio
            options:
              - {value: 24h, label: 24-hour}
              - {value: 12h, label: AM/PM}
            enabled-when: {not: bound/seconds}
            visible-when: {row: bound/format, equals: 24h}
          - kind: text
            id: name
            title: Name
            setting: {ini: profile/name, default: ""}
            placeholder: Your name
            non-empty: true
            max-length: 40
            pattern: "[A-Za-z ]+"
            pattern-hint: letters and spaces
          - kind: text
            id: position
            title: Position
            setting: {ini: window/position, default: "(0, 0)"}
            gvariant-type: (ii)
          - kind: number
            id: cursor
            title: Cursor Size
            setting: {schema: org.gnome.desktop.interface, key: cursor-size}
            min: 24
            max: 96
            step: 8
            unit: px
          - kind: font
            id: mono
            title: Monospace Text
            setting: {schema: org.gnome.desktop.interface, key: monospace-font-name}
            monospace: true
          - kind: file
            id: picture
            title: Picture
            setting: {ini: looks/picture, default: ""}
            mime-types: [image/png, image/jpeg]
            storage: path
          - kind: multi-select
            id: toppings
            title: Toppings
            setting: {ini: pizza/toppings, default: [ham]}
            options:
              - {value: ham, label: Ham}
              - {value: olives, label: Olives}
          - kind: list
            id: names
            title: Names
            setting: {ini: profile/names, default: []}
            placeholder: A name
            max-items: 10
      - id: other
        footer: "Format {{24h}}: {bound/format}, size {bound/text-size}"
        rows:
          - kind: link
            id: website
            title: Website
            url: https://example.org/
          - kind: link
            id: chat
            title: Chat
            url: irc://irc.example.org/knobs
            allow-schemes: [irc]
          - kind: email
            id: feedback
            title: Send Feedback
            to: team@example.org
            cc: [boss@example.org]
            subject: Hello
            body: "Hi,\\n"
          - kind: value
            id: version
            title: Version
            value: "1.0"
          - kind: value
            id: seconds-shown
            title: Seconds
            value: "{bound/seconds}"
          - kind: launch
            id: calculator
            title: Calculator
            app: org.gnome.Calculator
          - kind: detail
            id: about
            title: About
            sections:
              - id: info
                rows:
                  - kind: value
                    id: license
                    title: License
                    value: GPL
    """

  static func swiftPanel(ini: String) -> Panel {
    func iniKey(_ name: String) -> SettingKey { SettingKey(schema: ini, key: name) }
    let seconds = key("clock-show-seconds")
    return Panel("Every Kind") {
      Section("bound", "Bound", header: .live { "Seconds: " + ($0.bool(seconds) ? "on" : "off") }) {
        ToggleRow("seconds", "Show Seconds", key: seconds)
          .subtitle("Under the clock").icon("preferences-system-time-symbolic").keywords("clock", "time")
        ToggleRow("dark", "Dark Style", key: key("color-scheme"), on: "prefer-dark", off: "default")
        SliderRow(
          "text-size", "Text Size", key: key("text-scaling-factor"), range: 0.5...3, step: 0.05, format: .percent)
        SliderRow(
          "thickness", "Dough Thickness", key: iniKey("dough/thickness"), range: 1...5, step: 1,
          format: .number(decimals: 0, unit: "mm"))
        ChoiceRow("format", "Time Format", key: key("clock-format"), options: [("24h", "24-hour"), ("12h", "AM/PM")])
          .radio().enabled(when: !.isOn(seconds)).visible(when: .equals(key("clock-format"), "24h"))
        TextRow(
          "name", "Name", key: iniKey("profile/name"), placeholder: "Your name",
          rule: TextRule(nonEmpty: true, maximumLength: 40, pattern: "[A-Za-z ]+", patternHint: "letters and spaces"))
        TextRow("position", "Position", key: iniKey("window/position"), gvariantType: "(ii)")
        NumberRow("cursor", "Cursor Size", key: key("cursor-size"), range: 24...96, step: 8, unit: "px")
        FontRow("mono", "Monospace Text", key: key("monospace-font-name"), monospaceOnly: true)
        FileRow(
          "picture", "Picture", key: iniKey("looks/picture"), mimeTypes: ["image/png", "image/jpeg"], storage: .path)
        MultiSelectRow(
          "toppings", "Toppings", key: iniKey("pizza/toppings"), options: [("ham", "Ham"), ("olives", "Olives")])
        Row(
          id: "names", title: "Names",
          kind: .list(Row.StringList(key: iniKey("profile/names"), placeholder: "A name", maximumItems: 10)))
      }
      Section("other", footer: .live(otherFooter)) {
        LinkRow("website", "Website", url: "https://example.org/")
        LinkRow("chat", "Chat", url: "irc://irc.example.org/knobs", allowing: ["irc"])
        EmailRow(
          "feedback", "Send Feedback", to: ["team@example.org"], cc: ["boss@example.org"], subject: "Hello",
          body: "Hi,\n")
        ValueRow("version", "Version", value: "1.0")
        ValueRow("seconds-shown", "Seconds") { $0.bool(seconds) ? "on" : "off" }
        ActionRow("calculator", "Calculator") { _ in nil }
        DetailRow("about", "About") {
          Section("info") {
            ValueRow("license", "License", value: "GPL")
          }
        }
      }
    }
  }

  static func otherFooter(_ settings: SettingsReader) -> String {
    let format = settings.string(key("clock-format")) == "12h" ? "AM/PM" : "24-hour"
    let size = settings.number(key("text-scaling-factor"))
    return "Format {24h}: \(format), size \(Int((size * 100).rounded()))% (\(size == 1 ? "1" : String(size)))"
  }

  static func gsettings() -> MemoryStore {
    MemoryStore(defaults: [
      key("clock-show-seconds"): false, key("color-scheme"): "default", key("text-scaling-factor"): 1.0,
      key("clock-format"): "24h", key("cursor-size"): 24, key("monospace-font-name"): "Monospace 11",
    ])
  }

  func testEveryRowKindReadsAsTheSwiftDeclaration() async throws {
    let file = try PanelFile.parse(Self.everyKind, file: "every-kind.yaml")
    XCTAssertEqual(file.id, "org.example.EveryKind")
    XCTAssertEqual(file.name, "Every Kind")
    XCTAssertEqual(file.icon, "org.example.EveryKind")
    XCTAssertEqual(file.comment, "One row of each kind")
    XCTAssertEqual(file.keywords, ["test", "kinds"])
    XCTAssertEqual(file.iniSchema, "ini:every-kind/settings.ini")
    let gsettings = Self.gsettings()
    let ini = MemoryStore(defaults: file.iniDefaults)
    XCTAssertEqual(
      ini.value(for: SettingKey(schema: "ini:every-kind/settings.ini", key: "pizza/toppings")), .strings(["ham"]))
    XCTAssertEqual(ini.value(for: SettingKey(schema: "ini:every-kind/settings.ini", key: "dough/thickness")), 2)
    XCTAssertEqual(file.problems(against: gsettings), [])
    let settings = SettingsReader(file.routing(gsettings, ini: ini))
    let swift = Self.swiftPanel(ini: "ini:every-kind/settings.ini")
    XCTAssertEqual(file.panel.outline(settings), swift.outline(settings))
    // Conditions, live text and templates follow the settings the same way.
    try gsettings.write(true, for: Self.key("clock-show-seconds"))
    try gsettings.write("12h", for: Self.key("clock-format"))
    try gsettings.write(1.25, for: Self.key("text-scaling-factor"))
    XCTAssertEqual(file.panel.outline(settings), swift.outline(settings))
    XCTAssertTrue(file.panel.outline(settings).contains("Format {24h}: AM/PM, size 125% (1.25)"))
  }

  func testLaunchRowsCallTheLauncherWithTheDesktopID() async throws {
    var launched: [String] = []
    let file = try PanelFile.parse(Self.everyKind, file: "every-kind.yaml") { id, _ in
      launched.append(id)
      return nil
    }
    guard case .action(let action)? = file.panel.entry(at: "other/calculator")?.row.kind.form else {
      return XCTFail("the launch row is not an action")
    }
    _ = action.perform(ActionContext(store: Self.gsettings(), panel: file.panel))
    XCTAssertEqual(launched, ["org.gnome.Calculator.desktop"])
  }

  func testYAML11BooleansStayStrings() async throws {
    let file = try PanelFile.parse(
      """
      id: org.example.Countries
      name: Countries
      ini-file: c.ini
      sections:
        - id: country
          rows:
            - kind: choice
              id: default
              title: Default Country
              setting: {ini: links/country, default: "no"}
              options:
                - {value: no, label: Norway}
                - {value: yes, label: Yemen}
                - {value: on, label: Ontario}
      """, file: "c.yaml")
    guard case .choice(let choice)? = file.panel.entry(at: "country/default")?.row.kind.form else {
      return XCTFail("not a choice")
    }
    XCTAssertEqual(choice.options.map(\.value), [.string("no"), .string("yes"), .string("on")])
    XCTAssertEqual(file.problems(against: MemoryStore(defaults: [:])), [])
  }

  func testShortcutAndColorRowsReadAsTheSwiftDeclaration() async throws {
    let file = try PanelFile.parse(
      """
      id: org.example.Keys
      name: Keys
      ini-file: keys/keys.ini
      sections:
        - id: keys
          rows:
            - kind: shortcut
              id: hide
              title: Hide Window
              setting: {schema: org.gnome.desktop.wm.keybindings, key: minimize}
            - kind: shortcut
              id: bake
              title: Bake
              single: true
              check-conflicts: false
              setting: {ini: keys/bake, default: "<Control>b"}
            - kind: shortcut
              id: serve
              title: Serve
              setting: {ini: keys/serve, default: ["<Super>s", "<Alt>F9"]}
            - kind: color
              id: background
              title: Background
              setting: {schema: org.gnome.desktop.background, key: primary-color}
            - kind: color
              id: crust
              title: Crust
              format: rgba
              setting: {ini: looks/crust, default: "#c68642"}
      """, file: "keys.yaml")
    let ini = "ini:keys/keys.ini"
    let gsettings = MemoryStore(defaults: [
      SettingKey(schema: "org.gnome.desktop.wm.keybindings", key: "minimize"): .strings(["<Super>h"]),
      SettingKey(schema: "org.gnome.desktop.background", key: "primary-color"): "#023c88",
    ])
    XCTAssertEqual(file.problems(against: gsettings), [])
    let settings = SettingsReader(file.routing(gsettings, ini: MemoryStore(defaults: file.iniDefaults)))
    var bake = ShortcutRow("bake", "Bake", key: SettingKey(schema: ini, key: "keys/bake"), storage: .single).row
    if case .shortcut(var shortcut) = bake.kind.form {
      shortcut.checksConflicts = false
      bake.kind = .shortcut(shortcut)
    }
    let swift = Panel("Keys") {
      Section("keys") {
        ShortcutRow("hide", "Hide Window", key: SettingKey(schema: "org.gnome.desktop.wm.keybindings", key: "minimize"))
        bake
        ShortcutRow("serve", "Serve", key: SettingKey(schema: ini, key: "keys/serve"))
        ColorRow(
          "background", "Background", key: SettingKey(schema: "org.gnome.desktop.background", key: "primary-color"))
        ColorRow("crust", "Crust", key: SettingKey(schema: ini, key: "looks/crust"), format: .rgba)
      }
    }
    XCTAssertEqual(file.panel.outline(settings), swift.outline(settings))
    let outline = file.panel.outline(settings)
    XCTAssertTrue(outline.contains("shortcut \(ini) keys/bake single conflicts=false"), outline)
    XCTAssertTrue(outline.contains("color \(ini) looks/crust format=Optional(KnobsModel.ColorFormat.rgba)"), outline)
    XCTAssertEqual(
      file.iniDefaults[SettingKey(schema: ini, key: "keys/serve")], .strings(["<Super>s", "<Alt>F9"]))
  }
}
