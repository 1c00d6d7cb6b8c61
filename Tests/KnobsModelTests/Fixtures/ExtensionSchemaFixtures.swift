import Foundation
@testable import KnobsModel

/// Schemas shaped like popular GNOME Shell extensions' (a dock, a system monitor, a tiling
/// shell, a tray-icon host), written here: each key with the control and title its
/// extension's own preferences would give it, which the generated page should match.
struct FixtureKey {
  var name: String
  var type: String
  /// The default as GVariant text, as a schema file writes it.
  var defaultText: String
  var summary: String
  var description = ""
  var range: (Double, Double)?
  var choices: [String]?
  /// A comment written before the key in the schema file.
  var comment: String?
  /// The row kind the key should get.
  var kind: String
  /// The title the key should get; nil for its summary.
  var title: String?

  var expectedTitle: String { title ?? summary }

  var keyRange: KeyRange {
    if let range { return .range(minimum: range.0, maximum: range.1) }
    if let choices { return .choices(choices) }
    return .any
  }

  /// The key as GIO describes it: defaults of strings, string lists and numbers read.
  var description_: KeyDescription {
    var key = KeyDescription(
      name: name, typeString: type, summary: summary, description: description, range: keyRange,
      defaultString: type == "s" ? Self.unquoted(defaultText) : nil,
      defaultStrings: type == "as" ? Self.items(defaultText) : nil)
    key.defaultNumber = Double(defaultText)
    return key
  }

  static func unquoted(_ text: String) -> String {
    guard text.count >= 2, text.hasPrefix("'"), text.hasSuffix("'") else { return text }
    return String(text.dropFirst().dropLast())
  }

  static func items(_ text: String) -> [String] {
    text.dropFirst().dropLast().split(separator: ",").map {
      unquoted(String($0).trimmingCharacters(in: [" "]))
    }
  }

  var xml: String {
    var lines: [String] = []
    if let comment { lines.append("    <!-- \(comment) -->") }
    lines.append("    <key name=\"\(name)\" type=\"\(type)\">")
    if let choices {
      lines.append("      <choices>" + choices.map { "<choice value=\"\($0)\"/>" }.joined() + "</choices>")
    }
    if let range { lines.append("      <range min=\"\(Self.number(range.0))\" max=\"\(Self.number(range.1))\"/>") }
    lines.append("      <default>\(Self.escaped(defaultText))</default>")
    lines.append("      <summary>\(Self.escaped(summary))</summary>")
    if !description.isEmpty { lines.append("      <description>\(Self.escaped(description))</description>") }
    lines.append("    </key>")
    return lines.joined(separator: "\n")
  }

  static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }
}

struct FixtureSchema {
  var name: String
  var id: String
  var keys: [FixtureKey]

  var xml: String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <schemalist>
      <schema id="\(id)" path="/\(id.replacingOccurrences(of: ".", with: "/"))/">
    \(keys.map(\.xml).joined(separator: "\n"))
      </schema>
    </schemalist>

