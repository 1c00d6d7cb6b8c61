import KnobsModel

/// The top bar: the hot corner, the battery, the clock and the calendar.
@MainActor
func topBarPage() -> Row {
  desktopPage("top-bar", "Top Bar", icon: "preferences-system-time-symbolic") {
    Section("top-bar", "Top Bar") {
      ToggleRow("hot-corner", "Activities Overview Hot Corner", key: .hotCorners)
        .subtitle("Open the overview by moving the pointer to the top left corner")
      ToggleRow("battery-percentage", "Battery Percentage", key: .batteryPercentage)
    }
    Section("clock", "Clock") {
      ToggleRow("show-weekday", "Show Weekday", key: .clockShowWeekday)
      ToggleRow("show-date", "Show Date", key: .clockShowDate)
      ToggleRow("show-seconds", "Show Seconds", key: .clockShowSeconds)
      ChoiceRow("time-format", "Time Format", key: .clockFormat, options: [("24h", "24-hour"), ("12h", "AM/PM")])
        .keywords("12-hour", "am", "pm")
    }
    .footer { ClockPreview(settings: $0).sentence }
    Section("calendar", "Calendar") {
      ToggleRow("week-numbers", "Week Numbers", key: .weekNumbers)
    }
  }
}
