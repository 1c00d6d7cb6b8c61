import Foundation
import KnobsDesktopModel
import KnobsModel
import XCTest

/// Installed icon and cursor themes, and the titlebar buttons read and written as parts of one key.
final class InstalledThemesTests: XCTestCase {
  func testFindsIconAndCursorThemesInUserAndSystemFolders() throws {
    let root = NSTemporaryDirectory() + "knobs-themes-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: root) }
    let manager = FileManager.default
    func theme(_ folder: String, _ name: String, index: String?, cursors: Bool) throws {
      let path = "\(root)/\(folder)/icons/\(name)"
      try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
      if let index { try index.write(toFile: path + "/index.theme", atomically: true, encoding: .utf8) }
      if cursors { try manager.createDirectory(atPath: path + "/cursors", withIntermediateDirectories: true) }
    }
    try theme("user", "Papirus", index: "[Icon Theme]\nName=Papirus\nDirectories=16x16/apps\n", cursors: false)
    try theme("system", "Adwaita", index: "[Icon Theme]\nDirectories=scalable/apps\n", cursors: true)
    try theme("system", "hicolor", index: "[Icon Theme]\nDirectories=48x48/apps\n", cursors: false)
    try theme("system", "DMZ-White", index: "[Icon Theme]\nName=DMZ\n", cursors: true)
    try theme("system", "broken", index: nil, cursors: false)
    try theme("system", "default", index: "[Icon Theme]\nDirectories=a\n", cursors: true)
    let themes = InstalledThemes(environment: [
      "HOME": root + "/home", "XDG_DATA_HOME": root + "/user", "XDG_DATA_DIRS": root + "/system",
    ])
    XCTAssertEqual(themes.iconThemes(), ["Adwaita", "Papirus"])
    XCTAssertEqual(themes.cursorThemes(), ["Adwaita", "DMZ-White"])
  }
}

@MainActor
final class ButtonLayoutTests: XCTestCase {
  func layout(_ text: String) -> ButtonLayout { ButtonLayout(parsing: text) }

  func testTheFormTheTextRowTakesIsThePatternItOnceWas() async throws {
    let pattern = try Regex("[a-z,]*(:[a-z,]*)?")
    let samples = [
      "", "appmenu:close", ":close", "close:", "appmenu:minimize,maximize,close", "a:b:c", "Close", "close;x",
      "close, minimize", "appmenu:close\n", "é:close", "::", ",,:,,", "menu_x",
    ]
    for text in samples {
      XCTAssertEqual(ButtonLayout.isWellFormed(text), (try? pattern.wholeMatch(in: text)) != nil, text.debugDescription)
    }
    let rule = TextRule(patternHint: "names", test: ButtonLayout.isWellFormed)
    XCTAssertNil(rule.problem(with: "appmenu:close"))
    XCTAssertEqual(rule.problem(with: "a:b:c"), "It must be names.")
  }

  func testParsingToleratesOddFormats() async throws {
    XCTAssertEqual(layout("appmenu:close"), ButtonLayout(left: ["appmenu"], right: ["close"]))
    XCTAssertEqual(layout(":"), ButtonLayout(left: [], right: []))
    XCTAssertEqual(
      layout(" appmenu : minimize , close "), ButtonLayout(left: ["appmenu"], right: ["minimize", "close"]))
    XCTAssertEqual(layout("close,minimize"), ButtonLayout(left: ["close", "minimize"], right: []))
    XCTAssertEqual(layout("a:b:c").right, ["b:c"].flatMap { $0.split(separator: ",").map(String.init) })
    XCTAssertEqual(layout("appmenu:minimize,maximize,close").text, "appmenu:minimize,maximize,close")
  }

