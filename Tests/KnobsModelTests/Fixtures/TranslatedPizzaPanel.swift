import KnobsModel

/// A panel as another application declares it: English texts marked with
/// `N_`, and the application's translation domain. `PanelTranslationTests`
/// runs xgettext over this file and expects exactly the panel's texts.
enum TranslatedPizzaPanel {
  static let domain = "org.example.PizzaFixture"
  static let bacon = SettingKey(schema: "org.example.pizza", key: "bacon")
  static let sauce = SettingKey(schema: "org.example.pizza", key: "sauce")
  static let name = SettingKey(schema: "org.example.pizza", key: "name")

  static func panel(localeDirectory: String) -> Panel {
    Panel(N_("Pizza"), translationDomain: TranslationDomain(domain, localeDirectory: localeDirectory)) {
      Section("toppings", N_("Toppings"), header: N_("What goes on top"), footer: N_("Toppings cost extra")) {
        ToggleRow("bacon", N_("Bacon"), key: bacon)
          .subtitle(N_("Crispy, from the oven"))
          .keywords(N_("pork"))
        ChoiceRow("sauce", N_("Sauce"), key: sauce, options: [("tomato", N_("Tomato")), ("cream", N_("Cream"))])
        TextRow("name", N_("Name on the Box"), key: name, placeholder: N_("Your name"))
        DetailRow("about", N_("About")) {
          Section("info", N_("Information")) {
            ValueRow("oven", N_("Oven"), value: N_("Wood-fired"))
          }
        }
      }
    }
  }

  static let defaults: [SettingKey: SettingValue] = [bacon: false, sauce: "tomato", name: ""]
}
