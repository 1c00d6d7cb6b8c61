import KnobsModel
import XCTest

/// Keys of the sample panel, in the schema the reference panel uses.
enum Keys {
  static let interface = "org.gnome.desktop.interface"
  static let colorScheme = SettingKey(schema: interface, key: "color-scheme")
  static let textScale = SettingKey(schema: interface, key: "text-scaling-factor")
  static let cursorSize = SettingKey(schema: interface, key: "cursor-size")
  static let animations = SettingKey(schema: interface, key: "enable-animations")
  static let showSeconds = SettingKey(schema: interface, key: "clock-show-seconds")
  static let showWeekday = SettingKey(schema: interface, key: "clock-show-weekday")
  static let clockFormat = SettingKey(schema: interface, key: "clock-format")
  static let missing = SettingKey(schema: "org.example.absent", key: "anything")
}

/// A small panel shaped like the reference panel: every row kind, live text,
/// conditions and detail pages two levels deep.
enum Sample {
  @MainActor
  static func store() -> MemoryStore {
    MemoryStore(defaults: [
      Keys.colorScheme: "default", Keys.textScale: 1.0, Keys.cursorSize: 24, Keys.animations: true,
      Keys.showSeconds: false, Keys.showWeekday: false, Keys.clockFormat: "24h",
    ])
  }

  static func panel() -> Panel {
    Panel("Knobs") {
      Section("appearance", "Appearance") {
        ToggleRow("dark-style", "Dark Style", key: Keys.colorScheme, on: "prefer-dark", off: "default")
          .subtitle("Use dark colors for windows").keywords("night", "theme")
        SliderRow("text-size", "Text Size", key: Keys.textScale, range: 0.5...3, step: 0.05, format: .percent)
        SliderRow(
          "cursor-size", "Cursor Size", key: Keys.cursorSize, range: 24...96, step: 24,
          format: .number(decimals: 0, unit: "px"))
        ToggleRow("animations", "Animations", key: Keys.animations)
          .subtitle { $0.bool(Keys.animations) ? "Windows glide" : "Windows snap" }
      }
      clockSection()
      helpSection()
    }
  }

  static func clockSection() -> Section {
    Section("clock", "Clock") {
      ToggleRow("show-seconds", "Show Seconds", key: Keys.showSeconds)
      ToggleRow("show-weekday", "Show Weekday", key: Keys.showWeekday)
        .visible(when: .equals(Keys.clockFormat, "24h"))
      ChoiceRow("format", "Time Format", key: Keys.clockFormat, options: [("24h", "24-hour"), ("12h", "AM/PM")])
        .enabled(when: !.isOn(Keys.showSeconds))
    }
    .footer { settings in
      let time = settings.string(Keys.clockFormat) == "12h" ? "2:05" : "14:05"
      return "The clock reads " + time + (settings.bool(Keys.showSeconds) ? ":09" : "")
    }
  }

  static func helpSection() -> Section {
    Section("help", "Help") {
      LinkRow("website", "Website", url: "https://example.org/caf%C3%A9")
      EmailRow("feedback", "Send Feedback", to: "knobs@example.org", subject: "Knobs feedback")
      DetailRow("about", "About Knobs") {
        Section("version", "Version") {
          ValueRow("number", "Version", value: "1.0")
          ValueRow("storage", "Storage") { $0.store.storage.backend }
        }
        Section("legal", "Legal") {
          DetailRow("licenses", "Licenses") {
            Section("code", "Code") {
              LinkRow("gpl", "GNU General Public License", url: "https://www.gnu.org/licenses/gpl-3.0.html")
                .keywords("licence", "copyleft")
            }
          }
        }
      }
      ActionRow(
        "reset-all", "Reset All Settings",
        confirmation: Confirmation(
          title: "Reset?", message: "Every setting returns to its default.", confirmLabel: "Reset"),
        isDestructive: true
      ) { context in context.panel.resetAll(in: context.store) }
    }
  }

  /// A one-section panel holding `rows`, for rule tests.
  static func panel(@RowBuilder rows: () -> [Row]) -> Panel {
    Panel("Test") { Section("s", "Section", rows: rows) }
  }
}

/// Fails unless one of `problems` is at `path` and its message contains `word`.
func assertProblem(
  _ problems: [PanelProblem], at path: RowPath, mentioning word: String,
  file: StaticString = #filePath, line: UInt = #line
) {
  let found = problems.contains { $0.path == path && $0.message.localizedCaseInsensitiveContains(word) }
  XCTAssertTrue(found, "no problem at \(path) mentioning “\(word)” in \(problems)", file: file, line: line)
}