    """
  }

  /// As GIO describes it: keys by name.
  var description: SchemaDescription {
    SchemaDescription(
      id: id, path: "/" + id.replacingOccurrences(of: ".", with: "/") + "/",
      keys: keys.map(\.description_).sorted { $0.name < $1.name })
  }

  /// The row's kind, or for a text row with an editor of its own that editor's name
  /// ("table", "pair", "gvariant"): the control a person sees.
  static func kindName(_ row: Row) -> String {
    if case .text(let text) = row.kind.form, text.editor != .entry { return text.editor.name }
    return row.kindName
  }

  /// Keys whose row is of the kind wanted, and keys whose title is the one wanted and whose value
  /// reads as people say it (a coded number as its label, not its code).
  func counts(_ panel: Panel) -> (usable: Int, readable: Int) {
    var usable = 0
    var readable = 0
    for key in keys {
      guard let row = panel.entries.first(where: { $0.row.id == key.name })?.row else { continue }
      let rightKind = Self.kindName(row) == key.kind
      if rightKind { usable += 1 }
      let valueReads = key.kind != "choice" || rightKind
      if row.title == key.expectedTitle && valueReads { readable += 1 }
    }
    return (usable, readable)
  }
}

enum ExtensionSchemaFixtures {
  static var all: [FixtureSchema] { [dock, monitor, tiling, tray, blurNotes, panelNotes, mixedNotes] }

  static func toggle(_ name: String, _ summary: String, _ value: Bool = false, comment: String? = nil) -> FixtureKey {
    FixtureKey(
      name: name, type: "b", defaultText: value ? "true" : "false", summary: summary, comment: comment, kind: "toggle")
  }

  // MARK: - A dock: about a hundred keys in commented groups

  static var dock: FixtureSchema {
    var keys: [FixtureKey] = [
      FixtureKey(
        name: "dock-position", type: "s", defaultText: "'bottom'", summary: "Position of the dock",
        description: "The screen edge the dock sits on. Possible values are 'top', 'right', 'bottom' and 'left'.",
        comment: "Position and size", kind: "choice"),
      toggle("dock-fixed", "Keep the dock visible"),
      toggle("autohide", "Hide the dock when a window covers it", true),
      toggle("extend-height", "Stretch the dock to the screen edges"),
      FixtureKey(
        name: "height-fraction", type: "d", defaultText: "0.9", summary: "Largest dock length",
        description: "As a fraction of the screen's edge.", kind: "slider"),
      FixtureKey(
        name: "dash-max-icon-size", type: "i", defaultText: "48", summary: "Largest icon size", range: (16, 128),
        kind: "slider"),
      toggle("icon-size-fixed", "Keep the icon size fixed"),
      FixtureKey(
        name: "intellihide-mode", type: "i", defaultText: "1", summary: "Windows that hide the dock",
        description: "0: all windows, 1: windows of the focused app, 2: maximized windows", range: (0, 2),
        kind: "choice"),
      toggle("multi-monitor", "Show the dock on every monitor"),
      FixtureKey(
        name: "background-opacity", type: "d", defaultText: "0.8", summary: "Opacity of the dock's background",
        comment: "Appearance", kind: "slider"),
      toggle("custom-background-color", "Use a background color of your own"),
      FixtureKey(
        name: "background-color", type: "s", defaultText: "'#222222'", summary: "Background color",
        kind: "color"),
      FixtureKey(
        name: "running-indicator-style", type: "s", defaultText: "'dots'", summary: "Marks of running apps",
        description: "How apps with windows are marked: one of 'dots', 'squares', 'dashes', 'segmented' or 'binary'.",
        kind: "choice"),
      toggle("running-indicator-dominant-color", "Color the marks like the icon"),
      FixtureKey(
        name: "transparency-mode", type: "s", defaultText: "'fixed'", summary: "How the background fades",
        choices: ["fixed", "dynamic"], kind: "choice"),
      FixtureKey(name: "min-alpha", type: "d", defaultText: "0.2", summary: "...", kind: "slider", title: "Min alpha"),
      FixtureKey(name: "max-alpha", type: "d", defaultText: "0.8", summary: "...", kind: "slider", title: "Max alpha"),
      FixtureKey(
        name: "highlight-rgba", type: "s", defaultText: "'rgba(255,255,255,0.3)'", summary: "Color of the focused app",
        kind: "color"),
      FixtureKey(
        name: "border-colour", type: "s", defaultText: "'#aabbcc'", summary: "Border colour", kind: "color"),
      toggle("apply-glossy-effect", "Shine on the icons"),
      toggle("force-straight-corner", "Square corners"),
      FixtureKey(
        name: "click-action", type: "s", defaultText: "'cycle-windows'", summary: "What a click on an app does",
        description: "Possible values are 'skip', 'minimize', 'launch', 'cycle-windows' and 'previews'.",
        comment: "Behavior", kind: "choice"),
      FixtureKey(
        name: "scroll-action", type: "s", defaultText: "'do-nothing'", summary: "What scrolling over an app does",
        choices: ["do-nothing", "cycle-windows", "switch-workspace"], kind: "choice"),
      FixtureKey(
        name: "middle-click-action", type: "s", defaultText: "'launch'", summary: "What a middle click does",
        description: "Possible values are 'skip', 'minimize', 'launch' and 'quit'.", kind: "choice"),
      toggle("show-apps-button", "Show the applications button", true),
      toggle("show-apps-at-top", "Show the applications button first"),
      toggle("show-trash", "Show the trash", true),
      toggle("show-mounts", "Show mounted volumes", true),
      FixtureKey(
        name: "animation-time", type: "d", defaultText: "0.2", summary: "Animation length", range: (0, 2),
        kind: "slider"),
      FixtureKey(
        name: "hide-delay", type: "d", defaultText: "0.2", summary: "Hiding delay", range: (0, 2), kind: "slider"),
      FixtureKey(
        name: "pressure-threshold", type: "d", defaultText: "100", summary: "Pressure that shows the dock",
        range: (0, 1000), kind: "slider"),
      toggle("isolate-workspaces", "Only apps of this workspace"),
      toggle("isolate-monitors", "Only apps of this monitor"),
      FixtureKey(
        name: "shortcut", type: "as", defaultText: "['<Super>q']", summary: "Show the dock and the number overlay",
        comment: "Hot keys", kind: "shortcut"),
      FixtureKey(
        name: "shortcut-text", type: "s", defaultText: "'<Super>q'", summary: "Shortcut as text", kind: "text"),
      FixtureKey(
        name: "shortcut-timeout", type: "d", defaultText: "2", summary: "How long the overlay stays",
        range: (0, 10), kind: "slider"),
      toggle("hot-keys", "Use Super+number to open apps", true),
      toggle("hotkeys-overlay", "Show numbers over the icons", true),
      toggle("hotkeys-show-dock", "Show the dock with the numbers", true),
    ]
    let ordinals = ["1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th"]
    for number in 1...10 {
      let digit = number % 10
      keys.append(
        FixtureKey(
          name: "app-hotkey-\(number)", type: "as", defaultText: "['<Super>\(digit)', '<Super>KP_\(digit)']",
          summary: "Open the \(ordinals[number - 1]) app", kind: "shortcut"))
    }
    for number in 1...10 {
      let digit = number % 10
      keys.append(
        FixtureKey(
          name: "app-ctrl-hotkey-\(number)", type: "as", defaultText: "['<Ctrl><Super>\(digit)']",
          summary: "Open a new window of the \(ordinals[number - 1]) app", kind: "shortcut"))
    }
    for number in 1...10 {
      let digit = number % 10
      // One summary for ten keys: no title tells them apart, the names do.
      keys.append(
        FixtureKey(
          name: "app-shift-hotkey-\(number)", type: "as", defaultText: "['<Shift><Super>\(digit)']",
          summary: "Keybinding to trigger an app with shift", kind: "shortcut", title: "App shift hotkey \(number)"))
    }
    keys += [
      toggle("show-windows-preview", "Show window previews", true, comment: "Window previews"),
      FixtureKey(
        name: "preview-size-scale", type: "d", defaultText: "0", summary: "Size of the previews", range: (0, 1),
        kind: "slider"),
      toggle("default-windows-preview-to-open", "Open previews by default"),
      toggle("show-favorites", "Show favorite apps", true, comment: "Launchers"),
      toggle("show-running", "Show running apps", true),
      toggle("show-icons-emblems", "Show badges on icons", true),
      toggle("show-icons-notifications-counter", "Count notifications on icons", true),
      toggle("application-counter-overrides-notifications", "Prefer the count of the app's own", true),
      toggle("scroll-to-focused-application", "Scroll to the focused app", true),
      toggle("workspace-agnostic-urgent-windows", "Urgent windows from any workspace", true),
      toggle("bring-windows-to-front", "Raise the app's windows together"),
      toggle("activate-single-window", "Activate a lone window", true),
      toggle("disable-overview-on-startup", "Don't open the overview at login"),
      toggle("hide-tooltip", "Hide the app names"),
      toggle("require-pressure-to-show", "Push against the edge to show", true),
      FixtureKey(
        name: "show-delay", type: "d", defaultText: "0.25", summary: "Showing delay", range: (0, 2), kind: "slider"),
      FixtureKey(
        name: "custom-theme-customize-running-dots-border-width", type: "i", defaultText: "0",
        summary: "Width of the border around the dots that mark running apps when the theme is customized",
        range: (0, 4), kind: "slider", title: "Custom theme customize running dots border width"),
      FixtureKey(
        name: "apply-custom-theme", type: "b", defaultText: "false", summary: "TODO", kind: "toggle",
        title: "Apply custom theme"),
      FixtureKey(
        name: "custom-theme-shrink", type: "b", defaultText: "false", summary: "Shrink the dash", kind: "toggle"),
      FixtureKey(
        name: "dance-urgent-applications", type: "b", defaultText: "true", summary: "Wiggle urgent apps",
        kind: "toggle"),
      FixtureKey(
        name: "unity-backlit-items", type: "b", defaultText: "false", summary: "Light the icons from behind",
        kind: "toggle"),
      FixtureKey(
        name: "preferred-monitor-by-connector", type: "s", defaultText: "'primary'", summary: "Monitor of the dock",
        description: "The connector name, e.g. 'primary' or 'HDMI-1'.", kind: "text"),
      FixtureKey(
        name: "custom-background-image", type: "s", defaultText: "''", summary: "Background picture",
        kind: "file"),
      FixtureKey(
        name: "icon-theme-folder", type: "s", defaultText: "''", summary: "Folder of icons of your own",
        kind: "file"),
    ]
    for toggleName in [
      "click-to-focus", "group-windows", "minimize-on-click", "keep-focused-app", "show-show-apps-label",
      "middle-click-quits", "emphasize-running", "fade-unfocused", "show-workspace-numbers", "hide-when-fullscreen",
      "shift-click-minimizes", "scroll-switches-windows", "animate-show-apps", "show-mounts-network",
      "show-mounts-only-mounted", "isolate-locations", "dock-on-lock-screen", "show-in-overview-only",
      "autohide-in-fullscreen", "intellihide",
    ] {
      let readable = KeyText.readable(toggleName)
      keys.append(toggle(toggleName, readable + "."))
      keys[keys.count - 1].title = readable + "."
    }
    return FixtureSchema(name: "dock", id: "dev.knobs.fixture.dock", keys: keys)
  }

  // MARK: - A system monitor: codes for choices in descriptions

  static var monitor: FixtureSchema {
    FixtureSchema(
      name: "monitor", id: "dev.knobs.fixture.monitor",
      keys: [
        FixtureKey(
          name: "refresh-time", type: "i", defaultText: "1500", summary: "Update interval in milliseconds",
          range: (500, 30000), kind: "number"),
        FixtureKey(
          name: "network-speed-format", type: "i", defaultText: "0", summary: "Units of network speed",
          description: "0=Auto, 1=Kbps/KiB/s, 2=Mbps/MiB/s", kind: "choice"),
        FixtureKey(
          name: "position-in-panel", type: "i", defaultText: "1", summary: "Place in the top bar",
          description: "0: left, 1: center, 2: right", kind: "choice"),
        FixtureKey(
          name: "cpu-display", type: "s", defaultText: "'graph'", summary: "How the processor is shown",
          description: "('digit', 'graph', 'both')", kind: "choice"),
        FixtureKey(
          name: "memory-style", type: "i", defaultText: "0", summary: "How memory is shown",
          description: "Style of the memory indicator ('digit', 'graph', 'both')", kind: "choice"),
        FixtureKey(
          name: "center-display", type: "i", defaultText: "0", summary: "When the readings are centered",
          description: "0 = Auto 1 = Always 2 = Never", kind: "choice"),
        FixtureKey(
          name: "thermal-unit", type: "i", defaultText: "0", summary: "Temperature unit",
          description: "0: Celsius, 1: Fahrenheit", range: (0, 1), kind: "choice"),
        FixtureKey(
          name: "disk-style", type: "i", defaultText: "2", summary: "How disks are shown",
          description: "0 - none; 1 - bar; 2 - pie", kind: "choice"),
        FixtureKey(
          name: "graph-width", type: "i", defaultText: "100", summary: "Width of each graph", kind: "number"),
        FixtureKey(
          name: "decimal-places", type: "n", defaultText: "1", summary: "Digits after the point", kind: "number"),
        FixtureKey(
          name: "graph-background-opacity", type: "i", defaultText: "50", summary: "Graph background",
          description: "In percent.", kind: "slider"),
        FixtureKey(
          name: "alert-threshold-percent", type: "u", defaultText: "90", summary: "Warn above this load",
          kind: "slider"),
        FixtureKey(name: "cpu-color", type: "s", defaultText: "'#1dacd6'", summary: "Processor color", kind: "color"),
        FixtureKey(
          name: "memory-color", type: "s", defaultText: "'rgba(29,172,214,1)'", summary: "Memory color", kind: "color"),
        FixtureKey(name: "show-icon", type: "b", defaultText: "true", summary: "Show an icon", kind: "toggle"),
        FixtureKey(name: "log-file", type: "s", defaultText: "''", summary: "Write readings to", kind: "file"),
        FixtureKey(
          name: "cache-dir", type: "s", defaultText: "'/tmp/monitor'", summary: "Folder for history", kind: "file"),
        FixtureKey(
          name: "time-format", type: "s", defaultText: "''", summary: "TODO", kind: "text", title: "Time format"),
        FixtureKey(
          name: "panel-text", type: "s", defaultText: "'both'", summary: "What the top bar shows",
          description: "Possible values are \"icon\", \"text\" and \"both\".", kind: "choice"),
        FixtureKey(
          name: "sensor-command", type: "s", defaultText: "'sensors'", summary: "Command that reads the sensors",
          description: "Any command, e.g. 'sensors' or 'acpi'.", kind: "text"),
        FixtureKey(
          name: "gpu-display", type: "i", defaultText: "0", summary: "How the graphics card is shown",
          description: "0: off, 1: bar, 2: graph", range: (0, 1), kind: "slider"),
      ])
  }

  // MARK: - A tiling shell: shortcuts with bare keys and none

  static var tiling: FixtureSchema {
    FixtureSchema(
      name: "tiling", id: "dev.knobs.fixture.tiling",
      keys: [
        FixtureKey(name: "tiling-enabled", type: "b", defaultText: "true", summary: "Tile new windows", kind: "toggle"),
        FixtureKey(
          name: "layout-mode", type: "s", defaultText: "'tiled'", summary: "How windows are placed",
          description: "One of 'floating', 'tiled' or 'stacked'.", kind: "choice"),
        FixtureKey(
          name: "window-gap", type: "u", defaultText: "8", summary: "Gap between windows", range: (0, 64),
          kind: "slider"),
        FixtureKey(name: "outer-gap", type: "u", defaultText: "8", summary: "Gap at the screen edge", kind: "number"),
        FixtureKey(
          name: "active-hint-color", type: "s", defaultText: "'rgba(251,184,108,1)'", summary: "Focus border color",
          kind: "color"),
        FixtureKey(
          name: "hint-border-radius", type: "u", defaultText: "5", summary: "Focus border roundness", range: (0, 30),
          kind: "slider"),
        FixtureKey(
          name: "ignored-apps", type: "as", defaultText: "[]", summary: "Apps that never tile", kind: "list"),
        FixtureKey(
          name: "layout-order", type: "as", defaultText: "['grid', 'columns']", summary: "Layouts to cycle",
          kind: "list"),
        FixtureKey(
          name: "tile-left", type: "as", defaultText: "['<Super>Left']", summary: "Tile to the left",
          comment: "Keybindings", kind: "shortcut"),
        FixtureKey(
          name: "tile-right", type: "as", defaultText: "['<Super>Right']", summary: "Tile to the right",
          kind: "shortcut"),
        FixtureKey(name: "tile-up", type: "as", defaultText: "['<Super>Up']", summary: "Tile up", kind: "shortcut"),
        FixtureKey(
          name: "tile-down", type: "as", defaultText: "['<Super>Down']", summary: "Tile down", kind: "shortcut"),
        FixtureKey(
          name: "toggle-tiling", type: "as", defaultText: "['<Super>y']", summary: "Turn tiling on or off",
          kind: "shortcut"),
        FixtureKey(
          name: "focus-next", type: "as", defaultText: "['<Super>j']", summary: "Focus the next window",
          kind: "shortcut"),
        FixtureKey(
          name: "snap-assist", type: "as", defaultText: "['F12']", summary: "Show where a window can snap",
          kind: "shortcut"),
        FixtureKey(
          name: "show-layout-picker", type: "as", defaultText: "[]", summary: "Open the layout picker",
          kind: "shortcut"),
        FixtureKey(
          name: "swap-windows", type: "as", defaultText: "[]", summary: "Swap with the next window", kind: "shortcut"),
        FixtureKey(
          name: "maximize-toggle", type: "as", defaultText: "['<Super>m']", summary: "Maximize or restore",
          kind: "shortcut"),
      ])
  }

  // MARK: - A tray-icon host: a list of triples

  static var tray: FixtureSchema {
    FixtureSchema(
      name: "tray", id: "dev.knobs.fixture.tray",
      keys: [
        FixtureKey(
          name: "icons", type: "a(sss)", defaultText: "[]", summary: "Icons and their overrides",
          description: "Each icon's id, name and custom icon.", kind: "table"),
        FixtureKey(
          name: "icon-aliases", type: "a{ss}", defaultText: "{'org.example.Chat': 'chat-symbolic'}",
          summary: "Icon aliases", description: "The icon shown for an application id.", kind: "table"),
        FixtureKey(
          name: "click-actions", type: "a(si)", defaultText: "[('left', 1), ('middle', 0)]",
          summary: "Click actions", description: "Each mouse button's name and action code.", kind: "table"),
        FixtureKey(
          name: "tray-offset", type: "(ii)", defaultText: "(0, 0)", summary: "Tray offset",
          description: "Shift of the tray in pixels as x, y.", kind: "pair"),
        FixtureKey(
          name: "app-options", type: "a{sv}", defaultText: "{'scale': <1.0>, 'badge': <true>}",
          summary: "Options per application", description: "Options by name; each value a number, text or switch.",
          kind: "table"),
        FixtureKey(
          name: "menu-layout", type: "(sa{sv})", defaultText: "('default', @a{sv} {})",
          summary: "Menu layout", description: "A layout's name and its options.", kind: "gvariant"),
        FixtureKey(
          name: "icon-size", type: "i", defaultText: "0", summary: "Icon size",
          description: "In pixels; 0 = automatic", kind: "number"),
        FixtureKey(
          name: "icon-spacing", type: "i", defaultText: "12", summary: "Space between icons", range: (0, 20),
          kind: "slider"),
        FixtureKey(
          name: "icon-margin-horizontal", type: "i", defaultText: "0", summary: "Margin", range: (0, 20),
          kind: "slider", title: "Icon margin horizontal"),
        FixtureKey(
          name: "icon-margin-vertical", type: "i", defaultText: "0", summary: "Margin", range: (0, 20),
          kind: "slider", title: "Icon margin vertical"),
        FixtureKey(
          name: "tray-position", type: "s", defaultText: "'right'", summary: "Place in the top bar",
          description: "('left', 'center', 'right')", kind: "choice"),
        FixtureKey(name: "tray-order", type: "i", defaultText: "1", summary: "Order in the top bar", kind: "number"),
        FixtureKey(
          name: "icon-saturation", type: "d", defaultText: "0", summary: "Saturation", range: (0, 1), kind: "slider"),
        FixtureKey(
          name: "icon-brightness", type: "d", defaultText: "0", summary: "Brightness", range: (-1, 1),
          kind: "slider"),
        FixtureKey(
          name: "icon-alpha", type: "i", defaultText: "255", summary: "Icon opacity", range: (0, 255), kind: "slider"),
        FixtureKey(name: "invert-icons", type: "b", defaultText: "false", summary: "Invert colors", kind: "toggle"),
        FixtureKey(
          name: "hidden-apps", type: "as", defaultText: "[]", summary: "Applications hidden from the tray",
          kind: "list"),
        FixtureKey(
          name: "tray-summary", type: "s", defaultText: "''",
          summary: "A line that goes on and on about what this setting does, far longer than a title should ever be",
          kind: "text", title: "Tray summary"),
      ])
  }

  // MARK: - Comments over single keys (issue 50)

  static func key(
    _ name: String, _ type: String, _ value: String, _ summary: String, _ kind: String, range: (Double, Double)? = nil,
    comment: String? = nil
  ) -> FixtureKey {
    FixtureKey(name: name, type: type, defaultText: value, summary: summary, range: range, comment: comment, kind: kind)
  }

  /// A blur effect's file: a comment in capitals over every key, most saying the key's name again.
  static var blurNotes: FixtureSchema {
    FixtureSchema(
      name: "blur-notes", id: "dev.knobs.fixture.BlurNotes",
      keys: [
        key("sigma", "i", "30", "Gaussian sigma to use", "number", comment: "SIGMA"),
        key("brightness", "d", "0.6", "Brightness to use", "slider", range: (0, 1), comment: "BRIGHTNESS"),
        key("noise-amount", "d", "0", "Amount of noise", "slider", range: (0, 1), comment: "NOISE AMOUNT"),
        key("static-blur", "b", "true", "Use a static blur", "toggle", comment: "STATIC BLUR"),
        key("pipeline", "s", "'pipeline_default'", "Name of the pipeline to use", "text", comment: "PIPELINE"),
        key(
          "override-background-dynamically", "b", "false", "Unblur when a window is near", "toggle",
          comment: "UNBLUR DYNAMICALLY"),
        key("corner-radius", "i", "0", "Radius of the corners", "number", comment: "CORNER RADIUS"),
      ])
  }

  /// A panel's file: a heading a person would write over every key, none of them over two.
  static var panelNotes: FixtureSchema {
    FixtureSchema(
      name: "panel-notes", id: "dev.knobs.fixture.PanelNotes",
      keys: [
        key("position-top", "b", "false", "Put the panel at the top", "toggle", comment: "Panel position"),
        key("animate", "b", "true", "Animate the panel", "toggle", comment: "Animation"),
        key("panel-size", "i", "48", "Panel size", "slider", range: (16, 128), comment: "Size"),
        key("autohide", "b", "false", "Hide the panel when a window covers it", "toggle", comment: "Behavior"),
        key("label", "s", "''", "Label beside the menu", "text", comment: "Label"),
      ])
  }

  /// Real groups of several keys, two one-key groups in a row, and a lone one-key group at the end.
  static var mixedNotes: FixtureSchema {
    FixtureSchema(
      name: "mixed-notes", id: "dev.knobs.fixture.MixedNotes",
      keys: [
        key("enabled", "b", "true", "Show the indicator", "toggle", comment: "General"),
        key("show-icon", "b", "true", "Show its icon", "toggle"),
        key("icon-size", "i", "16", "Icon size", "slider", range: (16, 64)),
        key("text-color", "s", "'#ffffff'", "Text color", "color", comment: "Colors"),
        key("shadow", "b", "false", "Draw a shadow under the text", "toggle", comment: "Shadows"),
        key("clock-format", "s", "''", "Clock format", "text", comment: "Clock"),
        key("clock-seconds", "b", "false", "Show seconds", "toggle"),
        key("clock-date", "b", "false", "Show the date", "toggle"),
        key("focus-follows", "b", "false", "Follow the focused window", "toggle", comment: "Windows"),
        key("window-titles", "b", "true", "Show window titles", "toggle"),
        key("workspace-names", "b", "true", "Show workspace names", "toggle", comment: "Workspaces"),
        key("workspace-count", "b", "false", "Show how many workspaces there are", "toggle"),
        key("debug-mode", "b", "false", "Write what it does to the journal", "toggle", comment: "Debug"),
      ])
  }
}
