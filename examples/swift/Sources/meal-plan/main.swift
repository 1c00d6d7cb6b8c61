import Glibc
import KnobsUI

// Meal Plan's settings screen: fixed rows, declared once, with feedback by email and links.
let schema = "org.example.mealplan"
let reminders = SettingKey(schema: schema, key: "weekly-reminder")
let servings = SettingKey(schema: schema, key: "servings")

let panel = Panel("Meal Plan") {
  Section("plan", "Plan") {
    ToggleRow("weekly-reminder", "Weekly Reminder", key: reminders).subtitle("A note on Sunday to plan the week")
    ChoiceRow("servings", "Servings", key: servings, options: [(1, "One"), (2, "Two"), (4, "Four"), (6, "Six")])
  }
  Section("feedback", "Feedback", header: "We read every message.") {
    EmailRow(
      "personal", "Personal Feedback", to: "feedback@mealplan.example", subject: "Meal Plan feedback",
      body: "What I like:\n\nWhat I miss:\n"
    )
    .subtitle("Write to the team directly")
    LinkRow("rate", "Rate Meal Plan", url: "https://apps.example/mealplan/rate")
      .subtitle("A few stars help others find it").keywords("review", "stars")
    LinkRow("tell-a-friend", "Tell a Friend", url: "https://mealplan.example/share").keywords("share", "recommend")
  }
}
exit(PanelApplication(id: "org.example.MealPlan", panel: panel).run())
