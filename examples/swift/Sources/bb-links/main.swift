import Glibc
import KnobsUI

// BB Links' settings, with sections and rows made from Swift's own types: an enum's cases
// (CaseIterable) for the sections, the countries and the accounts, and cases with associated
// values for the About rows.
let schema = "org.example.bblinks"
let activeAccount = SettingKey(schema: schema, key: "active-account")
let country = SettingKey(schema: schema, key: "country")
let openInApp = SettingKey(schema: schema, key: "open-in-app")

enum Account: String, CaseIterable {
  case personal, work

  var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}

enum Country: String, CaseIterable {
  case norway = "no", sweden = "se", denmark = "dk", germany = "de"

  var title: String { String(describing: self).prefix(1).uppercased() + String(describing: self).dropFirst() }
}

enum About {
  case version(String)
  case link(id: String, title: String, url: String)

  static let rows: [About] = [
    .version("2.4"),
    .link(id: "donate", title: "Donate", url: "https://bblinks.example/donate"),
    .link(id: "rate", title: "Rate BB Links", url: "https://apps.example/bblinks/rate"),
    .link(id: "share", title: "Share BB Links", url: "https://bblinks.example/share"),
  ]
}

/// The screen's sections, in order: each case is a section with its rows.
enum Page: String, CaseIterable {
  case accounts, links, about

  var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

  var section: Section {
    switch self {
    case .accounts:
      Section(rawValue, title) {
        ChoiceRow(
          "account", "Active Account", key: activeAccount,
          options: Account.allCases.map { (.string($0.rawValue), $0.title) })
        ValueRow("active", "Signed In As") { settings in
          Account(rawValue: settings.string(activeAccount))?.title ?? settings.string(activeAccount)
        }
      }
    case .links:
      Section(rawValue, title) {
        ChoiceRow(
          "country", "Default Country", key: country, options: Country.allCases.map { (.string($0.rawValue), $0.title) }
        )
        ToggleRow("open-in-app", "Open Links in the App", key: openInApp)
      }
    case .about:
      Section(rawValue, title) {
        for row in About.rows {
          switch row {
          case .version(let version): ValueRow("version", "Version", value: version)
          case .link(let id, let title, let url): LinkRow(id, title, url: url)
          }
        }
      }
    }
  }
}

let panel = Panel("BB Links") {
  for page in Page.allCases { page.section }
}
exit(PanelApplication(id: "org.example.BBLinks", panel: panel).run())