  func testSwitchingButtonsKeepsTheirSideAndOrder() async throws {
    XCTAssertEqual(layout("appmenu:close").setting("maximize", shown: true).text, "appmenu:maximize,close")
    XCTAssertEqual(
      layout("appmenu:maximize,close").setting("minimize", shown: true).text, "appmenu:minimize,maximize,close")
    XCTAssertEqual(
      layout("appmenu:minimize,maximize,close").setting("maximize", shown: false).text, "appmenu:minimize,close")
    XCTAssertEqual(layout("close:appmenu").setting("minimize", shown: true).text, "close,minimize:appmenu")
    XCTAssertEqual(layout(":").setting("maximize", shown: true).text, ":maximize")
  }

  func testPlacementMovesTheButtonsAndTheRestToTheOtherSide() async throws {
    XCTAssertEqual(layout("appmenu:minimize,maximize,close").placement, .right)
    XCTAssertEqual(layout("appmenu:minimize,maximize,close").placing(on: .left).text, "close,minimize,maximize:appmenu")
    XCTAssertEqual(layout("close,minimize,maximize:appmenu").placement, .left)
    XCTAssertEqual(
      layout("close,minimize,maximize:appmenu").placing(on: .right).text, "appmenu:minimize,maximize,close")
    XCTAssertEqual(layout("appmenu:close").placing(on: .right).text, "appmenu:close")
  }

  func testRowsOverOneKeyReadAndWriteTheirPart() async throws {
    let key = SettingKey(schema: "test.wm", key: "button-layout")
    let store = MemoryStore(defaults: [key: "appmenu:close"])
    let panel = Panel("Titlebar") {
      Section("buttons", "Titlebar Buttons") {
        ToggleRow("maximize", "Maximize", key: key, part: ButtonLayout.shows("maximize"))
        ToggleRow("minimize", "Minimize", key: key, part: ButtonLayout.shows("minimize"))
        ChoiceRow(
          "placement", "Placement", key: key, part: ButtonLayout.placementPart,
          options: [("left", "Left"), ("right", "Right")])
      }
    }
    XCTAssertEqual(panel.validate(against: store).map(\.description), [])
    func set(_ path: RowPath, _ text: String) throws {
      let row = panel.entry(at: path)!.row
      try store.write(try row.parseValue(text, like: store.value(for: key)), for: key)
    }
    func get(_ path: RowPath) -> String { panel.entry(at: path)!.row.currentValueText(SettingsReader(store)) }
    XCTAssertEqual(get("buttons/maximize"), "off")
    XCTAssertEqual(get("buttons/placement"), "Right")
    try set("buttons/maximize", "on")
    try set("buttons/minimize", "on")
    XCTAssertEqual(store.value(for: key), "appmenu:minimize,maximize,close")
    try set("buttons/placement", "Left")
    XCTAssertEqual(store.value(for: key), "close,minimize,maximize:appmenu")
    XCTAssertEqual(get("buttons/placement"), "Left")
    XCTAssertEqual(get("buttons/maximize"), "on")
  }
}

/// Changes are named by the row that shows the whole key, never by one showing a part of it.
@MainActor
final class SettingTitleTests: XCTestCase {
  func testAKeyIsNamedByARowShowingAllOfItsValue() async throws {
    let layout = SettingKey(schema: "org.gnome.desktop.wm.preferences", key: "button-layout")
    let seconds = SettingKey(schema: "org.gnome.desktop.interface", key: "clock-show-seconds")
    let panel = Panel("Test") {
      Section("buttons") {
        ToggleRow("maximize", "Maximize", key: layout, part: ButtonLayout.shows("maximize"))
        TextRow("layout", "Button Layout", key: layout)
        ToggleRow("seconds", "Show Seconds", key: seconds)
        ToggleRow("seconds-again", "Seconds Again", key: seconds)
      }
    }
    XCTAssertEqual(panel.settingTitles, [layout: "Button Layout", seconds: "Show Seconds"])
    let partsOnly = Panel("Test") {
      Section("buttons") { ToggleRow("maximize", "Maximize", key: layout, part: ButtonLayout.shows("maximize")) }
    }
    XCTAssertNil(partsOnly.settingTitles[layout], "named by its key instead")
  }
}
