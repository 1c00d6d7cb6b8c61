import Glibc
import KnobsUI

// The Composed writing app's menu: its settings, ways to reach the team (email and links),
// an action with undo, and help on a page of its own.
let schema = "org.example.composed"
let spellCheck = SettingKey(schema: schema, key: "spell-check")
let preview = SettingKey(schema: schema, key: "preview")
let fontSize = SettingKey(schema: schema, key: "font-size")
let theme = SettingKey(schema: schema, key: "theme")

let panel = Panel("Composed") {
  Section("settings", "Settings") {
    ToggleRow("spell-check", "Check Spelling", key: spellCheck)
    ToggleRow("preview", "Live Preview", key: preview).subtitle("Show the formatted text beside the source")
    SliderRow("font-size", "Text Size", key: fontSize, range: 8...24, step: 1, format: .number(decimals: 0, unit: "pt"))
    ChoiceRow(
      "theme", "Theme", key: theme, options: [("system", "Follow the System"), ("light", "Light"), ("dark", "Dark")])
    ActionRow("reset", "Reset Settings", isDestructive: true) { context in
      let keys = [spellCheck, preview, fontSize, theme]
      let before = keys.map { context.store.value(for: $0) }
      keys.forEach { try? context.store.reset($0) }
      return Undo(message: "Settings were reset") {
        for (key, value) in zip(keys, before) { if let value { try? context.store.write(value, for: key) } }
      }
    }
  }
  Section("contact", "Contact") {
    EmailRow("write", "Write to Us", to: "hello@composed.example", subject: "About Composed")
    LinkRow("website", "Website", url: "https://composed.example/")
    LinkRow("mastodon", "Mastodon", url: "https://social.example/@composed")
  }
  Section("help", "Help") {
    DetailRow("help", "Help") {
      Section("writing", "Writing", footer: "Composed saves as you type.") {
        ValueRow("save", "Save", value: "Automatic")
        ValueRow("export", "Export", value: "Ctrl+E")
      }
      Section("more") { LinkRow("guide", "User Guide", url: "https://composed.example/guide") }
    }
    .icon("help-browser-symbolic")
    LinkRow("privacy", "Privacy Policy", url: "https://composed.example/privacy")
  }
}
exit(PanelApplication(id: "org.example.Composed", panel: panel).run())
